"""The shapes of the sudoku variants: which cells must hold different symbols.

Every variant is the one GridModel with rows and columns, plus its own all-different
groups, each tagged with a kind that drawing and the interchange JSON use (the grader
never looks at kinds other than row and column):
- classic: the boxes ("box"), on sizes with a box shape;
- x: the boxes and both main diagonals ("diagonal");
- hyper (windoku, 9x9): the boxes and four extra 3x3 windows ("window") whose top-left
  corners are rows/columns 1 and 5 (counting from 0);
- jigsaw: no boxes but irregular connected regions of N cells ("region"), drawn at
  random for each puzzle from the puzzle's rng.

Pure functions of (size, variant, rng): no drawing, no generation of givens.
"""

from __future__ import annotations

import random
from functools import lru_cache

from bookgen.errors import GenerationError
from bookgen.model import Cell, Grid, GridModel, Group, full_cells, is_connected, line_groups
from bookgen.solve.search import SearchAborted, solver_for

# Box shape (rows, cols) per grid size: the wider side across, as published.
BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}

VARIANTS = ("classic", "x", "hyper", "jigsaw")
HYPER_SIZE = 9
HYPER_CORNERS = (1, 5)  # rows and columns where the four windows start
JIGSAW_SIZES = (5, 6, 7, 8, 9)

# Jigsaw layouts: swaps tried per cell of the grid when shuffling the regions, half of
# them free and half biased towards compact pieces (see COMPACT). Measured on seeds
# 0-99 (layout and a full solution): median 19 ms for 5x5, 58 ms for 8x8, 81 ms for 9x9
# (max 0.8 s); rectangular pieces per 9x9 layout 0.6 on average.
SWAPS_PER_CELL = 15
# Full solutions: the first search may branch FIRST_NODES times, each restart twice as
# often. A jigsaw layout gets LAYOUT_TRIES searches before another layout is drawn, at
# most LAYOUT_ATTEMPTS layouts. Measured on 60 seeds of 9x9: 57 layouts had a solution
# found within five searches from 100 nodes (one search of 2000 nodes: 42).
FIRST_NODES = 100
LAYOUT_TRIES = 5
LAYOUT_ATTEMPTS = 40
# A swap that lengthens the borders by k edges is kept with probability COMPACT**k:
# without this the pieces grow into long snakes, which look unlike published jigsaws
# and more often admit no solution.
COMPACT = 0.4


def boxes(size: int) -> tuple[Group, ...]:
    """The boxes of a classic sudoku of this size, in reading order."""
    box_rows, box_cols = BOX_SHAPES[size]
    return tuple(
        Group(tuple((r0 + r, c0 + c) for r in range(box_rows) for c in range(box_cols)), "box")
        for r0 in range(0, size, box_rows)
        for c0 in range(0, size, box_cols)
    )


def diagonals(size: int) -> tuple[Group, Group]:
    """The two main diagonals, top-left to bottom-right and top-right to bottom-left."""
    return (
        Group(tuple((i, i) for i in range(size)), "diagonal"),
        Group(tuple((i, size - 1 - i) for i in range(size)), "diagonal"),
    )


def windows() -> tuple[Group, ...]:
    """The four extra 3x3 windows of a hyper sudoku."""
    return tuple(
        Group(tuple((r0 + r, c0 + c) for r in range(3) for c in range(3)), "window")
        for r0 in HYPER_CORNERS
        for c0 in HYPER_CORNERS
    )


def _model(size: int, extra: tuple[Group, ...]) -> GridModel:
    return GridModel(size, size, tuple(range(1, size + 1)), full_cells(size, size), line_groups(size, size) + extra)


def lines_only(size: int) -> GridModel:
    """Rows and columns alone: what every variant of a size shares (a jigsaw's stand-in
    before its regions are drawn)."""
    return _model(size, ())


@lru_cache(maxsize=None)
def fixed_structure(size: int, variant: str = "classic") -> GridModel:
    """The empty sudoku of a variant whose shape does not vary (classic, x, hyper)."""
    if variant == "classic":
        return _model(size, boxes(size))
    if variant == "x":
        return _model(size, boxes(size) + diagonals(size))
    if variant == "hyper":
        if size != HYPER_SIZE:
            raise ValueError(f"a hyper sudoku is {HYPER_SIZE}x{HYPER_SIZE}")
        return _model(size, boxes(size) + windows())
    raise ValueError(f"the {variant} variant has no fixed shape")


def region_groups(model: GridModel, kind: str) -> list[frozenset[Cell]]:
    """The cells of every group of a kind (for drawing)."""
    return [frozenset(g.cells) for g in model.groups if g.kind == kind]


# --- jigsaw layouts ------------------------------------------------------------------


def jigsaw_filled(size: int, rng: random.Random) -> tuple[GridModel, Grid]:
    """A random jigsaw sudoku shape and a full solution of it.

    Some partitions of the grid into N connected N-cell pieces admit no Latin square,
    and on others a random search can wander long; a layout whose solution is not found
    in a few short searches is dropped and another one drawn.
    """
    if size not in JIGSAW_SIZES:
        raise ValueError(f"a jigsaw sudoku is {JIGSAW_SIZES[0]}x{JIGSAW_SIZES[0]} to {JIGSAW_SIZES[-1]}x{JIGSAW_SIZES[-1]}")
    for _ in range(LAYOUT_ATTEMPTS):
        regions = jigsaw_regions(size, rng)
        model = _model(size, tuple(Group(cells, "region") for cells in regions))
        solution = random_solution(model, rng, LAYOUT_TRIES)
        if solution is not None:
            return model, solution
    raise GenerationError(f"no {size}x{size} jigsaw layout with a solution found; try another seed")


def filled(size: int, variant: str, rng: random.Random) -> tuple[GridModel, Grid]:
    """The empty sudoku of a variant (a jigsaw's regions drawn from `rng`) and a random
    full solution of it."""
    if variant == "jigsaw":
        return jigsaw_filled(size, rng)
    model = fixed_structure(size, variant)
    solution = random_solution(model, rng)
    if solution is None:
        raise GenerationError(f"a {size}x{size} {variant} sudoku has no solution at all")
    return model, solution


def random_solution(model: GridModel, rng: random.Random, tries: int | None = None) -> Grid | None:
    """A random full solution, by short searches restarted with a doubling node limit
    (None when there is none, or none was found in `tries` searches).

    A random search's running time is heavy-tailed: one 12x12 X-sudoku seed of 100 took
    137 s in one search where the median is 8 ms; restarts cut the tail off.
    """
    solver = solver_for(model)
    limit = FIRST_NODES
    for _ in range(tries) if tries is not None else iter(int, 1):
        try:
            return solver.random_solution(rng, limit)
        except SearchAborted:
            limit *= 2
    return None


def jigsaw_regions(size: int, rng: random.Random) -> tuple[tuple[Cell, ...], ...]:
    """N connected regions of N cells, few rectangles, none a whole row or column.

    Starts from a valid partition (the boxes, or the rows on sizes without boxes) and
    shuffles it: a cell on a region's edge moves to the neighbouring region while a cell
    of that region moves back, whenever both regions stay connected. Every step keeps
    the partition valid, so the result always is.
    """
    while True:
        region_of = _start(size)
        _shuffle(region_of, size, rng)
        regions = _regions(region_of, size)
        if _acceptable(regions, size):
            return regions


def _start(size: int) -> dict[Cell, int]:
    if size in BOX_SHAPES:
        return {cell: gi for gi, g in enumerate(boxes(size)) for cell in g.cells}
    return {(r, c): r for r, c in full_cells(size, size)}


def _neighbours(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def _shuffle(region_of: dict[Cell, int], size: int, rng: random.Random) -> None:
    members: list[set[Cell]] = [set() for _ in range(size)]
    for cell, ri in region_of.items():
        members[ri].add(cell)
    cells = sorted(region_of)
    swaps = SWAPS_PER_CELL * size * size
    for step in range(swaps):
        # Hot first (any swap that keeps the pieces connected), then cooling towards
        # compact pieces: starting compact would leave the pieces near the boxes.
        compact = 1.0 if step < swaps // 2 else COMPACT
        a = rng.choice(cells)
        ra = region_of[a]
        others = sorted({region_of[n] for n in _neighbours(a, size)} - {ra})
        if not others:
            continue
        rb = rng.choice(others)
        # A cell of B that will touch A once `a` has left it.
        rest_a = members[ra] - {a}
        choices = sorted(b for b in members[rb] if any(n in rest_a for n in _neighbours(b, size)))
        if not choices:
            continue
        b = rng.choice(choices)
        before = _border_edges(region_of, (a, b), size)
        region_of[a], region_of[b] = rb, ra
        rise = _border_edges(region_of, (a, b), size) - before
        new_a, new_b = rest_a | {b}, (members[rb] - {b}) | {a}
        if (rise <= 0 or rng.random() < compact ** rise) and is_connected(frozenset(new_a)) \
                and is_connected(frozenset(new_b)):
            members[ra], members[rb] = new_a, new_b
        else:
            region_of[a], region_of[b] = ra, rb


def _border_edges(region_of: dict[Cell, int], cells: tuple[Cell, ...], size: int) -> int:
    """Edges touching `cells` that separate two regions (their share of the borders)."""
    edges = {frozenset((x, n)) for x in cells for n in _neighbours(x, size)}
    return sum(1 for e in edges if len({region_of[x] for x in e}) == 2)


def _regions(region_of: dict[Cell, int], size: int) -> tuple[tuple[Cell, ...], ...]:
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


def _acceptable(regions: tuple[tuple[Cell, ...], ...], size: int) -> bool:
    """At most a third of the regions rectangles (a jigsaw should look irregular; all
    rectangles would be a classic sudoku), and no region a whole row or column (it adds
    nothing and looks like a mistake)."""
    if sum(is_rectangle(cells) for cells in regions) > size // 3:
        return False
    return not any(len({r for r, _c in cells}) == 1 or len({c for _r, c in cells}) == 1 for cells in regions)
