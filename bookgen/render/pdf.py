"""Draw a laid-out book to PDF with ReportLab.

The PDF is written in ReportLab's invariant mode (no timestamps or random IDs) so one
spec and seed give the same bytes. It is drawn into a temporary file that the build
renames into place only when complete, so a failed build never leaves half a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS

from bookgen.language import ENGLISH, Words
from bookgen.layout.laid import BookLayout, Entry, Mark, Page, Placement
from bookgen.layout.model import Rule, TextItem
from bookgen.layout.template import Template
from bookgen.puzzles.pen import LINE_INK, LINE_RATIO, Point, Weight
from bookgen.puzzles.worked import worked_steps
from bookgen.render import parallel
from bookgen.render.flate import compress_pages
from bookgen.render.book_canvas import BookCanvas
from bookgen.render.fonts import Fonts, default_fonts

# The operator that strokes a path (ReportLab's for stroke=1, fill=0, whatever the fill rule).
_STROKE = PATH_OPS[1, 0, 0]


@lru_cache(maxsize=None)
def _loop_code(points: int, closed: bool) -> str:
    """A path's operators for one loop of `points` points, its numbers left as %s."""
    return "%s %s m" + " %s %s l" * (points - 1) + (" h" if closed else "")


class PdfPen:
    """A Pen drawing cell units onto a canvas: top-left at (x, y) points from the page's
    top-left, `cell` points per cell."""

    def __init__(self, canvas: Any, page_height: float, x: float, y: float, cell: float, fonts: Fonts,
                 words: Words = ENGLISH) -> None:
        self.c = canvas
        self.fonts = fonts
        self.words = words  # the book's language, for the words a type draws (a sliding puzzle's captions)
        self.page_height = page_height
        self.x0, self.y0, self.cell = x, y, cell

    def _pt(self, p: Point) -> tuple[float, float]:
        return self.x0 + p[0] * self.cell, self.page_height - (self.y0 + p[1] * self.cell)

    def _stroke_style(self, weight: Weight) -> None:
        width = LINE_RATIO[weight] * self.cell
        if weight is Weight.DOTTED:
            stroke(self.c, width, 1 - LINE_INK.get(weight, 1.0), 1, (0, width * 4))
        else:
            # Square caps let thick lines meeting at a corner close it without a notch.
            stroke(self.c, width, 1 - LINE_INK.get(weight, 1.0), 0 if weight in (Weight.THIN, Weight.LIGHT) else 2)

    def _path(self, loops: list[list[Point]], closed: bool, operator: str) -> None:
        """Draw loops (or open lines) as one path. The operators are those ReportLab's
        path object writes (`n`, `x y m`, `x y l`, `h`, then the painting operator), byte
        for byte, but made here: one number formatting for the whole path instead of a
        call, a method and a format per point made grids and killer dashes slow."""
        x0, y0, cell, height = self.x0, self.y0, self.cell, self.page_height
        flat: list[float] = []
        add = flat.append
        shapes = []
        for loop in loops:
            for px, py in loop:
                add(x0 + px * cell)
                add(height - (y0 + py * cell))
            shapes.append(_loop_code(len(loop), closed))
        self.c._code.append(("n " + " ".join(shapes)) % tuple(fp_str(*flat).split(" ")))
        self.c._code.append(operator)

    def line(self, a: Point, b: Point, weight: Weight) -> None:
        self._stroke_style(weight)
        (x1, y1), (x2, y2) = self._pt(a), self._pt(b)
        self.c.line(x1, y1, x2, y2)

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        self._stroke_style(weight)
        self._path([points], closed, _STROKE)

    def polylines(self, lines: list[list[Point]], weight: Weight) -> None:
        if not lines:
            return
        self._stroke_style(weight)
        self._path(lines, False, _STROKE)

    def fill(self, points: list[Point], gray: float) -> None:
        self.c.setFillGray(1 - gray)
        self._path([points], True, PATH_OPS[0, 1, self.c._fillMode])
        self.c.setFillGray(0)

    def fill_loops(self, loops: list[list[Point]], gray: float) -> None:
        self.c.setFillGray(1 - gray)
        self._path(loops, True, PATH_OPS[0, 1, FILL_EVEN_ODD])
        self.c.setFillGray(0)

    def _font(self, text: str, size: float, bold: bool) -> tuple[str, float]:
        """The face's name and the type size whose capitals and digits are `size` cells high."""
        face = self.fonts.checked(text, bold)
        return face.pdf_name, size * self.cell / face.cap_height

    def text(self, at: Point, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        font, points = self._font(text, size, bold)
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
        font, points = self._font(text, size, bold)
        return pdfmetrics.stringWidth(text, font, points) / self.cell

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        x, y = self._pt(at)
        self.c.drawImage(ImageReader(image), x, y - height * self.cell, width * self.cell, height * self.cell)


def measure(text: str, size: float, bold: bool = False) -> float:
    """Width in points of `text` in the default font (a book's own is `Fonts.measure`)."""
    return default_fonts().measure(text, size, bold)


def _draw_text(canvas: Any, page_height: float, item: TextItem, fonts: Fonts) -> None:
    canvas.setFont(fonts.checked(item.text, item.bold).pdf_name, item.size)
    y = page_height - item.y
    if item.align == "center":
        canvas.drawCentredString(item.x, y, item.text)
    elif item.align == "right":
        canvas.drawRightString(item.x, y, item.text)
    else:
        canvas.drawString(item.x, y, item.text)


def _draw_rule(canvas: Any, page_height: float, rule: Rule) -> None:
    stroke(canvas, rule.width, 0, 0)
    canvas.line(rule.x1, page_height - rule.y1, rule.x2, page_height - rule.y2)


def stroke(canvas: Any, width: float, gray: float, cap: int, dash: tuple[float, ...] = ()) -> None:
    """Set how lines are stroked (mitre joins), writing only what differs from the
    canvas's current state: a grid draws tens of thousands of lines, mostly alike, and
    five operators before each made the pages slow and their streams long. The state
    is the one ReportLab keeps for the page (reset on each new page, saved and restored
    with the graphics state), the dash included: it is written into the canvas's own
    `_lineDash` slot, which ReportLab tracks but never sets."""
    if canvas._lineWidth != width:
        canvas.setLineWidth(width)
    if canvas._strokeColorObj != (gray, gray, gray):
        canvas.setStrokeGray(gray)
    if canvas._lineCap != cap:
        canvas.setLineCap(cap)
    if (canvas._lineDash or ()) != dash:
        canvas.setDash(list(dash), 0)
        canvas._lineDash = dash
    if canvas._lineJoin != 0:
        canvas.setLineJoin(0)


def _draw_page(canvas: Any, page: Page, layout: BookLayout, entries: dict[int, Entry], fonts: Fonts,
               words: Words) -> None:
    height = layout.template.height
    for item in page.texts:
        _draw_text(canvas, height, item, fonts)
    for rule in page.rules:
        _draw_rule(canvas, height, rule)
    for placement in page.placements:
        entry = entries[placement.number]
        pen = PdfPen(canvas, height, placement.x, placement.y, placement.cell, fonts, words)
        if page.kind == "hints" or placement.marks.shaded:  # worked steps, or a self-check's squares
            _draw_worked(entry, pen, placement)
        else:
            entry.ptype.draw(entry.puzzle, pen, entry.puzzle.solution if placement.answer else None, placement.style)


def _draw_worked(entry: Entry, pen: PdfPen, placement: Placement) -> None:
    """A drawing beside worked steps, drawn by the type's worked steps: the puzzle with the
    steps' marks, or one step's own picture."""
    steps = worked_steps(entry.ptype)
    assert steps is not None, "worked steps are laid out only for a type that has them"
    if placement.picture is not None:
        steps.draw_hint_picture(entry.puzzle, pen, placement.picture)
    else:
        steps.draw_worked(entry.puzzle, pen, placement.marks, placement.style)


@dataclass(frozen=True)
class Metadata:
    """The PDF's document information, as a library catalogue or a print shop reads it."""

    title: str
    author: str = ""
    subject: str = ""
    keywords: tuple[str, ...] = ()
    creator: str = "bookgen"


def render(layout: BookLayout, entries: list[Entry], path: str | Path, meta: Metadata,
           fonts: Fonts | None = None, marks: tuple[Mark, ...] = (), words: Words = ENGLISH,
           jobs: int = 1) -> None:
    """Write the book to `path` (the caller's temporary file: see bookgen.outputs), with
    `marks` as its bookmarks; the types draw their own words in `words`' language. With
    `jobs` > 1, a long book's pages are drawn by worker processes (bookgen.render.parallel):
    the same bytes."""
    fonts = fonts or default_fonts()
    by_number = {e.number: e for e in entries}
    # The canvas's first font is the book's, so no unembedded Helvetica is named in the PDF.
    canvas = BookCanvas(str(path), pagesize=(layout.template.width, layout.template.height), invariant=1,
                        initialFontName=fonts.checked("", False).pdf_name)
    canvas.setTitle(meta.title)
    canvas.setAuthor(meta.author)
    canvas.setSubject(meta.subject)
    canvas.setKeywords(", ".join(meta.keywords))
    canvas.setCreator(meta.creator)
    on_page: dict[int, list[tuple[int, Mark]]] = {}
    for k, mark in enumerate(marks):
        on_page.setdefault(mark.page, []).append((k, mark))
    # Streams are compressed and written as binary, not also in ASCII base-85 (ReportLab's
    # default): a quarter smaller, and the encoding cost more than drawing the pages. The
    # setting is ReportLab's global, read as each stream is made: set for this book only.
    base85, rl_config.useA85 = rl_config.useA85, 0
    drawn = None
    try:
        drawn = parallel.drawn_pages(layout, by_number, fonts, words, _draw_page, jobs)
        for page in layout.pages:
            _page_boxes(canvas, layout.template, page.number)
            ready = next(drawn) if drawn is not None else None
            if ready is not None:
                parallel.replay(canvas, ready, fonts)
            else:
                _draw_page(canvas, page, layout, by_number, fonts, words)
            for k, mark in on_page.get(page.number, []):
                _bookmark(canvas, layout.template.height, f"m{k}", mark)
            canvas.showPage()
        if drawn is not None:
            next(drawn, None)  # past the last page: the workers end, Ctrl-C is the command's again
        if marks:
            canvas.showOutline()
        if jobs > 1:  # the pages' streams compressed on `jobs` threads at once: the same bytes
            compress_pages(canvas, jobs)
        canvas.save()
    finally:
        rl_config.useA85 = base85
        if drawn is not None:
            drawn.close()  # the workers stopped, if the book failed before its last page


def _page_boxes(canvas: Any, tpl: Template, number: int) -> None:
    """A page that bleeds says where its trim is (TrimBox; its BleedBox is the page), as
    print-on-demand printers read it: a right-hand (odd) page bleeds on its right, a
    left-hand page on its left."""
    if not tpl.bleed:
        return
    left = tpl.bleed if number % 2 == 0 else 0.0
    canvas.setTrimBox((left, tpl.bleed, left + tpl.width - tpl.bleed, tpl.height - tpl.bleed))
    canvas.setBleedBox((0, 0, tpl.width, tpl.height))


def _bookmark(canvas: Any, page_height: float, key: str, mark: Mark) -> None:
    """A destination on the current page, `mark.top` points down, and its outline entry
    (marks come in page order, so each entry is added after its parent)."""
    canvas.bookmarkPage(key, fit="XYZ", left=0, top=page_height - mark.top, zoom=0)
    canvas.addOutlineEntry(mark.title, key, level=mark.level, closed=mark.level > 0)
