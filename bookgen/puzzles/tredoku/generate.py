"""Tredoku at the harder levels: removals repaired by the givens the grader most lacks.

The sudoku family's aim (bookgen.puzzles.sudoku.generate) takes a full grid, removes
givens while the level's techniques still finish, then pushes a too-easy result further
with a few random removals and random givens back. On a figure of cubes that rarely
lands at hard or expert: a cell lies in two or three groups, not a sudoku's three, so
the puzzles left when no given can go are nearly all beginner or easy, and a random
given back seldom helps (measured: 4 give-backs in 6,816 succeeded for the star).

Here, from the same kind of start (a full grid, givens removed in random order while the
level's techniques finish: a puzzle no single given can leave at that level), every
given in turn is removed (random order) and repaired on the grader's stalled board:

- with the removal the level's techniques stall (too hard, or more than one solution);
- givens from the solution are written into that board one at a time, those of the open
  cells with the most candidates left first (the cells the techniques know least about:
  a given there settles an ambiguity where a cell nearly decided would only hand the
  easy techniques a start), each kept while the level still stalls;
- when one makes the level finish, the level below is asked on its own stalled board
  with the same givens written in: stalled there too, the puzzle is exactly at the
  level; finished, that given is left out (too easy) and the next one tried.

Writing a given into a stalled board and working on from there reaches what grading
from scratch would (a given never makes a puzzle harder), and costs a fraction of it;
the puzzle found is graded from scratch at both levels before it is taken, all the same.
Measured on the star at expert (load 4-7 on 2 cores, CPU): 3-4 puzzles a second, against
about 1.2 for the family's aim. Everything is drawn from the caller's random source, so a
seed makes the same puzzle; the build proves it unique by search before print.
"""

from __future__ import annotations

import random

from bookgen.errors import GenerationError
from bookgen.model import Cell, Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.solve.engine import Board
from bookgen.solve.grader import Contradiction, Level, grade_board
from bookgen.solve.result import Outcome
from bookgen.solve.search import solver_for

# Givens tried back per removal: past a dozen, a repair that has not landed seldom does
# (measured 12 against 6, 9, 16, 20, 30: 12 made the most puzzles a second).
GIVE_BACKS = 12
# Givens removed at once at the start of the removal pass, while whole batches succeed.
BATCH = 6

Givens = dict[Cell, int]


def repaired_at_level(base: GridModel, levels: tuple[Level, ...], level: int, rng: random.Random,
                      budget: Budget, what: str = "tredoku") -> tuple[GridModel, Grid]:
    """A puzzle over `base` graded exactly `levels[level]` (level 1 or more), and its
    solution. Raises GenerationError when the budget runs out first."""
    solver = solver_for(base)
    while not budget.expired():
        solution = solver.random_solution(rng)
        if solution is None:
            raise GenerationError(f"this {what} has no solution at all")
        givens = _Repair(base, solution, levels, level, budget).run(rng)
        if givens is not None:
            return base.with_givens(givens), solution
    raise GenerationError(f"no {levels[level].name} puzzle found within the budget; try another level or seed")


class _Repair:
    """One full grid, aimed at the level by removals repaired with givens back."""

    def __init__(self, base: GridModel, solution: Grid, levels: tuple[Level, ...], level: int,
                 budget: Budget) -> None:
        self.base, self.levels, self.level, self.budget = base, levels, level, budget
        self.answer = {cell: solution[cell[0]][cell[1]] for cell in base.cells}
        index = base.index
        self.number = {cell: index[cell] for cell in base.cells}
        position = {symbol: k for k, symbol in enumerate(base.symbols)}
        self.pair = {cell: (index[cell], position[value]) for cell, value in self.answer.items()}
        self.bit = {cell: 1 << position[value] for cell, value in self.answer.items()}

    def board(self, givens: Givens) -> Board:
        """The grader's board with these givens (in the order a model of them gives)."""
        return Board(self.base, givens=[self.pair[cell] for cell in sorted(givens)])

    def graded(self, givens: Givens, up_to: int) -> tuple[Board, bool]:
        """The board of `givens` worked within level `up_to`, and whether that solved it."""
        board = self.board(givens)
        return board, grade_board(board, self.levels, up_to, values=False).outcome is Outcome.SOLVED

    def run(self, rng: random.Random) -> Givens | None:
        order = list(self.base.cells)
        rng.shuffle(order)
        givens = self.within_level(dict(self.answer), order)
        board = self.board(givens)
        graded = grade_board(board, self.levels, self.level, values=False)
        if graded.outcome is not Outcome.SOLVED:
            return None  # out of time during the removals
        if max(graded.level, 0) == self.level:
            return givens
        removals = list(givens)
        rng.shuffle(removals)
        for cell in removals:
            if self.budget.expired():
                return None
            del givens[cell]
            found = self.repair(givens, cell, rng)
            if found is not None:
                return found
            givens[cell] = self.answer[cell]
        return None

    def within_level(self, givens: Givens, order: list[Cell]) -> Givens:
        """Each cell's given removed, in `order`, while the level's techniques still
        finish: BATCH at a time while whole batches go, then one at a time."""
        pending, batch = list(order), BATCH
        while pending:
            if self.budget.expired():
                return givens
            chunk, pending = pending[:batch], pending[batch:]
            for cell in chunk:
                del givens[cell]
            if self.works_out(givens, chunk):
                continue
            for cell in chunk:
                givens[cell] = self.answer[cell]
            if len(chunk) > 1:
                batch, pending = 1, chunk + pending
        return givens

    def works_out(self, givens: Givens, removed: list[Cell]) -> bool:
        """Whether the level's techniques still finish without `removed`, the puzzle with
        them finishing: seen as soon as the removed cells are written in again."""
        try:
            return self.board(givens).work_out(self.levels, [self.number[c] for c in removed], self.level)
        except Contradiction:
            return False

    def repair(self, givens: Givens, removed: Cell, rng: random.Random) -> Givens | None:
        """`givens` (one just removed) with givens back that bring it exactly to the
        level, or None. See the module's account."""
        within, solved = self.graded(givens, self.level)
        if solved:
            return None  # the pass left no given the level can do without: not reached
        placed, cand = within.placed, within.cand
        open_cells = [c for c in self.base.cells if not placed[self.number[c]] and c != removed]
        rng.shuffle(open_cells)  # ties in a random order
        open_cells.sort(key=lambda c: -cand[self.number[c]].bit_count())
        below: Board | None = None
        kept: list[Cell] = []
        for cell in open_cells[:GIVE_BACKS]:
            more, solved = within.given([self.number[cell]], [self.bit[cell]], self.levels, self.level)
            if not solved:
                within = more
                kept.append(cell)
                continue
            if below is None:
                below, _ = self.graded(givens, self.level - 1)
            tried = kept + [cell]
            if below.given([self.number[c] for c in tried], [self.bit[c] for c in tried], self.levels,
                           self.level - 1)[1]:
                continue  # too easy with this one: leave it out
            found = {**givens, **{c: self.answer[c] for c in tried}}
            if self.exactly_at_level(found):
                return found
        return None

    def exactly_at_level(self, givens: Givens) -> bool:
        """Graded from scratch: the level finishes, the level below does not."""
        return self.graded(givens, self.level)[1] and not self.graded(givens, self.level - 1)[1]
