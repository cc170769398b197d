"""Pages a section fills: small grids grow for young children, a section's puzzles are
shared out over its pages (no near-empty last page), one cell size for a section."""

from __future__ import annotations

import random

import pytest

from bookgen.layout.laid import Entry, Page
from bookgen.layout.model import Book, Section
from bookgen.layout.pages import lay_out
from bookgen.layout.slots import shared_out
from bookgen.layout.template import template
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
from bookgen.render.pdf import measure
from bookgen.section_options import SectionOptions

BOOK = Book("Filled pages", answer_key=False)


def level_for(size: int) -> str:
    """Easy, but a 4x4 is beginner only (issue 34)."""
    return "beginner" if size == 4 else "easy"


def one_section(count: int, size: int, per_page: int | None = None, copies: tuple[str, ...] = ("",)) -> list[Entry]:
    """`count` sudoku of `size` in one section a copy, the count known as a build knows it."""
    puzzle = PUZZLE_TYPE.generate(Params(size=size, difficulty=level_for(size)), random.Random(0), Budget(60))
    found = []
    for c, copy in enumerate(copies):
        options = SectionOptions(title="Part", instructions="Fill the grid.", per_page=per_page, count=count)
        section = Section(c, options, PUZZLE_TYPE, Params(size=size, difficulty=level_for(size)), copy=copy)
        found += [Entry(len(found) + 1, section, puzzle) for _ in range(count)]
    return found


def puzzle_pages(pages: tuple[Page, ...]) -> list[Page]:
    return [page for page in pages if page.placements]


def coverage(page: Page, tpl) -> float:
    area = tpl.content_width * (tpl.height - tpl.top - tpl.bottom)
    return sum(p.size[0] * p.size[1] * p.cell ** 2 for p in page.placements) / area


@pytest.mark.parametrize("count, per_page, expected", [(8, 6, [4, 4]), (13, 6, [5, 4, 4]), (7, 6, [4, 3]),
                                                       (6, 6, [6]), (1, 4, [1]), (12, 4, [4, 4, 4])])
def test_a_sections_puzzles_are_shared_out_evenly_over_as_few_pages(count: int, per_page: int, expected: list[int]):
    assert shared_out(count, per_page) == expected


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_two_small_grids_alone_grow_past_the_book_cap_to_the_small_grids_cap(paper: str):
    tpl = template("book", paper)
    cells = {p.cell for page in lay_out(BOOK, one_section(2, 4), tpl, measure).pages for p in page.placements}
    assert len(cells) == 1
    (cell,) = cells
    assert tpl.cell_max < cell <= tpl.small_max + 1e-6
    # a 9x9 keeps the book's cap: the small grids' cap is for small grids only
    big = [p.cell for page in lay_out(BOOK, one_section(1, 9), tpl, measure).pages for p in page.placements]
    assert big == [pytest.approx(tpl.cell_max)]


def test_eight_puzzles_print_as_two_pages_of_four_at_one_cell_not_six_and_two():
    tpl = template()
    pages = puzzle_pages(lay_out(BOOK, one_section(8, 4), tpl, measure).pages)
    assert [len(page.placements) for page in pages] == [4, 4]
    assert len({p.cell for page in pages for p in page.placements}) == 1
    assert min(coverage(page, tpl) for page in pages) > 0.5  # the last page was 0.19 at six a page


def test_a_per_page_the_user_asked_for_is_kept_page_by_page():
    pages = puzzle_pages(lay_out(BOOK, one_section(8, 4, per_page=6), template(), measure).pages)
    assert [len(page.placements) for page in pages] == [6, 2]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_worksheet_of_eight_small_grids_a_copy_takes_two_full_sheets_each(paper: str):
    tpl = template("worksheet", paper)
    layout = lay_out(BOOK, one_section(8, 4, copies=("Ana", "Ben")), tpl, measure)
    pages = puzzle_pages(layout.pages)
    assert [len(page.placements) for page in pages] == [4, 4, 4, 4]
    assert len({p.cell for page in pages for p in page.placements}) == 1
    # before, the plan of a book page did not leave room for the sheet's own heading:
    # two rows of two a sheet, four sheets a copy, at a third of the page
    assert min(coverage(page, tpl) for page in pages) > 0.5


def test_a_worksheet_of_two_small_grids_grows_them_on_its_one_sheet():
    tpl = template("worksheet", "Letter")
    pages = puzzle_pages(lay_out(BOOK, one_section(2, 4, copies=("Ana", "Ben")), tpl, measure).pages)
    assert len(pages) == 2  # one sheet a student
    assert all(p.cell > tpl.cell_max for page in pages for p in page.placements)


def two_sections(copies: tuple[str, ...]) -> list[Entry]:
    """Two sections of two 4x4 a copy, as the worksheet starter has."""
    puzzle = PUZZLE_TYPE.generate(Params(size=4, difficulty="beginner"), random.Random(0), Budget(60))
    found = []
    for c, copy in enumerate(copies):
        for k in range(2):
            options = SectionOptions(title=f"Part {k + 1}", instructions="Fill the grid.", count=2)
            section = Section(2 * c + k, options, PUZZLE_TYPE, Params(size=4, difficulty="beginner"), copy=copy)
            found += [Entry(len(found) + 1, section, puzzle) for _ in range(2)]
    return found


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_small_grids_grow_only_as_far_as_still_lets_a_students_sections_share_one_sheet(paper: str):
    tpl = template("worksheet", paper)
    pages = puzzle_pages(lay_out(BOOK, two_sections(("Ana", "Ben", "Chloe")), tpl, measure).pages)
    assert len(pages) == 3  # one sheet a student, as at the layout's own cap
    cells = {p.cell for page in pages for p in page.placements}
    assert len(cells) == 1 and cells.pop() > tpl.cell_max  # and bigger than that cap (Letter: 20 mm, not 18)
