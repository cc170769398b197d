"""Drawing a killer sudoku the way published ones look.

Cage outlines are thin dashed lines inset inside the cells, so they never sit on the grid
lines; each cage's sum is printed small in the top-left corner of its first cell (top-most,
then left-most), and the dashed line is broken around it. Box lines are thick. The answer
key is the same drawing with the solution's digits, so it shows the cages too.
"""

from __future__ import annotations

from bookgen.model import Grid, GridModel, outline
from bookgen.puzzles import grid_draw
from bookgen.puzzles.base import Pen, Weight

# Sizes in cell units (see the shared print conventions): the cage line inset about 5/40
# of the cell, the sum about 1/4 of the cell high, digits about 1/2.
INSET = 0.125
SUM_SIZE = 0.21
SUM_AT = 0.06  # the sum's top-left, from the cell's top-left corner
SUM_GAP = 0.05  # clear space between the sum and the broken dashed line
DASH, GAP = 0.11, 0.07
DIGIT_SIZE = 0.40
# Digits sit a little below the middle, clear of the sum in the corner.
DIGIT_Y = 0.56
# What is left of a dash cut by the sum's box and shorter than this would print as a
# stray dot: it is dropped.
SHORTEST = 0.03

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


def dashes(a: Point, b: Point) -> list[tuple[Point, Point]]:
    """Dashes along a straight side, starting and ending with a dash so corners read as
    corners; the gaps stretch a little to make the count whole."""
    length = abs(b[0] - a[0]) + abs(b[1] - a[1])
    count = max(1, round((length + GAP) / (DASH + GAP)))
    gap = (length - count * DASH) / (count - 1) if count > 1 else 0.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    found = []
    for i in range(count):
        s = i * (DASH + gap)
        e = min(s + DASH, length)
        found.append(((a[0] + ux * s, a[1] + uy * s), (a[0] + ux * e, a[1] + uy * e)))
    return found


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


def draw_killer(model: GridModel, pen: Pen, solution: Grid | None = None) -> None:
    grid_draw.draw_cell_lines(pen, model)
    for cage in model.cages:
        r, c = cage.anchor
        text = str(cage.target)
        width = pen.text_width(text, SUM_SIZE)
        label: Box = (c, r, c + SUM_AT + width + SUM_GAP, r + SUM_AT + SUM_SIZE + SUM_GAP)
        for loop in outline(cage.cells):
            points = inset_loop(loop, INSET)
            for i, p in enumerate(points):
                for dash in dashes(p, points[(i + 1) % len(points)]):
                    for part in clip_out(dash, label):
                        pen.line(part[0], part[1], Weight.THIN)
        pen.text((c + SUM_AT, r + SUM_AT), text, SUM_SIZE, align="topleft")
    boxes = [frozenset(g.cells) for g in model.groups if g.kind == "box"]
    grid_draw.draw_region_borders(pen, boxes, Weight.BOX)
    pen.outline([(0, 0), (model.cols, 0), (model.cols, model.rows), (0, model.rows)], Weight.BORDER)
    given = {(r, c): v for r, c, v in model.givens}
    for r, c in model.cells:
        if (r, c) in given:
            pen.text((c + 0.5, r + DIGIT_Y), str(given[(r, c)]), DIGIT_SIZE, bold=True)
        elif solution is not None:
            pen.text((c + 0.5, r + DIGIT_Y), str(solution[r][c]), DIGIT_SIZE)
