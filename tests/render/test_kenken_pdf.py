"""A KenKen page read back from the PDF: clues where they belong, bold lines where cages meet."""

from __future__ import annotations

import json

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.puzzles.pen import LINE_RATIO, Weight
from bookgen.spec import parse

SPEC = """\
title: K
seed: 3
sections:
  - type: kenken
    size: 6
    difficulty: medium
    count: 2
    per_page: 2
"""
SIGN = {"+": "+", "-": "−", "*": "×", "/": "÷", "=": ""}


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    out = tmp_path_factory.mktemp("kenken")
    layout = build(parse(SPEC, "k.yaml"), out / "k.pdf", out / "k.json", jobs=1)
    data = json.loads((out / "k.json").read_text())
    with pdfplumber.open(out / "k.pdf") as pdf:
        pages = {p.page_number: (p.chars, stroked_segments(p)) for p in pdf.pages}
    placements = {pl.number: pl for page in layout.pages for pl in page.placements if not pl.answer}
    return data["puzzles"], placements, pages


def test_every_clue_is_printed_top_left_in_its_anchor_cell_with_true_signs(book):
    items, placements, pages = book
    for item in items:
        chars, _edges = pages[item["page"]]
        pl = placements[int(item["id"])]
        for cage in item["cages"]:
            r, c = min(tuple(cell) for cell in cage["cells"])
            x0, y0 = pl.x + c * pl.cell, pl.y + r * pl.cell
            inside = sorted(
                (ch for ch in chars if x0 <= ch["x0"] and ch["x1"] <= x0 + pl.cell and y0 <= ch["top"]
                 and ch["bottom"] <= y0 + pl.cell / 2 and ch["x0"] < x0 + pl.cell * 0.9),
                key=lambda ch: ch["x0"],
            )
            clue = "".join(ch["text"] for ch in inside)
            assert clue == f"{cage['target']}{SIGN[cage['op']]}", (item["id"], r, c)
            assert inside[0]["x0"] < x0 + pl.cell * 0.2 and inside[0]["top"] < y0 + pl.cell * 0.2


def stroked_segments(page) -> list[tuple[float, float, float, float, float]]:
    """Every stroked straight segment (x0, top0, x1, top1, width): lines, and each side of
    every path (pdfplumber's derived edges of a path do not carry its width)."""
    found = []
    for obj in [*page.lines, *page.curves, *page.rects]:
        if not obj.get("stroke"):
            continue
        pts = obj["pts"]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            found.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by), obj["linewidth"]))
    return found


def stroke_over(segments, x: float, y: float, vertical: bool, tol: float = 0.5) -> float:
    """The widest stroke passing through the middle of a grid edge."""
    widths = [0.0]
    for x0, top, x1, bottom, width in segments:
        if vertical and abs(x0 - x) < tol and abs(x1 - x) < tol and top - tol <= y <= bottom + tol:
            widths.append(width)
        if not vertical and abs(top - y) < tol and abs(bottom - y) < tol and x0 - tol <= x <= x1 + tol:
            widths.append(width)
    return max(widths)


def test_lines_are_bold_exactly_where_two_cages_meet(book):
    items, placements, pages = book
    for item in items:
        _chars, edges = pages[item["page"]]
        pl = placements[int(item["id"])]
        cage_of = {tuple(cell): k for k, cage in enumerate(item["cages"]) for cell in cage["cells"]}
        thin, bold = LINE_RATIO[Weight.THIN] * pl.cell, LINE_RATIO[Weight.CAGE] * pl.cell
        for (r, c), k in cage_of.items():
            if c + 1 < item["cols"]:
                width = stroke_over(edges, pl.x + (c + 1) * pl.cell, pl.y + (r + 0.5) * pl.cell, True)
                expected = bold if cage_of[(r, c + 1)] != k else thin
                assert width == pytest.approx(expected, rel=0.01), (item["id"], r, c, "right")
            if r + 1 < item["rows"]:
                width = stroke_over(edges, pl.x + (c + 0.5) * pl.cell, pl.y + (r + 1) * pl.cell, False)
                expected = bold if cage_of[(r + 1, c)] != k else thin
                assert width == pytest.approx(expected, rel=0.01), (item["id"], r, c, "below")
        assert bold == pytest.approx(3 * thin, rel=1e-9) or bold > 3 * thin


# Two hard 9×9 grids on one page: the second has a four-digit product (1008×), the first
# nothing over 270.
NINES = """\
title: K9
seed: 2
sections:
  - type: kenken
    size: 9
    difficulty: hard
    count: 2
    per_page: 2
"""
MM = 72 / 25.4


@pytest.fixture(scope="module")
def nines(tmp_path_factory):
    out = tmp_path_factory.mktemp("nines")
    layout = build(parse(NINES, "k9.yaml"), out / "k9.pdf", out / "k9.json", jobs=1)
    data = json.loads((out / "k9.json").read_text())
    with pdfplumber.open(out / "k9.pdf") as pdf:
        page = pdf.pages[data["puzzles"][0]["page"] - 1]
        chars, edges = page.chars, stroked_segments(page)
    placements = {pl.number: pl for page in layout.pages for pl in page.placements if not pl.answer}
    return data["puzzles"], placements, chars, edges


def clue_chars(chars, pl, r: int, c: int):
    x0, y0 = pl.x + c * pl.cell, pl.y + r * pl.cell
    return [ch for ch in chars if x0 <= ch["x0"] < x0 + pl.cell and y0 <= ch["top"] and ch["bottom"] <= y0 + pl.cell / 2]


def ink_box(found) -> tuple[float, float, float, float]:
    """A clue's ink, from the top of its digits (baseline less the cap height) to its
    baseline, between its advance boxes' ends (its glyphs' ink lies within them)."""
    from bookgen.render.fonts import default_fonts

    cap = default_fonts().checked("0", False).cap_height
    # A char's box hangs below its baseline by the descent: the baseline is its bottom
    # less the distance from the box's foot (y0) up to the baseline (the matrix's y).
    base = max(ch["bottom"] - (ch["matrix"][5] - ch["y0"]) for ch in found)
    size = max(ch["size"] for ch in found)
    return min(ch["x0"] for ch in found), base - cap * size, max(ch["x1"] for ch in found), base


def test_one_clue_size_serves_every_grid_of_a_section(nines):
    items, placements, chars, _edges = nines
    sizes = set()
    for item in items:
        pl = placements[int(item["id"])]
        for cage in item["cages"]:
            r, c = min(tuple(cell) for cell in cage["cells"])
            sizes |= {round(ch["size"], 3) for ch in clue_chars(chars, pl, r, c)}
    assert max(max(cage["target"] for cage in item["cages"]) for item in items) >= 1000
    assert len(sizes) == 1


def test_every_clue_four_digit_products_too_keeps_1_mm_clear_of_every_line(nines):
    items, placements, chars, edges = nines
    for item in items:
        pl = placements[int(item["id"])]
        for cage in item["cages"]:
            r, c = min(tuple(cell) for cell in cage["cells"])
            x0, top, x1, bottom = ink_box(clue_chars(chars, pl, r, c))
            for sx0, stop, sx1, sbottom, width in edges:
                half = width / 2
                dx = max(sx0 - half - x1, x0 - sx1 - half, 0.0)
                dy = max(stop - half - bottom, top - sbottom - half, 0.0)
                assert (dx * dx + dy * dy) ** 0.5 >= 1 * MM - 0.01, (item["id"], cage["target"], r, c)
