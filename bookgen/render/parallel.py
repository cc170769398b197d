"""Pages drawn in worker processes, joined into one PDF byte for byte as one process
writes it, whatever the number of workers.

What a page draws is of two kinds. Lines, fills and their styles are operators whose
bytes depend on the page alone (its numbers formatted, its stroke state, which starts
afresh on every page): workers draw them, on a canvas of their own, most of a page's
work (a killer grid's dashes, every grid line). Text is not: a TrueType font's subsets
and the codes its characters get are the document's, given in the order characters
are first drawn in the book, so a worker leaves each string as a placeholder (where,
in which font and size, which string) and the main process, drawing every page in
order, writes the strings into its canvas among the worker's operators. Pictures too
belong to the document (its image objects): a page with one is drawn by the main
process whole. Bookmarks, fonts and the file itself are always the main process's.

Workers are forked (Linux), so they start with the book, its puzzles and its fonts in
memory; elsewhere, and for a book too short to pay for starting them, the main
process draws every page.
"""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from bookgen.layout.laid import BookLayout, Entry
from bookgen.language import Words
from bookgen.render.fonts import Fonts

# Pages below which the workers cost more to start than they save (measured on 2 cores:
# forking and collecting cost 0.1-0.2 s; a page takes 5-50 ms to draw).
MIN_PARALLEL_PAGES = 24
# Pages a worker is handed at a time: few enough that the work spreads evenly.
CHUNK_PAGES = 4


@dataclass(frozen=True)
class Text:
    """A string left for the main process: the canvas call that draws it and its state."""

    call: str  # drawString, drawCentredString or drawRightString
    font: str
    size: float
    leading: float
    x: float
    y: float
    text: str


# A page drawn by a worker: its operators in order, strings among them as Text; None
# for a page the main process draws itself.
Drawn = list[str | Text] | None


class _DrawHere(Exception):
    """A page that only the main process can draw (it places a picture)."""


class _WorkerCanvas(rl_canvas.Canvas):
    """A canvas that keeps strings as placeholders and refuses pictures."""

    def _later(self, call: str, x: float, y: float, text: str) -> None:
        self._code.append(Text(call, self._fontname, self._fontsize, self._leading, x, y, text))

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if args or kwargs:
            raise _DrawHere
        self._later("drawString", x, y, text)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if args or kwargs:
            raise _DrawHere
        self._later("drawCentredString", x, y, text)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if args or kwargs:
            raise _DrawHere
        self._later("drawRightString", x, y, text)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        # A font other than TrueType writes its selection with the document's own name.
        if not pdfmetrics.getFont(psfontname)._dynamicFont:
            raise _DrawHere
        super().setFont(psfontname, size, leading)

    def drawImage(self, *args: Any, **kwargs: Any) -> None:
        raise _DrawHere

    def drawInlineImage(self, *args: Any, **kwargs: Any) -> None:
        raise _DrawHere


# The book being drawn, set in the main process just before the workers are forked
# (they read it from their copy of memory: nothing is sent to them but page numbers).
_book: tuple[BookLayout, dict[int, Entry], Fonts, Words, Callable[..., None]] | None = None


def _draw_chunk(indices: tuple[int, ...]) -> list[Drawn]:
    """Pages `indices` of the book, drawn in a worker."""
    assert _book is not None, "set by drawn_pages before the workers start"
    layout, by_number, fonts, words, draw_page = _book
    template = layout.template
    canvas = _WorkerCanvas(io.BytesIO(), pagesize=(template.width, template.height), invariant=1,
                           initialFontName=fonts.checked("", False).pdf_name)
    drawn: list[Drawn] = []
    for index in indices:
        try:
            draw_page(canvas, layout.pages[index], layout, by_number, fonts, words)
            drawn.append(list(canvas._code))
        except _DrawHere:
            drawn.append(None)
        canvas._startPage()  # a fresh page's state, as showPage leaves it
    return drawn


def drawn_pages(layout: BookLayout, by_number: dict[int, Entry], fonts: Fonts, words: Words,
                draw_page: Callable[..., None], jobs: int) -> Iterator[Drawn] | None:
    """Every page drawn by `jobs` workers, given in order as they come (the main process
    writes one while the workers draw the next); None when the main process should draw
    them all (one job, a short book, no fork). Close the iterator if not read to its end."""
    pages = len(layout.pages)
    if jobs < 2 or pages < MIN_PARALLEL_PAGES or not sys.platform.startswith("linux"):
        return None
    chunks = [tuple(range(start, min(start + CHUNK_PAGES, pages))) for start in range(0, pages, CHUNK_PAGES)]
    return _drawn((layout, by_number, fonts, words, draw_page), chunks, min(jobs, len(chunks)))


def _drawn(book: tuple, chunks: list[tuple[int, ...]], jobs: int) -> Iterator[Drawn]:
    global _book
    from bookgen.stopping import parallel_results

    _book = book  # before the pool forks its workers, on the first page asked for
    if sys.platform.startswith("linux"):
        # Each worker asks for its parent-death signal through ctypes (bookgen.stopping):
        # loaded once here, before the fork, not once in every worker.
        import ctypes  # noqa: F401
    try:
        for chunk in parallel_results(_draw_chunk, chunks, jobs):
            yield from chunk
    finally:
        _book = None


def replay(canvas: Any, drawn: list[str | Text], fonts: Fonts) -> None:
    """A worker's page onto the main canvas: its operators as they are, its strings
    drawn now, in order (the fonts' subsets are given out as in one process)."""
    faces = {face.pdf_name: face for face in (fonts.regular, fonts.bold)}
    code = canvas._code
    for item in drawn:
        if isinstance(item, str):
            code.append(item)
        else:
            faces[item.font].font()  # registered here too (a worker may have been first to use it)
            canvas.setFont(item.font, item.size, item.leading)
            if item.call == "drawCentredString":
                canvas.drawCentredString(item.x, item.y, item.text)
            elif item.call == "drawRightString":
                canvas.drawRightString(item.x, item.y, item.text)
            else:
                canvas.drawString(item.x, item.y, item.text)
