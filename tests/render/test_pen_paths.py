"""The pen writes its paths itself (bookgen.render.pdf.PdfPen._path) for speed: what it
writes must be what ReportLab's own path object and drawPath would write, byte for byte,
or every book's PDF would change."""

from __future__ import annotations

import io
import random

from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from bookgen.puzzles.pen import Weight
from bookgen.render.fonts import default_fonts
from bookgen.render.pdf import PdfPen


def _fresh() -> rl_canvas.Canvas:
    return rl_canvas.Canvas(io.BytesIO(), invariant=1)


def _reference(canvas, pen: PdfPen, loops, closed: bool, stroke: int, fill: int, mode=None) -> None:
    """The same drawing through ReportLab's public path calls, one point at a time."""
    path = canvas.beginPath()
    for loop in loops:
        path.moveTo(*pen._pt(loop[0]))
        for p in loop[1:]:
            path.lineTo(*pen._pt(p))
        if closed:
            path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=mode)


def _loops(rng: random.Random) -> list[list[tuple[float, float]]]:
    def coordinate() -> float:
        return rng.choice([rng.randint(0, 9), rng.uniform(-1, 12), rng.randint(0, 9) + 0.075, 1 / 3])

    return [[(coordinate(), coordinate()) for _ in range(rng.randint(1, 5))] for _ in range(rng.randint(1, 6))]


def test_the_pens_paths_are_reportlabs_bytes_for_random_shapes() -> None:
    rng = random.Random(31)
    fonts = default_fonts()
    for _ in range(300):
        x, y, cell = rng.uniform(0, 300), rng.uniform(0, 500), rng.choice([9.0, 17.3, 28.346456, 40.0])
        loops = _loops(rng)
        ours, theirs = _fresh(), _fresh()
        pen, reference = PdfPen(ours, 842, x, y, cell, fonts), PdfPen(theirs, 842, x, y, cell, fonts)
        pen.polylines(loops, Weight.THIN)
        pen.outline(loops[0], Weight.BOX)
        pen.outline(loops[0], Weight.CAGE, closed=False)
        pen.fill(loops[0], 0.15)
        pen.fill_loops(loops, 0.3)
        reference._stroke_style(Weight.THIN)
        _reference(theirs, reference, loops, False, 1, 0)
        reference._stroke_style(Weight.BOX)
        _reference(theirs, reference, loops[:1], True, 1, 0)
        reference._stroke_style(Weight.CAGE)
        _reference(theirs, reference, loops[:1], False, 1, 0)
        theirs.setFillGray(0.85)
        _reference(theirs, reference, loops[:1], True, 0, 1)
        theirs.setFillGray(0)
        theirs.setFillGray(0.7)
        _reference(theirs, reference, loops, True, 0, 1, FILL_EVEN_ODD)
        theirs.setFillGray(0)
        assert ours._code == theirs._code
