"""Toroidal sudoku: a jigsaw sudoku drawn on a torus. The grid's left edge is glued to its
right edge and its top edge to its bottom, so a region may leave the grid on one side
and come back on the other; every row, column and region holds each digit once.

Regions are drawn per puzzle as a jigsaw's are (bookgen.puzzles.sudoku.jigsaw), with
cells that touch across the edges as neighbours, and a layout is kept only when regions
really wrap (at least two, across both pairs of edges between them: otherwise it would
be a plain jigsaw) and no more than half of them do (a grid of pieces that all wrap is
hard for a child to read). On the page, where a region carries on across an edge, the
squares on either side of that edge print the same small letter in their corner, and
the instructions say so; bold borders mark where regions meet, as on any jigsaw.
"""

from __future__ import annotations

import random

from bookgen.language import N_
from bookgen.model import Cell, GridModel
from bookgen.puzzles.pen import Pen
from bookgen.puzzles.sudoku import jigsaw
from bookgen.puzzles.sudoku.shapes import Filled, Variant, lines_only

SIZES = (6, 9)
# Regions that must wrap round an edge for a layout to be kept; at most half may.
WRAPPED = 2
# The letters of wrapped regions: small in the top-left corner of each cell, in grey
# ink (sizes in cell units, as the killer sums in the same corner).
LETTER_SIZE = 0.2
LETTER_AT = 0.07
LETTER_GRAY = 0.7
# The smallest type a key prints, and the most of a type size a font's capitals take.
SMALLEST_LETTER = 5.0
CAP_HEIGHT = 0.75
LETTERS = "ABCDEFGHIJKLMNOP"


TORUS = jigsaw.Topology(True)


def pieces(cells: tuple[Cell, ...] | frozenset[Cell]) -> list[set[Cell]]:
    """A region as it lies on the page: its connected pieces (one unless it wraps)."""
    remaining, found = set(cells), []
    while remaining:
        piece = {remaining.pop()}
        stack = list(piece)
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in remaining:
                    remaining.remove(near)
                    piece.add(near)
                    stack.append(near)
        found.append(piece)
    return found


def wraps(cells: tuple[Cell, ...] | frozenset[Cell], size: int) -> tuple[bool, bool]:
    """Whether a region wraps across the left-right edge and across the top-bottom edge:
    two of its pieces on the page touch through that edge."""
    piece_of = {cell: k for k, piece in enumerate(pieces(cells)) for cell in piece}
    across = any((r, 0) in piece_of and (r, size - 1) in piece_of and piece_of[(r, 0)] != piece_of[(r, size - 1)]
                 for r in range(size))
    down = any((0, c) in piece_of and (size - 1, c) in piece_of and piece_of[(0, c)] != piece_of[(size - 1, c)]
               for c in range(size))
    return across, down


def acceptable(regions: jigsaw.Regions, size: int) -> bool:
    """A jigsaw's rules, and regions that wrap: at least WRAPPED of them and at most half,
    across the left-right edge and across the top-bottom edge between them."""
    if not jigsaw.jigsaw_acceptable(regions, size):
        return False
    crossing = [wraps(cells, size) for cells in regions]
    wrapped = sum(any(w) for w in crossing)
    return (WRAPPED <= wrapped <= size // 2 and any(across for across, _down in crossing)
            and any(down for _across, down in crossing))


def _filled(size: int, rng: random.Random) -> Filled:
    return jigsaw.layout_filled(size, rng, TORUS, acceptable, "toroidal")


def wrapped_regions(model: GridModel) -> list[tuple[Cell, ...]]:
    """The model's regions that wrap round an edge, in reading order of their first cell."""
    return [g.cells for g in model.groups if g.kind == "region" and len(pieces(g.cells)) > 1]


def region_letters(model: GridModel) -> dict[frozenset[Cell], str]:
    """Each wrapped region's letter (A, B, C... in reading order of their first cells), by
    its cells: what its seam squares print, and what worked steps call it by."""
    return {frozenset(cells): letter for letter, cells in zip(LETTERS, wrapped_regions(model))}


def seams(model: GridModel) -> dict[Cell, str]:
    """The squares on an edge whose region carries on across it, each with its region's
    letter (`region_letters`): the squares either side of the seam share it. Empty for a
    model whose regions do not wrap."""
    size = model.rows
    found: dict[Cell, str] = {}
    for cells, letter in region_letters(model).items():
        inside = set(cells)
        for k in range(size):
            for a, b in (((k, 0), (k, size - 1)), ((0, k), (size - 1, k))):
                if a in inside and b in inside:
                    found[a] = found[b] = letter
    return found


def letter_wrapped_regions(pen: Pen, model: GridModel) -> None:
    """A small letter in the corner of each square where its region carries on across the
    grid's edge, the same on both sides, so a child matches up the pieces of a region that
    wraps. Nothing for other models, and nothing where they would print under
    SMALLEST_LETTER points (an answer key's small grid, whose digits are what it is for)."""
    if pen.cell is not None and LETTER_SIZE * pen.cell / CAP_HEIGHT < SMALLEST_LETTER:
        return
    for (r, c), letter in sorted(seams(model).items()):
        pen.text((c + LETTER_AT, r + LETTER_AT), letter, LETTER_SIZE, align="topleft", gray=LETTER_GRAY)


TOROIDAL = Variant(
    "toroidal", "toroidal sudoku", "toroidal (irregular regions that may wrap round the edges, 6x6 and 9x9)",
    N_("every row, every column and every bold-edged region"), SIZES,
    lambda size: f"a toroidal sudoku is 6x6 or 9x9, not {size}x{size}", lines_only, _filled,
    note=N_("The grid wraps round like a ring: a region may run off one edge and carry on at the opposite "
            "edge, where the squares on both sides show the same small letter."),
    decorate=letter_wrapped_regions, marks=region_letters,
    only_differ=True,
)
