"""The front matter of a book made to sell, after its title page: a copyright page
(title, author and year, ISBN, a licence line) and, for each puzzle type in the book, a
how-to-play page: the rules in the book's language and a small puzzle shown beside its
answer. Each is made for its page number (its footer), once layout knows where the
front matter starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bookgen.language import N_
from bookgen.layout.heads import footer, instructions_under, running_head
from bookgen.layout.laid import Entry, Page, Placement
from bookgen.layout.model import Book, TextItem
from bookgen.layout.slots import Box, fit_cell
from bookgen.layout.template import MM, Template
from bookgen.layout.text import LEADING, Measure, fitted

HOW_TO_PLAY = N_("How to play: {type}")
EXAMPLE = N_("Example")
SOLUTION = N_("Solution")
ALL_RIGHTS = N_("All rights reserved.")
# The example's cell: small beside the book's, but every digit still easy to read.
EXAMPLE_CELL_MAX = 10 * MM

FrontPage = Callable[[int], Page]  # a page of the front matter, made for its number


@dataclass(frozen=True)
class Copyright:
    """What the copyright page says (the spec's keys of the same names)."""

    year: int | None = None
    isbn: str | None = None
    licence: str | None = None  # None: "All rights reserved." in the book's language
    made_with: str = ""  # the line saying what made the book (the seed line), or ""


def copyright_page(book: Book, info: Copyright, tpl: Template, measure: Measure) -> FrontPage:
    """The copyright page: its lines small and left-aligned in the lower part of the page,
    as books print it."""
    words = book.words
    owner = " ".join(part for part in (f"© {info.year}" if info.year else "©", book.author) if part)
    lines = [(book.title, True), (owner, False), ("", False)]
    if info.isbn:
        lines.append((f"ISBN {info.isbn}", False))
    lines.append((info.licence if info.licence is not None else words.gettext(ALL_RIGHTS), False))
    if info.made_with:
        lines += [("", False), (info.made_with, False)]
    size = tpl.sizes.body

    def page(number: int) -> Page:
        texts: list[TextItem] = []
        wrapped = [(part, bold) for text, bold in lines
                   for part in (fitted(text, size, tpl.content_width, measure, bold, tpl.sizes.min, 3)[0] if text else [""])]
        y = tpl.text_bottom - len(wrapped) * size * LEADING
        for text, bold in wrapped:
            y += size * LEADING
            if text:
                texts.append(TextItem(text, tpl.left, y, size, bold))
        return Page(number, tuple(texts + footer(number, book, tpl, measure)), kind="front")

    return page


def how_to_play_page(book: Book, rules: str, title: str, example: Entry, tpl: Template,
                     measure: Measure) -> FrontPage:
    """A type's page: "How to play: Sudoku" as its running head, the rules under it, and
    the example puzzle beside its answer (above it when the page is narrow for both)."""
    words = book.words

    def page(number: int) -> Page:
        texts, rules_drawn, y = running_head(words.gettext(HOW_TO_PLAY).format(type=title), "", tpl, measure)
        more, y = instructions_under(rules, y, tpl, measure)
        texts += more
        y += tpl.gap
        width, height = example.ptype.print_size(example.puzzle)
        answer_size = example.ptype.print_size(example.puzzle, True)
        band = tpl.label_band
        room = Box(tpl.left, y, tpl.content_width, tpl.text_bottom - y)
        side = Box(room.x, room.y, (room.w - tpl.gap) / 2, room.h)
        stacked = Box(room.x, room.y, room.w, (room.h - tpl.gap) / 2)
        beside = min(fit_cell((width, height), side, band), fit_cell(answer_size, side, band))
        above = min(fit_cell((width, height), stacked, band), fit_cell(answer_size, stacked, band))
        cell = min(EXAMPLE_CELL_MAX, max(beside, above))
        placements = []
        for k, (answer, label) in enumerate(((False, EXAMPLE), (True, SOLUTION))):
            w, h = answer_size if answer else (width, height)
            if beside >= above:
                x = side.x + k * (side.w + tpl.gap) + (side.w - w * cell) / 2
                top = room.y + band
            else:
                x = room.x + (room.w - w * cell) / 2
                top = room.y + band + k * (h * cell + band + tpl.gap)
            placements.append(Placement(example.number, x, top, cell, answer, (w, h)))
            texts.append(TextItem(words.gettext(label), x, top - band * 0.35, tpl.sizes.label, bold=True))
        texts += footer(number, book, tpl, measure)
        return Page(number, tuple(texts), tuple(placements), tuple(rules_drawn), kind="front")

    return page
