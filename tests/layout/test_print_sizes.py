"""Nothing too small for a child: read back from the PDF, every character of a book of
12x12 KenKen, toroidal sudoku, killer sudoku and Tredoku with worked steps prints at 6 pt
or more outside its answer key, and at 5 pt or more in it (a 12x12's pencil marks were
3.1 pt, a toroidal key's region letters 3.9 pt)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.spec import load

pytestmark = pytest.mark.slow

BOOK = """\
title: Small print
seed: 7
paper: {paper}
sections:
  - type: kenken
    size: 12
    difficulty: easy
    count: 2
    hints: true
  - type: sudoku
    variant: toroidal
    size: 9
    difficulty: easy
    count: 2
    hints: true
  - type: killer
    size: 9
    difficulty: easy
    count: 2
    hints: true
  - type: tredoku
    figure: block
    difficulty: easy
    count: 2
    hints: true
"""


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_nothing_prints_under_6_pt_outside_the_key_nor_under_5_pt_in_it(tmp_path: Path, paper: str):
    (tmp_path / "book.yaml").write_text(BOOK.format(paper=paper), encoding="utf-8")
    layout = build(load(tmp_path / "book.yaml"), tmp_path / "book.pdf")
    kinds = {page.number: page.kind for page in layout.pages}
    assert "hints" in kinds.values() and "answers" in kinds.values()
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        for page in pdf.pages:
            least = 5.0 if kinds[page.page_number] == "answers" else 6.0
            small = {(ch["text"], round(ch["size"], 1)) for ch in page.chars if ch["size"] < least - 0.01}
            assert not small, (page.page_number, kinds[page.page_number], sorted(small)[:8])
