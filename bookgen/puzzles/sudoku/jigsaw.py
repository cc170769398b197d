"""Irregular regions: N regions of N cells each, drawn at random for every puzzle (jigsaw
sudoku on the page, toroidal sudoku on a torus), and a full grid of them.

A layout starts from a valid partition (the boxes, or the rows on sizes without boxes)
and is shuffled: a cell on a region's edge moves to the neighbouring region while a cell
of that region moves back, whenever both regions stay connected. Every step keeps the
partition valid, so the result always is. Which cells touch, and so what connected
means, is the layout's topology: the page, or a torus where rows and columns wrap. The
shuffle runs in the engine (engine/src/regions.rs) on its own random source, seeded by
one draw from the puzzle's rng a layout.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from bookgen.errors import GenerationError
from bookgen.model import Cell, Group, full_cells
from bookgen.solve import engine
from bookgen.puzzles.sudoku.shapes import BOX_SHAPES, Filled, boxes, random_solution, square_model

Regions = tuple[tuple[Cell, ...], ...]

# Swaps tried per cell of the grid when shuffling the regions, half of them free and half
# biased towards compact pieces (see COMPACT). Measured on seeds 0-99 (layout and a full
# solution): median 19 ms for 5x5, 58 ms for 8x8, 81 ms for 9x9 (max 0.8 s); rectangular
# pieces per 9x9 layout 0.6 on average.
SWAPS_PER_CELL = 15
# A layout gets LAYOUT_TRIES searches for a full grid before another layout is drawn,
# at most LAYOUT_ATTEMPTS layouts (some partitions admit no Latin square at all).
LAYOUT_TRIES = 5
LAYOUT_ATTEMPTS = 40
# A swap that lengthens the borders by k edges is kept with probability COMPACT**k:
# without this the pieces grow into long snakes, which look unlike published jigsaws
# and more often admit no solution.
COMPACT = 0.4


@dataclass(frozen=True)
class Topology:
    """Which cells of a size x size grid touch: the page, or a torus (`torus`) where rows
    and columns wrap; the engine's shuffle keeps every region connected in it."""

    torus: bool


PLANE = Topology(False)


def layout_filled(size: int, rng: random.Random, topology: Topology,
                  acceptable: Callable[[Regions, int], bool], what: str) -> Filled:
    """A random layout of regions (kind "region") and a full solution of it. A layout
    whose solution is not found in a few short searches is dropped and another drawn: on
    some a random search can wander long, and some admit none."""
    for _ in range(LAYOUT_ATTEMPTS):
        regions = layout(size, rng, topology, acceptable)
        model = square_model(size, tuple(Group(cells, "region") for cells in regions))
        solution = random_solution(model, rng, LAYOUT_TRIES)
        if solution is not None:
            return model, solution
    raise GenerationError(f"no {size}x{size} {what} layout with a solution found; try another seed")


def layout(size: int, rng: random.Random, topology: Topology = PLANE,
           acceptable: Callable[[Regions, int], bool] | None = None) -> Regions:
    """N connected regions of N cells that `acceptable` takes (by default a jigsaw's)."""
    acceptable = acceptable or jigsaw_acceptable
    cells = list(full_cells(size, size))
    while True:
        start = _start(size)
        shuffled = engine.shuffle_regions(size, topology.torus, [start[cell] for cell in cells],
                                          SWAPS_PER_CELL * size * size, COMPACT, rng.getrandbits(64))
        regions = _regions(dict(zip(cells, shuffled)))
        if acceptable(regions, size):
            return regions


def _start(size: int) -> dict[Cell, int]:
    if size in BOX_SHAPES:
        return {cell: gi for gi, g in enumerate(boxes(size)) for cell in g.cells}
    return {(r, c): r for r, c in full_cells(size, size)}


def _regions(region_of: dict[Cell, int]) -> Regions:
    """The regions in reading order of their first cell (so the layout prints the same
    whatever numbering the shuffle left)."""
    groups: dict[int, list[Cell]] = {}
    for cell in sorted(region_of):
        groups.setdefault(region_of[cell], []).append(cell)
    return tuple(sorted(tuple(cells) for cells in groups.values()))


def is_rectangle(cells: tuple[Cell, ...]) -> bool:
    rows = {r for r, _c in cells}
    cols = {c for _r, c in cells}
    return len(rows) * len(cols) == len(cells)


def jigsaw_acceptable(regions: Regions, size: int) -> bool:
    """At most a third of the regions rectangles (a jigsaw should look irregular; all
    rectangles would be a classic sudoku), and no region a whole row or column (it adds
    nothing and looks like a mistake)."""
    if sum(is_rectangle(cells) for cells in regions) > size // 3:
        return False
    return not any(len({r for r, _c in cells}) == 1 or len({c for _r, c in cells}) == 1 for cells in regions)
