"""Large print never shrinks a puzzle: a section asked for in large print gets at least
the cell the same section gets in an ordinary book, on either paper (a review measured a
large-print sliding puzzle at 22 mm tiles against 25.5 mm in the ordinary book)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.layout.template import MM
from bookgen.spec import load

BOOK = """\
title: Sizes
seed: 3
paper: {paper}
sections:
  - type: {type}
    size: {size}
    difficulty: easy
    count: {count}
    large_print: {large}
"""


def _cell(tmp_path: Path, large: bool, **values) -> float:
    """The one cell the section's puzzles print at."""
    name = f"{values['type']}-{values['size']}-{values['count']}-{values['paper']}-{large}"
    spec = tmp_path / f"{name}.yaml"
    spec.write_text(BOOK.format(large=str(large).lower(), **values), encoding="utf-8")
    layout = build(load(spec), tmp_path / f"{name}.pdf")
    cells = {p.cell for page in layout.pages if page.kind == "puzzles" for p in page.placements}
    assert len(cells) == 1
    return cells.pop()


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize(("type_name", "size"), [("sliding", 3), ("sliding", 4), ("kenken", 6), ("sudoku", 9)])
@pytest.mark.parametrize("count", [1, 2, 4])
def test_a_large_print_section_prints_no_smaller_than_the_same_section_in_a_book(tmp_path: Path, paper: str,
                                                                               type_name: str, size: int,
                                                                               count: int):
    values = {"paper": paper, "type": type_name, "size": size, "count": count}
    ordinary, large = _cell(tmp_path, False, **values), _cell(tmp_path, True, **values)
    assert large >= ordinary - 1e-6, (large / MM, ordinary / MM)
