"""Worksheets that flow: a copy's sections share sheets when they fit."""

from __future__ import annotations

import dataclasses
import random

from bookgen.layout.laid import Entry
from bookgen.layout.model import Book, Section
from bookgen.layout.pages import lay_out
from bookgen.layout.template import template
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
from bookgen.render.pdf import measure
from bookgen.section_options import SectionOptions

BOOK = Book("Friday puzzles", answer_key=False)


def level_for(size: int) -> str:
    """Easy, but a 4x4 is beginner only (issue 34)."""
    return "beginner" if size == 4 else "easy"


def sections_of(counts: list[int], copies: tuple[str, ...] = ("",), size: int = 4) -> list[Entry]:
    puzzle = PUZZLE_TYPE.generate(Params(size=size, difficulty=level_for(size)), random.Random(0), Budget(60))
    found, number = [], 0
    for c, copy in enumerate(copies):
        for k, count in enumerate(counts):
            options = SectionOptions(title=f"Part {k + 1}", instructions="Do it.", count=count)
            params = Params(size=size, difficulty=level_for(size))
            section = Section(c * len(counts) + k, options, PUZZLE_TYPE, params, copy=copy)
            for _ in range(count):
                number += 1
                found.append(Entry(number, section, puzzle))
    return found


def test_short_sections_of_one_copy_share_a_sheet_each_under_its_own_heading():
    layout = lay_out(BOOK, sections_of([2, 2]), template("worksheet"), measure)
    assert [page.kind for page in layout.pages] == ["sheet"]
    bold = [t.text for t in layout.pages[0].texts if t.bold]
    assert "Part 1" in bold and "Part 2" in bold and "Friday puzzles" in bold


def test_copies_never_share_a_sheet_and_each_is_headed_with_its_name():
    layout = lay_out(BOOK, sections_of([2, 2], ("Ana", "Ben")), template("worksheet"), measure)
    assert len(layout.pages) == 2
    for page, name in zip(layout.pages, ("Ana", "Ben")):
        assert any(t.text == name for t in page.texts)
    assert layout.page_of[4] == 1 and layout.page_of[5] == 2


def test_a_section_that_runs_on_repeats_its_heading_on_the_next_sheet():
    layout = lay_out(BOOK, sections_of([2, 14], size=6), template("worksheet"), measure)
    assert len(layout.pages) > 1
    for page in layout.pages[1:]:
        assert any(t.text == "Part 2" and t.bold for t in page.texts)


def test_the_book_layout_does_not_flow():
    layout = lay_out(BOOK, sections_of([2, 2]), template("book"), measure)
    assert [page.kind for page in layout.pages] == ["title", "puzzles", "puzzles"]


def test_a_section_with_a_layout_of_its_own_takes_its_own_pages():
    entries = sections_of([2, 2])
    own = dataclasses.replace(entries[2].section, tpl=template("large-print"))
    entries = entries[:2] + [dataclasses.replace(e, section=own) for e in entries[2:]]
    layout = lay_out(BOOK, entries, template("worksheet"), measure)
    assert [page.kind for page in layout.pages] == ["sheet", "puzzles", "puzzles"]
