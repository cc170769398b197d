"""Picture symbols for children who cannot read digits yet (`symbols: pictures`): six
simple shapes a five-year-old can name and draw, drawn through the Pen.

They must stay apart in black and white at any size a cell is printed, from a 25 mm
large-print square to a 4 mm answer key, and through a photocopier, which thresholds at
about half grey. So no picture relies on a tint: each is solid black or a thick black
ring (a tenth of the picture wide or more), and the shapes are paired so that the two
which look most alike when small never share a fill: the round ones (circle: a ring;
heart: a ring; moon: solid) and the pointed ones (triangle: a ring; star: solid), with
the square solid. A 4x4 uses the first four, two rings and two solid.

Each picture is a set of closed loops in a unit box centred on the origin (y down),
filled together even-odd (`Pen.fill_loops`), so a ring is one fill with its middle left
as the page is (white, or a variant's tint). Curves are polygons of ARC_STEPS sides to
a full turn: at the largest picture printed (about 17 mm across) a side of 64 strays
from the true arc by under 0.02 mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bookgen.language import N_
from bookgen.puzzles.pen import Pen, Point, Weight

ARC_STEPS = 64
# A ring's width, as a share of the picture's side: at a 4 mm answer cell (a 2.6 mm
# picture) still about 0.4 mm of ink.
RING = 0.16
# How far the moon's bite is moved from its disc, as a share of the picture: a crescent
# about a third of the disc wide at its middle.
BITE = 0.38

Loop = list[Point]


@dataclass(frozen=True)
class Picture:
    """One picture: its name in the interchange JSON and `bookgen solve` (English, never
    translated), how words name it (a message), and its loops."""

    name: str
    noun: str  # the bare name, listed in the instructions: "circle"
    said: str  # the name in worked steps, with the article the subject takes: "the circle"
    loops: tuple[tuple[Point, ...], ...]


def _arc(cx: float, cy: float, r: float, start: float, end: float) -> Loop:
    """Points on a circle from angle `start` to `end` (radians, y down, so positive
    angles turn clockwise on the page), one every 1/ARC_STEPS of a turn or closer."""
    steps = max(2, math.ceil(abs(end - start) / (2 * math.pi) * ARC_STEPS))
    return [(cx + r * math.cos(start + (end - start) * k / steps), cy + r * math.sin(start + (end - start) * k / steps))
            for k in range(steps + 1)]


def _circle(r: float) -> Loop:
    return _arc(0.0, 0.0, r, 0.0, 2 * math.pi)[:-1]


def _scaled(loop: Loop, k: float, about: Point = (0.0, 0.0)) -> Loop:
    return [(about[0] + (x - about[0]) * k, about[1] + (y - about[1]) * k) for x, y in loop]


def _ring(outer: Loop, inner: Loop) -> tuple[tuple[Point, ...], ...]:
    return (tuple(outer), tuple(inner))


def circle() -> tuple[tuple[Point, ...], ...]:
    return _ring(_circle(0.5), _circle(0.5 - RING))


def square() -> tuple[tuple[Point, ...], ...]:
    # A square as wide as the circle looks bigger than it: 0.82 of the box.
    h = 0.41
    return (((-h, -h), (h, -h), (h, h), (-h, h)),)


def triangle() -> tuple[tuple[Point, ...], ...]:
    """Equilateral, point up, its box centred, a little wider than the box (a triangle
    covers less than the other shapes and looks small beside them); the ring is the
    triangle scaled about its centre so every side moves in by RING."""
    side = 1.1
    height = side * math.sqrt(3) / 2
    top, base = -height / 2, height / 2
    outer = [(0.0, top), (side / 2, base), (-side / 2, base)]
    centre = (0.0, base - height / 3)
    inradius = height / 3
    return _ring(outer, _scaled(outer, (inradius - RING) / inradius, centre))


def star() -> tuple[tuple[Point, ...], ...]:
    """Five points, the top one up; inner radius 0.45 of the outer (a plump star, whose
    arms stay thick when small); its box centred."""
    outer_r, inner_r = 0.52, 0.52 * 0.45
    points = []
    for k in range(10):
        r = outer_r if k % 2 == 0 else inner_r
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((r * math.cos(angle), r * math.sin(angle)))
    top, bottom = min(y for _x, y in points), max(y for _x, y in points)
    shift = -(top + bottom) / 2
    return (tuple((x, y + shift) for x, y in points),)


def _heart_loop(r: float, lobe_x: float, lobe_y: float, tip_y: float) -> Loop:
    """Two round lobes of radius `r` centred at (±lobe_x, lobe_y) and a point at (0,
    tip_y) below them, joined by the lines from the point that touch each lobe."""
    dx, dy = lobe_x, lobe_y - tip_y  # from the tip to the right lobe's centre
    dist = math.hypot(dx, dy)
    along = math.sqrt(dist ** 2 - r ** 2)
    # Of the two lines from the tip touching the right lobe, the one on its outer side.
    touches = [(along * math.cos(math.atan2(dy, dx) + s * math.asin(r / dist)),
                tip_y + along * math.sin(math.atan2(dy, dx) + s * math.asin(r / dist))) for s in (1, -1)]
    touch = max(touches)
    start = math.atan2(touch[1] - lobe_y, touch[0] - lobe_x)
    # The lobes meet on the middle line above their centres.
    cusp_y = lobe_y - math.sqrt(max(r ** 2 - lobe_x ** 2, 0.0))
    end = math.atan2(cusp_y - lobe_y, -lobe_x)
    while end > start:  # over the top of the lobe: angles fall (y is down)
        end -= 2 * math.pi
    right = _arc(lobe_x, lobe_y, r, start, end)
    left = [(-x, y) for x, y in reversed(right)]
    return [(0.0, tip_y)] + right + left[1:]


def heart() -> tuple[tuple[Point, ...], ...]:
    """A ring: the inner heart has lobes smaller by RING on the same centres and its
    point raised so that both straight sides move in by RING."""
    r, lobe_x, lobe_y, tip_y = 0.27, 0.22, -0.17, 0.46
    outer = _heart_loop(r, lobe_x, lobe_y, tip_y)
    touch = outer[1]
    # A side makes this angle with the middle line; moving it in by RING moves the
    # point up by RING / sin(angle).
    angle = math.atan2(touch[0], tip_y - touch[1])
    inner = _heart_loop(r - RING, lobe_x, lobe_y, tip_y - RING / math.sin(angle))
    top = min(y for _x, y in outer)
    shift = -(top + tip_y) / 2
    return tuple(tuple((x, y + shift) for x, y in loop) for loop in (outer, inner))


def moon() -> tuple[tuple[Point, ...], ...]:
    """A solid crescent opening to the right: the disc of radius 0.5 less the same disc
    moved right by BITE; its box centred."""
    r = 0.5
    half = math.acos(BITE / 2 / r)  # where the two circles cross, as an angle on the first
    back = _arc(0.0, 0.0, r, half, 2 * math.pi - half)  # lower crossing, round the left, upper
    bitten = _arc(BITE, 0.0, r, math.pi + half, math.pi - half)  # upper crossing back to the lower
    loop = back + bitten[1:-1]
    xs = [x for x, _y in loop]
    shift = -(min(xs) + max(xs)) / 2
    return (tuple((x + shift, y) for x, y in loop),)


# TRANSLATORS: the pictures of a picture sudoku (for children who cannot read yet), as
# the instructions list them: "each picture (circle, square, triangle, star) appears once".
NOUNS = (N_("circle"), N_("square"), N_("triangle"), N_("star"), N_("heart"), N_("moon"))
# TRANSLATORS: the same pictures named in worked steps where a digit would be: "The circle
# goes in row 2, column 1", "Row 3, column 4 can only be the circle", "cross out the circle".
# Use the form that reads right where your sentences name a digit (after the article they
# give a digit, if they give one).
SAID = (N_("the circle"), N_("the square"), N_("the triangle"), N_("the star"), N_("the heart"), N_("the moon"))
PICTURES: tuple[Picture, ...] = tuple(
    Picture(name, noun, said, loops) for name, noun, said, loops in zip(
        ("circle", "square", "triangle", "star", "heart", "moon"), NOUNS, SAID,
        (circle(), square(), triangle(), star(), heart(), moon())))
NAMES = tuple(picture.name for picture in PICTURES)
BY_NAME = {picture.name: picture for picture in PICTURES}


def names(count: int) -> tuple[str, ...]:
    """The pictures of a grid of `count` symbols, in the order of its values."""
    return NAMES[:count]


def draw_picture(pen: Pen, name: str, at: Point, size: float, gray: float = 1.0) -> None:
    """The picture `name`, `size` cells across, centred at `at`."""
    x, y = at
    pen.fill_loops([[(x + px * size, y + py * size) for px, py in loop] for loop in BY_NAME[name].loops], gray)


# A picture in a square of the grid, as a share of the square (a digit's capitals are
# half of it; a picture is bigger, as a child's own drawing will be).
IN_SQUARE = 0.64
# A pencil mark drawn as a picture, as a share of a digit mark's cap height: a picture
# of the same height looks smaller than a digit (it has no stems to reach the top).
AS_MARK = 1.15
# The strip above a puzzle showing the pictures to use: its band's height and the gap
# under it to the grid, the pictures' size and their spacing, in squares. The pictures
# are smaller than the grid's and framed apart from it, so a child does not take the
# strip for a row of the grid or for column headings.
STRIP_BAND = 0.8
STRIP_GAP = 0.3
STRIP = STRIP_BAND + STRIP_GAP
STRIP_PICTURE = 0.54
STRIP_PITCH = 0.86


def draw_strip(pen: Pen, shown: tuple[str, ...], width: float) -> None:
    """The pictures `shown` in a row in a thin frame, centred over a drawing `width`
    squares wide, at the top of it."""
    inner = STRIP_PITCH * len(shown)
    left = (width - inner) / 2
    pen.outline([(left, 0.0), (left + inner, 0.0), (left + inner, STRIP_BAND), (left, STRIP_BAND)], Weight.THIN)
    for k, name in enumerate(shown):
        draw_picture(pen, name, (left + STRIP_PITCH * (k + 0.5), STRIP_BAND / 2), STRIP_PICTURE)
