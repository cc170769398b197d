"""The answer key: a second pass over the same drawings, small, packed in rows across
the page (several answers a page, whatever their sizes), each labelled with its number,
its copy or student where there are several, and the page of its puzzle.

A key is printed for every class set, so an extra sheet holding two answers costs a
sheet a copy: the answers are packed at the layout's answer cell and, when a smaller
cell (never under the layout's answer_min, where digits stay above 6 pt) puts them on
fewer pages, at the biggest cell that does.
"""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.language import N_, Words
from bookgen.layout.heads import footer, running_head
from bookgen.layout.laid import Entry, Page, Placement
from bookgen.layout.model import Book, TextItem
from bookgen.layout.template import MM, Template
from bookgen.layout.text import Measure, ellipsized

ANSWERS = N_("Answers")
# The answer cells tried between the layout's answer cell and its answer_min, in mm.
SHRINK_STEP = 0.1 * MM


def answer_label(entry: Entry, page: int, words: Words) -> str:
    """"Ben · 2 (page 4)"; "Ana · easy · 2 (page 4)" for a student with a level of their own."""
    copy = f"{entry.section.copy} · " if entry.section.copy else ""
    level = f"{words.gettext(entry.section.level)} · " if entry.section.level else ""
    return copy + level + words.gettext("{number} (page {page})").format(number=entry.shown, page=page)


@dataclass(frozen=True)
class _Spot:
    """Where one answer goes on its answer page (counted from 0): its label's baseline,
    its drawing's top-left corner, and its cell."""

    entry: Entry
    page: int
    x: float
    y: float
    cell: float
    label: str


def answer_pages(entries: list[Entry], first: int, page_of: dict[int, int], book: Book, tpl: Template,
                 measure: Measure) -> tuple[list[Page], dict[int, int]]:
    """Pages numbered from `first`, and the page of each puzzle's answer."""
    top = _Sheet(first, book, tpl, measure).top
    label_of = {entry.number: answer_label(entry, page_of[entry.number], book.words) for entry in entries}
    spots = _fewest_pages(entries, top, label_of, tpl, measure)
    sheets = [_Sheet(first + k, book, tpl, measure) for k in range(spots[-1].page + 1 if spots else 1)]
    size = tpl.sizes.answer_label
    answer_page_of: dict[int, int] = {}
    for spot in spots:
        sheet = sheets[spot.page]
        cols, rows = spot.entry.ptype.print_size(spot.entry.puzzle, answer=True)
        sheet.texts.append(TextItem(spot.label, spot.x, spot.y + size, size, bold=True))
        sheet.placements.append(Placement(spot.entry.number, spot.x, spot.y + size * 1.6, spot.cell, True,
                                          (cols, rows)))
        answer_page_of[spot.entry.number] = sheet.number
    return [sheet.done() for sheet in sheets], answer_page_of


def _fewest_pages(entries: list[Entry], top: float, label_of: dict[int, str], tpl: Template,
                  measure: Measure) -> list[_Spot]:
    """The packing at the biggest answer cell that needs no more pages than the smallest
    allowed cell does."""
    biggest = tpl.answer_cell
    smallest = min(tpl.answer_min, biggest)
    packed = _packed(entries, top, label_of, tpl, measure, biggest)
    least = _pages(_packed(entries, top, label_of, tpl, measure, smallest))
    cell = biggest
    while _pages(packed) > least and cell - SHRINK_STEP >= smallest - 1e-9:
        cell -= SHRINK_STEP
        packed = _packed(entries, top, label_of, tpl, measure, cell)
    return packed


def _pages(spots: list[_Spot]) -> int:
    return spots[-1].page + 1 if spots else 1


def _packed(entries: list[Entry], top: float, label_of: dict[int, str], tpl: Template, measure: Measure,
            answer_cell: float) -> list[_Spot]:
    """Answers in rows across the page, in order, at `answer_cell` (smaller for a drawing
    wider than the page), the gaps between them shrinking with it."""
    size = tpl.sizes.answer_label
    band = size * 1.6
    gap = tpl.gap * answer_cell / tpl.answer_cell
    spots: list[_Spot] = []
    page, x, y, row_h = 0, tpl.left, top, 0.0
    for entry in entries:
        cols, rows = entry.ptype.print_size(entry.puzzle, answer=True)
        # Never taller than a page, whatever the layout asks (a 21×21 samurai at the largest answer cell).
        cell = min(answer_cell, tpl.content_width / cols, (tpl.text_bottom - top - band) / rows)
        label = ellipsized(label_of[entry.number], size, tpl.content_width, measure, True)
        width = max(cols * cell, measure(label, size, True))
        height = band + rows * cell
        if x > tpl.left and x + width > tpl.width - tpl.right:
            x, y, row_h = tpl.left, y + row_h + gap, 0.0
        if y > top and y + height > tpl.text_bottom:
            page, x, y, row_h = page + 1, tpl.left, top, 0.0
        spots.append(_Spot(entry, page, x, y, cell, label))
        x += width + gap
        row_h = max(row_h, height)
    return spots


class _Sheet:
    """An answer page being filled."""

    def __init__(self, number: int, book: Book, tpl: Template, measure: Measure) -> None:
        self.number = number
        texts, rules, y = running_head(book.words.gettext(ANSWERS), tpl.header_for(book.title), tpl, measure)
        self.texts = texts + footer(number, book, tpl, measure)
        self.rules = rules
        self.placements: list[Placement] = []
        self.top = y + tpl.gap * 0.6

    def done(self) -> Page:
        return Page(self.number, tuple(self.texts), tuple(self.placements), tuple(self.rules), None, "answers")
