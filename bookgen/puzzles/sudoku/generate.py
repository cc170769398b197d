"""Level-targeted generation for the sudoku family (classic, its variants, samurai).

A puzzle is aimed at its level instead of drawn and rejected:

1. From a random full grid, givens are removed (an orbit of the symmetry at a time)
   while the grader still solves the puzzle within the level, never below the level's
   fewest givens (the floor that keeps beginner and easy puzzles generous).
2. A result easier than asked keeps losing givens past that point, as long as the
   puzzle stays unique, and is taken when the grader rates it exactly at the level.
3. A removal that makes it harder than asked (or beyond the techniques) is repaired by
   giving givens back from the solution, an orbit at a time, keeping each one that
   does not make the puzzle easier than the level, until the grader rates it exactly
   at the level. A removal that cannot be repaired is undone and the next one tried.

Step 3 at medium and harder works on the grader's stalled board instead of grading each
try from scratch (see `give_back_on_boards`); it takes the same decisions.

Classic sudoku takes the same steps in the engine (engine/src/grader/aim.rs, through
sudoku.aimed), one crossing for many full grids; the variants, samurai and Tredoku here.

Only when all of that fails does a fresh grid begin. Every step is bounded by the
budget. The grader's techniques are sound, so a puzzle it solves has exactly one
solution: no search is needed along the way (a puzzle the level's techniques cannot
finish, too hard or ambiguous, is treated as too hard), and the build proves the
result unique by search before printing it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from bookgen.errors import GenerationError
from bookgen.model import Cell, Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.solve.result import Outcome
from bookgen.solve.search import solver_for
from bookgen.solve.engine import Board
from bookgen.solve.grader import Contradiction, Level, grade_board

# Removals tried past the level before a fresh grid, and givens tried back per removal.
PUSHES = 12
GIVE_BACKS = 12
# Orbits removed at once at the start of step 1 (see `remove_within_level`).
BATCH = 6
# Levels from which givens are given back on the grader's stalled boards instead of
# grading from scratch (see `give_back_on_boards`): those with no givens range, where the
# type's level is the grader's (beginner and easy are also told by their givens).
INCREMENTAL_FROM = 2
# The budget is looked at once in this many checks: reading the process clock cost a 6x6
# medium a tenth of its time (about 7,000 checks a puzzle at 1-1.5 us each), and a
# check's work is 10-30 us, so the budget is overrun by well under a millisecond.
CLOCK_EVERY = 16

Orbit = tuple[Cell, ...]
Givens = dict[Cell, int]


@dataclass(frozen=True)
class Target:
    """What a generated puzzle must be: graded exactly `levels[level]`, with `floor` to
    `ceiling` givens."""

    levels: tuple[Level, ...]
    level: int
    floor: int = 0
    ceiling: int | None = None
    # What else a puzzle must be, beyond its level and givens (a greater-than puzzle's
    # signs must be needed); None: nothing.
    accept: Callable[[GridModel], bool] | None = None
    # How to make the puzzle instead of aiming at it from full grids, given the orbits,
    # the random source and the budget (greater-than: sudoku.signs_first); None: aimed here.
    aim: Callable[[Callable[[random.Random], list[Orbit]], random.Random, Budget], tuple[GridModel, Grid]] | None = None

    @property
    def name(self) -> str:
        return self.levels[self.level].name

    def fits(self, count: int) -> bool:
        return count >= self.floor and (self.ceiling is None or count <= self.ceiling)


def symmetric_orbits(cells: tuple[Cell, ...], side: int, symmetry: str, rng: random.Random) -> list[Orbit]:
    """The cells removed together, in random order: each cell with its image under the
    symmetry of the givens on a side x side layout (a half turn, a mirror across the
    middle column, or none), taken in the order of `cells`."""
    found = list(_orbits_in_order(tuple(cells), side, symmetry))
    rng.shuffle(found)
    return found


def square_orbits(size: int, symmetry: str, rng: random.Random) -> list[Orbit]:
    """`symmetric_orbits` of a whole size x size grid, its orbits worked out once per size
    and symmetry (hashing the grid's cells to find them again cost a 9x9 easy sudoku more
    than the shuffle)."""
    found = list(_square_orbits(size, symmetry))
    rng.shuffle(found)
    return found


@lru_cache(maxsize=64)
def _square_orbits(size: int, symmetry: str) -> tuple[Orbit, ...]:
    return _orbits_in_order(tuple((r, c) for r in range(size) for c in range(size)), size, symmetry)


@lru_cache(maxsize=64)
def _orbits_in_order(cells: tuple[Cell, ...], side: int, symmetry: str) -> tuple[Orbit, ...]:
    """`symmetric_orbits` before the shuffle: the same for every puzzle of a shape, so
    worked out once (it cost a 9x9 easy sudoku an eighth of its time)."""
    seen: set[Cell] = set()
    found = []
    for r, c in cells:
        if (r, c) in seen:
            continue
        if symmetry == "rotational":
            orbit = {(r, c), (side - 1 - r, side - 1 - c)}
        elif symmetry == "mirror":
            orbit = {(r, c), (r, side - 1 - c)}
        else:
            orbit = {(r, c)}
        seen |= orbit
        found.append(tuple(sorted(orbit)))
    return tuple(found)


def generate_at_level(base: GridModel, target: Target, orbits_of: Callable[[random.Random], list[Orbit]],
                      rng: random.Random, budget: Budget, what: str = "puzzle",
                      fill: Callable[[random.Random], tuple[GridModel, Grid]] | None = None) -> tuple[GridModel, Grid]:
    """A puzzle over `base` graded exactly at the target level, and its solution.

    `orbits_of(rng)` gives the cells removed together (the symmetry), in random order.
    `fill(rng)`, when given, draws each attempt's shape and full grid instead of `base`
    and a random solution of it (a jigsaw's regions differ from one attempt to the next).
    Raises GenerationError when the budget runs out first."""
    if target.aim is not None:
        return target.aim(orbits_of, rng, budget)
    solver = solver_for(base) if fill is None else None
    while not budget.expired():
        if fill is not None:
            base, solution = fill(rng)
        else:
            solution = solver.random_solution(rng)
        if solution is None:
            raise GenerationError(f"this {what} has no solution at all")
        aimed = _Aim(base, solution, target, budget, rng)
        givens = aimed.run(orbits_of(rng))
        if givens is not None:
            return base.with_givens(givens), solution
    raise GenerationError(f"no {target.name} puzzle found within the budget; try another level or seed")


class _Aim:
    """One full grid, aimed at the target level by removing and giving back givens."""

    def __init__(self, base: GridModel, solution: Grid, target: Target, budget: Budget,
                 rng: random.Random) -> None:
        self.base, self.target, self.budget, self.rng = base, target, budget, rng
        self.answer = {cell: solution[cell[0]][cell[1]] for cell in base.cells}
        self.givens: Givens = dict(self.answer)
        bits = {symbol: 1 << k for k, symbol in enumerate(base.symbols)}
        self.index = base.index
        self.bit_at = {cell: bits[value] for cell, value in self.answer.items()}  # the answer's, as masks
        # Each cell's given as the engine takes it: every given is the answer's.
        self.pair_at = {cell: (self.index[cell], bits[value].bit_length() - 1) for cell, value in self.answer.items()}
        self.last_stalled: tuple[frozenset, Board] | None = None
        # Each orbit's cells and given bits as the engine takes them, made once per orbit
        # (making them at each try cost a 6x6 medium a tenth of its time).
        self.written: dict[Orbit, tuple[list[int], list[int]]] = {}
        self.checks = 0

    def out_of_time(self) -> bool:
        """Whether the budget is spent, the clock read once in CLOCK_EVERY calls."""
        self.checks += 1
        return self.checks % CLOCK_EVERY == 0 and self.budget.expired()

    def board_of(self, givens: Givens) -> Board:
        """The grader's board with these givens, as `Board(base.with_givens(givens))`
        makes it (the givens in the same order), without making the model."""
        return Board(self.base, givens=[self.pair_at[cell] for cell in sorted(givens)])

    def level(self, up_to: int | None = None) -> int:
        """The grader's level for the current givens; len(levels) when it cannot finish
        (within `up_to`: harder than that, or not unique)."""
        try:
            board = self.board_of(self.givens)
        except Contradiction:  # givens from the solution never clash; kept as `grade` has it
            return len(self.target.levels)
        graded = grade_board(board, self.target.levels, up_to, values=False)
        if up_to == self.target.level and graded.outcome is Outcome.UNFINISHED:
            self.last_stalled = (frozenset(self.givens), board)  # for `stalled`, when the givens stay the same
        if graded.outcome is not Outcome.SOLVED:
            return len(self.target.levels)
        return max(graded.level, 0)

    def done(self, level: int) -> bool:
        return level == self.target.level and self.target.fits(len(self.givens)) and self.accepted()

    def accepted(self) -> bool:
        accept = self.target.accept
        return accept is None or accept(self.base.with_givens(self.givens))

    def remove(self, orbit: Orbit) -> None:
        for cell in orbit:
            self.givens.pop(cell, None)

    def add(self, orbit: Orbit) -> None:
        for cell in orbit:
            self.givens[cell] = self.answer[cell]

    def run(self, orbits: list[Orbit]) -> Givens | None:
        self.orbits = orbits
        kept = self.remove_within_level(orbits)
        level = self.level()
        if self.done(level):
            return self.givens
        if level < self.target.level:
            return self.givens if self.push_harder(kept) else None
        return None  # more givens than the ceiling: the level's techniques stall too soon

    def remove_within_level(self, orbits: list[Orbit]) -> list[Orbit]:
        """Step 1: remove each orbit the level's techniques can do without; the orbits kept.

        Orbits go a batch at a time while whole batches succeed (early on nearly every
        removal does), then one at a time from the first batch that fails: the same
        guarantee for every removal kept, with far fewer gradings."""
        kept: list[Orbit] = []
        pending, batch = list(orbits), BATCH
        while pending:
            if self.out_of_time():
                return kept + pending
            chunk, pending = pending[:batch], pending[batch:]
            size = sum(len(orbit) for orbit in chunk)
            if len(self.givens) - size < self.target.floor:
                if len(chunk) > 1:
                    batch, pending = 1, chunk + pending
                else:
                    kept.extend(chunk)
                continue
            for orbit in chunk:
                self.remove(orbit)
            if self.works_out(chunk):
                continue
            for orbit in chunk:
                self.add(orbit)
            if len(chunk) > 1:
                batch, pending = 1, chunk + pending
            else:
                kept.extend(chunk)
        return kept

    def works_out(self, removed: list[Orbit]) -> bool:
        """Whether the level's techniques still solve the puzzle with `removed` taken out,
        the puzzle before being solved by them (as it is throughout step 1). Seen as soon
        as they have worked out the removed cells again: from there on they have at least
        the givens they solved before. Much of step 1 removes givens the first singles
        give back, so this stops long before the grid is full."""
        try:
            board = self.board_of(self.givens)
        except Contradiction:
            return False
        cells = [self.base.index[cell] for orbit in removed for cell in orbit]
        try:
            # The grader's steps (the easiest technique of the level that makes progress
            # each time) until the removed cells are written in again.
            return board.work_out(self.target.levels, cells, self.target.level)
        except Contradiction:
            return False

    def push_harder(self, kept: list[Orbit]) -> bool:
        """Steps 2 and 3: the puzzle is easier than asked. Remove more, repairing a removal
        that overshoots (harder than the level, or ambiguous) by giving givens back."""
        for orbit in self.rng.sample(kept, min(len(kept), PUSHES)):
            if self.out_of_time():
                return False
            self.remove(orbit)
            level = self.level(up_to=self.target.level)
            if self.done(level):
                return True
            if level <= self.target.level and len(self.givens) >= self.target.floor:
                continue  # still too easy, or at the level but not taken: go on removing
            before = dict(self.givens)
            if level > self.target.level and self.give_back(orbit):
                return True
            self.givens = before
            self.add(orbit)
        return False

    def give_back(self, removed: Orbit) -> bool:
        """Step 3: givens from the solution, an orbit at a time, each kept unless it makes
        the puzzle easier than the level, until the grader rates it exactly at the level."""
        # Orbits come and go whole: an orbit is empty when its first cell is.
        empty = [o for o in self.orbits if o[0] not in self.givens and o != removed]
        tries = self.rng.sample(empty, min(len(empty), GIVE_BACKS))
        if self.target.level >= INCREMENTAL_FROM and self.target.ceiling is None:
            return self.give_back_on_boards(tries)
        for orbit in tries:
            if self.out_of_time():
                return False
            self.add(orbit)
            if self.target.ceiling is not None and len(self.givens) > self.target.ceiling:
                self.remove(orbit)
                continue
            level = self.level(up_to=self.target.level)
            if self.done(level):
                return True
            if level < self.target.level or level == self.target.level and not self.accepted():
                self.remove(orbit)
        return False

    def stalled(self) -> Board:
        """The grader's board for the current givens, worked as far as the target's level
        goes (the puzzle is too hard: it stalls short of the end)."""
        if self.last_stalled is not None and self.last_stalled[0] == frozenset(self.givens):
            return self.last_stalled[1]
        board = self.board_of(self.givens)
        grade_board(board, self.target.levels, self.target.level, values=False)
        return board

    def given_on(self, board: Board, orbits: list[Orbit], up_to: int) -> tuple[Board, bool]:
        """A board worked as far as level `up_to` goes, with the orbits' givens written in
        and worked on again, and whether that solved it. Givens the board had already
        worked out change nothing, and cost nothing."""
        if len(orbits) == 1:
            cells, bits = self.written_of(orbits[0])
        else:
            cells, bits = [], []
            for orbit in orbits:
                more_cells, more_bits = self.written_of(orbit)
                cells, bits = cells + more_cells, bits + more_bits
        return board.given(cells, bits, self.target.levels, up_to)

    def written_of(self, orbit: Orbit) -> tuple[list[int], list[int]]:
        """The orbit's cell numbers and the answer's bits there, as `given_on` hands them on."""
        known = self.written.get(orbit)
        if known is None:
            known = self.written[orbit] = ([self.index[cell] for cell in orbit], [self.bit_at[cell] for cell in orbit])
        return known

    def give_back_on_boards(self, tries: list[Orbit]) -> bool:
        """Step 3 with fewer gradings from scratch, taking `give_back`'s decisions. A
        given is kept while the puzzle stays too hard; whether it does is seen on the
        stalled board of the givens so far with the new one written in: adding a given
        never makes a puzzle harder and the techniques only ever narrow the pencil marks,
        so the grader reaches the same end from there as from the givens on an empty
        grid. Only a puzzle that board solves within the level is graded from scratch,
        for its exact level (too easy, or taken)."""
        level = self.target.level
        within = self.stalled()
        # The same below the level, made when first needed: the givens kept since are
        # written in at each use (a puzzle that board solves is easier than the level).
        below: Board | None = None
        kept: list[Orbit] = []
        for orbit in tries:
            if self.out_of_time():
                return False
            self.add(orbit)
            within_next, solved = self.given_on(within, [orbit], level)
            if not solved:
                within = within_next
                kept.append(orbit)
                continue
            if below is None:
                below = self.without(kept + [orbit])
                grade_board(below, self.target.levels, level - 1, values=False)
            if self.given_on(below, kept + [orbit], level - 1)[1]:
                self.remove(orbit)
                continue
            graded = self.level(up_to=level)
            if self.done(graded):
                return True
            if graded < level:
                self.remove(orbit)
            else:  # the boards disagree with grading from scratch: start again from the givens
                within, below, kept = self.stalled(), None, []
        return False

    def without(self, orbits: list[Orbit]) -> Board:
        """The grader's board of the current givens but those of `orbits`."""
        skip = {cell for orbit in orbits for cell in orbit}
        return self.board_of({c: v for c, v in self.givens.items() if c not in skip})
