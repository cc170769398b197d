"""One puzzle as an SVG file (`bookgen export --format svg`): drawn by its type's own
`draw`, the routine that draws it in the book, through a Pen that writes SVG.

Lines, weights, inks and caps are the PDF pen's (bookgen.render.pdf.PdfPen), in the same
points; text is converted to outlines from the book's own font files (fontTools), so the
file looks the same on any computer, with or without the font, and needs nothing else.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from bookgen.language import ENGLISH, Words
from bookgen.puzzles.pen import LINE_INK, LINE_RATIO, Point, Weight
from bookgen.render.fonts import Face, Fonts


@lru_cache(maxsize=8)
def _outlines(face: Face) -> TTFont:
    return TTFont(face.source())


def _gray(ink: float) -> str:
    """An ink (1 = black) as an SVG colour."""
    level = round(255 * (1 - ink))
    return f"#{level:02x}{level:02x}{level:02x}"


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


class SvgPen:
    """A Pen writing SVG elements: top-left at (x, y) points, `cell` points per cell."""

    def __init__(self, x: float, y: float, cell: float, fonts: Fonts, words: Words = ENGLISH) -> None:
        self.x0, self.y0, self.cell = x, y, cell
        self.fonts, self.words = fonts, words
        self.parts: list[str] = []

    def _pt(self, p: Point) -> tuple[float, float]:
        return self.x0 + p[0] * self.cell, self.y0 + p[1] * self.cell

    def _stroke(self, weight: Weight) -> str:
        width = LINE_RATIO[weight] * self.cell
        ink = _gray(LINE_INK.get(weight, 1.0))
        if weight is Weight.DOTTED:
            return (f'fill="none" stroke="{ink}" stroke-width="{_num(width)}" stroke-linecap="round" '
                    f'stroke-dasharray="0 {_num(width * 4)}"')
        cap = "butt" if weight in (Weight.THIN, Weight.LIGHT) else "square"
        return f'fill="none" stroke="{ink}" stroke-width="{_num(width)}" stroke-linecap="{cap}" stroke-linejoin="miter"'

    def _path(self, points: list[Point], closed: bool) -> str:
        pts = [self._pt(p) for p in points]
        text = "M" + " L".join(f"{_num(x)} {_num(y)}" for x, y in pts)
        return text + (" Z" if closed else "")

    def line(self, a: Point, b: Point, weight: Weight) -> None:
        self.parts.append(f'<path d="{self._path([a, b], False)}" {self._stroke(weight)}/>')

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        self.parts.append(f'<path d="{self._path(points, closed)}" {self._stroke(weight)}/>')

    def polylines(self, lines: list[list[Point]], weight: Weight) -> None:
        if lines:
            d = " ".join(self._path(line, False) for line in lines)
            self.parts.append(f'<path d="{d}" {self._stroke(weight)}/>')

    def fill(self, points: list[Point], gray: float) -> None:
        self.parts.append(f'<path d="{self._path(points, True)}" fill="{_gray(gray)}" stroke="none"/>')

    def fill_loops(self, loops: list[list[Point]], gray: float) -> None:
        d = " ".join(self._path(loop, True) for loop in loops)
        self.parts.append(f'<path d="{d}" fill="{_gray(gray)}" fill-rule="evenodd" stroke="none"/>')

    def _glyphs(self, text: str, points: float, bold: bool) -> tuple[str, float]:
        """The text's outlines as one path from (0, 0) on its baseline, and its width."""
        face = self.fonts.checked(text, bold)
        font = _outlines(face)
        glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
        scale = points / font["head"].unitsPerEm
        svg, advance = SVGPathPen(glyphs), 0.0
        for ch in text:
            name = cmap.get(ord(ch), ".notdef")
            glyphs[name].draw(TransformPen(svg, (scale, 0, 0, -scale, advance, 0)))
            advance += glyphs[name].width * scale
        return svg.getCommands(), advance

    def _points(self, text: str, size: float, bold: bool) -> float:
        return size * self.cell / self.fonts.checked(text, bold).cap_height

    def text(self, at: Point, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        if not text:
            return
        points = self._points(text, size, bold)
        x, y = self._pt(at)
        cap = size * self.cell
        d, width = self._glyphs(text, points, bold)
        if align == "center":
            x, y = x - width / 2, y + cap / 2
        elif align == "topleft":
            y += cap
        elif align == "topright":
            x, y = x - width, y + cap
        self.parts.append(f'<path transform="translate({_num(x)} {_num(y)})" d="{d}" fill="{_gray(gray)}"/>')

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self._glyphs(text, self._points(text, size, bold), bold)[1] / self.cell

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        x, y = self._pt(at)
        data = io.BytesIO()
        image.save(data, format="PNG")
        href = "data:image/png;base64," + base64.b64encode(data.getvalue()).decode("ascii")
        self.parts.append(f'<image x="{_num(x)}" y="{_num(y)}" width="{_num(width * self.cell)}" '
                          f'height="{_num(height * self.cell)}" href="{href}"/>')


def svg_document(pen: SvgPen, width: float, height: float, title: str) -> str:
    """The pen's drawing as a whole SVG file of `width` x `height` points (sized in mm)."""
    mm = 25.4 / 72
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width * mm)}mm" height="{_num(height * mm)}mm" '
            f'viewBox="0 0 {_num(width)} {_num(height)}">')
    return "\n".join([head, f"<title>{escape(title)}</title>",
                      f'<rect width="{_num(width)}" height="{_num(height)}" fill="#ffffff"/>', *pen.parts, "</svg>"]) + "\n"
