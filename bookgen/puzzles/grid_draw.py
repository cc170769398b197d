"""Drawing what grid puzzles share, through the Pen in cell units: cell lines, thick
borders between regions, givens and answers, and light shading with black marks that
survive a photocopier."""

from __future__ import annotations

from typing import Callable

from bookgen.model import Grid, GridModel, outline
from bookgen.puzzles.pen import Pen, Point, Weight

def draw_cell_lines(pen: Pen, model: GridModel) -> None:
    """Thin lines around every cell of the puzzle, each edge drawn once."""
    cells = set(model.cells)
    edges = []
    for r, c in sorted(cells):
        edges.append([(c, r), (c + 1, r)])
        edges.append([(c, r), (c, r + 1)])
        if (r, c + 1) not in cells:
            edges.append([(c + 1, r), (c + 1, r + 1)])
        if (r + 1, c) not in cells:
            edges.append([(c, r + 1), (c + 1, r + 1)])
    pen.polylines(edges, Weight.THIN)


def draw_region_borders(pen: Pen, regions: list[frozenset], weight: Weight) -> None:
    """Thick lines on every edge where two regions meet (each edge once)."""
    region_of = {cell: ri for ri, region in enumerate(regions) for cell in region}
    for (r, c), ri in sorted(region_of.items()):
        right, below = region_of.get((r, c + 1)), region_of.get((r + 1, c))
        if right is not None and right != ri:
            pen.line((c + 1, r), (c + 1, r + 1), weight)
        if below is not None and below != ri:
            pen.line((c, r + 1), (c + 1, r + 1), weight)


# Draws one value in a square, centred at a point, for a type that prints values as
# drawings rather than text (pictures): (pen, value, centre).
Symbol = Callable[[Pen, int, Point], None]


def draw_values(pen: Pen, model: GridModel, grid: Grid | None, label=str, size: float = 0.5,
                symbol: Symbol | None = None) -> None:
    """Givens in bold; with a solution grid, the other cells' answers in regular type.
    With `symbol`, every value is drawn by it instead, givens and answers alike."""
    given = {(r, c): v for r, c, v in model.givens}
    for r, c in model.cells:
        value = given.get((r, c), grid[r][c] if grid is not None else None)
        if value is None:
            continue
        if symbol is not None:
            symbol(pen, value, (c + 0.5, r + 0.5))
        else:
            pen.text((c + 0.5, r + 0.5), label(value), size, bold=(r, c) in given)


# Light shading of a variant's extra groups (X diagonals, hyper windows): a tint of
# ink, never colour, dark enough to survive a photocopier (print conventions: at least
# 10% grey) and light enough that bold givens on it stay crisp.
SHADE_GRAY = 0.15


def shade_cells(pen: Pen, cells: frozenset | set, gray: float = SHADE_GRAY) -> None:
    """Fill the cells with a grey tint, one polygon per connected piece (no seams between
    cells). Draw it first: lines and digits go on top."""
    for loop in outline(frozenset(cells)):
        pen.fill(loop, gray)


# Group kinds drawn by the sudoku family: shaded extra groups (X diagonals, hyper
# windows) and pieces outlined with thick lines (boxes, jigsaw regions).
SHADED_KINDS = ("diagonal", "window")
OUTLINED_KINDS = ("box", "region")

# A tint alone is lost on a photocopier set to black and white (it thresholds at about
# half grey), so every shaded group is also marked in black ink that keeps clear of
# the digits. A diagonal: the line it runs along, drawn only near the cell corners it
# passes through (STUB of the cell each way from a corner, along the diagonal), so it
# reads as a dotted diagonal with the cells' middles free. A window: an outline just
# inside its edge (WINDOW_INSET), set apart from the cell and box lines it runs beside.
STUB = 0.2
WINDOW_INSET = 0.08


def mark_diagonal(pen: Pen, cells: tuple) -> None:
    """Short black strokes along a diagonal, from each corner it passes through of each
    of its cells towards the cell's middle; consecutive cells' strokes meet at the
    corner they share. A group that is not a straight diagonal is outlined instead."""
    steps = {r - c for r, c in cells}, {r + c for r, c in cells}
    if len(steps[0]) == 1:
        corners = [((c, r), (1, 1)) for r, c in cells]  # top-left to bottom-right
    elif len(steps[1]) == 1:
        corners = [((c + 1, r), (-1, 1)) for r, c in cells]  # top-right to bottom-left
    else:
        mark_window(pen, frozenset(cells))
        return
    for (x, y), (dx, dy) in corners:
        pen.line((x, y), (x + dx * STUB, y + dy * STUB), Weight.MARK)
        far = (x + dx, y + dy)
        pen.line(far, (far[0] - dx * STUB, far[1] - dy * STUB), Weight.MARK)


def mark_window(pen: Pen, cells: frozenset) -> None:
    """A line just inside the edge of each piece of the group."""
    for loop in outline(cells):
        pen.outline(_inset(loop, WINDOW_INSET), Weight.MARK)


def _inset(loop: list, d: float) -> list:
    """A loop of corners (region on the right, y down) moved `d` inside."""
    moved = []
    for i, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[i - 1], loop[(i + 1) % len(loop)]
        a = ((x > px) - (x < px), (y > py) - (y < py))
        b = ((nx > x) - (nx < x), (ny > y) - (ny < y))
        moved.append((x + d * (-a[1] - b[1]), y + d * (a[0] + b[0])))
    return moved


def draw_sudoku_grid(pen: Pen, model: GridModel, grid: Grid | None = None, label=str,
                     symbol: Symbol | None = None) -> None:
    """A sudoku-family grid with its variant's markings, from the groups' kinds alone:
    shading first (lines and digits go over it), then cell lines, thick lines between
    boxes or jigsaw regions, the frame, and the values. Puzzle and answer key alike."""
    shaded = {cell for g in model.groups if g.kind in SHADED_KINDS for cell in g.cells}
    if shaded:
        shade_cells(pen, shaded)
    draw_cell_lines(pen, model)
    for group in model.groups:
        if group.kind == "diagonal":
            mark_diagonal(pen, group.cells)
        elif group.kind == "window":
            mark_window(pen, frozenset(group.cells))
    pieces = [frozenset(g.cells) for g in model.groups if g.kind in OUTLINED_KINDS]
    draw_region_borders(pen, pieces, Weight.BOX)
    pen.outline([(0, 0), (model.cols, 0), (model.cols, model.rows), (0, model.rows)], Weight.BORDER)
    draw_values(pen, model, grid, label, symbol=symbol)
