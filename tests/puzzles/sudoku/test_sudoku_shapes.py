from __future__ import annotations

import random

import pytest

from bookgen.model import is_connected
from bookgen.puzzles import grid_draw
from bookgen.puzzles.sudoku import jigsaw, shapes, variants
from bookgen.puzzles.grid import check_grid

SEEDS = range(8)


def kinds(model) -> dict[str, list[frozenset]]:
    found: dict[str, list[frozenset]] = {}
    for g in model.groups:
        found.setdefault(g.kind, []).append(frozenset(g.cells))
    return found


@pytest.mark.parametrize("size", sorted(shapes.BOX_SHAPES))
def test_classic_has_rows_columns_and_boxes_that_tile_the_grid(size: int):
    groups = kinds(shapes.fixed_structure(size))
    assert sorted(groups) == ["box", "column", "row"]
    assert all(len(g) == size for gs in groups.values() for g in gs)
    assert set().union(*groups["box"]) == {(r, c) for r in range(size) for c in range(size)}
    assert len(groups["box"]) == size


def test_x_sudoku_adds_exactly_the_two_main_diagonals():
    groups = kinds(shapes.fixed_structure(9, "x"))
    assert groups["diagonal"] == [frozenset((i, i) for i in range(9)), frozenset((i, 8 - i) for i in range(9))]
    assert len(groups["box"]) == 9


def test_hyper_adds_four_windows_at_rows_and_columns_1_and_5():
    groups = kinds(shapes.fixed_structure(9, "hyper"))
    corners = sorted(min(w) for w in groups["window"])
    assert corners == [(1, 1), (1, 5), (5, 1), (5, 5)]
    assert all(len(w) == 9 and max(w)[0] - min(w)[0] == 2 for w in groups["window"])


def test_hyper_is_only_nine_by_nine():
    with pytest.raises(ValueError):
        shapes.fixed_structure(6, "hyper")


@pytest.mark.parametrize("size", [pytest.param(n, marks=pytest.mark.slow) if n >= 8 else n
                                  for n in variants.JIGSAW_SIZES])
def test_jigsaw_regions_are_connected_pieces_of_n_cells_that_tile_the_grid(size: int):
    for seed in SEEDS:
        regions = jigsaw.layout(size, random.Random(seed))
        assert len(regions) == size
        assert all(len(r) == size and is_connected(r) for r in regions)
        cells = [cell for r in regions for cell in r]
        assert sorted(cells) == [(r, c) for r in range(size) for c in range(size)]


@pytest.mark.parametrize("size", [pytest.param(n, marks=pytest.mark.slow) if n >= 8 else n
                                  for n in variants.JIGSAW_SIZES])
def test_jigsaw_regions_are_mostly_irregular_and_never_a_whole_line(size: int):
    for seed in SEEDS:
        regions = jigsaw.layout(size, random.Random(seed))
        assert sum(jigsaw.is_rectangle(r) for r in regions) <= size // 3
        assert not any(len({r for r, _ in reg}) == 1 or len({c for _, c in reg}) == 1 for reg in regions)


def test_jigsaw_layouts_differ_between_seeds_and_repeat_for_one_seed():
    layouts = [jigsaw.layout(9, random.Random(seed)) for seed in SEEDS]
    assert len(set(layouts)) == len(layouts)
    assert jigsaw.layout(9, random.Random(3)) == layouts[3]


@pytest.mark.parametrize("size,variant", [(6, "x"), (9, "x"), (12, "x"), (9, "hyper"), (5, "jigsaw"), (7, "jigsaw"), (9, "jigsaw")])
def test_filled_gives_a_solution_that_obeys_every_group(size: int, variant: str):
    for seed in range(3):
        model, solution = variants.filled(size, variant, random.Random(seed))
        assert check_grid(model, solution) == []
        if variant == "jigsaw":
            assert len(kinds(model)["region"]) == size and "box" not in kinds(model)


def test_filled_is_deterministic_per_seed():
    assert variants.filled(8, "jigsaw", random.Random(4)) == variants.filled(8, "jigsaw", random.Random(4))


class FillPen:
    def __init__(self):
        self.fills = []

    def fill(self, points, gray):
        self.fills.append((points, gray))

    def fill_loops(self, loops, gray):
        self.fills.extend((loop, gray) for loop in loops)


def test_shading_covers_exactly_the_diagonal_cells_in_a_light_grey():
    pen = FillPen()
    cells = frozenset((i, i) for i in range(5)) | frozenset((i, 4 - i) for i in range(5))
    grid_draw.shade_cells(pen, cells)
    assert all(0.1 <= gray <= 0.25 for _, gray in pen.fills)
    area = sum(_area(points) for points, _ in pen.fills)
    assert area == len(cells)


def _area(points) -> float:
    """Shoelace area of a polygon (a loop pinched at a corner counts each lobe once)."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2
