"""Place a book's puzzles on pages: a title page, each section from a new page with its
heading and instructions, 1/2/4/6 puzzles a page, then the answer key at the back.

Everything here is geometry in points (y measured down from the top of the page); the
renderer only draws what this module decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable
from bookgen.errors import LayoutError
from bookgen.layout.template import Template
from bookgen.puzzles.base import Puzzle, PuzzleType


@dataclass(frozen=True)
class Entry:
    """One puzzle of the book, numbered as printed."""

    number: int
    section_title: str
    section_index: int
    instructions: str
    puzzle: Puzzle
    ptype: PuzzleType
    per_page: int = 1
    large_print: bool = False


@dataclass(frozen=True)
class TextItem:
    text: str
    x: float
    y: float  # baseline, from the top of the page
    size: float
    bold: bool = False
    align: str = "left"  # left | center | right


@dataclass(frozen=True)
class Placement:
    """Where one drawing goes: its top-left corner and the size of one cell, in points."""

    number: int
    x: float
    y: float
    cell: float
    answer: bool


@dataclass(frozen=True)
class Page:
    number: int
    texts: tuple[TextItem, ...] = ()
    placements: tuple[Placement, ...] = ()
    rules: tuple[tuple[float, float, float, float], ...] = ()  # write-on lines (name, date)


@dataclass(frozen=True)
class BookLayout:
    template: Template
    pages: tuple[Page, ...]
    page_of: dict[int, int]  # puzzle number -> page it is printed on
    answer_page_of: dict[int, int]  # puzzle number -> page of its answer


# The width in points of a text at a type size, bold or not: the renderer's font metrics,
# passed in so that layout can wrap text without importing the renderer.
Measure = Callable[[str, float, bool], float]
LEADING = 1.3  # line spacing, as a multiple of the type size


def wrap(text: str, size: float, width: float, measure: Measure, bold: bool = False) -> list[str]:
    """Greedy word wrap to `width` points."""
    lines: list[str] = []
    for word in text.split():
        if lines and measure(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _paragraph(text: str, x: float, y: float, size: float, width: float, measure: Measure,
               bold: bool = False, align: str = "left") -> tuple[list[TextItem], float]:
    """Wrapped lines with their first baseline at y; returns them and the next free y."""
    lines = wrap(text, size, width, measure, bold)
    items = [TextItem(line, x, y + k * size * LEADING, size, bold, align) for k, line in enumerate(lines)]
    return items, y + len(lines) * size * LEADING


@dataclass(frozen=True)
class Book:
    title: str
    subtitle: str
    author: str
    answer_key: bool
    name_line: bool


def lay_out(book: Book, entries: list[Entry], tpl: Template, measure: Measure) -> BookLayout:
    pages: list[Page] = []
    page_of: dict[int, int] = {}
    sections = _sections(entries)
    # The contents list needs each section's first page, known only after placing them.
    first_pages: list[tuple[str, int]] = []
    for section in sections:
        per_page = section[0].per_page
        first_pages.append((section[0].section_title, len(pages) + 2))
        for start in range(0, len(section), per_page):
            chunk = section[start : start + per_page]
            number = len(pages) + 2
            pages.append(_puzzle_page(number, chunk, per_page, start == 0, book, tpl, measure))
            for entry in chunk:
                page_of[entry.number] = number
    answer_page_of: dict[int, int] = {}
    if book.answer_key and entries:
        answer_start = len(pages) + 2
        first_pages.append(("Answers", answer_start))
        cols, rows = tpl.answer_slots
        per_page = cols * rows
        for start in range(0, len(entries), per_page):
            chunk = entries[start : start + per_page]
            number = len(pages) + 2
            pages.append(_answer_page(number, chunk, start == 0, page_of, tpl))
            for entry in chunk:
                answer_page_of[entry.number] = number
    title_page = _title_page(book, first_pages, tpl, measure)
    return BookLayout(tpl, (title_page, *pages), page_of, answer_page_of)


def _sections(entries: list[Entry]) -> list[list[Entry]]:
    grouped: dict[int, list[Entry]] = {}
    for entry in entries:
        grouped.setdefault(entry.section_index, []).append(entry)
    return [grouped[k] for k in sorted(grouped)]


def _title_page(book: Book, contents: list[tuple[str, int]], tpl: Template, measure: Measure) -> Page:
    mid = tpl.left + tpl.content_width / 2
    texts, y = _paragraph(book.title, mid, tpl.height * 0.3, 30, tpl.content_width, measure, True, "center")
    if book.subtitle:
        lines, y = _paragraph(book.subtitle, mid, y + 10, 16, tpl.content_width, measure, align="center")
        texts += lines
    if book.author:
        texts.append(TextItem(book.author, mid, y + 20, 12, align="center"))
    y = tpl.height * 0.55
    texts.append(TextItem("Contents", tpl.left + 40, y, 13, bold=True))
    for title, page in contents:
        y += 18
        texts.append(TextItem(title, tpl.left + 40, y, 11))
        texts.append(TextItem(str(page), tpl.width - tpl.right - 40, y, 11, align="right"))
    return Page(1, tuple(texts))


def _footer(number: int, tpl: Template) -> TextItem:
    return TextItem(str(number), tpl.left + tpl.content_width / 2, tpl.height - tpl.bottom, 9.5, align="center")


def _puzzle_page(number: int, chunk: list[Entry], per_page: int, first: bool, book: Book, tpl: Template,
                 measure: Measure) -> Page:
    texts: list[TextItem] = [_footer(number, tpl)]
    rules = []
    y = tpl.top
    if book.name_line:
        y += tpl.name_line * 0.6
        texts.append(TextItem("Name", tpl.left, y, tpl.body))
        texts.append(TextItem("Date", tpl.left + tpl.content_width * 0.66, y, tpl.body))
        rules.append((tpl.left + 32, y + 2, tpl.left + tpl.content_width * 0.62, y + 2))
        rules.append((tpl.left + tpl.content_width * 0.66 + 28, y + 2, tpl.width - tpl.right, y + 2))
        y += tpl.name_line * 0.4
    if first:
        y += tpl.heading
        texts.append(TextItem(chunk[0].section_title, tpl.left, y, tpl.heading, bold=True))
        lines, y = _paragraph(chunk[0].instructions, tpl.left, y + tpl.body * 1.6, tpl.body, tpl.content_width, measure)
        texts += lines
    else:
        y += tpl.heading * 0.5
    cols, rows = tpl.slots[per_page]
    bottom = tpl.height - tpl.bottom - tpl.footer
    slot_w = (tpl.content_width - (cols - 1) * tpl.gap) / cols
    slot_h = (bottom - y - (rows - 1) * tpl.gap) / rows
    max_cell = tpl.cell_large if chunk[0].large_print else tpl.cell_single if per_page == 1 else tpl.cell_normal
    placements = []
    for k, entry in enumerate(chunk):
        col, row = k % cols, k // cols
        x0 = tpl.left + col * (slot_w + tpl.gap)
        y0 = y + row * (slot_h + tpl.gap)
        placement = _fit(entry, x0, y0 + tpl.label_band, slot_w, slot_h - tpl.label_band, max_cell, False,
                         grow_to=9 * tpl.cell_normal, grow_cap=tpl.cell_large)
        placements.append(placement)
        label = f"{entry.number}   {entry.puzzle.difficulty}   {entry.ptype.describe(entry.puzzle)}".rstrip()
        texts.append(TextItem(label, placement.x, y0 + tpl.label, tpl.label, bold=True))
    return Page(number, tuple(texts), tuple(placements), tuple(rules))


def _answer_page(number: int, chunk: list[Entry], first: bool, page_of: dict[int, int], tpl: Template) -> Page:
    texts: list[TextItem] = [_footer(number, tpl)]
    y = tpl.top
    if first:
        y += tpl.heading
        texts.append(TextItem("Answers", tpl.left, y, tpl.heading, bold=True))
        y += tpl.heading * 0.8
    else:
        y += tpl.heading * 0.5
    cols, rows = tpl.answer_slots
    bottom = tpl.height - tpl.bottom - tpl.footer
    slot_w = (tpl.content_width - (cols - 1) * tpl.gap) / cols
    slot_h = (bottom - y - (rows - 1) * tpl.gap) / rows
    placements = []
    for k, entry in enumerate(chunk):
        col, row = k % cols, k // cols
        x0 = tpl.left + col * (slot_w + tpl.gap)
        y0 = y + row * (slot_h + tpl.gap)
        placement = _fit(entry, x0, y0 + tpl.label_band, slot_w, slot_h - tpl.label_band, tpl.cell_answer, True)
        placements.append(placement)
        label = f"{entry.number}   (page {page_of[entry.number]})"
        texts.append(TextItem(label, placement.x, y0 + tpl.label, tpl.label, bold=True))
    return Page(number, tuple(texts), tuple(placements))


def _fit(entry: Entry, x: float, y: float, w: float, h: float, max_cell: float, answer: bool,
         grow_to: float = 0.0, grow_cap: float = 0.0) -> Placement:
    """The largest cell (up to max_cell) at which the drawing fits the box, centred across it.

    A narrow drawing (a 4x4 grid) may grow until it is `grow_to` wide, with cells of at most
    `grow_cap`, so small grids do not sit lost in a slot meant for a 9x9 one.
    """
    cols, rows = entry.ptype.print_size(entry.puzzle, answer=answer)
    max_cell = max(max_cell, min(grow_cap, grow_to / cols))
    cell = min(max_cell, w / cols, h / rows)
    if cell < 6:  # points: below ~2 mm a cell cannot hold a readable digit
        raise LayoutError(
            f"puzzle {entry.number} ({cols:g}x{rows:g} cells) does not fit its slot; use fewer puzzles per page"
        )
    return Placement(entry.number, x + (w - cols * cell) / 2, y, cell, answer)
