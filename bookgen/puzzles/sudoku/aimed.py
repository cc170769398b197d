"""Plain sudoku aimed at its level in the engine, one crossing for many full grids.

The generator's loop (sudoku.generate: remove givens within the level, push past it,
give givens back) grades each try in the engine; run from Python, each try also paid its
crossing and the Python around it, and a 6x6 medium, which makes only 3-15 puzzles a CPU
second whichever way it is searched, took up to 5 s. The engine runs the same steps
(engine/src/grader/aim.rs) over grids it draws itself and crosses back only with a
puzzle the grader rates exactly at the level, graded from its givens on an empty board
(not on a board worked from the last try), with its givens in range; it is not graded
here again, as that would be the same grading of the same givens. The build still
grades it again and proves it unique (`certify`) before print.

Only targets with nothing beyond their level and givens (no `accept`) and one shape for
every grid (no regions drawn per puzzle) are aimed here.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable

from bookgen.errors import DeadlinePassed, GenerationError
from bookgen.model import Grid, GridModel, full_cells
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.generate import Orbit, Target
from bookgen.solve.engine import compiled

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
    grid, rows, cols, symbols = compiled(base), base.rows, base.cols, base.symbols
    # The engine shuffles the orbits for each grid it draws: their order here is no matter
    # (but the draw of it is: the random source goes on from there).
    indexed, index = _indexed(base), base.index
    orbits = [indexed[orbit] if orbit in indexed else indexed.setdefault(orbit, [index[cell] for cell in orbit])
              for orbit in orbits_of(rng)]
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
        # The engine takes a puzzle only on a grading from its givens on an empty board
        # (engine/src/grader/aim.rs, `level`), so it is not graded here again; `certify`
        # grades it again and counts its solutions before print.
        values = [symbols[k] for k in found[0]]
        solution = tuple(tuple(values[r * cols:(r + 1) * cols]) for r in range(rows))
        if target.fits(len(found[1])):
            return base.with_givens(tuple((i // cols, i % cols, values[i]) for i in found[1])), solution
    raise GenerationError(f"no {target.name} puzzle found within the budget; try another level or seed")


# Orbits as the engine takes them (cell numbers), by the shape's identity (kept beside it,
# so a reused id never finds the wrong one), each worked out when first met: every puzzle
# of a shape has the same orbits, and numbering them again for each cost more than the shuffle.
_INDEXED: dict[int, tuple[GridModel, dict[Orbit, list[int]]]] = {}
_MOST_SHAPES = 16


def _indexed(base: GridModel) -> dict[Orbit, list[int]]:
    known = _INDEXED.get(id(base))
    if known is not None and known[0] is base:
        return known[1]
    if base.cells != full_cells(base.rows, base.cols):  # the answer is read back row by row
        raise ValueError("a plain sudoku aimed in the engine has the whole grid, row by row")
    if len(_INDEXED) >= _MOST_SHAPES:
        _INDEXED.clear()
    _INDEXED[id(base)] = (base, {})
    return _INDEXED[id(base)][1]
