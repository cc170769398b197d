"""Rendering against ReportLab's floor: the time bookgen takes to draw a book's pages
into a PDF, beside a bare ReportLab script drawing the same lines, paths and text in
the same fonts (the floor any renderer on ReportLab pays), per page.

The bare script's content is recorded once from the book itself: a recording pen (in
this file, drawing through ReportLab's public calls only, as bookgen's pen first did)
notes every canvas call each page makes, with its final coordinates; the bare script
then makes nothing but those calls on a fresh canvas. Both PDFs are compared byte for
byte, so the two really draw the same thing. Puzzles come from a private cache made on
the first run (not timed); only drawing and writing the PDF is.

Then the whole of a cached rebuild against the whole of a bare script (issue 31: within
1.5x): `bookgen build` run from the shell as a user runs it, its puzzles in the cache an
earlier build filled (start-up, the spec, the cache read, every puzzle's re-proof, layout,
drawing, the PDF with its bookmarks), against a fresh Python process that imports
ReportLab, registers the same fonts from files, reads the book's pages as recorded canvas
calls (a pickle of plain tuples) and draws them. Wall time is the user's wait (bookgen with
its default jobs, every core); CPU time (the process and its workers) is also given, as
the figure least moved by a busy machine.

    python bench/render.py [--spec samples/kenken.yaml] [--repeats 5] [--json]

Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchlib import ROOT, Report, add_json_flag, load_average, median
from render_rebuild import rebuild

# The book measured by default: the 100-puzzle mixed book of bench/book.py (56 pages).
DEFAULT_SPEC = "mixed"


class Recorder:
    """Stands in for a canvas while bookgen's page drawing runs: every call is noted
    (method name and arguments) and the stroke state is tracked as ReportLab tracks it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, tuple]] = []
        # A new page's state, as ReportLab's init_graphics_state sets it.
        self._lineWidth, self._strokeColorObj, self._lineCap, self._lineDash, self._lineJoin = 1, (0, 0, 0), 0, None, 0

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, tuple(sorted(kwargs.items()))))
            if name == "setLineWidth":
                self._lineWidth = args[0]
            elif name == "setStrokeGray":
                self._strokeColorObj = (args[0],) * 3
            elif name == "setLineCap":
                self._lineCap = args[0]
            elif name == "setLineJoin":
                self._lineJoin = args[0]
            elif name == "setDash":
                self._lineDash = tuple(args[0])
            return None
        return record

    def beginPath(self) -> Any:
        path = RecordedPath()
        self.calls.append(("beginPath", (path,), ()))
        return path


class RecordedPath:
    def __init__(self) -> None:
        self.steps: list[tuple[str, tuple]] = []

    def moveTo(self, x: float, y: float) -> None:
        self.steps.append(("moveTo", (x, y)))

    def lineTo(self, x: float, y: float) -> None:
        self.steps.append(("lineTo", (x, y)))

    def close(self) -> None:
        self.steps.append(("close", ()))


def record_pages(layout: Any, entries: list, fonts: Any, words: Any) -> list[list[tuple[str, tuple, tuple]]]:
    """Every page's canvas calls, made by bookgen's page drawing through a pen that uses
    ReportLab's public calls only."""
    from bookgen.render import pdf

    pages = []
    by_number = {e.number: e for e in entries}
    real_pen = pdf.PdfPen
    pdf.PdfPen = reference_pen()
    try:
        for page in layout.pages:
            recorder = Recorder()
            pdf._draw_page(recorder, page, layout, by_number, fonts, words)
            pages.append(recorder.calls)
    finally:
        pdf.PdfPen = real_pen
    return pages


def reference_pen() -> type:
    """A pen drawing through ReportLab's public calls one point at a time (what a bare
    script would write), subclassing bookgen's for everything else."""
    from reportlab.pdfgen.canvas import FILL_EVEN_ODD

    from bookgen.render.pdf import PdfPen

    class ReferencePen(PdfPen):
        def _api_path(self, loops: list, closed: bool) -> Any:
            path = self.c.beginPath()
            for loop in loops:
                path.moveTo(*self._pt(loop[0]))
                for p in loop[1:]:
                    path.lineTo(*self._pt(p))
                if closed:
                    path.close()
            return path

        def line(self, a: Any, b: Any, weight: Any) -> None:
            self._stroke_style(weight)
            (x1, y1), (x2, y2) = self._pt(a), self._pt(b)
            self.c.line(x1, y1, x2, y2)

        def outline(self, points: list, weight: Any, closed: bool = True) -> None:
            self._stroke_style(weight)
            self.c.drawPath(self._api_path([points], closed), stroke=1, fill=0)

        def polylines(self, lines: list, weight: Any) -> None:
            if lines:
                self._stroke_style(weight)
                self.c.drawPath(self._api_path(lines, False), stroke=1, fill=0)

        def fill(self, points: list, gray: float) -> None:
            self.c.setFillGray(1 - gray)
            self.c.drawPath(self._api_path([points], True), stroke=0, fill=1)
            self.c.setFillGray(0)

        def fill_loops(self, loops: list, gray: float) -> None:
            self.c.setFillGray(1 - gray)
            self.c.drawPath(self._api_path(loops, True), stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
            self.c.setFillGray(0)

        def text(self, at: Any, text: str, size: float, align: str = "center", bold: bool = False,
                 gray: float = 1.0) -> None:
            face = self.fonts.checked(text, bold)
            points = size * self.cell / face.cap_height
            x, y = self._pt(at)
            cap = size * self.cell
            self.c.setFont(face.pdf_name, points)
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

    return ReferencePen


def bare_render(pages: list, size: tuple[float, float], first_font: str, meta: Any, out: Any) -> None:
    """The bare script: a canvas, the recorded calls, showPage after each page, save.
    (Bookmarks are left out of both sides: see `measure`.)"""
    from reportlab import rl_config
    from reportlab.pdfgen import canvas as rl_canvas

    c = rl_canvas.Canvas(out, pagesize=size, invariant=1, initialFontName=first_font)
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setKeywords(", ".join(meta.keywords))
    c.setCreator(meta.creator)
    base85, rl_config.useA85 = rl_config.useA85, 0
    try:
        for calls in pages:
            for name, args, kwargs in calls:
                if name == "beginPath":
                    path = c.beginPath()
                    for step, xy in args[0].steps:
                        getattr(path, step)(*xy)
                    pending = path
                elif name == "drawPath":
                    c.drawPath(pending, **dict(kwargs))
                elif name == "setDash":
                    c.setDash(*args)
                    c._lineDash = tuple(args[0]) if args[0] else ()
                else:
                    getattr(c, name)(*args, **dict(kwargs))
            c.showPage()
        c.save()
    finally:
        rl_config.useA85 = base85


def prepare(spec_path: Path, cache_dir: Path) -> tuple:
    """The book's layout, puzzles, fonts, words and metadata (puzzles from the cache)."""
    os.environ["BOOKGEN_CACHE_DIR"] = str(cache_dir)
    from bookgen.book_sections import book_of, page_template
    from bookgen.build import metadata, worked_hints
    from bookgen.font_choice import fonts_for
    from bookgen.generation import generate_all
    from bookgen.language import words_for
    from bookgen.layout.pages import lay_out
    from bookgen.spec import load

    spec = load(spec_path)
    fonts = fonts_for(spec)
    entries = generate_all(spec, 2, None, use_cache=True)
    words = words_for(spec.language)
    layout = lay_out(book_of(spec), entries, page_template(spec), fonts.measure, worked_hints(entries, words))
    return layout, entries, fonts, words, metadata(spec)


def measure(spec_path: Path, repeats: int, report: Report) -> dict[str, Any]:
    from bookgen.render.pdf import render

    with tempfile.TemporaryDirectory() as folder:
        layout, entries, fonts, words, meta = prepare(spec_path, Path(folder))
        pages = record_pages(layout, entries, fonts, words)
        size = (layout.template.width, layout.template.height)
        first = fonts.checked("", False).pdf_name

        def ours() -> bytes:
            out = Path(folder) / "ours.pdf"
            render(layout, entries, out, meta, fonts, (), words)  # no bookmarks: the bare script has none
            return out.read_bytes()

        def bare() -> bytes:
            out = io.BytesIO()
            bare_render(pages, size, first, meta, out)
            return out.getvalue()

        same = hashlib.md5(ours()).hexdigest() == hashlib.md5(bare()).hexdigest()
        times: dict[str, list[float]] = {"bookgen": [], "bare": []}
        for _ in range(repeats):  # interleaved, so load changes touch both alike
            for name, run in (("bookgen", ours), ("bare", bare)):
                start = time.process_time()
                run()
                times[name].append(time.process_time() - start)
    count = len(layout.pages)
    per_page = {name: median(values) / count * 1000 for name, values in times.items()}
    ratio = per_page["bookgen"] / per_page["bare"]
    report.say(f"{spec_path.name}: {count} pages; bookgen {per_page['bookgen']:.2f} ms a page, "
               f"bare ReportLab {per_page['bare']:.2f} ms a page: {ratio:.2f}x "
               f"(CPU medians of {repeats}; same PDF bytes: {same}; load {load_average()})")
    return {"spec": spec_path.name, "pages": count, "bookgen_ms_per_page": round(per_page["bookgen"], 3),
            "bare_ms_per_page": round(per_page["bare"], 3), "ratio": round(ratio, 3), "same_bytes": same,
            "load": load_average()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", action="append", help="a spec to render (default: bench/book.py's mixed book)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--against", action="append", default=[], type=Path,
                        help="another checkout whose cached rebuild is timed too, interleaved (its .venv's Python)")
    parser.add_argument("--rebuild-only", action="store_true", help="only the whole cached rebuild")
    add_json_flag(parser)
    args = parser.parse_args()
    report = Report(args.json)
    specs = [Path(s) for s in args.spec or []]
    with tempfile.TemporaryDirectory() as folder:
        if not specs:
            from book import MIXED_BOOK

            specs = [Path(folder) / f"{DEFAULT_SPEC}.yaml"]
            specs[0].write_text(MIXED_BOOK, encoding="utf-8")
        results = [] if args.rebuild_only else [measure(spec, args.repeats, report) for spec in specs]
        rebuilds = [rebuild(spec, args.repeats, report, record_pages, args.against) for spec in specs]
    report.done({"render": results, "rebuild": rebuilds})


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
