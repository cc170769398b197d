"""Tredoku's worked first steps: squares named by face letter and place ("face B,
square 4"), never by a row or column the drawing does not have; each step's squares the
ones its words name; and on the hint page, each step's badge inside its square's
parallelogram, with no row or column numbers beside the drawing."""

from __future__ import annotations

import random
import re

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.language import words_for
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.tredoku import draw, figures
from bookgen.puzzles.tredoku.hints import NAMING
from bookgen.puzzles.tredoku.interchange import LETTERS
from bookgen.puzzles.tredoku.type import Params
from bookgen.spec import parse

TREDOKU = registry.get("tredoku")
NAMED = re.compile(r"[Ff]ace ([A-Z]), square (\d)")


@pytest.fixture(scope="module", params=[(f, level) for f in figures.NAMES for level in ("easy", "medium", "hard")])
def made(request):
    figure, level = request.param
    return TREDOKU.generate(Params(figure=figure, difficulty=level), random.Random(2), Budget(120))


def _square(cell) -> tuple[str, int]:
    face, r, c = figures.place(cell)
    return LETTERS[face], r * 3 + c + 1


def test_steps_name_faces_and_squares_and_no_rows_or_columns(made):
    said = TREDOKU.hints(made, 8)
    assert len(said) >= 4
    for hint in said:
        assert "face " in hint.text.lower() and not re.search(r"\b(row|column)s?\b", hint.text), hint.text


def test_a_digit_written_goes_in_the_square_its_words_name_and_is_the_answer(made):
    for hint in TREDOKU.hints(made, 8):
        if " goes in " in hint.text or " can only be " in hint.text:
            (cell,) = hint.cells
            face, square = NAMED.search(hint.text).groups()
            assert _square(cell) == (face, int(square)), hint.text
            found = re.search(r"(\d) goes in|can only be (\d)", hint.text)
            digit = int(found.group(1) or found.group(2))
            assert made.solution[cell[0]][cell[1]] == digit, hint.text


def test_a_line_is_named_by_its_two_ends_and_a_face_by_its_letter():
    names = NAMING
    line = next(g for g in figures.structure("staircase").groups if g.kind != "box")
    box = next(g for g in figures.structure("staircase").groups if g.kind == "box")
    first, last = _square(line.cells[0]), _square(line.cells[-1])
    assert names.house(line, 9, words_for("en"), (0, 0)).it == (
        f"the line from face {first[0]}, square {first[1]} to face {last[0]}, square {last[1]}")
    assert names.house(box, 9, words_for("en"), (0, 0)).inside == f"in face {_square(box.cells[0])[0]}"
    assert names.cells([(0, 0), (0, 1), (0, 4)], words_for("en")).it == "face A, squares 1 and 2 and face B, square 2"
    assert names.houses(("box", "group", "row"), words_for("en")) == "face or line"


def test_the_steps_are_said_in_the_books_language():
    puzzle = TREDOKU.generate(Params(figure="star", difficulty="easy"), random.Random(2), Budget(120))
    german = " ".join(h.text for h in TREDOKU.hints(puzzle, 4, words_for("de")))
    assert "Fläche" in german and "face" not in german


SPEC = """\
title: T
seed: 6
sections:
  - type: tredoku
    figure: block
    difficulty: medium
    count: 1
    hints: true
  - type: tredoku
    figure: staircase
    difficulty: hard
    count: 1
    hints: true
"""


def test_each_badge_on_the_hint_page_is_inside_its_squares_parallelogram_and_no_numbers_edge_the_drawing(tmp_path):
    layout = build(parse(SPEC, "t.yaml"), tmp_path / "t.pdf", None, jobs=1)
    hint_pages = [page for page in layout.pages if page.kind == "hints"]
    assert hint_pages
    figure_of = {1: "block", 2: "staircase"}  # the sections in order, a puzzle each
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        for page in hint_pages:
            plumbed = pdf.pages[page.number - 1]
            badges = [r for r in plumbed.rects if r.get("fill") and r.get("non_stroking_color") in
                      ((0,), (0, 0, 0), [0], 0) and abs(r["width"] - r["height"]) < 0.5 and r["width"] < 20]
            for pl in page.placements:
                figure = figure_of[pl.number]
                assert pl.marks.badges
                for cell, _label in pl.marks.badges:
                    polygon = _polygon(pl, figure, cell)
                    assert any(_inside(((b["x0"] + b["x1"]) / 2, (b["top"] + b["bottom"]) / 2), polygon)
                               for b in badges), (pl.number, cell)
                # No row or column numbers: no digit left of or above the drawing.
                width, _height = draw.drawing_size(figure)
                strays = [ch for ch in plumbed.chars if ch["text"].isdigit() and ch["size"] < 9
                          and pl.y - 12 < ch["top"] < pl.y and pl.x <= ch["x0"] <= pl.x + width * pl.cell]
                assert not strays, strays[:3]


def _polygon(pl, figure, cell):
    o, a, b = draw.cell_frame(figure, cell)
    points = [o, (o[0] + a[0], o[1] + a[1]), (o[0] + a[0] + b[0], o[1] + a[1] + b[1]), (o[0] + b[0], o[1] + b[1])]
    return [(pl.x + x * pl.cell, pl.y + y * pl.cell) for x, y in points]


def _inside(p, polygon) -> bool:
    signs = set()
    for k in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[k], polygon[(k + 1) % len(polygon)]
        signs.add((x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1) > 0)
    return len(signs) == 1

