"""Worked steps for samurai and every sudoku variant (X, hyper, jigsaw, toroidal): each
recorded step is sound on fixed seeds, the places the sentences name are on the drawing
(a samurai's squares by the figure's rows and columns 1-21, a toroidal region that wraps
by the letter its seam squares print), and a built book prints the steps on hint pages
between the puzzles and the answers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.language import ENGLISH
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.hint_names import grid_naming, house_name
from bookgen.puzzles.hints import hints as said_of
from bookgen.puzzles.sudoku import toroidal
from bookgen.spec import load
from worked_steps import answer_of, replay_soundly

HINTS = 4
CASES = [
    ("samurai", {"difficulty": "medium"}, 1), ("samurai", {"difficulty": "hard"}, 2),
    ("sudoku", {"variant": "toroidal", "size": 6, "difficulty": "easy"}, 3),
    ("sudoku", {"variant": "toroidal", "size": 9, "difficulty": "medium"}, 4),
    ("sudoku", {"variant": "toroidal", "size": 9, "difficulty": "hard"}, 5),
    ("sudoku", {"variant": "x", "size": 6, "difficulty": "easy"}, 6),
    ("sudoku", {"variant": "x", "size": 9, "difficulty": "hard"}, 7),
    ("sudoku", {"variant": "hyper", "size": 9, "difficulty": "medium"}, 8),
    ("sudoku", {"variant": "jigsaw", "size": 5, "difficulty": "easy"}, 9),
    ("sudoku", {"variant": "jigsaw", "size": 9, "difficulty": "hard"}, 10),
]


def _made(name: str, options: dict, seed: int):
    ptype = registry.get(name)
    return ptype, ptype.generate(ptype.Params(**options), random.Random(seed), Budget(60))


@pytest.mark.parametrize("name,options,seed", CASES)
def test_every_worked_step_is_sound_and_the_first_ones_are_said(name: str, options: dict, seed: int):
    ptype, puzzle = _made(name, options, seed)
    steps = ptype.hint_steps(puzzle)
    assert steps
    assert replay_soundly(puzzle, steps) == answer_of(puzzle)
    hints = ptype.hints(puzzle, HINTS)
    assert len(hints) == HINTS
    touched = {cell for step in steps for cell, _d in step.placed} | {cell for step in steps for cell, _d in
                                                                      step.removed}
    assert all(cell in touched for hint in hints for cell in hint.cells)


@pytest.mark.parametrize("seed", range(1, 4))
def test_samurai_sentences_name_only_squares_and_lines_of_the_figure(seed: int):
    """Every square a samurai's steps name is one of its 369 (found by the figure's row
    and column numbers), and a line is named with the span of its one grid."""
    ptype, puzzle = _made("samurai", {"difficulty": "hard"}, seed)
    cells = set(puzzle.board.cells)
    for step in ptype.hint_steps(puzzle)[:40]:
        for hint in said_of(step, table=ptype.sentences):
            for row, col in re.findall(r"row (\d+), column (\d+)(?![–\d])", hint.text.lower()):
                assert (int(row) - 1, int(col) - 1) in cells, hint.text
        for group in step.detail.groups:
            if group.kind in ("row", "column"):
                name = house_name(group, 9, ENGLISH, (21, 21)).it
                assert re.fullmatch(r"(row|column) \d+, (columns|rows) (1–9|7–15|13–21)", name), name


def test_a_samurai_naked_single_says_whose_row_and_column_count():
    from bookgen.solve.grader import Step

    samurai = registry.get("samurai")
    step = Step("naked single", (((7, 7), 4),), (), houses=("row", "column", "box"), size=9, layout=(21, 21))
    said = said_of(step, table=samurai.sentences)[0].text
    assert said.startswith("Row 8, column 8 can only be 4.") and "stop at the edge of its grid" in said


def test_a_toroidal_region_that_wraps_is_named_by_the_letter_its_seam_squares_print():
    seen = 0
    for seed in range(1, 8):
        ptype, puzzle = _made("sudoku", {"variant": "toroidal", "size": 9, "difficulty": "medium"}, seed)
        seams = toroidal.seams(puzzle.board)
        letters = ptype.marked_houses(puzzle)
        for step in ptype.hint_steps(puzzle):
            wrapped = [g for g in step.detail.groups if frozenset(g.cells) in letters]
            if not wrapped:
                continue
            text = " ".join(h.text for h in said_of(step, table=ptype.sentences, naming=grid_naming(letters)))
            for group in wrapped:
                letter = letters[frozenset(group.cells)]
                assert f"the region marked {letter}" in text
                # The letter is printed in the region's own squares, on both sides of a seam.
                assert {cell for cell, mark in seams.items() if mark == letter} <= set(group.cells)
                assert any(mark == letter for mark in seams.values())
                seen += 1
    assert seen >= 3


def test_a_region_that_does_not_wrap_is_named_through_a_square_of_it():
    seen = 0
    for seed in range(1, 4):
        ptype, puzzle = _made("sudoku", {"variant": "toroidal", "size": 6, "difficulty": "easy"}, seed)
        letters = ptype.marked_houses(puzzle)
        for step in ptype.hint_steps(puzzle):
            for group in step.detail.groups:
                if group.kind == "region" and frozenset(group.cells) not in letters:
                    text = " ".join(h.text for h in said_of(step, naming=grid_naming(letters), words=ENGLISH))
                    row, col = min(group.cells)
                    assert f"the bold-edged region through row {row + 1}, column {col + 1}" in text
                    seen += 1
    assert seen >= 3


BOOK = """\
title: Variant hints
seed: 21
sections:
  - type: samurai
    difficulty: medium
    count: 1
    hints: true
  - type: sudoku
    variant: toroidal
    size: 9
    difficulty: medium
    count: 2
    hints: true
  - type: sudoku
    variant: x
    size: 6
    difficulty: easy
    count: 1
    hints: true
  - type: sudoku
    variant: hyper
    difficulty: medium
    count: 1
    hints: true
  - type: sudoku
    variant: jigsaw
    size: 7
    difficulty: medium
    count: 1
    hints: true
"""


def test_a_built_book_prints_each_puzzles_steps_between_the_puzzles_and_the_answers(tmp_path: Path):
    (tmp_path / "book.yaml").write_text(BOOK, encoding="utf-8")
    layout = build(load(tmp_path / "book.yaml"), tmp_path / "book.pdf", tmp_path / "book.json")
    kinds = [page.kind for page in layout.pages]
    first_hint, last_hint = kinds.index("hints"), len(kinds) - 1 - kinds[::-1].index("hints")
    assert max(k for k, kind in enumerate(kinds) if kind == "puzzles") < first_hint
    assert last_hint < kinds.index("answers")
    items = json.loads((tmp_path / "book.json").read_text())["puzzles"]
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        pages = pdf.pages[first_hint:last_hint + 1]
        # The sentences alone: what is printed off the grids and their row and column numbers.
        text = " ".join(" ".join((_off_grids(page, layout.pages[first_hint + k]).extract_text() or "").split())
                        for k, page in enumerate(pages))
        samurai = next(p for p in layout.pages[first_hint:] for p in p.placements if p.size == (21.0, 21.0))
        numbers = _numbers_along_the_top(pdf.pages[layout.pages.index(next(
            page for page in layout.pages if samurai in page.placements))], samurai)
        # A toroidal grid beside its steps is drawn with its regions' seam letters.
        letters = {p.number: _letters_in(pdf.pages[k], p) for k, page in enumerate(layout.pages)
                   if page.kind == "hints" for p in page.placements}
    for item in items:
        ptype = registry.get(item["type"])
        said = [hint.text for hint in ptype.hints(ptype.from_json(item), HINTS)]
        assert len(said) == HINTS and f"Puzzle {item['id']} (page {item['page']})" in text
        assert all(sentence in text for sentence in said), [s for s in said if s not in text]
    assert "the region marked" in text and "bold-edged region through" in text
    toroidal_items = [item for item in items if item["type"] == "sudoku"
                      and toroidal.wrapped_regions(registry.get("sudoku").from_json(item).board)]
    assert len(toroidal_items) == 2
    for item in toroidal_items:
        seams = toroidal.seams(registry.get("sudoku").from_json(item).board)
        assert letters[int(item["id"])] == sorted(seams.values())
    # The samurai figure carries its column numbers 1-21 along its top (the sentences use them).
    assert numbers == [str(k) for k in range(1, 22)]


def _off_grids(page, laid):
    """The page without the drawings and the row and column numbers left of and above them."""
    # The numbers are at most the body size (10 pt) and half of it from the grid: a big
    # grid's margin for them is no wider than a small one's, and its puzzle's heading above
    # stays off it.
    boxes = [(p.x - min(0.7 * p.cell, 16), p.y - min(0.7 * p.cell, 12), p.x + p.size[0] * p.cell,
              p.y + p.size[1] * p.cell) for p in laid.placements]

    def off(obj) -> bool:
        if obj.get("object_type") != "char":
            return True
        x, y = (obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2
        return not any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in boxes)

    return page.filter(off)


def _letters_in(page, grid) -> list[str]:
    """The capital letters printed inside a grid, sorted."""
    inside = page.crop((grid.x, grid.y, grid.x + grid.size[0] * grid.cell, grid.y + grid.size[1] * grid.cell))
    return sorted(c["text"] for c in inside.chars if c["text"].isalpha())


def _numbers_along_the_top(page, grid) -> list[str]:
    """The numbers printed in the band just above the grid, left to right."""
    band = page.crop((grid.x, grid.y - 0.7 * grid.cell, grid.x + grid.size[0] * grid.cell, grid.y))
    return band.extract_text().split()
