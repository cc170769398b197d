from __future__ import annotations

import random

import pytest

from bookgen.errors import LayoutError
from bookgen.layout.laid import Entry
from bookgen.layout.model import Book, Section
from bookgen.layout.pages import lay_out, plan_section
from bookgen.layout.template import MM, template
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
from bookgen.render.pdf import measure
from bookgen.section_options import SectionOptions

BOOK = Book("T", answer_key=True)


def level_for(size: int) -> str:
    """Easy, but a 4x4 is beginner only (issue 34)."""
    return "beginner" if size == 4 else "easy"


def section(index: int = 0, per_page: int | None = None, size: int = 9, large: bool = False,
            title: str = "", instructions: str = "Do it.") -> Section:
    params = Params(size=size, difficulty=level_for(size))
    options = SectionOptions(title=title or f"S{index}", instructions=instructions, per_page=per_page,
                             large_print=large, count=0)
    return Section(index, options, PUZZLE_TYPE, params)


def entries(count: int, per_page: int | None, size: int = 9, sections: int = 1, large: bool = False,
            instructions: str = "Do it.") -> list[Entry]:
    puzzle = PUZZLE_TYPE.generate(Params(size=size, difficulty=level_for(size)), random.Random(0), Budget(60))
    made = [section(k, per_page, size, large, instructions=instructions) for k in range(sections)]
    return [Entry(n + 1, made[n * sections // count], puzzle) for n in range(count)]


def boxes(page):
    for placement in page.placements:
        w, h = placement.size
        yield placement, placement.x, placement.y, placement.x + w * placement.cell, placement.y + h * placement.cell


@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_drawings_stay_inside_the_text_area_and_never_overlap(per_page: int, paper: str):
    tpl = template("book", paper)
    layout = lay_out(BOOK, entries(13, per_page), tpl, measure)
    for page in layout.pages:
        placed = list(boxes(page))
        for _p, x0, y0, x1, y1 in placed:
            assert tpl.left - 0.01 <= x0 and x1 <= tpl.width - tpl.right + 0.01
            assert tpl.top <= y0 and y1 <= tpl.text_bottom + 0.01
        for i, (_a, ax0, ay0, ax1, ay1) in enumerate(placed):
            for _b, bx0, by0, bx1, by1 in placed[i + 1:]:
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_pages_hold_per_page_puzzles_and_answers_follow_them(per_page: int):
    layout = lay_out(BOOK, entries(13, per_page), template(), measure)
    puzzle_pages = sorted(set(layout.page_of.values()))
    assert len(puzzle_pages) == -(-13 // per_page)
    assert min(layout.answer_page_of.values()) > max(puzzle_pages)
    assert all(layout.answer_page_of[n] > layout.page_of[n] for n in layout.page_of)


def test_every_page_but_a_sections_last_has_all_its_slots_filled():
    layout = lay_out(BOOK, entries(11, 4, sections=2), template(), measure)
    by_section: dict[int, list] = {}
    for page in layout.pages:
        if page.kind == "puzzles":
            by_section.setdefault(page.section, []).append(page)
    for pages in by_section.values():
        assert all(len(page.placements) == 4 for page in pages[:-1])


def test_every_section_page_carries_its_running_head_and_instructions():
    layout = lay_out(BOOK, entries(9, 2, sections=2), template(), measure)
    for page in layout.pages:
        if page.kind == "puzzles":
            bold = [t.text for t in page.texts if t.bold]
            assert f"S{page.section}" in bold
            assert any(t.text == "Do it." for t in page.texts)
            assert page.rules
        if page.kind == "answers":
            assert any(t.text == "Answers" for t in page.texts)


def test_each_section_starts_on_a_new_page():
    layout = lay_out(Book("T", answer_key=False), entries(6, 4, sections=2), template(), measure)
    assert layout.page_of[3] != layout.page_of[4]
    assert layout.answer_page_of == {}


def test_cells_grow_when_fewer_puzzles_share_a_page():
    cells = [lay_out(BOOK, entries(n, n), template(), measure).pages[1].placements[0].cell for n in (6, 4, 2, 1)]
    assert cells == sorted(cells)
    assert cells[0] < cells[2] < cells[3]


def test_one_9x9_alone_reaches_the_layouts_cap_and_large_print_is_larger():
    tpl = template()
    alone = lay_out(BOOK, entries(1, 1), tpl, measure).pages[1].placements[0]
    assert alone.cell == pytest.approx(tpl.cell_max)
    large = lay_out(BOOK, entries(1, 1, large=True), tpl, measure).pages[1].placements[0]
    assert large.cell > tpl.cell_max


@pytest.mark.parametrize("paper, size, expected",
                         [("A4", 4, 6), ("A4", 6, 6), ("A4", 9, 2), ("Letter", 4, 6), ("Letter", 6, 4), ("Letter", 9, 2)])
def test_default_puzzles_a_page_are_what_a_publisher_would_choose(size: int, expected: int, paper: str):
    plan = plan_section(section(size=size), BOOK, template("book", paper), measure)
    assert plan.per_page == expected
    assert plan.cell >= template().cell_min


def test_a_12x12_defaults_to_one_a_page():
    from bookgen.puzzles.kenken.type import PUZZLE_TYPE as KENKEN, Params as KParams

    plan = plan_section(Section(0, SectionOptions(title="K", instructions="", count=0), KENKEN, KParams(size=12)), BOOK,
                        template(), measure)
    assert plan.per_page == 1


def test_drawings_are_centred_in_their_slots():
    layout = lay_out(BOOK, entries(2, 2), template(), measure)
    tpl = layout.template
    for placement in layout.pages[1].placements:
        left = placement.x - tpl.left
        right = tpl.width - tpl.right - (placement.x + 9 * placement.cell)
        assert left == pytest.approx(right, abs=0.5)


def test_large_print_that_cannot_fit_is_refused_with_the_reason():
    with pytest.raises(LayoutError, match="large print needs cells of at least 14 mm.*ask for per_page: 1$"):
        plan_section(section(per_page=6, large=True), BOOK, template(), measure)


def test_letter_paper_is_letter_sized_in_any_case():
    for name in ("Letter", "LETTER", "letter"):
        tpl = template("book", name)
        assert (round(tpl.width), round(tpl.height)) == (612, 792)


def test_a_drawing_too_big_for_its_slot_is_a_layout_error(monkeypatch):
    monkeypatch.setattr(PUZZLE_TYPE.__class__, "planned_size", lambda self, params: (400, 400), raising=False)
    with pytest.raises(LayoutError, match="ask for fewer"):
        lay_out(BOOK, entries(1, 6), template(), measure)


def test_long_instructions_wrap_to_the_text_width_and_push_the_puzzles_down():
    tpl = template()
    short = lay_out(BOOK, entries(1, 1), tpl, measure).pages[1]
    long = lay_out(BOOK, entries(1, 1, instructions="Word " * 30), tpl, measure).pages[1]
    body = [t for t in long.texts if t.text.startswith("Word")]
    assert len(body) > 1
    assert all(measure(t.text, t.size, False) <= tpl.content_width for t in body)
    assert max(t.y for t in body) < long.placements[0].y - tpl.sizes.label
    assert long.placements[0].cell <= short.placements[0].cell


def test_answer_keys_pack_several_answers_a_page():
    layout = lay_out(BOOK, entries(12, 2), template(), measure)
    answer_pages = {layout.answer_page_of[n] for n in layout.answer_page_of}
    assert len(answer_pages) == 1
    cell = layout.pages[-1].placements[0].cell
    assert cell == pytest.approx(4.6 * MM)


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_an_answer_that_would_spill_onto_a_sheet_of_its_own_is_packed_onto_the_last_one(paper: str):
    tpl = template("book", paper)
    full = lay_out(BOOK, entries(12, 2), tpl, measure)  # twelve 9x9 answers fill one page at 4.6 mm
    assert len(set(full.answer_page_of.values())) == 1
    layout = lay_out(BOOK, entries(13, 2), tpl, measure)  # a thirteenth used to take a sheet alone
    assert len(set(layout.answer_page_of.values())) == 1
    cells = {p.cell for p in layout.pages[-1].placements}
    assert len(cells) == 1 and tpl.answer_min - 1e-6 <= cells.pop() < tpl.answer_cell


def test_the_contents_has_dot_leaders_between_each_title_and_its_page():
    layout = lay_out(BOOK, entries(4, 2, sections=2), template(), measure)
    title_page = layout.pages[0]
    leaders = [t for t in title_page.texts if t.text.startswith(" . .")]
    assert len(leaders) == 3  # two sections and the answers
    for leader in leaders:
        row = [t for t in title_page.texts if t.y == leader.y]
        title, page = min(row, key=lambda t: t.x), next(t for t in row if t.align == "right" and t.text.isdigit())
        assert title.x + measure(title.text, title.size, False) < leader.x - measure(leader.text, leader.size, False)
        assert leader.x < page.x - measure(page.text, page.size, False)


def test_worksheet_pages_have_name_class_and_date_lines_with_room_to_write():
    tpl = template("worksheet")
    page = lay_out(BOOK, entries(2, 2), tpl, measure).pages[0]
    labels = {t.text: t for t in page.texts if t.text in ("Name", "Class", "Date")}
    assert set(labels) == {"Name", "Class", "Date"}
    write_on = [r for r in page.rules if r.width == tpl.write_line]
    assert len(write_on) == 3
    assert write_on[0].x2 - write_on[0].x1 >= 50 * MM  # a name, 50-70 mm
    for rule in write_on:
        assert rule.x2 - rule.x1 >= 25 * MM
        assert rule.y1 - tpl.top >= 8 * MM  # room above the line for handwriting
    assert min(p.y for p in page.placements) > max(r.y1 for r in write_on)


def test_a_type_that_cannot_tell_its_size_from_its_options_is_planned_from_its_first_puzzle(monkeypatch):
    monkeypatch.setattr(PUZZLE_TYPE.__class__, "print_size", lambda self, puzzle, answer=False: (21, 21))
    monkeypatch.setattr(PUZZLE_TYPE.__class__, "planned_size", lambda self, params: None)
    made = entries(3, None)
    odd = [Entry(e.number, Section(0, SectionOptions(title="S", instructions="", count=0), PUZZLE_TYPE,
                                   e.puzzle.params), e.puzzle) for e in made]
    assert plan_section(odd[0].section, BOOK, template(), measure) is None
    layout = lay_out(BOOK, odd, template(), measure)
    assert [len(p.placements) for p in layout.pages if p.kind == "puzzles"] == [1, 1, 1]


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_hint_pages_put_a_grid_beside_each_puzzles_steps_marking_the_cells_each_step_touches(paper: str):
    from bookgen.puzzles.hints import first_hints

    tpl = template("book", paper)
    made = entries(7, None, size=9)
    hints = {e.number: first_hints(PUZZLE_TYPE.steps(e.puzzle), 4) for e in made}
    layout = lay_out(BOOK, made, tpl, measure, hints)
    hint_pages = [page for page in layout.pages if page.kind == "hints"]
    grids = [p for page in hint_pages for p in page.placements]
    assert [p.number for p in grids] == [e.number for e in made] and not any(p.answer for p in grids)
    for grid in grids:
        said = hints[grid.number]
        assert dict(grid.marks.badges) == {cell: str(k) for k in range(len(said), 0, -1) for cell in said[k - 1].cells}
    left, top, right, _bottom = tpl.area
    for page in hint_pages:
        for placement, x0, y0, x1, y1 in boxes(page):
            assert left <= x0 and x1 <= right + 1e-6 and top <= y0 and y1 <= tpl.text_bottom
            # The steps' lines stop short of the grid beside them.
            beside = [t for t in page.texts if y0 <= t.y <= y1 and t.x < x0]
            assert beside and all((t.x if t.align == "right" else t.x + measure(t.text, t.size, t.bold)) < x0
                                  for t in beside)
    # A puzzle's bookmark still opens its own page, not the hint page showing it small.
    assert all(layout.page_of[e.number] < hint_pages[0].number for e in made)
