"""Tredoku figures: faces of cubes in space, each face a 3x3 box, and the lines of cells
that run across them.

A figure is a list of faces, each a unit square of a cube's surface with a corner and two
unit edges along the axes (`across` and `down`, both drawn so the face reads as a page:
`across` goes to the right on paper, `down` downwards). Seen from the direction (1, 1, 1)
only faces whose outward side looks at +x, +y or +z are visible; the figures here use only
those, so every face is seen whole.

Lines are found from the geometry alone: in a cell, going straight on means leaving by
the edge opposite the one you came in by; at the edge of a face the line carries on in
the cell of the next face that shares that edge (flat, or bent round a cube's edge),
until no face does. A line inside one face only is already ruled by the face's box and
is left out. The model's cell positions are the faces laid side by side, three rows a
face, eight faces a band (the interchange form's grid); the drawing knows where each of
them is in space.

The three figures are modelled on the shapes Tredoku is published in (steps, and figures
of stacked cubes seen from a corner); every line is at most nine cells, so it can hold
each digit at most once. Lines of nine cells hold each digit exactly once (a house); the
shorter ones (six cells) only rule out repeats, and the grader and the search know the
difference by their length (engine/src/grader/shape.rs: the groups "holding every
symbol" are those with as many cells as symbols).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import cos, radians

from bookgen.model import Cell, GridModel, Group

Vec = tuple[int, int, int]
# Faces per band of the model's grid (the interchange form keeps grids to 25 columns).
FACES_PER_BAND = 8
SIDE = 3  # cells along a face's edge
SYMBOLS = tuple(range(1, 10))

X, Y, Z = (1, 0, 0), (0, 1, 0), (0, 0, 1)


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


@dataclass(frozen=True)
class Face:
    """A unit square in space: its corner at the top left on paper and its two edges."""

    corner: Vec
    across: Vec
    down: Vec

    @property
    def normal(self) -> Vec:
        (a1, a2, a3), (b1, b2, b3) = self.across, self.down
        return (a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1)


def top(x: int, y: int, z: int) -> Face:
    """The top of the cube whose lowest corner is (x, y, z - 1): a face looking up, read
    from its far corner (across: +x, down: +y)."""
    return Face((x, y, z), X, Y)


def right(x: int, y: int, z: int) -> Face:
    """A wall looking towards +x at x, spanning y to y + 1 and z - 1 to z. On paper its
    left edge is at y + 1, so it is read from there across towards -y, and down."""
    return Face((x, y + 1, z), _neg(Y), _neg(Z))


def left(x: int, y: int, z: int) -> Face:
    """A wall looking towards +y at y, spanning x to x + 1 and z - 1 to z, read across
    towards +x, and down."""
    return Face((x, y, z), X, _neg(Z))


@dataclass(frozen=True)
class Figure:
    """A Tredoku figure: its name, title and faces."""

    name: str
    title: str  # what `bookgen types` and the help say it is
    faces: tuple[Face, ...]


FIGURES: tuple[Figure, ...] = (
    # Steps going down towards you, turning at each landing: every tread's lines run
    # over the riser below it onto the next tread (nine cells), first along x, then
    # along y; the top and the bottom step show a side too, whose lines turn onto the
    # step's tread or riser (six).
    Figure("staircase", "steps turning down towards you, nine faces", (
        top(0, 0, 4), right(1, 0, 4), left(0, 1, 4), top(1, 0, 3), left(1, 1, 3), top(1, 1, 2), right(2, 1, 2),
        top(2, 1, 1), left(2, 2, 1),
    )),
    # The inside of a corner between two walls two cubes high, with a cube's top on either
    # side at its foot: six points round a middle, like a star. Lines go round the corner
    # (six cells) and down each wall onto the top below it (nine).
    Figure("star", "two walls round a corner with a step at either foot, eight faces", (
        right(1, 0, 3), left(0, 1, 3), right(1, 0, 2), left(0, 1, 2), top(0, 1, 1), right(1, 1, 1), top(1, 0, 1),
        left(1, 1, 1),
    )),
    # A block of cubes seen from its corner, one cube taken from the top of its back
    # corner: three tops round a cube's corner, the walls under them and the hollow's two
    # walls above.
    Figure("block", "a block of cubes seen from its corner, a cube missing at the back, eight faces", (
        right(1, 0, 2), left(0, 1, 2), top(0, 1, 1), top(1, 0, 1), right(2, 0, 1), top(1, 1, 1), right(2, 1, 1),
        left(1, 2, 1),
    )),
)

NAMES = tuple(f.name for f in FIGURES)


def figure(name: str) -> Figure:
    return next(f for f in FIGURES if f.name == name)


@lru_cache(maxsize=None)
def faces(name: str) -> tuple[Face, ...]:
    """A figure's faces in reading order on paper (by their middles, top to bottom, then
    left to right): the order they are lettered A, B, C... and laid out in the model."""
    def middle(face: Face) -> tuple[float, float]:
        x, y = project(corner_point(face, SIDE / 2, SIDE / 2))
        return (round(y, 6), round(x, 6))
    return tuple(sorted(figure(name).faces, key=middle))


# --- cells in space ------------------------------------------------------------------


def position(face_index: int, row: int, col: int) -> Cell:
    """Where a face's cell sits in the model's grid."""
    band, slot = divmod(face_index, FACES_PER_BAND)
    return (band * SIDE + row, slot * SIDE + col)


def place(cell: Cell) -> tuple[int, int, int]:
    """A model cell's face (its index) and its row and column in the face: `position`
    undone."""
    band, row = divmod(cell[0], SIDE)
    slot, col = divmod(cell[1], SIDE)
    return (band * FACES_PER_BAND + slot, row, col)


def grid_size(faces: int) -> tuple[int, int]:
    """Rows and columns of the model's grid for a figure of `faces` faces."""
    bands = -(-faces // FACES_PER_BAND)
    return (bands * SIDE, min(faces, FACES_PER_BAND) * SIDE)


def corner_point(face: Face, row: float, col: float) -> tuple[float, float, float]:
    """The point `row` and `col` cells into a face (0 to 3 each), in space (faces are
    three cells a side)."""
    return tuple(SIDE * face.corner[k] + col * face.across[k] + row * face.down[k] for k in range(3))


def _edges(face: Face, row: int, col: int) -> dict[str, frozenset]:
    """A cell's four edges as sets of two corners (whole numbers: cells are the unit)."""
    def p(r: int, c: int) -> tuple[int, ...]:
        return tuple(int(round(v)) for v in corner_point(face, r, c))
    return {"top": frozenset((p(row, col), p(row, col + 1))),
            "bottom": frozenset((p(row + 1, col), p(row + 1, col + 1))),
            "left": frozenset((p(row, col), p(row + 1, col))),
            "right": frozenset((p(row, col + 1), p(row + 1, col + 1)))}


OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


class FigureError(ValueError):
    """A figure whose faces do not make lines a puzzle can have (a bug in FIGURES)."""


def lines_of(faces: tuple[Face, ...]) -> list[tuple[Cell, ...]]:
    """Every line of cells running over more than one face, each in order from one end."""
    edges: dict[frozenset, list[tuple[Cell, str]]] = {}
    for k, face in enumerate(faces):
        for r in range(SIDE):
            for c in range(SIDE):
                for side, edge in _edges(face, r, c).items():
                    edges.setdefault(edge, []).append((position(k, r, c), side))
    shared = {edge: found for edge, found in edges.items() if len(found) > 1}
    if any(len(found) > 2 for found in shared.values()):
        raise FigureError("three faces meet at one edge")
    side_of = {(cell, side): edge for edge, found in edges.items() for cell, side in found}

    def beyond(cell: Cell, side: str) -> tuple[Cell, str] | None:
        """The cell across `side` of `cell`, and the side it is entered by."""
        found = shared.get(side_of[(cell, side)])
        if found is None:
            return None
        return next((other, s) for other, s in found if other != cell)

    lines = []
    seen: set[tuple[Cell, str]] = set()
    for (cell, side) in sorted(side_of):
        if (cell, side) in seen or beyond(cell, side) is not None:
            continue  # start only at an end of a line
        line, at, entered = [], cell, side
        while True:
            line.append(at)
            leave = OPPOSITE[entered]
            seen |= {(at, entered), (at, leave)}
            nxt = beyond(at, leave)
            if nxt is None:
                break
            at, entered = nxt
        if len({(r // SIDE, c // SIDE) for r, c in line}) > 1:
            lines.append(tuple(line))
    if len(seen) != len(side_of):
        raise FigureError("a line runs round in a circle")
    unique = {frozenset(line): line for line in lines}  # each line was found from both ends
    ordered = sorted(unique.values(), key=lambda line: min(line))
    if any(len(line) > len(SYMBOLS) for line in ordered):
        raise FigureError("a line is longer than nine cells")
    return ordered


@lru_cache(maxsize=None)
def structure(name: str) -> GridModel:
    """The empty figure: a box per face (kind `box`) and every line across faces (kind
    `group`: a line of nine cells holds each digit once, a shorter one no digit twice)."""
    shown = faces(name)
    rows, cols = grid_size(len(shown))
    boxes = [Group(tuple(position(k, r, c) for r in range(SIDE) for c in range(SIDE)), "box")
             for k in range(len(shown))]
    lines = [Group(line, "group") for line in lines_of(shown)]
    cells = tuple(sorted(cell for box in boxes for cell in box.cells))
    return GridModel(rows, cols, SYMBOLS, cells, tuple(boxes + lines))


# --- the drawing's projection ------------------------------------------------------------

COS30 = cos(radians(30))


def project(point: tuple[float, float, float]) -> tuple[float, float]:
    """A point in space on paper, in cell sides, y downwards: isometric, seen from (1, 1, 1)."""
    x, y, z = point
    return ((x - y) * COS30, (x + y) * 0.5 - z)
