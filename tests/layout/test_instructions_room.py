"""Instructions keep their size when the page has room: Greek and Russian KenKen and
killer instructions, long enough to need a fifth line, printed at 8.5 pt squeezed into
the layout's four lines with a puzzle page's room below them. They now take the lines
they need in full body type wherever the puzzles keep their number a page."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.layout.laid import Page
from bookgen.spec import load

# Greek and Russian print in Noto Sans, whose bold is made on first use (seconds): slow.
NOTO_LANGUAGES = [pytest.param(code, marks=pytest.mark.slow) for code in ("el", "ru")]

BOOK = """\
title: Room for the rules
seed: 3
language: {language}
sections:
  - type: killer
    difficulty: easy
    count: 2
  - type: kenken
    size: 6
    difficulty: easy
    count: 2
  - type: sudoku
    variant: jigsaw
    size: 9
    difficulty: easy
    count: 2
"""


def _instruction_sizes(page: Page, label_band: float) -> set[float]:
    """The sizes of the plain lines between the running head's rule and the first slot's
    label: the instructions."""
    rule = page.rules[0].y1
    top = min(p.y for p in page.placements) - label_band
    return {round(t.size, 2) for t in page.texts if not t.bold and t.align == "left" and rule < t.y < top}


@pytest.mark.parametrize("language", [*NOTO_LANGUAGES, "de", "en"])
def test_instructions_print_in_full_body_type_on_a_puzzle_page_with_room(tmp_path: Path, language: str):
    (tmp_path / "book.yaml").write_text(BOOK.format(language=language), encoding="utf-8")
    layout = build(load(tmp_path / "book.yaml"), tmp_path / "book.pdf")
    tpl = layout.template
    pages = [page for page in layout.pages if page.kind == "puzzles"]
    assert len(pages) == 3
    for page in pages:
        sizes = _instruction_sizes(page, tpl.label_band)
        assert sizes == {tpl.sizes.body}, (language, page.number, sizes)


@pytest.mark.parametrize("language", NOTO_LANGUAGES)
def test_a_worksheets_flowing_sections_keep_their_instructions_in_full_body_type(tmp_path: Path, language: str):
    # A Greek KenKen's instructions on a flowing worksheet were 8.46 pt in four lines.
    (tmp_path / "sheet.yaml").write_text(BOOK.format(language=language) + "layout: worksheet\n", encoding="utf-8")
    layout = build(load(tmp_path / "sheet.yaml"), tmp_path / "sheet.pdf")
    body = layout.template.sizes.body
    sheets = [page for page in layout.pages if page.kind == "sheet"]
    assert sheets
    # Instruction lines are the long plain ones (labels and name lines are short).
    sizes = {round(t.size, 2) for page in sheets for t in page.texts
             if not t.bold and t.align == "left" and len(t.text) >= 30}
    assert sizes == {body}, (language, sizes)
