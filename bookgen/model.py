"""The generic constraint model every grid puzzle is expressed in.

A grid of positions (row, col); the puzzle's cells are some or all of them (a samurai
leaves holes). Each cell takes one of `symbols` (integers; how they are printed is the
puzzle type's business). Constraints are all-different groups, arithmetic cages and
inequalities between two cells (greater-than signs).
Standard library only: this module is the bottom of the import graph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

Cell = tuple[int, int]
Grid = tuple[tuple[int | None, ...], ...]

OPS = ("+", "-", "*", "/", "=")


@dataclass(frozen=True)
class Group:
    """Cells that must all hold different symbols (a row, a column, a box, a diagonal...)."""

    cells: tuple[Cell, ...]
    kind: str = "group"


@dataclass(frozen=True)
class Cage:
    """Cells whose symbols combine by `op` to `target`.

    `+` sum, `*` product, `-` difference and `/` quotient of two cells (larger over
    smaller), `=` a single cell equal to target. `distinct` forbids repeats inside the
    cage (killer sudoku); without it repeats are allowed unless a group forbids them.
    """

    cells: tuple[Cell, ...]
    op: str
    target: int
    distinct: bool = False

    @property
    def anchor(self) -> Cell:
        """Where the clue is printed: the top-most, then left-most cell."""
        return min(self.cells)


@dataclass(frozen=True)
class Inequality:
    """Two cells whose symbols compare: `smaller` holds a lower symbol than `larger` (a
    greater-than sign between neighbours)."""

    smaller: Cell
    larger: Cell


@dataclass(frozen=True)
class GridModel:
    """A grid puzzle's structure: its cells, symbols, groups, cages and inequalities."""

    rows: int
    cols: int
    symbols: tuple[int, ...]
    cells: tuple[Cell, ...]
    groups: tuple[Group, ...] = ()
    cages: tuple[Cage, ...] = ()
    givens: tuple[tuple[int, int, int], ...] = field(default=())
    # After the givens, so every model made before signs existed is made the same way.
    inequalities: tuple[Inequality, ...] = ()

    @cached_property
    def index(self) -> dict[Cell, int]:
        """Position -> cell number, in reading order of `cells`."""
        return {cell: i for i, cell in enumerate(self.cells)}

    @cached_property
    def structure(self) -> GridModel:
        """The model without its givens: what the engine compiles once per shape."""
        return self.with_givens(()) if self.givens else self

    def with_givens(self, givens: dict[Cell, int] | tuple[tuple[int, int, int], ...]) -> GridModel:
        items = givens.items() if isinstance(givens, dict) else (((r, c), v) for r, c, v in givens)
        ordered = tuple(sorted((r, c, v) for (r, c), v in items))
        made = GridModel(self.rows, self.cols, self.symbols, self.cells, self.groups, self.cages, ordered,
                         self.inequalities)
        # The same cells, groups and cages: the new model shares what was worked out from
        # them (a generator tries thousands of givens on one shape, and working these out
        # again, hashing the whole shape to find its compiled grid, cost more than a step).
        known = made.__dict__
        if "index" in self.__dict__:
            known["index"] = self.index
        if not self.givens:
            known["structure"] = self
        elif "structure" in self.__dict__:
            known["structure"] = self.structure
        return made

    def empty_grid(self) -> list[list[int | None]]:
        return [[None] * self.cols for _ in range(self.rows)]


def grid_from_values(model: GridModel, values: list[int]) -> Grid:
    """A full grid (rows of values, None off the puzzle) from values in cell order."""
    grid = model.empty_grid()
    for (r, c), v in zip(model.cells, values):
        grid[r][c] = v
    return tuple(tuple(row) for row in grid)


def full_cells(rows: int, cols: int) -> tuple[Cell, ...]:
    return tuple((r, c) for r in range(rows) for c in range(cols))


def line_groups(rows: int, cols: int, r0: int = 0, c0: int = 0) -> tuple[Group, ...]:
    """The rows and columns of a rows x cols block whose top-left is (r0, c0)."""
    row_groups = tuple(Group(tuple((r0 + r, c0 + c) for c in range(cols)), "row") for r in range(rows))
    col_groups = tuple(Group(tuple((r0 + r, c0 + c) for r in range(rows)), "column") for c in range(cols))
    return row_groups + col_groups


def is_connected(cells: tuple[Cell, ...] | frozenset[Cell]) -> bool:
    """True when the cells form one orthogonally connected piece."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        r, c = stack.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in remaining:
                remaining.remove(near)
                stack.append(near)
    return not remaining


# Kinds of group that are pieces of the grid a child scans as a whole (cross-hatching),
# as opposed to lines: boxes, jigsaw regions (on a torus too), hyper windows.
COMPACT_KINDS = ("box", "region", "window")


def is_compact(group: Group) -> bool:
    """A box or region, as opposed to a line: by its kind, or, for a group of no known
    kind (read from a file without kinds), by its shape: connected and spanning more than
    one row and more than one column. The kind decides first because a region of a
    toroidal sudoku may leave the grid on one side and come back on the other: it is
    not connected on the page, yet it is scanned as one piece like any region."""
    if group.kind != "group":
        return group.kind in COMPACT_KINDS
    cells = group.cells
    return len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1 and is_connected(cells)


Point = tuple[int, int]


def outline(cells: tuple[Cell, ...] | frozenset[Cell]) -> list[list[Point]]:
    """The boundary of a set of cells as closed loops of grid points (x=col, y=row).

    Each loop lists its corners only (collinear points merged), so a drawing of it joins
    cleanly at every corner. A region with a hole gives more than one loop.
    """
    inside = set(cells)
    # Directed boundary edges with the region on the right-hand side (clockwise with y down).
    edges: dict[Point, list[Point]] = {}

    def add(a: Point, b: Point) -> None:
        edges.setdefault(a, []).append(b)

    for r, c in inside:
        if (r - 1, c) not in inside:
            add((c, r), (c + 1, r))
        if (r, c + 1) not in inside:
            add((c + 1, r), (c + 1, r + 1))
        if (r + 1, c) not in inside:
            add((c + 1, r + 1), (c, r + 1))
        if (r, c - 1) not in inside:
            add((c, r + 1), (c, r))
    loops: list[list[Point]] = []
    while edges:
        start = min(edges)
        loop = [start]
        point = start
        prev_dir: Point | None = None
        while True:
            options = edges[point]
            # At a point where two corners touch, turn right first so loops stay simple.
            nxt = options[0] if len(options) == 1 else _rightmost(point, prev_dir, options)
            options.remove(nxt)
            if not options:
                del edges[point]
            prev_dir = (nxt[0] - point[0], nxt[1] - point[1])
            point = nxt
            if point == start:
                break
            loop.append(point)
        loops.append(_corners(loop))
    return loops


def _rightmost(point: Point, prev_dir: Point | None, options: list[Point]) -> Point:
    if prev_dir is None:
        return options[0]
    dx, dy = prev_dir
    right = (-dy, dx)  # y grows downward, so this is a right turn
    for cand in options:
        if (cand[0] - point[0], cand[1] - point[1]) == right:
            return cand
    return options[0]


def _corners(loop: list[Point]) -> list[Point]:
    n = len(loop)
    kept = []
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) != (p[1] - a[1]) * (b[0] - p[0]):
            kept.append(p)
    return kept
