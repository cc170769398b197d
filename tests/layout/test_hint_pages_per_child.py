"""Each child's worked steps start on a sheet of their own (printed on both sides, a
right-hand page: their own leaf), so a teacher hands each child only their own help."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.spec import load

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
BOOK = """\
seed: 11
layout: worksheet
duplex: {duplex}
students: [Ana, Ben, Cleo, Dev]
sections:
  - type: sudoku
    size: 6
    difficulty: easy
    count: 2
    hints: true
  - type: kenken
    size: 4
    difficulty: easy
    count: 2
    hints: true
"""


@pytest.mark.parametrize("duplex", [False, True])
def test_no_worked_steps_page_holds_two_childrens_steps(tmp_path: Path, duplex: bool):
    (tmp_path / "book.yaml").write_text(BOOK.format(duplex=str(duplex).lower()), encoding="utf-8")
    layout = build(load(tmp_path / "book.yaml"), tmp_path / "book.pdf")
    pages = [page for page in layout.pages if page.kind in ("hints", "blank")]
    hints = [page for page in pages if page.kind == "hints"]
    owners = []
    for page in hints:
        named = {name for name in NAMES if any(item.text.startswith(f"{name} · ") for item in page.texts)}
        assert len(named) == 1, (page.number, named)
        owners.append(named.pop())
    assert owners == sorted(owners) and set(owners) == set(NAMES)  # in the class's order, each once a run
    firsts = [page.number for k, page in enumerate(hints) if k == 0 or owners[k] != owners[k - 1]]
    if duplex:
        assert all(number % 2 == 1 for number in firsts), firsts  # each child's own leaf
    else:
        assert not [page for page in pages if page.kind == "blank"]
