"""Killer sudoku generation aimed at a level.

A random full sudoku grid, then a random partition of it into connected cages with no
digit repeated inside a cage (sizes drawn per level, few one-cell cages). Then rounds:
the grader, with the techniques up to the requested level, either

- solves the puzzle at exactly that level: done (every step is sound, so the answer it
  reaches is forced: the puzzle is unique);
- solves it below the level (too easy): two neighbouring cages are merged, which takes
  information away;
- gets stuck: the search solver, starting from the grader's pencil marks, looks for a
  second solution. If there is one, a cell where the two differ moves to a neighbouring
  cage (both sums change, and the second solution no longer fits them), or its cage is
  split where the two solutions disagree, or that cell becomes a given when givens are
  allowed. If there is none, the puzzle is unique but too hard: a cage holding a cell
  the grader could not fill is split in two (or, with givens allowed, a cell is given).

Every count here is a count of rounds or branchings, never a time, so the puzzle made
from a seed does not depend on the machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bookgen.errors import GenerationError
from bookgen.model import Cage, Cell, Grid, GridModel, bipartitions, is_connected
from bookgen.puzzles.base import Budget
from bookgen.solve import engine
from bookgen.solve.result import Outcome
from bookgen.solve.search import Solver, solver_for
from bookgen.solve.grader import Grade, Level, grade_board

MAX_ATTEMPTS = 200
MAX_ROUNDS = 80
# A search for a second solution stops after this many branchings and counts as "not
# known"; the round then splits a cage as if the puzzle were unique but too hard.
SEARCH_NODES = 400


@dataclass(frozen=True)
class Plan:
    """How a level's puzzles start: cage sizes and their weights, one-cell cages allowed,
    and how many givens may be added."""

    sizes: tuple[int, ...]
    weights: tuple[float, ...]
    single_cap: int
    givens: int = 0


@dataclass
class Attempt:
    """One generation attempt: a solution grid and the cages being shaped over it."""

    base: GridModel
    solution: Grid
    plan: Plan
    max_cage: int
    levels: tuple[Level, ...]
    level: int
    rng: random.Random
    givens: dict[Cell, int] = field(default_factory=dict)

    def digit(self, cell: Cell) -> int:
        return self.solution[cell[0]][cell[1]]

    def model(self, cages: list[tuple[Cell, ...]]) -> GridModel:
        return killer_model(self.base, cages, self.solution, self.givens)

    def grade(self, cages: list[tuple[Cell, ...]], up_to: int | None) -> tuple[Grade, engine.Board]:
        board = engine.Board(self.model(cages), "killer")
        return grade_board(board, self.levels, up_to), board

    def fits(self, cells: tuple[Cell, ...] | list[Cell]) -> bool:
        """A cage may hold these cells: no repeated digit, not too big."""
        digits = [self.digit(c) for c in cells]
        return len(cells) <= self.max_cage and len(set(digits)) == len(digits)


def killer_model(base: GridModel, cages: list[tuple[Cell, ...]], solution: Grid,
                 givens: dict[Cell, int] | None = None) -> GridModel:
    """The sudoku groups with sum cages (no repeats) over these cells, sums read from the
    solution."""
    made = tuple(sorted(
        (Cage(tuple(sorted(cells)), "+", sum(solution[r][c] for r, c in cells), True) for cells in cages),
        key=lambda k: k.anchor,
    ))
    return GridModel(base.rows, base.cols, base.symbols, base.cells, base.groups, made).with_givens(givens or {})


def _neighbours(cell: Cell, cells: set[Cell]) -> list[Cell]:
    r, c = cell
    return [nb for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if nb in cells]


def random_layout(att: Attempt) -> list[tuple[Cell, ...]] | None:
    """Connected cages without repeated digits covering the grid; None when more one-cell
    cages are left than the plan allows."""
    rng, plan = att.rng, att.plan
    everywhere = set(att.base.cells)
    order = list(att.base.cells)
    rng.shuffle(order)
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    for start in order:
        if start in owner:
            continue
        want = min(rng.choices(plan.sizes, plan.weights)[0], att.max_cage)
        cage = [start]
        owner[start] = len(cages)
        digits = {att.digit(start)}
        while len(cage) < want:
            frontier = sorted({nb for cell in cage for nb in _neighbours(cell, everywhere)
                               if nb not in owner and att.digit(nb) not in digits})
            if not frontier:
                break
            cell = rng.choice(frontier)
            cage.append(cell)
            owner[cell] = len(cages)
            digits.add(att.digit(cell))
        cages.append(cage)
    _absorb_singles(att, cages, owner, keep=plan.single_cap if 1 in plan.sizes else 0)
    found = [tuple(sorted(c)) for c in cages if c]
    if sum(1 for c in found if len(c) == 1) > plan.single_cap:
        return None
    return found


def _absorb_singles(att: Attempt, cages: list[list[Cell]], owner: dict[Cell, int], keep: int) -> None:
    """One-cell cages beyond the `keep` drawn on purpose join the smallest neighbouring
    cage that can take their digit."""
    everywhere = set(att.base.cells)
    singles = [k for k, c in enumerate(cages) if len(c) == 1]
    att.rng.shuffle(singles)
    for k in singles[keep:]:
        if len(cages[k]) != 1:
            continue  # grew by taking in an earlier single
        cell = cages[k][0]
        room = sorted({owner[nb] for nb in _neighbours(cell, everywhere)
                       if owner[nb] != k and att.fits(cages[owner[nb]] + [cell])})
        if not room:
            continue
        smallest = min(len(cages[j]) for j in room)
        j = att.rng.choice([j for j in room if len(cages[j]) == smallest])
        cages[j].append(cell)
        owner[cell] = j
        cages[k] = []


# --- the moves ------------------------------------------------------------------------------


def _owner(cages: list[tuple[Cell, ...]]) -> dict[Cell, int]:
    return {cell: k for k, cage in enumerate(cages) for cell in cage}


def _singles(cages: list[tuple[Cell, ...]]) -> int:
    return sum(1 for c in cages if len(c) == 1)


def merges(att: Attempt, cages: list[tuple[Cell, ...]]) -> list[list[tuple[Cell, ...]]]:
    """Every merge of two neighbouring cages that keeps digits unrepeated."""
    owner = _owner(cages)
    everywhere = set(att.base.cells)
    found = []
    for k, cage in enumerate(cages):
        near = sorted({owner[nb] for cell in cage for nb in _neighbours(cell, everywhere)} - {k})
        for j in near:
            if j > k and att.fits(cage + cages[j]):
                found.append([c for i, c in enumerate(cages) if i not in (k, j)] + [tuple(sorted(cage + cages[j]))])
    return found


def splits(att: Attempt, cages: list[tuple[Cell, ...]], k: int, other: Grid | None = None) -> list[list[tuple[Cell, ...]]]:
    """Splits of cage k in two connected parts (with `other`, only those whose part sums
    the other solution breaks)."""
    rest = cages[:k] + cages[k + 1:]
    found = []
    for a, b in bipartitions(cages[k]):
        if other is not None and sum(att.digit(c) for c in a) == sum(other[r][c] for r, c in a):
            continue
        found.append(rest + [a, b])
    return [m for m in found if _singles(m) <= att.plan.single_cap]


def moves_of_cell(att: Attempt, cages: list[tuple[Cell, ...]], cell: Cell) -> list[list[tuple[Cell, ...]]]:
    """The cell leaves its cage for a neighbouring one (its old cage staying connected)."""
    owner = _owner(cages)
    k = owner[cell]
    if len(cages[k]) == 1:
        return []
    remaining = tuple(c for c in cages[k] if c != cell)
    if not is_connected(remaining):
        return []
    found = []
    for j in sorted({owner[nb] for nb in _neighbours(cell, set(att.base.cells))} - {k}):
        grown = cages[j] + (cell,)
        if att.fits(grown):
            changed = list(cages)
            changed[k] = remaining
            changed[j] = tuple(sorted(grown))
            found.append(changed)
    return [m for m in found if _singles(m) <= att.plan.single_cap]


# --- the rounds ------------------------------------------------------------------------------


def _repair(att: Attempt, cages: list[tuple[Cell, ...]], other: Grid) -> list[tuple[Cell, ...]] | None:
    """A change the second solution `other` breaks, near where it differs."""
    differing = [cell for cell in att.base.cells if att.digit(cell) != other[cell[0]][cell[1]]]
    moves = [m for cell in differing for m in moves_of_cell(att, cages, cell)]
    if moves:
        return att.rng.choice(moves)
    owner = _owner(cages)
    for k in sorted({owner[c] for c in differing}):
        moves.extend(splits(att, cages, k, other))
    if moves:
        return att.rng.choice(moves)
    if len(att.givens) < att.plan.givens:
        cell = att.rng.choice(differing)
        att.givens[cell] = att.digit(cell)
        return cages
    return None


def _ease(att: Attempt, cages: list[tuple[Cell, ...]], board: engine.Board) -> list[tuple[Cell, ...]] | None:
    """The puzzle is unique but too hard: split a cage where the grader stalled, or give
    a cell it could not fill (when givens are allowed and a coin says so)."""
    index, placed = att.base.index, board.placed  # one list from the engine, not one per cell
    stuck = [cell for cell in att.base.cells if not placed[index[cell]]]
    if len(att.givens) < att.plan.givens and att.rng.random() < 0.5:
        cell = att.rng.choice(stuck)
        att.givens[cell] = att.digit(cell)
        return cages
    owner = _owner(cages)
    moves = [m for k in sorted({owner[c] for c in stuck}) if len(cages[k]) > 1 for m in splits(att, cages, k)]
    if not moves:
        return None
    # Prefer splits that leave no one-cell cage: they keep the puzzle looking like a killer.
    best = min(_singles(m) for m in moves)
    return att.rng.choice([m for m in moves if _singles(m) == best])


def settle(att: Attempt, cages: list[tuple[Cell, ...]], budget: Budget) -> list[tuple[Cell, ...]] | None:
    """Reshape the cages until the grader rates the puzzle exactly at the level; None when
    the rounds run out or no move helps."""
    known_unique = False
    for _ in range(MAX_ROUNDS):
        if budget.expired():
            raise GenerationError("time budget spent while shaping the killer cages")
        graded, board = att.grade(cages, att.level)
        if graded.outcome is Outcome.SOLVED:
            if graded.level == att.level:
                return cages
            options = merges(att, cages)
            if not options:
                return None
            cages = att.rng.choice(options)
            known_unique = False
            continue
        if graded.outcome is Outcome.IMPOSSIBLE:
            return None  # cannot happen: the solution meets every cage
        other = None
        if not known_unique:
            count = Solver(board.model).count_from(board.cand, limit=2, node_limit=SEARCH_NODES)
            other = next((s for s in count.solutions if s != att.solution), None)
            known_unique = other is None and count.complete
        if other is not None:
            changed = _repair(att, cages, other)
        else:
            # Splitting a cage of a unique puzzle keeps it unique (the parts' sums only
            # add rules); a given does too.
            changed = _ease(att, cages, board)
        if changed is None:
            return None
        cages = changed
    return None


def generate_killer(base: GridModel, levels: tuple[Level, ...], level: int, plan: Plan, max_cage: int,
                    rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    solver = solver_for(base)
    for _ in range(MAX_ATTEMPTS):
        if budget.expired():
            break
        solution = solver.random_solution(rng)
        att = Attempt(base, solution, plan, max_cage, levels, level, rng)
        cages = random_layout(att)
        if cages is None:
            continue
        fitted = settle(att, cages, budget)
        if fitted is not None:
            return att.model(fitted), solution
    raise GenerationError(f"no {levels[level].name} killer sudoku found within the budget; try another level or seed")
