"""Place a book's puzzles on pages: a title page with contents (book layouts), each
section from a new page, its puzzles in planned slots under a running head on every
page, then the answer key at the back.

Everything here is geometry in points (y measured down from the top of the page); the
renderer only draws what this module decided.
"""

from __future__ import annotations

from bookgen.layout.answers import ANSWERS, answer_pages
from bookgen.layout.flow import flowed
from bookgen.layout.hints import HINTS, Hint, hint_pages
from bookgen.layout.heads import footer, section_head, title_page
from bookgen.layout.model import Book, BookLayout, Entry, Page, Section
from bookgen.layout.slots import Box, SlotPlan, flowing, placed, plan_slots
from bookgen.layout.template import Template
from bookgen.layout.text import Measure


def plan_section(section: Section, book: Book, tpl: Template, measure: Measure,
                 made: Entry | None = None) -> SlotPlan | None:
    """The slots of a section's pages, on its own layout if it has one: from its options
    alone (no puzzle needed), or, for a type that cannot tell its size from its options,
    from a puzzle `made` (None when there is none yet)."""
    tpl = section.tpl or tpl
    size = section.ptype.planned_size(section.params)
    if size is None and made is not None:
        size = made.ptype.print_size(made.puzzle)
    if size is None:
        return None
    _texts, _rules, top = section_head(section, book, tpl, measure)
    return plan_slots(section, Box(tpl.left, top, tpl.content_width, tpl.text_bottom - top), tpl, size)


def plan_book(sections: list[Section], book: Book, tpl: Template, measure: Measure) -> list[SlotPlan | None]:
    """Every section's plan (None where only a made puzzle tells the size); raises
    LayoutError for the first section that cannot be printed as asked."""
    return [plan_section(section, book, tpl, measure) for section in sections]


def lay_out(book: Book, entries: list[Entry], tpl: Template, measure: Measure,
            hints: dict[int, list[Hint]] | None = None) -> BookLayout:
    """The whole book; `hints` (puzzle number -> its first steps in words) adds the
    worked-steps pages after the puzzles, before the answers."""
    pages: list[Page] = []
    page_of: dict[int, int] = {}
    first = 2 if tpl.title_page else 1
    contents: list[tuple[str, int]] = []
    groups = _sections(entries)
    while groups:
        run = _flow_run(groups, tpl)
        if run:
            planned = [(s, items, _flow_plan(s, items, book, tpl, measure)) for s, items in run]
            more, where = flowed(planned, first + len(pages), book, tpl, measure)
            groups = groups[len(run):]
        else:
            section, items = groups.pop(0)
            more, where = _section_pages(section, items, first + len(pages), book, tpl, measure)
            run = [(section, items)]
        for section, items in run:
            title = section.copy or section.options.title
            if not contents or contents[-1][0] != title:
                contents.append((title, where[items[0].number]))
        pages += more
        page_of.update(where)
    # The worked steps before the answers (see layout/hints.py for why).
    if hints:
        contents.append((book.words.gettext(HINTS), first + len(pages)))
        pages += hint_pages(entries, hints, first + len(pages), page_of, book, tpl, measure)
    answer_page_of: dict[int, int] = {}
    if book.answer_key and entries:
        contents.append((book.words.gettext(ANSWERS), first + len(pages)))
        more, answer_page_of = answer_pages(entries, first + len(pages), page_of, book, tpl, measure)
        pages += more
    if tpl.title_page:
        pages.insert(0, Page(1, tuple(title_page(book, contents, tpl, measure)), kind="title"))
    return BookLayout(tpl, tuple(pages), page_of, answer_page_of)


def _flow_run(groups: list[tuple[Section, list[Entry]]], tpl: Template) -> list[tuple[Section, list[Entry]]]:
    """The sections at the head of `groups` that share sheets: on a flowing layout, one
    copy's sections in a row that have no layout of their own."""
    run = []
    for section, items in groups:
        if not tpl.flow or section.tpl is not None or (run and section.copy != run[0][0].copy):
            break
        run.append((section, items))
    return run


def _plan(section: Section, items: list[Entry], book: Book, tpl: Template, measure: Measure) -> SlotPlan:
    plan = plan_section(section, book, tpl, measure, items[0])
    assert plan is not None  # a made puzzle always has a size
    return plan


def _flow_plan(section: Section, items: list[Entry], book: Book, tpl: Template, measure: Measure) -> SlotPlan:
    """A section's plan on a sheet it may share: its full page's columns, its own rows."""
    plan = _plan(section.counted(0), items, book, tpl, measure)
    size = section.ptype.planned_size(section.params) or items[0].ptype.print_size(items[0].puzzle)
    return flowing(plan, section.counted(len(items)), size, tpl)


def _section_pages(section: Section, items: list[Entry], first: int, book: Book, tpl: Template,
                   measure: Measure) -> tuple[list[Page], dict[int, int]]:
    """A section on pages of its own, from a new page, `per_page` a page."""
    plan = _plan(section, items, book, tpl, measure)
    pages, page_of = [], {}
    for start in range(0, len(items), plan.per_page):
        number = first + len(pages)
        chunk = items[start : start + plan.per_page]
        pages.append(_puzzle_page(number, section, chunk, plan, book, section.tpl or tpl, measure))
        for entry in chunk:
            page_of[entry.number] = number
    return pages, page_of


def _sections(entries: list[Entry]) -> list[tuple[Section, list[Entry]]]:
    grouped: dict[int, list[Entry]] = {}
    for entry in entries:
        grouped.setdefault(entry.section.index, []).append(entry)
    return [(grouped[k][0].section, grouped[k]) for k in sorted(grouped)]


def _puzzle_page(number: int, section: Section, chunk: list[Entry], plan: SlotPlan, book: Book, tpl: Template,
                 measure: Measure) -> Page:
    texts, rules, _top = section_head(section, book, tpl, measure)
    texts += footer(number, book, tpl, measure)
    placements = []
    for k, entry in enumerate(chunk):
        placement, label = placed(entry, plan.slot(k), plan.cell, tpl, measure, book.words)
        placements.append(placement)
        texts.append(label)
    return Page(number, tuple(texts), tuple(placements), tuple(rules), section.index, "puzzles")
