"""Greater-than sudoku aimed from its signs up, where aiming from a full grid down is slow.

A 6x6's signs alone nearly make a puzzle: half of all full grids give signs the beginner's
techniques solve with no givens, and a puzzle is never harder than its signs alone, since
givens only make it easier. A hard one is rare (a grid in a thousand or two), and the
family's generator (sudoku.generate), which removes givens from each full grid it draws,
spent most of a second on the hopeless ones for each it made, and up to nine seconds.

Here the engine draws grids (engine/src/py/signed.rs) until one whose signs alone take a
technique of the level and still stall, and one orbit of the symmetry, given its answer,
lets the level's techniques finish the puzzle while those of the level below still
cannot (tried on the grader's stalled boards: the hopeless grids never reach Python).
The puzzle is then graded from scratch to confirm it, with its givens in range and the
target's own test (signs needed) passed; a grid that fails it is left for the next.
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
from bookgen.solve.engine import compiled, grid_of
from bookgen.solve.grader import Level, grade
from bookgen.solve.result import Outcome

# Where puzzles are aimed from their signs: (size, level name). The greater-than rows whose
# worst case over 100 seeds passed a second when aimed from a full grid (6x6 hard: 5-9 s).
FROM_SIGNS = frozenset({(6, "hard")})
# Grids the engine draws in one call (the budget is checked between calls and by the
# engine).
TRIES = 500


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
        orbits = orbits_of(rng)
        try:
            found, _ = grid.signed_grid(pairs, target.levels, target.level, [[index[c] for c in o] for o in orbits],
                                        rng.getrandbits(64), TRIES, budget.expired)
        except DeadlinePassed:
            break
        if found is None:
            continue
        solution = grid_of(base, found[0])
        model = dataclasses.replace(base, inequalities=signs_of(solution, size))
        givens = {} if found[1] is None else {(r, c): solution[r][c] for r, c in orbits[found[1]]}
        if _taken(model, givens, target):
            return model.with_givens(givens), solution
    raise GenerationError(f"no {target.name} puzzle found within the budget; try another level or seed")


def _taken(model: GridModel, givens: dict[Cell, int | None], target: Target) -> bool:
    """Whether the puzzle with these givens is graded exactly at the target level from
    scratch (the stalled boards' answer, confirmed), with its givens in range and what
    else the target asks."""
    puzzle = model.with_givens(givens)
    graded = grade(puzzle, target.levels, target.level)
    return (graded.outcome is Outcome.SOLVED and graded.level == target.level and target.fits(len(givens))
            and (target.accept is None or target.accept(puzzle)))
