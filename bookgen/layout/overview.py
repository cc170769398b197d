"""The class overview at the front of a teacher's separate answers (`answer_key:
separate` with a class record): each student, their level in each section of this set,
and how they did (this set's marks so far, or the last set's), a row each."""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.language import N_
from bookgen.layout.heads import footer, running_head
from bookgen.layout.laid import Page
from bookgen.layout.model import Book, Rule, TextItem
from bookgen.layout.template import Template
from bookgen.layout.text import LEADING, Measure, ellipsized

OVERVIEW = N_("Class overview")
STUDENT = N_("Student")
# The student's column's share of the width; the sections share the rest.
NAME_SHARE = 0.3


@dataclass(frozen=True)
class OverviewRow:
    """One student's line of the class overview."""

    student: str
    cells: tuple[str, ...]  # per section: "easy · done"


def overview_pages(first: int, titles: list[str], rows: list[OverviewRow], book: Book, tpl: Template,
                   measure: Measure) -> list[Page]:
    """Pages numbered from `first`: a header row (Student, each section's title) and one
    row a student, as many pages as the class needs."""
    words = book.words
    size = tpl.sizes.label
    step = size * LEADING * 1.35
    name_w = tpl.content_width * NAME_SHARE
    col_w = (tpl.content_width - name_w) / max(1, len(titles))
    pages: list[Page] = []
    texts: list[TextItem] = []
    rules: list[Rule] = []
    y = top = 0.0

    def start() -> None:
        nonlocal texts, rules, y, top
        texts, rules, y = running_head(words.gettext(OVERVIEW), tpl.header_for(book.title), tpl, measure)
        texts += footer(first + len(pages), book, tpl, measure)
        y += step
        row([words.gettext(STUDENT)] + titles, True)

    def row(cells: list[str], bold: bool) -> None:
        nonlocal y
        x = tpl.left
        for k, text in enumerate(cells):
            width = name_w if k == 0 else col_w
            texts.append(TextItem(ellipsized(text, size, width - size, measure, bold), x, y, size, bold))
            x += width
        rules.append(Rule(tpl.left, y + size * 0.45, tpl.width - tpl.right, y + size * 0.45, 0.3))
        y += step

    start()
    for each in rows:
        if y + step > tpl.text_bottom:
            pages.append(Page(first + len(pages), tuple(texts), (), tuple(rules), None, "answers"))
            start()
        row([each.student] + list(each.cells), False)
    pages.append(Page(first + len(pages), tuple(texts), (), tuple(rules), None, "answers"))
    return pages
