"""Plain sudoku aimed at its level in the engine, one crossing for many full grids.

The generator's loop (sudoku.generate: remove givens within the level, push past it,
give givens back) grades each try in the engine; run from Python, each try also paid its
crossing and the Python around it, and a 6x6 medium, which makes only 3-15 puzzles a CPU
second whichever way it is searched, took up to 5 s. The engine runs the same steps
(engine/src/grader/aim.rs) over grids it draws itself and crosses back only with a
puzzle the grader rates exactly at the level. That puzzle is graded again here from
scratch, with its givens in range, before it is taken; the build still proves it unique
(`certify`) before print.

Only targets with nothing beyond their level and givens (no `accept`) and one shape for
every grid (no regions drawn per puzzle) are aimed here.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable

from bookgen.errors import DeadlinePassed, GenerationError
from bookgen.model import Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.generate import Orbit, Target
from bookgen.solve.engine import compiled, grid_of
from bookgen.solve.grader import grade
from bookgen.solve.result import Outcome

# Grids the engine aims in one call (the budget is checked between calls and by the engine).
TRIES = 1000


def in_engine(base: GridModel, target: Target, wanted: bool) -> Target:
    """The target aimed in the engine when `wanted` and it asks nothing the engine cannot
    check (an `accept` test, an aim of its own); else the target as it is."""
    if not wanted or target.accept is not None or target.aim is not None:
        return target
    return dataclasses.replace(target, aim=lambda orbits_of, rng, budget: aim_in_engine(
        base, target, orbits_of, rng, budget))


def aim_in_engine(base: GridModel, target: Target, orbits_of: Callable[[random.Random], list[Orbit]],
                  rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    """A puzzle over `base` graded exactly at the target level from scratch, its givens in
    range, and its solution; GenerationError when the budget runs out first."""
    index, cells = base.index, base.cells
    grid = compiled(base)
    # The engine shuffles the orbits for each grid it draws: their order here is no matter.
    orbits = [[index[cell] for cell in orbit] for orbit in orbits_of(rng)]
    while not budget.expired():
        try:
            found, drawn = grid.aim_plain(target.levels, target.level, target.floor, target.ceiling, orbits,
                                          rng.getrandbits(64), TRIES, budget.expired)
        except DeadlinePassed:
            break
        if found is None:
            if drawn < TRIES:
                raise GenerationError("this puzzle has no solution at all")
            continue
        solution = grid_of(base, found[0])
        puzzle = base.with_givens({cells[i]: solution[cells[i][0]][cells[i][1]] for i in found[1]})
        graded = grade(puzzle, target.levels, target.level)
        if graded.outcome is Outcome.SOLVED and graded.level == target.level and target.fits(len(found[1])):
            return puzzle, solution
    raise GenerationError(f"no {target.name} puzzle found within the budget; try another level or seed")
