"""Large print never shrinks a puzzle's drawing: on its hint pages a sliding board after
each move came out smaller than a book's (a 5x5 at 7.6 mm cells against 8.0), its large
type widening the gaps between four pictures a row. Now at least a book's, on fewer to a
row where four would not allow it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.spec import load

BOOK = """\
title: Slides
seed: 1
paper: {paper}
layout: {layout}
sections:
  - type: sliding
    size: {size}
    difficulty: easy
    count: 1
    hints: true
"""


def _hint_cell(tmp_path: Path, **values) -> float:
    spec = tmp_path / f"{values['layout']}.yaml"
    spec.write_text(BOOK.format(**values), encoding="utf-8")
    layout = build(load(spec), tmp_path / f"{values['layout']}.pdf")
    cells = {p.cell for page in layout.pages if page.kind == "hints" for p in page.placements}
    assert cells
    return min(cells)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("size", [3, 5])
def test_large_print_hint_pictures_are_at_least_a_books(tmp_path: Path, paper: str, size: int):
    book = _hint_cell(tmp_path, paper=paper, size=size, layout="book")
    large = _hint_cell(tmp_path, paper=paper, size=size, layout="large-print")
    assert large >= book - 1e-6, (large, book)
