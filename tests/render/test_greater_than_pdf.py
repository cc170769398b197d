"""Greater-than sudoku read back from the PDF: every chevron drawn on a puzzle, its
answer and its hint grid sits on the middle of the edge two squares of a box share, and
its point is at the square whose answer is the smaller; each pair of box neighbours has
exactly one; and the white patch under it breaks the cell line, so the sign is clear of
the grid's lines."""

from __future__ import annotations

import json
import math

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.puzzles.sudoku.greater_than import DEPTH, SPREAD, box_neighbours
from bookgen.spec import parse

SPEC = """\
title: Signs
seed: 11
sections:
  - type: sudoku
    variant: greater-than
    size: 4
    difficulty: beginner
    count: 2
    hints: true
  - type: sudoku
    variant: greater-than
    size: 6
    difficulty: medium
    count: 1
    large_print: true
  - type: sudoku
    variant: greater-than
    size: 9
    difficulty: hard
    count: 1
"""
# How far (in cells) a chevron's middle may be from an edge's middle: the PDF's numbers
# are rounded to hundredths of a point.
NEAR = 0.02


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    out = tmp_path_factory.mktemp("greater")
    layout = build(parse(SPEC, "g.yaml"), out / "g.pdf", out / "g.json", jobs=1)
    items = {int(item["id"]): item for item in json.loads((out / "g.json").read_text())["puzzles"]}
    found = []  # (item, placement kind, chevrons in the drawing's cell units)
    with pdfplumber.open(out / "g.pdf") as pdf:
        for page in layout.pages:
            curves = pdf.pages[page.number - 1].curves
            for pl in page.placements:
                item = items[pl.number]
                width, height = item["cols"] * pl.cell, item["rows"] * pl.cell
                inside = [c for c in curves if len(c["pts"]) == 3
                          and all(pl.x - 1 <= x <= pl.x + width + 1 and pl.y - 1 <= y <= pl.y + height + 1
                                  for x, y in c["pts"])]
                chevrons = [[((x - pl.x) / pl.cell, (y - pl.y) / pl.cell) for x, y in c["pts"]] for c in inside]
                found.append((item, page.kind, pl.answer, chevrons))
    return found


def read_sign(points):
    """A chevron's two squares (the smaller first: its point is on that side), its middle,
    its depth (point to open end) and its spread (between the ends of its arms)."""
    end_a, point, end_b = points
    open_mid = ((end_a[0] + end_b[0]) / 2, (end_a[1] + end_b[1]) / 2)
    middle = ((point[0] + open_mid[0]) / 2, (point[1] + open_mid[1]) / 2)
    towards = (open_mid[0] - point[0], open_mid[1] - point[1])  # from the smaller to the larger
    length = math.hypot(*towards)
    step = (round(towards[0] / length), round(towards[1] / length))
    smaller = (math.floor(middle[1] - step[1] / 2), math.floor(middle[0] - step[0] / 2))
    larger = (smaller[0] + step[1], smaller[1] + step[0])
    return smaller, larger, middle, length, math.dist(end_a, end_b)


def test_every_drawing_of_a_greater_than_puzzle_has_its_signs(drawn):
    kinds = {(kind, answer) for _item, kind, answer, _c in drawn}
    assert {("puzzles", False), ("answers", True), ("hints", False)} <= kinds
    for item, _kind, _answer, chevrons in drawn:
        assert len(chevrons) == len(box_neighbours(item["rows"])) == len(item["inequalities"])


def test_each_sign_sits_between_two_box_neighbours_and_points_at_the_smaller_answer(drawn):
    for item, kind, _answer, chevrons in drawn:
        size, answer = item["rows"], item["solution"]
        pairs = set()
        for points in chevrons:
            smaller, larger, middle, depth, spread = read_sign(points)
            # centred on the middle of the edge the two squares share
            edge_middle = ((smaller[1] + larger[1] + 1) / 2, (smaller[0] + larger[0] + 1) / 2)
            assert math.dist(middle, edge_middle) < NEAR, (kind, middle)
            assert depth == pytest.approx(DEPTH, abs=NEAR) and spread == pytest.approx(SPREAD, abs=NEAR)
            assert answer[smaller[0]][smaller[1]] < answer[larger[0]][larger[1]], (kind, smaller, larger)
            pairs.add(frozenset((smaller, larger)))
        assert pairs == {frozenset(p) for p in box_neighbours(size)}, kind
        assert {frozenset(map(tuple, pair)) for pair in item["inequalities"]} == pairs


def test_a_white_patch_breaks_the_cell_line_under_each_sign(tmp_path):
    """Rendered, the middle of the edge under a sign is white beside the chevron's point:
    the thin cell line does not run through the sign."""
    import pypdfium2 as pdfium

    first_section = SPEC.split("  - type: sudoku\n    variant: greater-than\n    size: 6")[0]
    layout = build(parse(first_section, "g.yaml"), tmp_path / "g.pdf", tmp_path / "g.json", jobs=1)
    item = json.loads((tmp_path / "g.json").read_text())["puzzles"][0]
    page = next(p for p in layout.pages if p.kind == "puzzles")
    pl = page.placements[0]
    dpi = 300
    image = pdfium.PdfDocument(tmp_path / "g.pdf")[page.number - 1].render(scale=dpi / 72).to_pil().convert("L")
    def shade(x: float, y: float) -> int:
        """The darkest pixel within a pixel of a point in the drawing's cells."""
        px, py = round((pl.x + x * pl.cell) * dpi / 72), round((pl.y + y * pl.cell) * dpi / 72)
        return min(image.getpixel((px + d, py + e)) for d in (-1, 0, 1) for e in (-1, 0, 1))

    for (r1, c1), (r2, c2) in item["inequalities"]:
        mx, my = (c1 + c2 + 1) / 2, (r1 + r2 + 1) / 2  # the middle of the shared edge
        dx, dy = (0, 1) if r1 == r2 else (1, 0)  # along that edge
        for side in (-1, 1):  # on the edge just past the chevron's arms: the patch, white
            reach = side * (SPREAD / 2 + 0.03)
            assert shade(mx + dx * reach, my + dy * reach) > 200, ((r1, c1), (r2, c2))
        # the same edge away from the sign: the cell line, black
        assert shade(mx + dx * 0.42, my + dy * 0.42) < 128
