"""Picture sudoku read back from the PDF as a photocopier sees it: every page rendered and
thresholded at half grey, each square's picture must match its own picture's outline
better than any other's, at a puzzle's cell size and at the answer key's much smaller
one; the strip above each puzzle shows the pictures in order, and the answer key's
pictures are the solution's."""

from __future__ import annotations

import json

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from bookgen.build import build
from bookgen.puzzles.sudoku import pictures
from bookgen.spec import parse

SPEC = """\
title: Pictures
seed: 8
sections:
  - type: sudoku
    size: 6
    symbols: pictures
    difficulty: easy
    count: 2
  - type: sudoku
    size: 4
    symbols: pictures
    difficulty: beginner
    count: 1
"""
DPI = 150
BLACK = 128  # below half grey a copier prints black
# How much better a square must match its own picture than the next best (overlap share).
MARGIN = 0.15
# Each square is compared inside this share of it, clear of the grid lines.
INSIDE = 0.84


def _template(name: str, side: int, picture: float) -> np.ndarray:
    """The picture as ink (True) on a `side` px square, `picture` px across, centred:
    drawn from its loops alone (a ring as its outline less its hole)."""
    scale = 4  # drawn large, then shrunk: smooth edges like the rasterised page
    image = Image.new("L", (side * scale, side * scale), 0)
    draw = ImageDraw.Draw(image)
    for k, loop in enumerate(pictures.BY_NAME[name].loops):
        points = [((side / 2 + x * picture) * scale, (side / 2 + y * picture) * scale) for x, y in loop]
        draw.polygon(points, fill=255 if k == 0 else 0)
    return np.asarray(image.resize((side, side), Image.LANCZOS)) >= BLACK


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum()) / max(float((a | b).sum()), 1.0)


def _square(page: np.ndarray, x: float, y: float, cell: float) -> tuple[np.ndarray, int]:
    """The inner part of one square at (x, y) points (its top-left), `cell` points wide, as ink."""
    k = DPI / 72
    side = round(cell * INSIDE * k)
    left, top = round((x + cell * (1 - INSIDE) / 2) * k), round((y + cell * (1 - INSIDE) / 2) * k)
    return page[top:top + side, left:left + side], side


def _best(ink: np.ndarray, side: int, across: float) -> list[tuple[float, str]]:
    return sorted(((_overlap(ink, _template(name, side, across)), name) for name in pictures.NAMES), reverse=True)


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    out = tmp_path_factory.mktemp("pictures")
    layout = build(parse(SPEC, "p.yaml"), out / "p.pdf", out / "p.json", jobs=1)
    items = {int(item["id"]): item for item in json.loads((out / "p.json").read_text())["puzzles"]}
    doc = pdfium.PdfDocument(out / "p.pdf")
    pages = {}
    for page in layout.pages:
        image = doc[page.number - 1].render(scale=DPI / 72).to_pil().convert("L")
        pages[page.number] = np.asarray(image) < BLACK
    placed = [(page.number, pl) for page in layout.pages for pl in page.placements]
    return items, placed, pages


def _checked(page: np.ndarray, pl, cells: dict[tuple[int, int], str], top: float) -> list[float]:
    """For each square's expected picture, how much better it matches than the next best
    (and fail naming the square when another matches better)."""
    margins = []
    for (r, c), name in cells.items():
        ink, side = _square(page, pl.x + c * pl.cell, pl.y + (top + r) * pl.cell, pl.cell)
        across = pictures.IN_SQUARE * pl.cell * DPI / 72
        ranked = _best(ink, side, across)
        assert ranked[0][1] == name, ((r, c), name, ranked[:2])
        margins.append(ranked[0][0] - ranked[1][0])
    return margins


def test_every_given_picture_matches_its_own_picture_best_on_the_puzzle_page(book):
    items, placed, pages = book
    checked = 0
    for number, pl in [(n, pl) for n, pl in placed if not pl.answer]:
        item = items[pl.number]
        given = {(r, c): item["labels"][item["symbols"].index(v)] for r, c, v in item["givens"]}
        margins = _checked(pages[number], pl, given, pictures.STRIP)
        assert min(margins) > MARGIN, min(margins)
        checked += len(given)
    assert checked >= 2 * 13 + 6


def test_the_answer_key_draws_the_solution_in_pictures_that_stay_apart_at_its_small_cells(book):
    items, placed, pages = book
    answers = [(n, pl) for n, pl in placed if pl.answer]
    assert len(answers) == 3 and all(pl.cell * 25.4 / 72 < 7 for _n, pl in answers)  # small: about 5 mm
    for number, pl in answers:
        item = items[pl.number]
        solved = {(r, c): item["labels"][item["symbols"].index(v)]
                  for r, row in enumerate(item["solution"]) for c, v in enumerate(row)}
        margins = _checked(pages[number], pl, solved, 0.0)
        assert min(margins) > MARGIN / 2, min(margins)


def test_the_strip_above_each_puzzle_shows_its_pictures_in_order(book):
    items, placed, pages = book
    for number, pl in [(n, pl) for n, pl in placed if not pl.answer]:
        item = items[pl.number]
        n = len(item["labels"])
        left = (n - pictures.STRIP_PITCH * n) / 2
        k = DPI / 72
        across = pictures.STRIP_PICTURE * pl.cell * k
        for i, name in enumerate(item["labels"]):
            centre_x = pl.x + (left + pictures.STRIP_PITCH * (i + 0.5)) * pl.cell
            centre_y = pl.y + pictures.STRIP_BAND / 2 * pl.cell
            half = pictures.STRIP_PICTURE * 0.6 * pl.cell
            side = round(2 * half * k)
            x0, y0 = round((centre_x - half) * k), round((centre_y - half) * k)
            ink = pages[number][y0:y0 + side, x0:x0 + side]
            assert _best(ink, side, across)[0][1] == name, (pl.number, i, name)
