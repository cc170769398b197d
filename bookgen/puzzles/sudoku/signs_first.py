"""Greater-than sudoku aimed from its signs up, where aiming from a full grid down is slow.

A 6x6's signs alone nearly make a puzzle: half of all full grids give signs the beginner's
techniques solve with no givens, and a puzzle is never harder than its signs alone, since
givens only make it easier. A hard one is rare (a grid in a thousand or two), and the
family's generator (sudoku.generate), which removes givens from each full grid it draws,
spent most of a second on the hopeless ones for each it made, and up to nine seconds.

Here grids are drawn by the engine until one whose signs alone take a technique of the
level and still stall (engine/src/py/signed.rs: the hopeless ones never reach Python);
then givens are added from no givens up, an orbit of the symmetry at a time:

1. Every orbit not yet given is tried on the grader's stalled board: one that leaves it
   stalled is a way on; one the level's techniques now finish is taken when those of the
   level below do not (the puzzle is exactly at the level), once graded from scratch to
   confirm it, with its givens in range and the target's own test (signs needed) passed.
2. None taken: a random way on is kept and step 1 runs again, at most DEPTH times.

A grid that yields nothing is left for the next. Every step is bounded by the budget.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable

from bookgen.errors import DeadlinePassed, GenerationError
from bookgen.model import Cell, Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.generate import Orbit, Target
from bookgen.puzzles.sudoku.greater_than import box_neighbours, signs_of
from bookgen.solve.engine import Board, compiled, grid_of
from bookgen.solve.grader import Level, grade, grade_board
from bookgen.solve.result import Outcome

# Where puzzles are aimed from their signs: (size, level name). The greater-than rows whose
# worst case over 100 seeds passed a second when aimed from a full grid (6x6 hard: 5-9 s).
FROM_SIGNS = frozenset({(6, "hard")})
# Grids the engine draws in one call (the budget is checked between calls and by the
# engine), and orbits added before a grid is left.
TRIES = 500
DEPTH = 3


def signed_target(base: GridModel, levels: tuple[Level, ...], level: int, ceiling: int | None,
                  needed: Callable[[GridModel, int], bool]) -> Target:
    """A greater-than puzzle's target: the level, at most `ceiling` givens, signs that are
    `needed` at the level; aimed from its signs up where FROM_SIGNS says."""
    target = Target(levels, level, 0, ceiling, accept=lambda model: needed(model, level))
    size = base.rows
    if (size, levels[level].name) not in FROM_SIGNS:
        return target
    return dataclasses.replace(target, aim=lambda orbits_of, rng, budget: generate_from_signs(
        base, size, target, orbits_of, rng, budget))


def generate_from_signs(base: GridModel, size: int, target: Target, orbits_of: Callable[[random.Random], list[Orbit]],
                        rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    """A greater-than puzzle on `base` (the sudoku without signs) graded exactly at the
    target level, and its solution; GenerationError when the budget runs out first."""
    index = base.index
    pairs = [(index[a], index[b]) for a, b in box_neighbours(size)]
    grid = compiled(base)
    while not budget.expired():
        try:
            found, _ = grid.signed_grid(pairs, target.levels, target.level, rng.getrandbits(64), TRIES, budget.expired)
        except DeadlinePassed:
            break
        if found is None:
            continue
        solution = grid_of(base, found)
        model = dataclasses.replace(base, inequalities=signs_of(solution, size))
        givens = _aim(model, solution, target, orbits_of(rng), rng, budget)
        if givens is not None:
            return model.with_givens(givens), solution
    raise GenerationError(f"no {target.name} puzzle found within the budget; try another level or seed")


def _aim(model: GridModel, solution: Grid, target: Target, orbits: list[Orbit], rng: random.Random,
         budget: Budget) -> dict[Cell, int] | None:
    """Givens (an orbit at a time, from none) that put the signs' puzzle exactly at the
    target level, or None when this grid yields none within DEPTH orbits."""
    levels, level = target.levels, target.level
    bits = {symbol: 1 << k for k, symbol in enumerate(model.symbols)}
    within = Board(model, givens=[])
    graded = grade_board(within, levels, level, values=False)
    if graded.outcome is Outcome.SOLVED:  # the engine's grid: its signs alone reach the level
        return {} if _taken(model, {}, target) else None
    below = Board(model, givens=[])
    grade_board(below, levels, level - 1, values=False)
    chosen: list[Orbit] = []
    for _ in range(DEPTH):
        ways_on = []
        for orbit in orbits:
            if budget.expired():
                return None
            if orbit in chosen:
                continue
            cells = [model.index[cell] for cell in orbit]
            values = [bits[solution[r][c]] for r, c in orbit]
            after, solved = within.given(cells, values, levels, level)
            if not solved:
                if after is not within:  # a given the techniques had already found changes nothing
                    ways_on.append((orbit, after))
                continue
            if below.given(cells, values, levels, level - 1)[1]:
                continue  # the level below finishes it: too easy
            givens = {cell: solution[cell[0]][cell[1]] for taken in chosen + [orbit] for cell in taken}
            if _taken(model, givens, target):
                return givens
        if not ways_on:
            return None
        orbit, within = rng.choice(ways_on)
        below = below.given([model.index[cell] for cell in orbit], [bits[solution[r][c]] for r, c in orbit],
                            levels, level - 1)[0]
        chosen.append(orbit)
    return None


def _taken(model: GridModel, givens: dict[Cell, int], target: Target) -> bool:
    """Whether the puzzle with these givens is graded exactly at the target level from
    scratch (the stalled boards' answer, confirmed), with its givens in range and what
    else the target asks."""
    puzzle = model.with_givens(givens)
    graded = grade(puzzle, target.levels, target.level)
    return (graded.outcome is Outcome.SOLVED and graded.level == target.level and target.fits(len(givens))
            and (target.accept is None or target.accept(puzzle)))
