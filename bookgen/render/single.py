"""One puzzle (or its answer) alone, as `bookgen export` writes it: a PDF page the size
of the drawing and a margin, drawn by the type's own `draw` through the book's PDF pen;
an SVG through the SVG pen (bookgen.render.svg); a PNG rasterised from the PDF, as
previews are (never a second drawing)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Hashable

import pypdfium2
from reportlab.pdfgen import canvas as rl_canvas

from bookgen.language import Words
from bookgen.layout.laid import Entry
from bookgen.render.fonts import Fonts
from bookgen.render.pdf import PdfPen
from bookgen.render.svg import SvgPen, svg_document


def _box(entry: Entry, answer: bool, cell: float, margin: float) -> tuple[float, float]:
    width, height = entry.ptype.print_size(entry.puzzle, answer)
    return width * cell + 2 * margin, height * cell + 2 * margin


def puzzle_pdf(path: Path, entry: Entry, answer: bool, cell: float, margin: float, fonts: Fonts, words: Words,
               style: Hashable | None, title: str) -> None:
    width, height = _box(entry, answer, cell, margin)
    canvas = rl_canvas.Canvas(str(path), pagesize=(width, height), invariant=1,
                              initialFontName=fonts.checked("", False).pdf_name)
    canvas.setTitle(title)
    pen = PdfPen(canvas, height, margin, margin, cell, fonts, words)
    entry.ptype.draw(entry.puzzle, pen, entry.puzzle.solution if answer else None, style)
    canvas.showPage()
    canvas.save()


def puzzle_svg(path: Path, entry: Entry, answer: bool, cell: float, margin: float, fonts: Fonts, words: Words,
               style: Hashable | None, title: str) -> None:
    width, height = _box(entry, answer, cell, margin)
    pen = SvgPen(margin, margin, cell, fonts, words)
    entry.ptype.draw(entry.puzzle, pen, entry.puzzle.solution if answer else None, style)
    path.write_text(svg_document(pen, width, height, title), encoding="utf-8")


def puzzle_png(path: Path, entry: Entry, answer: bool, cell: float, margin: float, fonts: Fonts, words: Words,
               style: Hashable | None, title: str, dpi: int = 300) -> None:
    with tempfile.TemporaryDirectory(prefix=".bookgen-export.", dir=path.parent) as work:
        pdf = Path(work) / "puzzle.pdf"
        puzzle_pdf(pdf, entry, answer, cell, margin, fonts, words, style, title)
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            document[0].render(scale=dpi / 72).to_pil().save(path, format="PNG", dpi=(dpi, dpi))
        finally:
            document.close()
