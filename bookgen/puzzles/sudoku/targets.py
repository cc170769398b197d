"""What a sudoku-family puzzle is generated to (bookgen.puzzles.sudoku.generate's
Target): its level, the givens its level keeps, and for a variant with signs, signs that
are needed. Apart from the type, which `bookgen check` loads without the generator and
the grader these need (start-up)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from bookgen.model import GridModel
from bookgen.puzzles.sudoku.generate import Target
from bookgen.puzzles.sudoku.ladder import LEVELS
from bookgen.puzzles.sudoku.offer import LEVEL_NAMES
from bookgen.puzzles.sudoku.signs_first import signed_target
from bookgen.puzzles.sudoku.variants import variant
from bookgen.solve.grader import grade
from bookgen.solve.result import Outcome

# Share of the cells given (fewest, most) for the levels with generous givens; the
# rest have as few as the level needs. Published easy 9x9 puzzles have about 32-36.
GIVEN_SHARE: dict[str, tuple[float, float]] = {"beginner": (0.44, 0.50), "easy": (0.37, 0.45)}


def givens_range(cells: int, level: str) -> tuple[int, int | None]:
    """Fewest and most givens a puzzle of `cells` cells has at `level` (None: no most)."""
    if level not in GIVEN_SHARE:
        return (0, None)
    low, high = GIVEN_SHARE[level]
    return (round(low * cells), int(high * cells))


def signs_needed(model: GridModel, level: int) -> bool:
    """Whether a puzzle's signs are needed at its level: its givens alone are not solved
    by the techniques up to that level (not unique, or harder). A puzzle solved without
    its signs is a sudoku with decorations, not a greater-than puzzle. True without signs."""
    if not model.inequalities:
        return True
    bare = dataclasses.replace(model, inequalities=())
    return grade(bare, LEVELS, level).outcome is not Outcome.SOLVED


def target_for(base: GridModel, level: str, signed: bool = False) -> Target:
    """The generation target of a sudoku-family puzzle: the level, its givens range, and
    for a variant with signs, signs that are needed. Signs give so much away that a
    greater-than puzzle with a beginner's generous givens never needs them, so there the
    givens keep only their most."""
    floor, ceiling = givens_range(len(base.cells), level)
    if signed:
        return signed_target(base, LEVELS, LEVEL_NAMES.index(level), ceiling, signs_needed)
    return Target(LEVELS, LEVEL_NAMES.index(level), floor, ceiling)


@lru_cache(maxsize=256)
def generation_target(variant_name: str, size: int, level: str) -> Target:
    """What the type generates a puzzle of these options to (aimed in the engine for
    classic sudoku): made once per options and shared, as a Target is frozen and what it
    holds (the variant's shape, the level table) is the same for every puzzle; making it
    for each cost a 9x9 easy sudoku a fiftieth of its time."""
    from bookgen.puzzles.sudoku.aimed import in_engine

    chosen = variant(variant_name)
    base = chosen.base(size)
    return in_engine(base, target_for(base, level, chosen.signed), variant_name == "classic")
