"""Greater-than sudoku: a classic sudoku with a sign between every two neighbouring
squares of a box, pointing at the smaller number; few givens or none.

The signs are read off the full grid each attempt draws (bookgen.model.Inequality,
the smaller square first), so every puzzle has all of them: a box of a 4x4 has 4, of a
6x6 7, of a 9x9 12. Givens are what the level needs: the family's generous givens at
beginner and easy, as few as the level allows above (often none). The grader reads the
signs with two techniques of the family's ladder (a sign's bounds at beginner, a chain
of signs in a house at medium); the search bounds them to its fixpoint.

On the page each sign is a small chevron centred on the edge the two squares share, on
a white patch that breaks the thin cell line under it, its point at the smaller square:
< and > between squares side by side, ∧ and ∨ between squares one above the other.
"""

from __future__ import annotations

import dataclasses
import random

from bookgen.errors import GenerationError
from bookgen.language import N_
from bookgen.model import Cell, Grid, GridModel, Inequality
from bookgen.puzzles.pen import Pen, Weight
from bookgen.puzzles.sudoku.shapes import BOX_SHAPES, Filled, Variant, fixed_structure, random_solution

SIZES = (4, 6, 9)

# A chevron in cell units: DEPTH from its point to its open end (across the edge),
# SPREAD between the ends of its arms (along the edge), drawn with the box lines'
# weight so it reads at an answer key's half size; the white patch under it reaches
# PAD beyond the chevron's ink. Digits (half a cell high, centred) keep clear: the
# chevron reaches at most DEPTH / 2 + the stroke into either square.
DEPTH = 0.16
SPREAD = 0.3
WEIGHT = Weight.BOX
PAD = 0.05
# A worked step's numbered square in a hint grid keeps to the corner of its cell, clear
# of the chevrons in the middle of the cell's right and lower edges (their ink reaches
# SPREAD / 2 + half the stroke, about 0.19, from the middle; the square sits 0.06 in).
BADGE_SIDE = 0.22


def box_neighbours(size: int) -> list[tuple[Cell, Cell]]:
    """Every two squares side by side or one above the other in the same box, in
    reading order of the first (the one to the left or above), across before down."""
    box_rows, box_cols = BOX_SHAPES[size]
    found = []
    for r in range(size):
        for c in range(size):
            if c + 1 < size and (c + 1) % box_cols:
                found.append(((r, c), (r, c + 1)))
            if r + 1 < size and (r + 1) % box_rows:
                found.append(((r, c), (r + 1, c)))
    return found


def signs_of(solution: Grid, size: int) -> tuple[Inequality, ...]:
    """The signs of a full grid: one per pair of box neighbours, the smaller first."""
    return tuple(Inequality(a, b) if solution[a[0]][a[1]] < solution[b[0]][b[1]] else Inequality(b, a)
                 for a, b in box_neighbours(size))


def _filled(size: int, rng: random.Random) -> Filled:
    model = fixed_structure(size)
    solution = random_solution(model, rng)
    if solution is None:
        raise GenerationError(f"a {size}x{size} greater-than sudoku has no solution at all")
    return dataclasses.replace(model, inequalities=signs_of(solution, size)), solution


def draw_signs(pen: Pen, model: GridModel) -> None:
    """Each sign of the model as a chevron on a white patch centred on the two squares'
    shared edge, its point towards the smaller. Nothing for a model without signs."""
    for sign in model.inequalities:
        (r1, c1), (r2, c2) = sign.smaller, sign.larger
        dx, dy = c2 - c1, r2 - r1  # from the smaller towards the larger: one step
        mx, my = (c1 + c2 + 1) / 2, (r1 + r2 + 1) / 2  # the middle of the shared edge
        px, py = -dy, dx  # along the edge
        half_d, half_s = DEPTH / 2, SPREAD / 2
        reach_d, reach_s = half_d + PAD, half_s + PAD
        pen.fill([(mx + sx * dx * reach_d + sy * px * reach_s, my + sx * dy * reach_d + sy * py * reach_s)
                  for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))], 0.0)
        point = (mx - dx * half_d, my - dy * half_d)
        arms = [(mx + dx * half_d + side * px * half_s, my + dy * half_d + side * py * half_s) for side in (-1, 1)]
        pen.outline([arms[0], point, arms[1]], WEIGHT, closed=False)


GREATER_THAN = Variant(
    "greater-than", "greater-than sudoku",
    "greater-than (a sign between every two neighbouring squares of a box, few or no givens; 4x4, 6x6 and 9x9)",
    N_("every row, every column and every bold box"), SIZES,
    lambda size: f"a greater-than sudoku is 4x4, 6x6 or 9x9, not {size}x{size}",
    fixed_structure, _filled,
    note=N_("Between two squares of a box, the sign points at the smaller number: in 2 < 5, the point is at "
            "the 2."),
    decorate=draw_signs,
    signed=True,
    start=N_("A few digits may be given, or none at all: the signs are enough. Every puzzle has exactly one "
             "solution, which you can find by logic alone, with no guessing."),
)
