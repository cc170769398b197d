"""The sudoku variants, one line each. A variant is only more all-different groups on
the one model (bookgen.puzzles.sudoku.shapes): generation, grading and the offer are
the same for all of them; what differs is declared in its Variant.
"""

from __future__ import annotations

import random

from bookgen.errors import GenerationError
from bookgen.language import N_
from bookgen.puzzles.sudoku import jigsaw
from bookgen.puzzles.sudoku.greater_than import GREATER_THAN
from bookgen.puzzles.sudoku.toroidal import TOROIDAL
from bookgen.puzzles.sudoku.shapes import (BOX_SHAPES, HYPER_SIZE, Filled, Variant, fixed_structure, lines_only,
                                           random_solution)

JIGSAW_SIZES = (5, 6, 7, 8, 9)


def _boxed_refusal(size: int) -> str:
    sides = ", ".join(map(str, sorted(BOX_SHAPES)))
    return f"a {size}x{size} sudoku has no boxes: sizes {sides}, or variant: jigsaw"


def _fixed_filled(variant: str):
    """Full grids of a fixed shape by short restarted searches (a single random search's
    time is heavy-tailed on 12x12 X-sudoku: see shapes.random_solution)."""
    def filled(size: int, rng: random.Random) -> Filled:
        model = fixed_structure(size, variant)
        solution = random_solution(model, rng)
        if solution is None:
            raise GenerationError(f"a {size}x{size} {variant} sudoku has no solution at all")
        return model, solution
    return filled


def _jigsaw_filled(size: int, rng: random.Random) -> Filled:
    return jigsaw.layout_filled(size, rng, jigsaw.PLANE, jigsaw.jigsaw_acceptable, "jigsaw")


# TRANSLATORS: the houses of a sudoku, printed after "appears exactly once in": in the
# case that follows "in" in your language.
CLASSIC = Variant("classic", "sudoku", "classic", N_("every row, every column and every bold box"),
                  tuple(sorted(BOX_SHAPES)), _boxed_refusal, fixed_structure, only_differ=True)
X = Variant("x", "X-sudoku", "x (both main diagonals too)",
            N_("every row, every column, every bold box and both shaded diagonals"),
            tuple(sorted(BOX_SHAPES)), _boxed_refusal, lambda size: fixed_structure(size, "x"), _fixed_filled("x"),
            only_differ=True)
HYPER = Variant("hyper", "hyper sudoku", "hyper (four shaded windows too, 9x9)",
                N_("every row, every column, every bold box and each of the four shaded windows"),
                (HYPER_SIZE,),
                lambda size: f"a hyper sudoku is {HYPER_SIZE}x{HYPER_SIZE} (its four windows are 3x3), not {size}x{size}",
                lambda size: fixed_structure(size, "hyper"), _fixed_filled("hyper"), only_differ=True)
JIGSAW = Variant("jigsaw", "jigsaw sudoku", "jigsaw (irregular bold regions instead of boxes, 5x5 to 9x9)",
                 N_("every row, every column and every bold-edged region"), JIGSAW_SIZES,
                 lambda size: f"a jigsaw sudoku is {JIGSAW_SIZES[0]}x{JIGSAW_SIZES[0]} to "
                              f"{JIGSAW_SIZES[-1]}x{JIGSAW_SIZES[-1]}, not {size}x{size}",
                 lines_only, _jigsaw_filled, only_differ=True)

VARIANTS: tuple[Variant, ...] = (CLASSIC, X, HYPER, JIGSAW, TOROIDAL, GREATER_THAN)
NAMES = tuple(variant.name for variant in VARIANTS)
SIZES = tuple(sorted({size for variant in VARIANTS for size in variant.sizes}))


def variant(name: str) -> Variant:
    return next(v for v in VARIANTS if v.name == name)


def filled(size: int, name: str, rng: random.Random) -> Filled:
    """The empty sudoku of a variant (a shape drawn per puzzle from `rng`) and a random
    full solution of it."""
    chosen = variant(name)
    if chosen.filled is None:
        return _fixed_filled(name)(size, rng)
    return chosen.filled(size, rng)
