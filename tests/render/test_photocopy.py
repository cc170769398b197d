"""Pages through a photocopier: rendered from the PDF and thresholded at half grey, as a
copier set to black and white does, the X diagonals and hyper windows are still
marked (a tint alone vanishes), and a classic grid carries no such marks."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from bookgen.build import build
from bookgen.puzzles.grid_draw import STUB, WINDOW_INSET
from bookgen.spec import parse

SPEC = """\
title: Photocopy
seed: 5
sections:
  - type: sudoku
    variant: x
    size: 6
    difficulty: easy
    count: 1
  - type: sudoku
    variant: hyper
    difficulty: easy
    count: 1
  - type: sudoku
    difficulty: easy
    count: 1
"""
DPI = 150
BLACK = 128  # below half grey a copier prints black


@pytest.fixture(scope="module")
def copied(tmp_path_factory):
    out = tmp_path_factory.mktemp("photocopy")
    layout = build(parse(SPEC, "p.yaml"), out / "p.pdf", out / "p.json", jobs=1)
    items = {int(item["id"]): item for item in json.loads((out / "p.json").read_text())["puzzles"]}
    doc = pdfium.PdfDocument(out / "p.pdf")
    pages = {}
    for page in layout.pages:
        if page.kind == "puzzles":
            image = doc[page.number - 1].render(scale=DPI / 72).to_pil().convert("L")
            pages[page.number] = image.point(lambda v: 0 if v < BLACK else 255)
    placements = {pl.number: (page.number, pl) for page in layout.pages for pl in page.placements if not pl.answer}
    return items, placements, pages


def inked(image, pl, x: float, y: float) -> bool:
    """Whether the thresholded page is black within a pixel of a point given in the
    drawing's cells."""
    px, py = (pl.x + x * pl.cell) * DPI / 72, (pl.y + y * pl.cell) * DPI / 72
    return any(image.getpixel((round(px) + dx, round(py) + dy)) == 0 for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def groups(item, kind: str) -> list[list[tuple[int, int]]]:
    return [[tuple(cell) for cell in group] for group, k in zip(item["groups"], item["group_kinds"]) if k == kind]


def diagonal_points(cells) -> list[tuple[float, float]]:
    """Points half a stroke in from each corner a diagonal passes through, in each cell."""
    main = len({r - c for r, c in cells}) == 1
    d = STUB / 2
    points = []
    for r, c in cells:
        if main:
            points += [(c + d, r + d), (c + 1 - d, r + 1 - d)]
        else:
            points += [(c + 1 - d, r + d), (c + d, r + 1 - d)]
    return points


def window_points(cells) -> list[tuple[float, float]]:
    """Points on the line just inside a window's edge, at the middle of each cell along it."""
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    top, bottom, left, right = min(rows), max(rows) + 1, min(cols), max(cols) + 1
    points = []
    for k in range(left, right):
        points += [(k + 0.5, top + WINDOW_INSET), (k + 0.5, bottom - WINDOW_INSET)]
    for k in range(top, bottom):
        points += [(left + WINDOW_INSET, k + 0.5), (right - WINDOW_INSET, k + 0.5)]
    return points


def test_x_diagonals_stay_marked_through_a_photocopier(copied):
    items, placements, pages = copied
    item = next(i for i in items.values() if "diagonal" in i["group_kinds"])
    page, pl = placements[int(item["id"])]
    diagonals = groups(item, "diagonal")
    assert len(diagonals) == 2
    for cells in diagonals:
        assert all(inked(pages[page], pl, x, y) for x, y in diagonal_points(cells))


def test_hyper_windows_stay_outlined_through_a_photocopier(copied):
    items, placements, pages = copied
    item = next(i for i in items.values() if "window" in i["group_kinds"])
    page, pl = placements[int(item["id"])]
    windows = groups(item, "window")
    assert len(windows) == 4
    for cells in windows:
        assert all(inked(pages[page], pl, x, y) for x, y in window_points(cells))


def test_a_classic_grid_has_no_such_marks_where_they_are_looked_for(copied):
    items, placements, pages = copied
    item = next(i for i in items.values() if set(i["group_kinds"]) == {"row", "column", "box"} and i["rows"] == 9)
    page, pl = placements[int(item["id"])]
    diagonal = [(k, k) for k in range(9)]
    window = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    points = diagonal_points(diagonal) + window_points(window)
    assert not any(inked(pages[page], pl, x, y) for x, y in points)
