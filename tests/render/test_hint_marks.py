"""The pencil marks printed in a hint page's grid, read back from the PDF: every mark a
step crosses out or leaves is visible, none hidden under a step's black badge."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from bookgen.cli import main

# A 9x9 killer whose second to fourth steps cross marks out in squares that also carry
# a badge, with up to nine marks a square (seed fixed).
KILLER_HINTS = """\
title: Killer hints
seed: 5
sections:
  - type: killer
    difficulty: medium
    count: 1
    hints: true
"""
CAP = 0.7  # a digit's height as a share of its type size, near enough for every face used
# Pencil marks print from 6 pt (the least a child reads on a hint page: the grid is sized
# for it) to under 7; the stamp is 7 pt and the clues, sums and digits bigger.
MARK_MAX = 6.9


def _badges(page) -> list[tuple[float, float, float, float]]:
    """The black squares holding step numbers (x0, top, x1, bottom)."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if r.get("fill") and r.get("non_stroking_color") in ((0,), (0, 0, 0), [0], 0)
            and abs(r["width"] - r["height"]) < 0.5 and r["width"] < 20]


def _glyph(char: dict, page_height: float) -> tuple[float, float, float, float]:
    """A digit's ink box (x0, top, x1, bottom): from its baseline up by its cap height."""
    baseline = page_height - char["matrix"][5]
    return char["x0"], baseline - CAP * char["size"], char["x1"], baseline


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.05 and b[0] < a[2] - 0.05 and a[1] < b[3] - 0.05 and b[1] < a[3] - 0.05


def _inside(a, b) -> bool:
    return a[0] >= b[0] - 0.05 and a[2] <= b[2] + 0.05 and a[1] >= b[1] - 0.05 and a[3] <= b[3] + 0.05


def _first_hint_page(tmp_path: Path, spec_text: str, read):
    """Build the spec with the command line and `read` the page of puzzle 1's steps."""
    spec = tmp_path / "k.yaml"
    spec.write_text(spec_text, encoding="utf-8")
    pdf = tmp_path / "k.pdf"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(pdf), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(pdf) as doc:
        return read(next(p for p in doc.pages if "Puzzle 1 (page" in (p.extract_text() or "")))


def test_no_pencil_mark_of_a_hint_grid_hides_under_a_step_badge(tmp_path: Path):
    badges, height, chars = _first_hint_page(tmp_path, KILLER_HINTS, lambda page: (
        _badges(page), page.height, [c for c in page.chars if c["text"].isdigit()]))
    marks = [c for c in chars if c["size"] < MARK_MAX]
    # The marks a step crosses out print grey (the cage sums and the marks left, black).
    crossed = [c for c in marks if tuple(c["non_stroking_color"] or ()) not in ((0,), (0.0,), (1.0,))]
    assert len(badges) >= 4 and len(crossed) >= 20, (len(badges), len(crossed))
    for char in chars:
        ink = _glyph(char, height)
        for badge in badges:
            assert _inside(ink, badge) or not _overlap(ink, badge), (char["text"], ink, badge)


# A 6x6 KenKen whose first steps cross marks out in squares that carry a clue (seed fixed).
KENKEN_HINTS = """\
title: KenKen hints
seed: 21
sections:
  - type: kenken
    size: 6
    difficulty: medium
    count: 1
    hints: true
"""


def test_no_pencil_mark_of_a_hint_grid_touches_a_kenken_clue_above_it(tmp_path: Path):
    # The grid's print: not the steps (body, 10 pt), the footer (9) or the stamp (7), nor
    # a badge's white number (the grid may be beside its steps or under them).
    height, in_grid = _first_hint_page(tmp_path, KENKEN_HINTS, lambda page: (page.height, [
        c for c in page.chars if round(c["size"], 1) not in (7.0, 9.0, 10.0)
        and tuple(c["non_stroking_color"] or ()) != (1.0,)]))
    marks = [_glyph(c, height) for c in in_grid if c["size"] < MARK_MAX]
    clues = [_glyph(c, height) for c in in_grid if MARK_MAX <= c["size"] < 12 and not c["text"].isspace()]
    assert len(marks) >= 6 and clues
    for mark in marks:
        assert not any(_overlap(mark, clue) for clue in clues), mark


# A 6x6 sudoku whose fourth step crosses a mark out (seed fixed): a sudoku grid has no
# other small digits, so every small digit in the grid's half of its hint page (the
# footer's are at the foot) is a pencil mark.
SUDOKU_HINTS = """\
title: Sudoku hints
seed: 0
sections:
  - type: sudoku
    size: 6
    difficulty: medium
    count: 1
    hints: true
"""


def test_a_hint_grid_prints_the_pencil_marks_its_steps_cross_out(tmp_path: Path):
    text, marks = _first_hint_page(tmp_path, SUDOKU_HINTS, lambda page: (page.extract_text(), [
        c for c in page.chars if c["text"].isdigit() and c["size"] < MARK_MAX and c["top"] < page.height / 2]))
    assert "So cross" in text
    assert len(marks) >= 2, len(marks)
