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
from typing import Any, Callable, Iterator

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from bookgen.layout.laid import BookLayout, Entry
from bookgen.language import Words
from bookgen.render.fonts import Fonts

# Pages below which the workers cost more to start than they save (measured on 2 cores:
# forking and collecting cost 0.1-0.2 s; a page takes 5-50 ms to draw).
MIN_PARALLEL_PAGES = 24


# A string left for the main process, with all of its operators made but those that
# depend on the document, the subset codes its characters get and the subsets' names (see
# bookgen.render.book_canvas, whose one-line strings these are, byte for byte): the face's
# name; "BT 1 0 0 1 <x> <y> Tm ", its position already shifted by the string's width;
# " <size> Tf <leading> TL", written after each subset's name; and the string. A plain
# tuple, not a frozen dataclass: a book's 9,000 strings crossed from the workers in
# 46 ms as dataclasses, 3 ms as tuples (pickled and read back).
Text = tuple[str, str, str, str]


# What a string's alignment moves it by, in its widths (BookCanvas's drawString,
# drawCentredString and drawRightString).
_SHIFT = {"drawString": 0.0, "drawCentredString": 0.5, "drawRightString": 1.0}


# A page drawn by a worker: its operators in order (each run of them between two strings
# joined into one text, as the page's stream joins them), strings among them as Text;
# None for a page the main process draws itself.
Drawn = list[str | Text] | None


class _DrawHere(Exception):
    """A page that only the main process can draw (it places a picture)."""


class _WorkerCanvas(rl_canvas.Canvas):
    """A canvas that keeps strings as placeholders and refuses pictures."""

    def _later(self, call: str, x: float, y: float, text: str) -> None:
        font = pdfmetrics.getFont(self._fontname)  # a TrueType face: setFont refused any other
        if not self.bottomup or not isinstance(text, str):
            raise _DrawHere
        size = self._fontsize
        if shift := _SHIFT[call]:
            x = x - shift * font.stringWidth(text, size)
        self._code.append((self._fontname, f"BT 1 0 0 1 {fp_str(x, y)} Tm ",
                           f" {fp_str(size)} Tf {fp_str(self._leading)} TL", text))

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


# The book being drawn, set in the main process just before the workers are forked (they
# read it from their copy of memory: nothing is sent to them but page numbers).
_book: tuple[BookLayout, dict[int, Entry], Fonts, Words, Callable[..., None]] | None = None


def _draw_one(index: int) -> Drawn:
    """Page `index`, drawn in a worker."""
    return _draw_chunk((index,))[0]


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
            drawn.append(_joined(canvas._code))
        except _DrawHere:
            drawn.append(None)
        canvas._startPage()  # a fresh page's state, as showPage leaves it
    return drawn


def _joined(code: list[str | Text]) -> list[str | Text]:
    """A page's operators with each run between two strings joined by newlines, as the
    page's stream joins them all (ReportLab's PDFPage.setStream): fewer to send back and
    to copy into the main canvas."""
    joined: list[str | Text] = []
    run: list[str] = []
    for item in code:
        if isinstance(item, str):
            run.append(item)
        else:
            if run:
                joined.append("\n".join(run))
                run = []
            joined.append(item)
    if run:
        joined.append("\n".join(run))
    return joined


def drawn_pages(layout: BookLayout, by_number: dict[int, Entry], fonts: Fonts, words: Words,
                draw_page: Callable[..., None], jobs: int) -> Iterator[Drawn] | None:
    """Every page drawn by `jobs` workers, given in order as they come (the main process
    writes one while the workers draw the next), None for a page the main process draws
    itself; None instead of them all when it should draw them all (one job, a short book,
    no fork). Close the iterator if not read to its end.

    A page no worker has started when the main process comes to it is the main process's
    (None): it draws the first pages while the workers start, and any it reaches before
    them, instead of waiting idle (the workers are handed one page at a time, so that
    the last pages, the answer keys of large grids, 25-75 ms each, spread over them)."""
    pages = len(layout.pages)
    if jobs < 2 or pages < MIN_PARALLEL_PAGES or not sys.platform.startswith("linux"):
        return None
    return _drawn((layout, by_number, fonts, words, draw_page), pages, jobs)


def _drawn(book: tuple, pages: int, jobs: int) -> Iterator[Drawn]:
    global _book
    from bookgen.stopping import TAKEN, claimed_in_order

    _book = book  # before the workers are forked, on the first page asked for
    if sys.platform.startswith("linux"):
        # Each worker asks for its parent-death signal through ctypes (bookgen.stopping):
        # loaded once here, before the fork, not once in every worker.
        import ctypes  # noqa: F401
    try:
        for page in claimed_in_order(_draw_one, pages, jobs):
            yield None if page is TAKEN else page
    finally:
        _book = None


def replay(canvas: Any, drawn: list[str | Text], fonts: Fonts) -> None:
    """A worker's page onto the main canvas: its operators as they are, its strings
    finished now, in order, as BookCanvas writes them (the fonts' subsets and their
    characters' codes are given out as in one process)."""
    faces = {face.pdf_name: face for face in (fonts.regular, fonts.bold)}
    doc, code = canvas._doc, canvas._code
    for item in drawn:
        if isinstance(item, str):
            code.append(item)
            continue
        name, head, size, text = item
        font = faces[name].font()  # registered here too (a worker may have been first to use it)
        parts = []
        current = -1
        for subset, chars in font.splitString(text, doc):
            if subset != current:
                parts.append(font.getSubsetInternalName(subset, doc) + size)
                current = subset
            parts.append(f"({escapePDF(chars)}) Tj")
        code.append(f"{head}{' '.join(parts)} T* ET")
