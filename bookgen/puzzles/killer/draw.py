"""Drawing a killer sudoku the way published ones look.

Cage outlines are thin dashed lines inset inside the cells, so they never sit on the grid
lines; each corner is one dash bent round it (a corner reads as a corner, with no stub
or tick), the dashes between corners spaced evenly. Each cage's sum is printed small in
the top-left corner of its first cell (top-most, then left-most), clear of every line
(Tatham's killer leaves about 1.6 mm), and the dashed line is broken around it. Box
lines are thick.

The answer key is the same grid with the digits first: digits at full size and
centred, the cages light grey, and the sums left out where they would print smaller
than a reader can take from a photocopy (at answer-key size they always would).
"""

from __future__ import annotations

from functools import lru_cache

from bookgen.model import Grid, GridModel, outline
from bookgen.puzzles import grid_draw
from bookgen.puzzles.pen import LINE_RATIO, Pen, Weight

# Sizes in cell units (see the shared print conventions): the cage line inset about 5/40
# of the cell, the sum a little under 1/4 of the cell high, digits about 1/2.
INSET = 0.125
SUM_SIZE = 0.19
DASH, GAP = 0.11, 0.07
DIGIT_SIZE = 0.40
# Digits on the puzzle (givens) sit below the middle, clear of a sum in the corner.
DIGIT_Y = 0.62
KEY_DIGIT_SIZE = 0.5
# A sum keeps this far from the ink of every line, grid and cage lines alike (points).
POINTS_PER_MM = 72 / 25.4
SUM_CLEAR = 1.5 * POINTS_PER_MM
# A sum is printed only at this cap height or more (points): about a 6 pt font.
MIN_SUM_POINTS = 4.2
# Below a cell of about 8.5 mm (a worked step's small diagram) the clearance cannot be
# had: the sum stays this close to the corner, where it leaves the middle to the digit.
FARTHEST_SUM = 0.22
# When the pen does not say how big a cell is (a drawing recorded in tests), the sums
# are placed as for the smallest cell a book plans by default.
NOMINAL_CELL = 11.5 * POINTS_PER_MM
# What is left of a dash cut by the sum's box and shorter than this would print as a
# stray dot: it is dropped.
SHORTEST = DASH / 2

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def inset_loop(loop: list[tuple[int, int]], d: float) -> list[Point]:
    """A cage's boundary loop (corners, region on the right) moved `d` inside the cage.

    Consecutive edges are perpendicular, so each corner moves by the inward normals of
    its two edges; with y downward the inward (right-hand) normal of a direction (dx, dy)
    is (-dy, dx)."""
    moved = []
    m = len(loop)
    for i, (x, y) in enumerate(loop):
        px, py = loop[i - 1]
        nx, ny = loop[(i + 1) % m]
        a = (_sign(x - px), _sign(y - py))
        b = (_sign(nx - x), _sign(ny - y))
        moved.append((x + d * (-a[1] - b[1]), y + d * (a[0] + b[0])))
    return moved


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


def _toward(a: Point, b: Point, distance: float) -> Point:
    length = abs(b[0] - a[0]) + abs(b[1] - a[1])
    return (a[0] + (b[0] - a[0]) * distance / length, a[1] + (b[1] - a[1]) * distance / length)


def dashed_loop(points: list[Point]) -> list[list[Point]]:
    """A closed loop of axis-parallel sides as dashes: each corner one dash bent round it
    (half a dash along each side), then dashes spread evenly along the rest of each
    side with gaps of about GAP. Each piece is a polyline (two or three points)."""
    arm = DASH / 2
    pieces = []
    m = len(points)
    for i, corner in enumerate(points):
        pieces.append([_toward(corner, points[i - 1], arm), corner, _toward(corner, points[(i + 1) % m], arm)])
    for i, a in enumerate(points):
        b = points[(i + 1) % m]
        rest = abs(b[0] - a[0]) + abs(b[1] - a[1]) - 2 * arm
        count = max(0, round((rest - GAP) / (DASH + GAP)))
        gap = (rest - count * DASH) / (count + 1)
        for k in range(count):
            start = arm + gap + k * (DASH + gap)
            pieces.append([_toward(a, b, start), _toward(a, b, start + DASH)])
    return pieces


def clip_out(seg: tuple[Point, Point], box: Box) -> list[tuple[Point, Point]]:
    """The parts of an axis-parallel segment outside a box (none too short to read as a
    dash)."""
    (x1, y1), (x2, y2) = seg
    x0, y0, bx1, by1 = box
    if y1 == y2:  # horizontal
        if not y0 <= y1 <= by1:
            return [seg]
        lo, hi = sorted((x1, x2))
        parts = [(lo, min(hi, x0)), (max(lo, bx1), hi)]
        return [((p, y1), (q, y1)) for p, q in parts if q - p >= SHORTEST]
    if not x0 <= x1 <= bx1:
        return [seg]
    lo, hi = sorted((y1, y2))
    parts = [(lo, min(hi, y0)), (max(lo, by1), hi)]
    return [((x1, p), (x1, q)) for p, q in parts if q - p >= SHORTEST]


def _kept(piece: list[Point], keep_out: Box | None) -> list[list[Point]]:
    """One dash as the paths to draw (a bent one whole, so its corner is joined), less
    what falls in `keep_out`, the box around a sum."""
    if keep_out is None:
        return [piece]
    # Most dashes are nowhere near the sum: when no side runs across the box's band,
    # clip_out would keep every side whole, and the dash is kept as it is.
    x0, y0, x1, y1 = keep_out
    for (ax, ay), (bx, by) in zip(piece, piece[1:]):
        if (y0 <= ay <= y1) if ay == by else (x0 <= ax <= x1):
            break
    else:
        return [piece]
    sides = list(zip(piece, piece[1:]))
    kept = [part for side in sides for part in clip_out(side, keep_out)]
    if kept == sides and len(piece) > 2:
        return [piece]
    return [[a, b] for a, b in kept]


@lru_cache(maxsize=4096)
def _cage_dashes(cells: tuple) -> tuple[tuple[Point, ...], ...]:
    """A cage's dashes before any is broken round its sum: in cell units, so the same at
    every size (a puzzle is drawn again, smaller, in the answer key)."""
    return tuple(tuple(piece) for loop in outline(cells) for piece in dashed_loop(inset_loop(loop, INSET)))


def sum_offset(cell_points: float) -> float:
    """How far (in cells) a sum sits from its cell's top and left edges: SUM_CLEAR from
    the ink of the thickest line that may run there (the frame), within FARTHEST_SUM."""
    return min(FARTHEST_SUM, SUM_CLEAR / cell_points + LINE_RATIO[Weight.BORDER] / 2)


def draw_killer(model: GridModel, pen: Pen, solution: Grid | None = None) -> None:
    key = solution is not None
    cell_points = pen.cell or NOMINAL_CELL
    # A puzzle always shows its sums; a key only where they are legible.
    show_sums = not key or SUM_SIZE * cell_points >= MIN_SUM_POINTS
    cage_weight = Weight.LIGHT if key else Weight.THIN
    at = sum_offset(cell_points)
    clear = min(SUM_CLEAR / cell_points, at)
    grid_draw.draw_cell_lines(pen, model)
    for cage in model.cages:
        r, c = cage.anchor
        text = str(cage.target)
        keep_out: Box | None = None
        if show_sums:
            width = pen.text_width(text, SUM_SIZE)
            keep_out = (c, r, c + at + width + clear, r + at + SUM_SIZE + clear)
            pen.text((c + at, r + at), text, SUM_SIZE, align="topleft")
        dashes = [path for piece in _cage_dashes(cage.cells) for path in _kept(list(piece), keep_out)]
        pen.polylines(dashes, cage_weight)
    boxes = [frozenset(g.cells) for g in model.groups if g.kind == "box"]
    grid_draw.draw_region_borders(pen, boxes, Weight.BOX)
    pen.outline([(0, 0), (model.cols, 0), (model.cols, model.rows), (0, model.rows)], Weight.BORDER)
    given = {(r, c): v for r, c, v in model.givens}
    size, y = (KEY_DIGIT_SIZE, 0.5) if key and not show_sums else (DIGIT_SIZE, DIGIT_Y)
    for r, c in model.cells:
        if (r, c) in given:
            pen.text((c + 0.5, r + y), str(given[(r, c)]), size, bold=True)
        elif solution is not None:
            pen.text((c + 0.5, r + y), str(solution[r][c]), size)
