"""The front matter of a book to sell: a copyright page and a how-to-play page for each
type, in the book's language; an ISBN with a wrong check digit refused."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.errors import SpecError
from bookgen.spec import parse

SPEC = """\
title: Rätselbuch
author: Ana Autorin
language: {language}
seed: 4
copyright_page: true
year: 2026
isbn: {isbn}
how_to_play: true
sections:
  - {{type: sudoku, size: 6, difficulty: easy, count: 1}}
  - {{type: kenken, size: 4, difficulty: easy, count: 1}}
  - {{type: sudoku, size: 9, difficulty: easy, count: 1}}
"""


def _pages(tmp_path: Path, language: str = "de", isbn: str = "978-3-16-148410-0") -> list[str]:
    spec = parse(SPEC.format(language=language, isbn=isbn), str(tmp_path / "b.yaml"), tmp_path)
    build(spec, tmp_path / "b.pdf")
    with pdfplumber.open(tmp_path / "b.pdf") as document:
        return [page.extract_text() or "" for page in document.pages]


def test_the_copyright_page_and_one_how_to_play_page_a_type_follow_the_title_page_in_the_books_language(
        tmp_path: Path):
    pages = _pages(tmp_path)
    assert "© 2026 Ana Autorin" in pages[1] and "ISBN 978-3-16-148410-0" in pages[1]
    assert "Alle Rechte vorbehalten." in pages[1]
    assert pages[2].startswith("So wird gespielt: Sudoku") and "Beispiel" in pages[2] and "Lösung" in pages[2]
    assert pages[3].startswith("So wird gespielt: Calcudoku")  # KenKen by its German name
    assert not any("So wird gespielt" in page for page in pages[4:])  # one page a type, not a section
    assert "Sudoku" in pages[0] and "5" in pages[0]  # the contents count the front matter's pages


def test_an_isbn_with_a_wrong_check_digit_is_refused(tmp_path: Path):
    with pytest.raises(SpecError, match="isbn: the ISBN 978-3-16-148410-1 has a wrong check digit"):
        parse(SPEC.format(language="en", isbn="978-3-16-148410-1"), str(tmp_path / "b.yaml"), tmp_path)
