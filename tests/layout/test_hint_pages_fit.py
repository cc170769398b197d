"""A hint page holds what it prints above its footer: a tall figure with its steps under
it (a samurai's 21 rows and four long Polish sentences on Letter paper) gives way rather
than run into the page number."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.book_sections import book_of
from bookgen.build import build
from bookgen.font_choice import fonts_for
from bookgen.layout.heads import footer
from bookgen.spec import load

BOOK = """\
title: Samurai hints
seed: 3
paper: {paper}
language: {language}
sections:
  - type: samurai
    difficulty: hard
    count: 2
    hints: true
"""


@pytest.mark.parametrize("paper,language", [("Letter", "pl"), ("A4", "de"), ("A4", "en")])
def test_every_step_and_grid_of_a_hint_page_ends_above_the_text_bottom(tmp_path: Path, paper: str, language: str):
    (tmp_path / "book.yaml").write_text(BOOK.format(paper=paper, language=language), encoding="utf-8")
    spec = load(tmp_path / "book.yaml")
    layout = build(spec, tmp_path / "book.pdf")
    tpl, book, measure = layout.template, book_of(spec), fonts_for(spec).measure
    pages = [page for page in layout.pages if page.kind == "hints"]
    assert pages
    for page in pages:
        foot = set(footer(page.number, book, tpl, measure))
        steps = [item for item in page.texts if item not in foot]
        assert max(item.y for item in steps) <= tpl.text_bottom
        for grid in page.placements:
            assert grid.y + grid.size[1] * grid.cell <= tpl.text_bottom
            assert grid.cell >= 15  # still readable: about 5.3 mm a square at the least
