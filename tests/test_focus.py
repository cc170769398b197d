"""`focus: <technique>`: every puzzle of the section needs the technique (the grader's
log shows it used, and with every other technique of the puzzle's level it cannot be
finished), and a lesson page before the section teaches it on the section's first
puzzle. A section without the focus has puzzles that do not need it, so these tests
fail without it."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.generation import generate_all
from bookgen.puzzles.grid_worked import needs_technique
from bookgen.solve.grader import grade_board
from bookgen.spec import parse

SECTION = "  - type: kenken\n    size: 6\n    difficulty: medium\n    count: 5\n"
TECHNIQUE = "cage claims a digit in its line"


def _spec(tmp_path: Path, focus: str | None, language: str = "en"):
    text = f"title: T\nseed: 21\nlanguage: {language}\nsections:\n" + SECTION
    if focus is not None:
        text += f"    focus: {focus}\n"
    return parse(text, str(tmp_path / "s.yaml"), tmp_path)


def _needs(entry) -> tuple[bool, bool]:
    """(the grader's log shows the technique, the puzzle cannot be finished without it)."""
    ptype, puzzle = entry.ptype, entry.puzzle
    used = TECHNIQUE in grade_board(ptype.new_board(ptype.solving_model(puzzle)), ptype.grading).used
    return used, needs_technique(ptype, puzzle, TECHNIQUE)


def test_every_puzzle_of_a_focus_section_needs_the_technique(tmp_path: Path):
    entries = generate_all(_spec(tmp_path, "Cage claims a digit in its LINE"))
    assert entries and all(_needs(entry) == (True, True) for entry in entries)


def test_without_the_focus_some_puzzles_do_not_need_it(tmp_path: Path):
    entries = generate_all(_spec(tmp_path, None))
    assert not all(_needs(entry)[1] for entry in entries)


@pytest.mark.parametrize("focus,words", [("x-ray", "expected a technique of a kenken's level tables"),
                                         ("line sum rule", "line sum rule is a technique of the expert level")])
def test_a_focus_not_on_the_ladder_or_above_the_level_is_refused(tmp_path: Path, focus: str, words: str):
    from bookgen.errors import SpecError

    with pytest.raises(SpecError, match=words):
        _spec(tmp_path, focus)


def test_the_lesson_page_comes_before_the_section_in_the_books_language(tmp_path: Path):
    build(_spec(tmp_path, TECHNIQUE), tmp_path / "f.pdf")
    with pdfplumber.open(tmp_path / "f.pdf") as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    lesson = next(k for k, text in enumerate(texts) if f"Practise: {TECHNIQUE}" in text)
    # The step names its cage and where it is: "(from row 1, column 1)", or "(column 6,
    # rows 1-4)" for a cage in one line.
    assert "1. The " in texts[lesson] and " cage (" in texts[lesson]
    assert "KenKen" in texts[lesson + 1] and "Practise" not in texts[lesson + 1]
    build(_spec(tmp_path, TECHNIQUE, "de"), tmp_path / "de.pdf")
    with pdfplumber.open(tmp_path / "de.pdf") as pdf:
        german = [page.extract_text() for page in pdf.pages]
    assert any("Käfig" in text and "Zeile" in text for text in german)
