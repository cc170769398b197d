"""Letter paper is planned for, not fitted to A4's numbers: a class set and a book of
9x9 sudoku take no more sheets on Letter (wider, 18 mm shorter) than on A4."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.spec import load

pytestmark = pytest.mark.slow

CLASS_SET = """\
seed: 3
paper: {paper}
layout: worksheet
students: [Ana, Ben, Cleo, Dev]
sections:
  - type: sudoku
    size: 6
    difficulty: easy
    count: 2
  - type: kenken
    size: 4
    difficulty: easy
    count: 2
  - type: sliding
    size: 3
    count: 1
"""
SUDOKU_BOOK = """\
title: Twenty
seed: 3
paper: {paper}
sections:
  - type: sudoku
    size: 9
    difficulty: easy
    count: 20
"""


def _pages(tmp_path: Path, text: str, paper: str) -> int:
    spec = tmp_path / f"{paper}.yaml"
    spec.write_text(text.format(paper=paper), encoding="utf-8")
    return len(build(load(spec), tmp_path / f"{paper}.pdf").pages)


@pytest.mark.parametrize("text,a4", [(CLASS_SET, 9), (SUDOKU_BOOK, 12)], ids=["class-set", "sudoku-book"])
def test_letter_takes_no_more_pages_than_a4(tmp_path: Path, text: str, a4: int):
    assert _pages(tmp_path, text, "A4") == a4
    assert _pages(tmp_path, text, "Letter") <= a4
