"""Place a book's puzzles on pages: a title page with contents (book layouts), each
section from a new page, its puzzles in planned slots under a running head on every
page, then the answer key at the back. Each section's pages are planned as `bookgen
check` plans them (bookgen.layout.plan).

Everything here is geometry in points (y measured down from the top of the page); the
renderer only draws what this module decided.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable, Hashable, Sequence

from bookgen.layout.answers import ANSWERS, answer_pages
from bookgen.errors import LayoutError
from bookgen.layout.duplex import mirrored, to_right_hand
from bookgen.layout.flow import flowed, sheet_room
from bookgen.layout.heads import footer, section_head, title_page
from bookgen.layout.laid import BookLayout, Entry, Page
from bookgen.layout.model import Book, Section
from bookgen.layout.plan import plan_section
from bookgen.layout.slots import SlotPlan, flowing, placed, plan_slots, shared_out
from bookgen.layout.template import MM, Template
from bookgen.layout.text import Measure

if TYPE_CHECKING:  # the worked-step pages are loaded where a book has them, not by `bookgen check` (start-up)
    from bookgen.layout.hints import Hint
    from bookgen.layout.lesson import LessonPlan


def lay_out(book: Book, entries: list[Entry], tpl: Template, measure: Measure,
            hints: dict[int, list[Hint]] | None = None, lessons: dict[int, LessonPlan] | None = None,
            front: Sequence[Callable[[int], Page]] = ()) -> BookLayout:
    """The whole book; `hints` (puzzle number -> its first steps in words) adds the
    worked-steps pages after the puzzles, before the answers. Printed on both sides
    (`book.duplex`), each part starts on a right-hand page and left-hand pages are
    mirrored (layout/duplex.py). `front` makes the front matter's pages (copyright, how
    to play: layout/front_matter.py), after the title page, each for its number."""
    pages: list[Page] = []
    page_of: dict[int, int] = {}
    first = (2 if tpl.title_page else 1) + len(front)
    contents: list[tuple[str, int]] = []
    groups = _sections(entries)
    own_tpl = {section.index: section.tpl for section, _items in groups if section.tpl}
    chosen: dict[Hashable, tuple[bool, float]] = {}  # how copies alike were flowed
    lessons = dict(lessons or {})
    while groups:
        # A focus section's lesson page comes before the pages (or shared sheet) it opens.
        for section, _items in groups[:max(1, len(_flow_run(groups, tpl)))]:
            if section.index in lessons:
                from bookgen.layout.lesson import lesson_page

                pages += to_right_hand(book, first + len(pages))
                pages.append(lesson_page(first + len(pages), lessons.pop(section.index), book, tpl, measure))
        pages += to_right_hand(book, first + len(pages))
        run = _flow_run(groups, tpl)
        if run:
            more, where = _flowed_run(run, first + len(pages), book, tpl, measure, chosen)
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
        from bookgen.layout.hints import HINTS, hint_pages

        pages += to_right_hand(book, first + len(pages))
        contents.append((book.words.gettext(HINTS), first + len(pages)))
        pages += hint_pages(entries, hints, first + len(pages), page_of, book, tpl, measure)
    answer_page_of: dict[int, int] = {}
    if book.answer_key and entries:
        pages += to_right_hand(book, first + len(pages))
        contents.append((book.words.gettext(ANSWERS), first + len(pages)))
        more, answer_page_of = answer_pages(entries, first + len(pages), page_of, book, tpl, measure)
        pages += more
    opening = 2 if tpl.title_page else 1
    pages[0:0] = [make(opening + k) for k, make in enumerate(front)]
    if tpl.title_page:
        pages.insert(0, Page(1, tuple(title_page(book, contents, tpl, measure)), kind="title"))
    pages = [mirrored(page, own_tpl.get(page.section, tpl) if page.kind == "puzzles" else tpl)
             if book.left_hand(page.number) else page for page in pages]
    return BookLayout(tpl, tuple(styled(pages, entries)), page_of, answer_page_of)


def styled(pages: list[Page], entries: list[Entry]) -> list[Page]:
    """Every drawing with the style its section shares (one clue size for a section's
    KenKen), decided from all the section's puzzles, every copy's alike: puzzles made
    with the same options and section look the same on every student's sheet."""
    def kind(entry: Entry) -> Hashable:
        return (entry.section.options, entry.section.params)

    members: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        members.setdefault(kind(entry), []).append(entry)
    styles = {key: group[0].ptype.section_style([e.puzzle for e in group]) for key, group in members.items()}
    style_of = {entry.number: styles[kind(entry)] for entry in entries}
    return [dataclasses.replace(page, placements=tuple(dataclasses.replace(p, style=style_of.get(p.number))
                                                       for p in page.placements)) for page in pages]


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


Laid = tuple[list[Page], dict[int, int]]  # pages, and the page each puzzle is on
# How much smaller than the layout's cap a run's grids may print to save a sheet.
SHRINK_TO_SAVE = 0.85


def _flowed_run(run: list[tuple[Section, list[Entry]]], first: int, book: Book, tpl: Template,
                measure: Measure, chosen: dict[Hashable, tuple[bool, float]]) -> Laid:
    """One copy's sections on shared sheets, on as few sheets as they can share, their
    small grids as big as those sheets allow. Each section is planned with the columns
    of a full page of it (compact, so sections share sheets) or grown (for its own
    number of puzzles on the room a sheet really leaves it: eight plan as two sheets of
    four); the small grids' cap is tried from the layout's own cap up to small_max. Of
    the ways that take no more sheets than the fewest, the one drawing most is printed:
    two 4x4 sudoku and two 4x4 KenKen still share one sheet a student, at the biggest
    cell that leaves them room. Copies alike (the same sections, drawings of the same
    sizes, the same room under their heads) are flowed alike: the way found for the first
    is kept in `chosen` for the rest."""
    alike = (tuple((s.options, s.params, tuple(e.ptype.print_size(e.puzzle) for e in items)) for s, items in run),
             sheet_room(run[0][0], book, tpl, measure).y)
    if alike in chosen:
        laid = _flowed_at(run, first, book, tpl, measure, *chosen[alike])
        assert laid is not None  # it fitted the copy it was found for
        return laid

    def better(laid: Laid) -> tuple[int, float]:
        return len(laid[0]), -_drawn_area(laid[0])

    found = [(laid, (grow, 0.0)) for grow in (False, True)
             if (laid := _flowed_at(run, first, book, tpl, measure, grow, 0.0)) is not None]
    best, way = min(found, key=lambda found: better(found[0]))  # compact at the layout's cap always fits
    step = MM / 2
    # A sheet saved by drawing a little smaller (two 4x4 KenKen under two 6x6 sudoku on
    # Letter's sheet, 18 mm shorter than A4's): the biggest cap under the layout's own,
    # down to SHRINK_TO_SAVE of it, that takes fewer sheets (not much smaller: eight
    # small grids still print as two full sheets of four, not one crowded sheet).
    floor = max(tpl.cell_min, tpl.cell_max * SHRINK_TO_SAVE)
    lower = [tpl.cell_max - k * step for k in range(1, int((tpl.cell_max - floor) / step) + 1)]
    for cap in lower if len(best[0]) > 1 else []:
        tried = [(laid, (grow, -cap)) for grow in (False, True)
                 if (laid := _flowed_at(run, first, book, tpl, measure, grow, -cap)) is not None
                 and len(laid[0]) < len(best[0])]
        if tried:
            best, way = min(tried, key=lambda found: better(found[0]))
            break
    caps = [tpl.cell_max + k * step for k in range(int((tpl.small_max - tpl.cell_max) / step) + 1)]
    for grow in (False, True) if way[1] >= 0 else ():
        low, high = 0, len(caps) - 1
        while low <= high:  # the biggest cap that costs no sheet (a bigger cap never saves one)
            middle = (low + high) // 2
            laid = _flowed_at(run, first, book, tpl, measure, grow, caps[middle])
            if laid is not None and len(laid[0]) <= len(best[0]):
                if better(laid) < better(best):
                    best, way = laid, (grow, caps[middle])
                low = middle + 1
            else:
                high = middle - 1
    chosen[alike] = way
    return best


def _flowed_at(run: list[tuple[Section, list[Entry]]], first: int, book: Book, tpl: Template, measure: Measure,
               grow: bool, small_cap: float) -> Laid | None:
    """The run's sheets with small grids capped at `small_cap` (0: at the layout's own
    cap; below 0, every grid capped at -small_cap, under the layout's own cap), compact or
    grown; None if a grown plan does not fit a sheet at all."""
    capped = (dataclasses.replace(tpl, small_max=small_cap) if small_cap >= 0
              else dataclasses.replace(tpl, small_max=0.0, cell_max=-small_cap))
    try:
        planned = [(s, items, (_grown_plan if grow else _flow_plan)(s, items, book, capped, measure))
                   for s, items in run]
    except LayoutError:
        return None
    return flowed(planned, first, book, capped, measure)


def _grown_plan(section: Section, items: list[Entry], book: Book, tpl: Template, measure: Measure) -> SlotPlan:
    size = section.ptype.planned_size(section.params) or items[0].ptype.print_size(items[0].puzzle)
    counted = section.counted(len(items))
    plan = plan_slots(counted, sheet_room(section, book, tpl, measure), tpl, size)
    return flowing(plan, counted, size, tpl)


def _drawn_area(pages: list[Page]) -> float:
    return sum(p.size[0] * p.size[1] * p.cell ** 2 for page in pages for p in page.placements)


def _section_pages(section: Section, items: list[Entry], first: int, book: Book, tpl: Template,
                   measure: Measure) -> tuple[list[Page], dict[int, int]]:
    """A section on pages of its own, from a new page, at most `per_page` a page, shared
    out evenly over its pages when the layout chose the number (a number the user asked
    for is kept, page by page)."""
    plan = _plan(section, items, book, tpl, measure)
    counts = ([plan.per_page] * -(-len(items) // plan.per_page) if section.options.per_page
              else shared_out(len(items), plan.per_page))
    pages, page_of = [], {}
    start = 0
    for count in counts:
        number = first + len(pages)
        chunk = items[start : start + count]
        start += count
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
    texts, rules, _top = section_head(section, book, tpl, measure, plan.head_lines)
    texts += footer(number, book, tpl, measure)
    placements = []
    for k, entry in enumerate(chunk):
        placement, labels = placed(entry, plan.slot(k), plan.cell, tpl, measure, book.words)
        placements.append(placement)
        texts += labels
    return Page(number, tuple(texts), tuple(placements), tuple(rules), section.index, "puzzles")
