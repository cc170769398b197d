"""Killer sudoku generation aimed at a level: the policy here, the work in the engine
(engine/src/killer/generate, through bookgen.solve.engine).

A random full sudoku grid, then a random partition of it into connected cages with no
digit repeated inside a cage (sizes drawn by the plan's weights, few one-cell cages).
Then rounds: the grader, with the techniques up to the requested level, either solves
the puzzle at exactly that level (done: every step is sound, so the puzzle is unique);
solves it below the level (two neighbouring cages are merged); or gets stuck, when the
search looks for a second solution from the grader's pencil marks and the cages are
changed where the two solutions differ (a cell moved to a neighbouring cage, a cage
split, or a cell given when the plan allows), or, when there is none, a cage is split
where the grader stalled (or a cell given, when allowed and a coin says so).

Every limit is a count of attempts, rounds or branchings, never a time, so the puzzle
made from a seed does not depend on the machine; the budget's time, Ctrl-C and the stop
signals only ever stop the work, checked between rounds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bookgen.errors import DeadlinePassed, GenerationError, NothingFound
from bookgen.model import Cage, Cell, Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.solve import engine
from bookgen.solve.grader import Level


@dataclass(frozen=True)
class Plan:
    """How a level's puzzles start: cage sizes and their weights, one-cell cages allowed,
    and how many givens may be added."""

    sizes: tuple[int, ...]
    weights: tuple[float, ...]
    single_cap: int
    givens: int = 0


def killer_model(base: GridModel, cages: list[tuple[Cell, ...]], solution: Grid,
                 givens: dict[Cell, int] | None = None) -> GridModel:
    """The sudoku groups with sum cages (no repeats) over these cells, sums read from the
    solution."""
    made = tuple(sorted(
        (Cage(tuple(sorted(cells)), "+", sum(solution[r][c] for r, c in cells), True) for cells in cages),
        key=lambda k: k.anchor,
    ))
    return GridModel(base.rows, base.cols, base.symbols, base.cells, base.groups, made).with_givens(givens or {})


def generate_killer(base: GridModel, levels: tuple[Level, ...], level: int, plan: Plan, max_cage: int,
                    rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    """A killer on the square sudoku `base` (cells in reading order) graded at exactly
    `levels[level]`, its cages shaped by `plan` with at most `max_cage` cells each; the
    engine's random source is seeded with one draw from `rng`."""
    try:
        cages, given, solution = engine.generate_killer(
            base, levels, level, list(plan.sizes), list(plan.weights), plan.single_cap, plan.givens, max_cage,
            rng.getrandbits(64), budget.expired,
        )
    except DeadlinePassed:
        raise GenerationError("time budget spent while shaping the killer cages") from None
    except NothingFound:
        raise GenerationError(
            f"no {levels[level].name} killer sudoku found within the budget; try another level or seed"
        ) from None
    cells = base.cells
    grid = engine.grid_of(base, solution)
    model = killer_model(base, [tuple(cells[i] for i in cage) for cage in cages], grid,
                         {cells[i]: grid[cells[i][0]][cells[i][1]] for i in given})
    return model, grid
