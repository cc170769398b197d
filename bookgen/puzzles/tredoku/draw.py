"""A tredoku drawn in isometric projection through the Pen, in cell sides (a square's
edge is one unit on paper, whichever way it runs).

Each face is a parallelogram of 3x3 squares: thin lines between squares, a bold line
round the face. Walls are tinted by the way they look (the tops white, the walls looking
left and right two light greys), so the figure reads as solid; the tints are light enough
for black digits to stay crisp and are never the only sign of anything. Where a line of
squares crosses from one face to the next, a short black mark runs from the middle of the
square's edge a little way into each square, bending with the line at a cube's edge, so
a child can follow the line over the bold edge. Each face's letter (A, B, C... in reading
order, the names the worked steps use) is printed grey beside the face, outside the
figure (a face with faces all round it has it small in its widest corner).
Digits stand upright in the middle of their squares. Puzzle and answer key alike.
"""

from __future__ import annotations

from functools import lru_cache
from math import hypot

from bookgen.model import Cell, Grid, GridModel
from bookgen.puzzles.pen import Pen, Point, Weight
from bookgen.puzzles.tredoku import figures
from bookgen.puzzles.tredoku.figures import SIDE, Face, corner_point, project
from bookgen.puzzles.tredoku.interchange import LETTERS

# Tints of the walls, by the way they look (0 white, 1 black): at least 10% grey, so a
# copier keeps them, and light under black digits.
WALL_GRAY = {figures.X: 0.20, figures.Y: 0.10}
# Digits' cap height in cell sides: a square drawn as a rhombus of 60 and 120 degrees
# holds a circle 0.87 across, so digits a little smaller than a square grid's half.
DIGIT = 0.42
# The marks across an edge reach this share of the way from the edge to the square's
# middle (the digit starts at about 0.58 of it).
MARK_REACH = 0.42
# Face letters: cap height, grey (dark enough to copy), and how far outside the middle of a free edge of their
# face they sit (their middles; the drawing's bounds take them in).
LETTER = 0.3
LETTER_GRAY = 0.75  # 75% black: a copier at a 50% threshold keeps them (the steps name faces by them)
LETTER_OUT = 0.38
# A face with faces all round it on paper (the block's middle top) has its letter inside
# its widest corner, smaller, between the corner and the digit of the corner's square.
LETTER_INSIDE = 0.2
# The smallest type printed, and the most of a type size a font's capitals take.
SMALLEST_LETTER = 5.0
CAP_HEIGHT = 0.75
LETTER_INSET = 0.15


@lru_cache(maxsize=None)
def _origin(name: str) -> tuple[float, float, float, float]:
    """The drawing's bounds on paper (left, top, right, bottom) before moving it to 0, 0."""
    points = [project(corner_point(face, r, c)) for face in figures.faces(name)
              for r in (0, SIDE) for c in (0, SIDE)]
    reach = LETTER * 0.7  # half a letter's height and width, about
    for (x, y), _size in _letter_places(name):
        points += [(x - reach, y - reach), (x + reach, y + reach)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def drawing_size(name: str) -> tuple[float, float]:
    left, top, right, bottom = _origin(name)
    return (round(right - left, 6), round(bottom - top, 6))


def at(name: str, face: Face, row: float, col: float) -> Point:
    """Where `row`, `col` squares into a face lands on the drawing."""
    left, top, _r, _b = _origin(name)
    x, y = project(corner_point(face, row, col))
    return (x - left, y - top)


def cell_frame(name: str, cell: Cell) -> tuple[Point, Point, Point]:
    """A square's top left corner on the drawing and its two edges (across, down): where
    its middle and corners are, for the drawing and for marks drawn over it."""
    face_index, r, c = figures.place(cell)
    face = figures.faces(name)[face_index]
    o, a, b = at(name, face, r, c), at(name, face, r, c + 1), at(name, face, r + 1, c)
    return (o, (a[0] - o[0], a[1] - o[1]), (b[0] - o[0], b[1] - o[1]))


def middle(name: str, cell: Cell) -> Point:
    o, a, b = cell_frame(name, cell)
    return (o[0] + (a[0] + b[0]) / 2, o[1] + (a[1] + b[1]) / 2)


def draw_figure(pen: Pen, name: str, model: GridModel, solution: Grid | None = None) -> None:
    faces = figures.faces(name)
    left, top, _right, _bottom = _origin(name)
    for face in faces:
        gray = WALL_GRAY.get(face.normal)
        if gray:
            pen.fill(_outline(name, face), gray)
    thin = []
    for face in faces:
        for k in range(1, SIDE):
            thin.append([at(name, face, k, 0), at(name, face, k, SIDE)])
            thin.append([at(name, face, 0, k), at(name, face, SIDE, k)])
    pen.polylines(thin, Weight.THIN)
    pen.polylines(crossing_marks(name, model), Weight.MARK)
    for face in faces:
        pen.outline(_outline(name, face), Weight.BOX)
    for k, face in enumerate(faces):
        (x, y), size = _letter_places(name)[k]
        # Where a letter would print under SMALLEST_LETTER points (a corner's letter in the
        # answer key's small drawing) it is left out: the key's digits are what it is for.
        if pen.cell is None or size * pen.cell / CAP_HEIGHT >= SMALLEST_LETTER:
            pen.text((x - left, y - top), LETTERS[k], size, "center", bold=True, gray=LETTER_GRAY)
    given = {(r, c): v for r, c, v in model.givens}
    for cell in model.cells:
        value = given.get(cell, None if solution is None else solution[cell[0]][cell[1]])
        if value is not None:
            pen.text(middle(name, cell), str(value), DIGIT, bold=cell in given)


def _outline(name: str, face: Face) -> list[Point]:
    return [at(name, face, r, c) for r, c in ((0, 0), (0, SIDE), (SIDE, SIDE), (SIDE, 0))]


def crossing_marks(name: str, model: GridModel) -> list[list[Point]]:
    """For each step of a line from one face to the next: a short path from inside the
    first square to the middle of the edge they share, and on into the second."""
    marks = []
    for group in model.groups:
        if group.kind == "box":
            continue
        for a, b in zip(group.cells, group.cells[1:]):
            if figures.place(a)[0] == figures.place(b)[0]:
                continue
            edge = _shared_edge_middle(name, a, b)
            ma, mb = middle(name, a), middle(name, b)
            marks.append([_toward(edge, ma), edge, _toward(edge, mb)])
    return marks


def _toward(p: Point, q: Point) -> Point:
    return (p[0] + (q[0] - p[0]) * MARK_REACH, p[1] + (q[1] - p[1]) * MARK_REACH)


def _shared_edge_middle(name: str, a: Cell, b: Cell) -> Point:
    """The middle of the edge two neighbouring squares share (found in space, where their
    corners meet), on the drawing."""
    def corners(cell: Cell) -> dict[tuple[int, ...], tuple[int, int]]:
        face_index, r, c = figures.place(cell)
        face = figures.faces(name)[face_index]
        return {tuple(round(v) for v in corner_point(face, r + dr, c + dc)): (r + dr, c + dc)
                for dr in (0, 1) for dc in (0, 1)}
    mine, theirs = corners(a), corners(b)
    shared = [mine[p] for p in mine if p in theirs]
    face = figures.faces(name)[figures.place(a)[0]]
    ends = [at(name, face, r, c) for r, c in shared]
    return ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)


@lru_cache(maxsize=None)
def _letter_places(name: str) -> tuple[tuple[Point, float], ...]:
    """Each face's letter: its middle (as projected, before the drawing is moved to 0, 0)
    and its size. Just outside the middle of one of the face's edges that no other face
    covers on paper (the first in the order top, right, bottom, left), clear of every
    square; for a face with faces all round it, inside its widest corner (LETTER_INSIDE)."""
    faces = figures.faces(name)
    outlines = [_projected(face) for face in faces]
    places = []
    for face, corners in zip(faces, outlines):
        middle_x, middle_y = sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4
        found = None
        for k in range(4):
            a, b = corners[k], corners[(k + 1) % 4]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            out = (mx - middle_x, my - middle_y)
            length = hypot(*out)
            spot = (mx + out[0] / length * LETTER_OUT, my + out[1] / length * LETTER_OUT)
            if not any(_inside(spot, other) for other in outlines):
                found = (spot, LETTER)
                break
        places.append(found or (_widest_corner(face), LETTER_INSIDE))
    return tuple(places)


def _widest_corner(face: Face) -> Point:
    """A little way into the face from its first corner of 120 degrees on paper."""
    for r, c in ((0, 0), (0, SIDE), (SIDE, 0), (SIDE, SIDE)):
        p = project(corner_point(face, r, c))
        a = project(corner_point(face, r, c + (1 if c == 0 else -1)))
        b = project(corner_point(face, r + (1 if r == 0 else -1), c))
        u, v = (a[0] - p[0], a[1] - p[1]), (b[0] - p[0], b[1] - p[1])
        if u[0] * v[0] + u[1] * v[1] < -1e-9:
            length = hypot(u[0] + v[0], u[1] + v[1])
            return (p[0] + (u[0] + v[0]) / length * LETTER_INSET, p[1] + (u[1] + v[1]) / length * LETTER_INSET)
    return project(corner_point(face, 0.3, 0.3))


def _projected(face: Face) -> list[Point]:
    return [project(corner_point(face, r, c)) for r, c in ((0, 0), (0, SIDE), (SIDE, SIDE), (SIDE, 0))]


def _inside(p: Point, polygon: list[Point], margin: float = 0.15) -> bool:
    """Whether `p` is within `margin` of the inside of a convex polygon (or in it)."""
    sign = None
    for k in range(len(polygon)):
        a, b = polygon[k], polygon[(k + 1) % len(polygon)]
        ex, ey = b[0] - a[0], b[1] - a[1]
        cross = (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / hypot(ex, ey)
        if sign is None:
            sign = 1 if cross >= 0 else -1
        if cross * sign < -margin:
            return False
    return True
