"""The Pen every type draws with, and the line weights it draws in.

A puzzle type never imports ReportLab: it draws through the Pen in cell units, with the
origin at the top-left and y growing downward. The renderer's Pen (bookgen.render.pdf)
puts it on paper; tests record what was drawn with pens of their own.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Protocol

from bookgen.language import Words


class Weight(Enum):
    """Named line weights; their widths, as fractions of the cell side, live in LINE_RATIO."""

    THIN = "thin"  # cell lines
    BOX = "box"  # sudoku box lines, region lines
    CAGE = "cage"  # KenKen cage outlines
    BORDER = "border"  # the outer frame of a grid
    DOTTED = "dotted"  # killer cage outlines
    TILE = "tile"  # sliding-puzzle tile edges
    LIGHT = "light"  # grey lines under what matters more (killer cages in an answer key)
    MARK = "mark"  # the black marks of a shaded group (X diagonals, hyper windows)


# Published puzzle printing: thin lines about 1/40 of the cell, box/cage/border about
# three times that (see shared print conventions). One table so they cannot drift apart.
LINE_RATIO: dict[Weight, float] = {
    Weight.THIN: 1 / 40,
    Weight.BOX: 3 / 40,
    Weight.CAGE: 3 / 40,
    Weight.BORDER: 3.5 / 40,
    Weight.DOTTED: 1 / 40,
    Weight.TILE: 1.5 / 40,
    Weight.LIGHT: 1 / 40,
    Weight.MARK: 1.5 / 40,
}
# The ink of a weight's lines (1 = black); any weight not named is black. A light line
# steps back so the marks over it (an answer key's digits) are read first.
LINE_INK: dict[Weight, float] = {Weight.LIGHT: 0.5}

Point = tuple[float, float]


class Pen(Protocol):
    """Drawing primitives in cell units (1.0 = one cell side), y downward."""

    def line(self, a: Point, b: Point, weight: Weight) -> None: ...

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        """One path through the points, joined at every corner (no overlapping ends)."""

    def polylines(self, lines: list[list[Point]], weight: Weight) -> None:
        """Open paths, each through its points and joined at its own corners, drawn
        together as one stroke: for many short lines alike (a killer's dashes), which
        one at a time cost more to write than to draw."""

    def fill(self, points: list[Point], gray: float) -> None:
        """Fill a polygon with a grey tint (0 = white, 1 = black)."""

    def fill_loops(self, loops: list[list[Point]], gray: float) -> None:
        """Fill, in one go, what lies inside an odd number of the closed loops (the
        even-odd rule): a shape with a hole (a ring) whose middle stays as the page was
        under it, and no seam where a hole would be cut out of a fill."""

    def text(
        self,
        at: Point,
        text: str,
        size: float,
        align: str = "center",
        bold: bool = False,
        gray: float = 1.0,
    ) -> None:
        """Draw text of cap height ~`size` cells. `align` says what `at` is:
        "center" (middle of the glyphs), "topleft", "topright", "left" (baseline start)."""

    def text_width(self, text: str, size: float, bold: bool = False) -> float: ...

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        """Draw a Pillow image with its top-left at `at`."""

    # The book's language: a type that draws words (captions) prints them in it.
    words: Words
    # Points a cell measures on paper, where the drawing's size is known (the PDF's pen);
    # None where it is not (a pen that records). A type leaves out what would print too
    # small to read (a KenKen key's clues).
    cell: float | None


class ScaledPen:
    """A Pen whose unit is `factor` units of another and whose origin is at `offset` on
    it: lets a type draw in its own unit (a sliding tile), or a part of its drawing from
    its own corner (a grid under a strip), while line weights stay those of the book's
    cell."""

    def __init__(self, pen: Pen, factor: float, offset: Point = (0.0, 0.0)) -> None:
        self.pen, self.k, self.offset = pen, factor, offset

    def _p(self, p: Point) -> Point:
        return (self.offset[0] + p[0] * self.k, self.offset[1] + p[1] * self.k)

    def line(self, a: Point, b: Point, weight: Weight) -> None:
        self.pen.line(self._p(a), self._p(b), weight)

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        self.pen.outline([self._p(p) for p in points], weight, closed)

    def polylines(self, lines: list[list[Point]], weight: Weight) -> None:
        self.pen.polylines([[self._p(p) for p in line] for line in lines], weight)

    def fill(self, points: list[Point], gray: float) -> None:
        self.pen.fill([self._p(p) for p in points], gray)

    def fill_loops(self, loops: list[list[Point]], gray: float) -> None:
        self.pen.fill_loops([[self._p(p) for p in loop] for loop in loops], gray)

    def text(self, at: Point, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        self.pen.text(self._p(at), text, size * self.k, align, bold, gray)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.pen.text_width(text, size * self.k, bold) / self.k

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        self.pen.image(image, self._p(at), width * self.k, height * self.k)

    @property
    def words(self) -> Words:
        return self.pen.words

    @property
    def cell(self) -> float | None:
        return None if self.pen.cell is None else self.pen.cell * self.k
