"""Page streams compressed on threads (bookgen.render.flate) give ReportLab's bytes, and
the thread never outlives the drawing; strings left by a worker and finished by the main
process (bookgen.render.parallel) are BookCanvas's own operators."""

from __future__ import annotations

import io
import threading

from reportlab import rl_config

from bookgen.render import parallel
from bookgen.render.book_canvas import BookCanvas
from bookgen.render.flate import compress_pages
from bookgen.render.fonts import default_fonts

TEXTS = ["1", "42", "Übung × 7 ÷ 3 − 2", "(a) \\ b", "Puzzle 12", "ŁÓDŹ"]


def _draw(canvas: BookCanvas, page: int, font: str) -> None:
    canvas.setLineWidth(0.5 + page)
    canvas.line(10, 10, 200, 10 + page)
    for k, text in enumerate(TEXTS):
        canvas.setFont(font, 9 + k)
        canvas.drawCentredString(100, 700 - 20 * k, f"{text} {page}")
        canvas.drawRightString(500, 700 - 20 * k, text)
        canvas.drawString(50, 100 + 10 * k, text)


def _pdf(threads: int) -> bytes:
    fonts = default_fonts()
    font = fonts.regular.font().fontName
    out = io.BytesIO()
    canvas = BookCanvas(out, invariant=1, initialFontName=font)
    base85, rl_config.useA85 = rl_config.useA85, 0
    try:
        for page in range(5):
            _draw(canvas, page, font)
            canvas.showPage()
        if threads:
            compress_pages(canvas, threads)
        canvas.save()
    finally:
        rl_config.useA85 = base85
    return out.getvalue()


def test_streams_compressed_on_threads_are_the_bytes_reportlab_writes():
    plain = _pdf(0)
    assert _pdf(1) == plain
    assert _pdf(3) == plain
    assert not any(t.name == "bookgen-page-streams" for t in threading.enumerate())  # ended with the book


def test_strings_finished_by_the_main_process_are_the_canvas_own_operators():
    fonts = default_fonts()
    font = fonts.regular.font().fontName
    direct = BookCanvas(io.BytesIO(), invariant=1, initialFontName=font)
    _draw(direct, 3, font)
    worker = parallel._WorkerCanvas(io.BytesIO(), invariant=1, initialFontName=font)
    _draw(worker, 3, font)
    drawn = parallel._joined(worker._code)
    assert any(isinstance(item, tuple) for item in drawn)  # strings left for the main process
    main = BookCanvas(io.BytesIO(), invariant=1, initialFontName=font)
    parallel.replay(main, drawn, fonts)
    assert "\n".join(main._code) == "\n".join(direct._code)
