"""Worked first steps, after the answer key: for each puzzle of a section with
`hints: true`, its number and page, then the grader's first steps in plain words,
numbered, wrapped to the text column, page after page under a running head."""

from __future__ import annotations

from bookgen.layout.heads import footer, running_head
from bookgen.layout.model import Book, Entry, Page, Rule, TextItem
from bookgen.layout.template import Template
from bookgen.layout.text import LEADING, Measure, ellipsized, wrap

HINTS = "Stuck? The first steps"


def hint_pages(entries: list[Entry], hints: dict[int, list[str]], first: int, page_of: dict[int, int], book: Book,
               tpl: Template, measure: Measure) -> list[Page]:
    """Pages numbered from `first`; a puzzle's steps are kept on one page."""
    size = tpl.sizes.body
    indent = measure("4.  ", size, False)
    pages: list[Page] = []
    texts, rules, top = _head(first, book, tpl, measure)
    y = top
    for entry in entries:
        said = hints.get(entry.number)
        if not said:
            continue
        block = _block(entry, said, page_of, size, indent, tpl, measure)
        height = sum(step for _item, step in block)
        if y > top and y + height > tpl.text_bottom:
            pages.append(Page(first + len(pages), tuple(texts), (), tuple(rules), None, "hints"))
            texts, rules, top = _head(first + len(pages), book, tpl, measure)
            y = top
        for item, step in block:
            y += step
            texts.append(TextItem(item.text, item.x, y, item.size, item.bold))
        y += size * 0.8
    pages.append(Page(first + len(pages), tuple(texts), (), tuple(rules), None, "hints"))
    return pages


def _head(number: int, book: Book, tpl: Template, measure: Measure) -> tuple[list[TextItem], list[Rule], float]:
    texts, rules, y = running_head(HINTS, tpl.header.format(title=book.title), tpl, measure)
    return texts + footer(number, book, tpl, measure), rules, y + tpl.gap * 0.3


def _block(entry: Entry, said: list[str], page_of: dict[int, int], size: float, indent: float, tpl: Template,
           measure: Measure) -> list[tuple[TextItem, float]]:
    """(text, the space above its baseline) for a puzzle's heading and numbered steps."""
    copy = f"{entry.section.copy} · " if entry.section.copy else ""
    heading = ellipsized(f"{copy}Puzzle {entry.shown} (page {page_of[entry.number]})", size, tpl.content_width,
                         measure, True)
    block = [(TextItem(heading, tpl.left, 0, size, True), size * 1.4)]
    for k, sentence in enumerate(said, 1):
        lines = wrap(sentence, size, tpl.content_width - indent, measure)
        block.append((TextItem(f"{k}.", tpl.left, 0, size), size * LEADING))
        for j, line in enumerate(lines):
            item = TextItem(line, tpl.left + indent, 0, size)
            block.append((item, 0.0 if j == 0 else size * LEADING))
    return block
