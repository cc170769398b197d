"""Draw a laid-out book to PDF with ReportLab.

The PDF is written in ReportLab's invariant mode (no timestamps or random IDs) so one
spec and seed give the same bytes. It is drawn into a temporary file that the build
renames into place only when complete, so a failed build never leaves half a PDF.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from bookgen.layout.model import BookLayout, Entry, Page, Rule, TextItem
from bookgen.puzzles.base import LINE_RATIO, Point, Weight

# The book's fonts, by name, in one place: the PDF name each is registered under and the
# TrueType file it comes from. Bitstream Vera ships inside ReportLab and has the true
# minus, times and divide signs; it is embedded (subset) in every PDF, so pages print the
# same everywhere.
FONTS: dict[str, tuple[str, str]] = {
    "regular": ("BookSans", "Vera.ttf"),
    "bold": ("BookSans-Bold", "VeraBd.ttf"),
}
REGULAR, BOLD = FONTS["regular"][0], FONTS["bold"][0]
CAP_HEIGHT = 0.729  # Vera's capital/digit height as a fraction of the font size


def register_fonts() -> None:
    registered = pdfmetrics.getRegisteredFontNames()
    for pdf_name, file_name in FONTS.values():
        if pdf_name not in registered:
            pdfmetrics.registerFont(TTFont(pdf_name, file_name))


def font_name(bold: bool) -> str:
    return BOLD if bold else REGULAR


class PdfPen:
    """A Pen drawing cell units onto a canvas: top-left at (x, y) points from the page's
    top-left, `cell` points per cell."""

    def __init__(self, canvas: Any, page_height: float, x: float, y: float, cell: float) -> None:
        self.c = canvas
        self.page_height = page_height
        self.x0, self.y0, self.cell = x, y, cell

    def _pt(self, p: Point) -> tuple[float, float]:
        return self.x0 + p[0] * self.cell, self.page_height - (self.y0 + p[1] * self.cell)

    def _stroke_style(self, weight: Weight) -> None:
        c = self.c
        c.setLineWidth(LINE_RATIO[weight] * self.cell)
        c.setStrokeGray(0)
        if weight is Weight.DOTTED:
            c.setLineCap(1)
            c.setDash([0, LINE_RATIO[weight] * self.cell * 4], 0)
        else:
            # Square caps let thick lines meeting at a corner close it without a notch.
            c.setLineCap(0 if weight is Weight.THIN else 2)
            c.setDash([], 0)
        c.setLineJoin(0)

    def line(self, a: Point, b: Point, weight: Weight) -> None:
        self._stroke_style(weight)
        (x1, y1), (x2, y2) = self._pt(a), self._pt(b)
        self.c.line(x1, y1, x2, y2)

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        self._stroke_style(weight)
        path = self.c.beginPath()
        path.moveTo(*self._pt(points[0]))
        for p in points[1:]:
            path.lineTo(*self._pt(p))
        if closed:
            path.close()
        self.c.drawPath(path, stroke=1, fill=0)

    def fill(self, points: list[Point], gray: float) -> None:
        self.c.setFillGray(1 - gray)
        path = self.c.beginPath()
        path.moveTo(*self._pt(points[0]))
        for p in points[1:]:
            path.lineTo(*self._pt(p))
        path.close()
        self.c.drawPath(path, stroke=0, fill=1)
        self.c.setFillGray(0)

    def _font(self, size: float, bold: bool) -> tuple[str, float]:
        return (BOLD if bold else REGULAR), size * self.cell / CAP_HEIGHT

    def text(self, at: Point, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        font, points = self._font(size, bold)
        x, y = self._pt(at)
        cap = size * self.cell
        self.c.setFont(font, points)
        self.c.setFillGray(1 - gray)
        if align == "center":
            self.c.drawCentredString(x, y - cap / 2, text)
        elif align == "topleft":
            self.c.drawString(x, y - cap, text)
        elif align == "topright":
            self.c.drawRightString(x, y - cap, text)
        else:
            self.c.drawString(x, y, text)
        self.c.setFillGray(0)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        font, points = self._font(size, bold)
        return pdfmetrics.stringWidth(text, font, points) / self.cell

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        x, y = self._pt(at)
        self.c.drawImage(ImageReader(image), x, y - height * self.cell, width * self.cell, height * self.cell)


def measure(text: str, size: float, bold: bool = False) -> float:
    """Width in points of `text` in the book's font: the layout wraps text with this."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font_name(bold), size)


def _draw_text(canvas: Any, page_height: float, item: TextItem) -> None:
    canvas.setFont(font_name(item.bold), item.size)
    y = page_height - item.y
    if item.align == "center":
        canvas.drawCentredString(item.x, y, item.text)
    elif item.align == "right":
        canvas.drawRightString(item.x, y, item.text)
    else:
        canvas.drawString(item.x, y, item.text)


def _draw_rule(canvas: Any, page_height: float, rule: Rule) -> None:
    canvas.setLineWidth(rule.width)
    canvas.setLineCap(0)
    canvas.setDash([], 0)
    canvas.setStrokeGray(0)
    canvas.line(rule.x1, page_height - rule.y1, rule.x2, page_height - rule.y2)


def _draw_page(canvas: Any, page: Page, layout: BookLayout, entries: dict[int, Entry]) -> None:
    height = layout.template.height
    for item in page.texts:
        _draw_text(canvas, height, item)
    for rule in page.rules:
        _draw_rule(canvas, height, rule)
    for placement in page.placements:
        entry = entries[placement.number]
        pen = PdfPen(canvas, height, placement.x, placement.y, placement.cell)
        solution = entry.puzzle.solution if placement.answer else None
        entry.ptype.draw(entry.puzzle, pen, solution)


def render(layout: BookLayout, entries: list[Entry], path: str | Path, title: str, author: str) -> None:
    """Write the book to `path` (the caller's temporary file: see bookgen.outputs)."""
    register_fonts()
    by_number = {e.number: e for e in entries}
    canvas = rl_canvas.Canvas(str(path), pagesize=(layout.template.width, layout.template.height), invariant=1)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("bookgen")
    for page in layout.pages:
        _draw_page(canvas, page, layout, by_number)
        canvas.showPage()
    canvas.save()
