"""The engine's view of a grid's shape (bookgen.solve.engine.is_compact): which groups are pieces scanned as a whole (boxes,
regions, windows) for cross-hatching, whatever their cells look like on the page."""

from __future__ import annotations

import random

import pytest

from bookgen.model import Group
from bookgen.puzzles.sudoku.shapes import fixed_structure
from bookgen.puzzles.sudoku.variants import filled
from bookgen.solve.engine import is_compact


def test_a_region_that_wraps_round_the_grid_is_scanned_as_one_piece():
    wrapped = Group(((0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5)), "region")  # columns 1 and 6 of a torus
    assert is_compact(wrapped)
    assert not is_compact(Group(wrapped.cells, "group"))  # by shape alone it is two pieces


@pytest.mark.parametrize("variant,size", [("classic", 9), ("x", 9), ("hyper", 9), ("classic", 6), ("jigsaw", 7)])
def test_by_kind_the_pieces_are_those_the_shape_tells_on_every_planar_variant(variant: str, size: int):
    model = filled(size, "jigsaw", random.Random(1))[0] if variant == "jigsaw" else fixed_structure(size, variant)
    for group in model.groups:
        assert is_compact(group) == is_compact(Group(group.cells, "group")), group.kind
