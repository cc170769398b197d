"""Place a book's puzzles on pages: a title page with contents (book layouts), each
section from a new page, its puzzles in planned slots under a running head on every
page, then the answer key at the back.

Everything here is geometry in points (y measured down from the top of the page); the
renderer only draws what this module decided.
"""

from __future__ import annotations

from bookgen.layout.answers import ANSWERS, answer_pages
from bookgen.layout.heads import footer, section_head, title_page
from bookgen.layout.model import Book, BookLayout, Entry, Page, Placement, Section, TextItem
from bookgen.layout.slots import Box, SlotPlan, fit_cell, plan_slots, planned_size
from bookgen.layout.template import Template
from bookgen.layout.text import Measure, ellipsized


def plan_section(section: Section, book: Book, tpl: Template, measure: Measure,
                 made: Entry | None = None) -> SlotPlan | None:
    """The slots of a section's pages, on its own layout if it has one: from its options
    alone (no puzzle needed), or, for a type that cannot tell its size from its options,
    from a puzzle `made` (None when there is none yet)."""
    tpl = section.tpl or tpl
    size = planned_size(section.ptype, section.params)
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


def lay_out(book: Book, entries: list[Entry], tpl: Template, measure: Measure) -> BookLayout:
    pages: list[Page] = []
    page_of: dict[int, int] = {}
    first = 2 if tpl.title_page else 1
    contents: list[tuple[str, int]] = []
    for section, chunk_list in _sections(entries):
        plan = plan_section(section, book, tpl, measure, chunk_list[0])
        assert plan is not None  # a made puzzle always has a size
        title = section.copy or section.title
        if not contents or contents[-1][0] != title:
            contents.append((title, first + len(pages)))
        for start in range(0, len(chunk_list), plan.per_page):
            number = first + len(pages)
            chunk = chunk_list[start : start + plan.per_page]
            pages.append(_puzzle_page(number, section, chunk, plan, book, section.tpl or tpl, measure))
            for entry in chunk:
                page_of[entry.number] = number
    answer_page_of: dict[int, int] = {}
    if book.answer_key and entries:
        contents.append((ANSWERS, first + len(pages)))
        more, answer_page_of = answer_pages(entries, first + len(pages), page_of, book, tpl, measure)
        pages += more
    if tpl.title_page:
        pages.insert(0, Page(1, tuple(title_page(book, contents, tpl, measure)), kind="title"))
    return BookLayout(tpl, tuple(pages), page_of, answer_page_of)


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
        placement, label = _placed(entry, plan.slot(k), plan.cell, tpl, measure)
        placements.append(placement)
        texts.append(label)
    return Page(number, tuple(texts), tuple(placements), tuple(rules), section.index, "puzzles")


def _placed(entry: Entry, slot: Box, cell: float, tpl: Template, measure: Measure) -> tuple[Placement, TextItem]:
    """The drawing at the section's cell (smaller only if this one is bigger than planned),
    with its label just above it, the two centred together in the slot."""
    size = entry.ptype.print_size(entry.puzzle)
    cell = min(cell, fit_cell(size, slot, tpl.label_band))
    width, height = size[0] * cell, size[1] * cell
    x = slot.x + (slot.w - width) / 2
    y = slot.y + (slot.h - tpl.label_band - height) / 2 + tpl.label_band
    text = f"{entry.shown}   {entry.puzzle.difficulty}   {entry.ptype.describe(entry.puzzle)}".rstrip()
    label_size = tpl.sizes.label
    text = ellipsized(text, label_size, slot.x + slot.w - x, measure, True)
    label = TextItem(text, x, y - tpl.label_band * 0.35, label_size, bold=True)
    return Placement(entry.number, x, y, cell, False, size), label
