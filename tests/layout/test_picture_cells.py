"""Picture grids at least as big as digit grids: a picture sudoku's strip of pictures
above each grid made six 4x4 for pre-readers a page print at 13.4 mm cells where digits
got 17.1 mm. The layout now gives a drawing that adds a band to its grid at least the
cell its grid alone would get, or large print's 14 mm (a young child's cell) where that
is smaller: past it a bigger cell is not worth a sheet for each child."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.layout.template import MM
from bookgen.spec import load

BOOK = """\
title: Pictures
seed: 5
paper: {paper}
sections:
  - type: sudoku
    size: {size}
    difficulty: {level}
    count: {count}
    symbols: {symbols}
"""


def _cells(tmp_path: Path, symbols: str, **values) -> tuple[float, float]:
    """The section's cell and large print's floor."""
    spec = tmp_path / f"{symbols}.yaml"
    spec.write_text(BOOK.format(symbols=symbols, **values), encoding="utf-8")
    layout = build(load(spec), tmp_path / f"{symbols}.pdf")
    cells = {p.cell for page in layout.pages if page.kind == "puzzles" for p in page.placements}
    assert len(cells) == 1
    return cells.pop(), layout.template.large_min


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize(("size", "level", "digits"), [(4, "beginner", "1234"), (6, "easy", "123456")])
@pytest.mark.parametrize("count", [2, 6, 8])
def test_a_picture_grid_is_at_least_as_big_as_a_digit_grid(tmp_path: Path, paper: str, size: int, level: str,
                                                           digits: str, count: int):
    values = {"paper": paper, "size": size, "level": level, "count": count}
    pictured, floor = _cells(tmp_path, "pictures", **values)
    digit, _cap = _cells(tmp_path, digits, **values)
    assert pictured >= min(digit, floor) - 1e-6, (pictured / MM, digit / MM)
