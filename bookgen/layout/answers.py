"""The answer key: a second pass over the same drawings, small, packed in rows across
the page (several answers a page, whatever their sizes), each labelled with its number,
its copy or student where there are several, and the page of its puzzle."""

from __future__ import annotations

from bookgen.language import N_, Words
from bookgen.layout.heads import footer, running_head
from bookgen.layout.model import Book, Entry, Page, Placement, TextItem
from bookgen.layout.template import Template
from bookgen.layout.text import Measure, ellipsized

ANSWERS = N_("Answers")


def answer_label(entry: Entry, page: int, words: Words) -> str:
    copy = f"{entry.section.copy} · " if entry.section.copy else ""
    return copy + words.gettext("{number} (page {page})").format(number=entry.shown, page=page)


def answer_pages(entries: list[Entry], first: int, page_of: dict[int, int], book: Book, tpl: Template,
                 measure: Measure) -> tuple[list[Page], dict[int, int]]:
    """Pages numbered from `first`, and the page of each puzzle's answer."""
    pages: list[Page] = []
    answer_page_of: dict[int, int] = {}
    size = tpl.sizes.answer_label
    band = size * 1.6
    page = _Sheet(first, book, tpl, measure)
    x, y, row_h = tpl.left, page.top, 0.0
    for entry in entries:
        cols, rows = entry.ptype.print_size(entry.puzzle, answer=True)
        # Never taller than a page, whatever the layout asks (a 21×21 samurai at the largest answer cell).
        cell = min(tpl.answer_cell, tpl.content_width / cols, (tpl.text_bottom - page.top - band) / rows)
        label = ellipsized(answer_label(entry, page_of[entry.number], book.words), size, tpl.content_width, measure, True)
        width = max(cols * cell, measure(label, size, True))
        height = band + rows * cell
        if x > tpl.left and x + width > tpl.width - tpl.right:
            x, y, row_h = tpl.left, y + row_h + tpl.gap, 0.0
        if y > page.top and y + height > tpl.text_bottom:
            pages.append(page.done())
            page = _Sheet(first + len(pages), book, tpl, measure)
            x, y, row_h = tpl.left, page.top, 0.0
        page.texts.append(TextItem(label, x, y + size, size, bold=True))
        page.placements.append(Placement(entry.number, x, y + band, cell, True, (cols, rows)))
        answer_page_of[entry.number] = page.number
        x += width + tpl.gap
        row_h = max(row_h, height)
    pages.append(page.done())
    return pages, answer_page_of


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
