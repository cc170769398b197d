"""BookCanvas writes one-line strings itself: the same PDF bytes as ReportLab's own
canvas drawing them, subsets and their codes included, for every alignment, characters
past the first subset's 256, strings to escape, and a font that is not TrueType."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas as rl_canvas

from bookgen.render.book_canvas import BookCanvas
from bookgen.render.fonts import default_fonts



def _many() -> str:
    """300 characters the face has: more than one subset's 256."""
    glyphs = default_fonts().regular.metrics().face.charToGlyph
    return "".join(chr(c) for c in sorted(glyphs) if c > 0x20 and chr(c).isprintable())[:300]


def _pdf(kind: type[rl_canvas.Canvas]) -> bytes:
    fonts = default_fonts()
    out = io.BytesIO()
    canvas = kind(out, pagesize=(300, 300), invariant=1, initialFontName=fonts.checked("", False).pdf_name)
    for page in range(2):
        for k, (text, bold) in enumerate([("Sudoku 6×6", True), ("(a) \\ b) 12", False), ("", False),
                                          (_many(), False), ("Name: Zoë", True), (" 7 ", False)]):
            face = fonts.checked(text, bold)
            canvas.setFont(face.pdf_name, 9.5 + k, leading=12 + page)
            canvas.drawString(10.25, 20 + 11 * k, text)
            canvas.drawCentredString(150.5, 20 + 11 * k, text)
            canvas.drawRightString(290, 20 + 11 * k, text)
        canvas.setFont("Helvetica", 10)  # not TrueType: ReportLab's own path
        canvas.drawCentredString(150, 290, "Helvetica (x)")
        canvas.drawString(5, 280, "spaced", charSpace=1)  # an argument left to ReportLab
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_book_canvas_writes_reportlabs_bytes() -> None:
    assert _pdf(BookCanvas) == _pdf(rl_canvas.Canvas)
