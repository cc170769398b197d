from __future__ import annotations

import random

import pytest

from bookgen.errors import LayoutError
from bookgen.layout.pages import Book, Entry, lay_out
from bookgen.layout.template import template
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku import PUZZLE_TYPE, Params
from bookgen.render.pdf import measure


def entries(count: int, per_page: int, size: int = 9, sections: int = 1, large: bool = False) -> list[Entry]:
    puzzle = PUZZLE_TYPE.generate(Params(size=size, difficulty="easy"), random.Random(0), Budget(60))
    return [
        Entry(n + 1, f"S{n * sections // count}", n * sections // count, "Do it.", puzzle, PUZZLE_TYPE, per_page, large)
        for n in range(count)
    ]


def boxes(page):
    for placement in page.placements:
        yield placement, placement.x, placement.y, placement.x + 9 * placement.cell, placement.y + 9 * placement.cell


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_drawings_stay_inside_the_margins_and_never_overlap(per_page: int):
    tpl = template("A4")
    layout = lay_out(Book("T", "", "", True, True), entries(13, per_page), tpl, measure)
    for page in layout.pages:
        placed = list(boxes(page))
        for _p, x0, y0, x1, y1 in placed:
            assert tpl.left - 0.01 <= x0 and x1 <= tpl.width - tpl.right + 0.01
            assert tpl.top <= y0 and y1 <= tpl.height - tpl.bottom
        for i, (_a, ax0, ay0, ax1, ay1) in enumerate(placed):
            for _b, bx0, by0, bx1, by1 in placed[i + 1:]:
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0


@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_pages_hold_per_page_puzzles_and_answers_follow_them(per_page: int):
    layout = lay_out(Book("T", "", "", True, False), entries(13, per_page), template("A4"), measure)
    puzzle_pages = sorted(set(layout.page_of.values()))
    assert len(puzzle_pages) == -(-13 // per_page)
    assert min(layout.answer_page_of.values()) > max(puzzle_pages)
    assert all(layout.answer_page_of[n] > layout.page_of[n] for n in layout.page_of)


def test_each_section_starts_on_a_new_page_with_its_heading():
    layout = lay_out(Book("T", "", "", False, False), entries(6, 4, sections=2), template("A4"), measure)
    assert layout.page_of[3] != layout.page_of[4]
    first_page_of_second = layout.pages[layout.page_of[4] - 1]
    assert any(t.text == "S1" and t.bold for t in first_page_of_second.texts)
    assert layout.answer_page_of == {}


def test_a_9x9_gets_book_cells_and_large_print_is_larger():
    tpl = template("A4")
    normal = lay_out(Book("T", "", "", False, False), entries(4, 4, size=9), tpl, measure)
    large = lay_out(Book("T", "", "", False, False), entries(2, 2, size=9, large=True), tpl, measure)
    assert normal.pages[1].placements[0].cell == pytest.approx(tpl.cell_normal)
    assert large.pages[1].placements[0].cell > tpl.cell_normal * 1.2


def test_small_grids_grow_toward_a_9x9_width_but_not_past_large_cells():
    tpl = template("A4")
    four = lay_out(Book("T", "", "", False, False), entries(4, 4, size=4), tpl, measure).pages[1].placements[0]
    six = lay_out(Book("T", "", "", False, False), entries(4, 4, size=6), tpl, measure).pages[1].placements[0]
    assert four.cell == pytest.approx(tpl.cell_large)
    assert six.cell == pytest.approx(9 * tpl.cell_normal / 6)


def test_letter_paper_is_letter_sized():
    tpl = template("Letter")
    assert (round(tpl.width), round(tpl.height)) == (612, 792)


def test_a_drawing_too_big_for_its_slot_is_a_layout_error(monkeypatch):
    monkeypatch.setattr(PUZZLE_TYPE.__class__, "print_size", lambda self, puzzle, answer=False: (400, 400))
    with pytest.raises(LayoutError):
        lay_out(Book("T", "", "", False, False), entries(1, 6), template("A4"), measure)


def test_long_instructions_wrap_to_the_text_width_and_push_the_puzzles_down():
    tpl = template("A4")
    short = lay_out(Book("T", "", "", False, False), entries(1, 1), tpl, measure).pages[1]
    long_entries = [Entry(e.number, e.section_title, e.section_index, "Word " * 200, e.puzzle, e.ptype, 1)
                    for e in entries(1, 1)]
    long = lay_out(Book("T", "", "", False, False), long_entries, tpl, measure).pages[1]
    body = [t for t in long.texts if t.text.startswith("Word")]
    assert len(body) > 5
    assert all(measure(t.text, t.size, False) <= tpl.content_width for t in body)
    assert long.placements[0].y > short.placements[0].y
    assert max(t.y for t in body) < long.placements[0].y - tpl.label
