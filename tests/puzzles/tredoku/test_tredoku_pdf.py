"""Tredoku read back from the PDF: every face drawn as a bold parallelogram where the
projection puts it, and every printed digit inside its face, in its own square and upright,
on the puzzle page and in the answer key."""

from __future__ import annotations

import json

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.puzzles.pen import LINE_RATIO, Weight
from bookgen.puzzles.tredoku import draw, figures
from bookgen.spec import parse

SPEC = """\
title: T
seed: 4
sections:
  - type: tredoku
    figure: staircase
    difficulty: easy
    count: 1
  - type: tredoku
    figure: star
    difficulty: medium
    count: 2
  - type: tredoku
    figure: block
    difficulty: hard
    count: 2
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    out = tmp_path_factory.mktemp("tredoku")
    layout = build(parse(SPEC, "t.yaml"), out / "t.pdf", out / "t.json", jobs=1)
    data = json.loads((out / "t.json").read_text())
    with pdfplumber.open(out / "t.pdf") as pdf:
        pages = {p.page_number: (p.chars, p.curves + p.lines + p.rects) for p in pdf.pages}
    placements = {(pl.number, pl.answer): (page.number, pl) for page in layout.pages for pl in page.placements}
    return data["puzzles"], placements, pages


def _on_page(pl, point):
    return (pl.x + point[0] * pl.cell, pl.y + point[1] * pl.cell)


def _cell_polygon(pl, figure, cell):
    o, a, b = draw.cell_frame(figure, cell)
    corners = [o, (o[0] + a[0], o[1] + a[1]), (o[0] + a[0] + b[0], o[1] + a[1] + b[1]), (o[0] + b[0], o[1] + b[1])]
    return [_on_page(pl, p) for p in corners]


def _inside(p, polygon) -> bool:
    signs = set()
    for k in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[k], polygon[(k + 1) % len(polygon)]
        cross = (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1)
        signs.add(cross > 0)
    return len(signs) == 1


def _digits(chars, pl, figure):
    """The digits printed inside the drawing's bounds (its caption is above them)."""
    width, height = draw.drawing_size(figure)
    return [ch for ch in chars if ch["text"].isdigit() and pl.x <= ch["x0"] and ch["x1"] <= pl.x + width * pl.cell
            and pl.y <= ch["top"] and ch["bottom"] <= pl.y + height * pl.cell]


@pytest.mark.parametrize("answer", [False, True])
def test_every_printed_digit_is_upright_inside_its_own_square_of_its_face(book, answer):
    items, placements, pages = book
    assert {item["figure"] for item in items} == set(figures.NAMES)
    for item in items:
        page, pl = placements[(int(item["id"]), answer)]
        figure = item["figure"]
        shown = {(r, c): v for r, c, v in item["givens"]}
        if answer:
            shown = {(r, c): item["solution"][r][c] for face in item["faces"] for r, c in face["cells"]}
        digits = _digits(pages[page][0], pl, figure)
        assert len(digits) == len(shown), (item["id"], answer)
        cells = {cell: _cell_polygon(pl, figure, cell) for cell in shown}
        for ch in digits:
            assert ch["upright"]
            middle = ((ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2)
            home = [cell for cell, polygon in cells.items() if _inside(middle, polygon)]
            assert len(home) == 1, (item["id"], ch["text"], middle)
            assert str(shown[home[0]]) == ch["text"]
            # The whole glyph, not only its middle, stays in the square.
            box = [(ch["x0"], ch["top"]), (ch["x1"], ch["top"]), (ch["x1"], ch["bottom"]), (ch["x0"], ch["bottom"])]
            assert all(_inside(p, _grown(cells[home[0]], 0.02 * pl.cell)) for p in box), (item["id"], ch["text"])


def _grown(polygon, by):
    """A convex polygon pushed out a little from its middle (glyph boxes include side bearings)."""
    mx, my = sum(p[0] for p in polygon) / 4, sum(p[1] for p in polygon) / 4
    out = []
    for x, y in polygon:
        dx, dy = x - mx, y - my
        length = (dx * dx + dy * dy) ** 0.5
        out.append((x + dx / length * by, y + dy / length * by))
    return out


@pytest.mark.parametrize("answer", [False, True])
def test_every_face_is_a_bold_parallelogram_where_the_projection_puts_it(book, answer):
    items, placements, pages = book
    for item in items:
        page, pl = placements[(int(item["id"]), answer)]
        paths = pages[page][1]
        bold = LINE_RATIO[Weight.BOX] * pl.cell
        for face in figures.faces(item["figure"]):
            corners = [_on_page(pl, draw.at(item["figure"], face, r, c)) for r, c in ((0, 0), (0, 3), (3, 3), (3, 0))]
            assert any(_traces(path, corners) and abs(path.get("linewidth", 0) - bold) < 0.05 for path in paths), (
                item["id"], answer, face)


def _traces(path, corners) -> bool:
    """Whether a drawn path goes through the four corners (to a tenth of a point)."""
    points = path.get("pts") or []
    return all(any(abs(x - cx) < 0.1 and abs(y - cy) < 0.1 for x, y in points) for cx, cy in corners)


def test_each_face_letter_is_printed_outside_every_face_or_in_its_own_corner(book):
    """Outside the figure, beside a free edge; a face with faces all round it (the block's
    middle top) has its letter small in its widest corner, clear of that square's digit."""
    items, placements, pages = book
    for item in items:
        page, pl = placements[(int(item["id"]), False)]
        width, height = draw.drawing_size(item["figure"])
        letters = {ch["text"]: ch for ch in pages[page][0] if ch["text"].isalpha() and ch["text"].isupper()
                   and pl.x <= ch["x0"] and ch["x1"] <= pl.x + width * pl.cell
                   and pl.y <= ch["top"] and ch["bottom"] <= pl.y + height * pl.cell}
        digits = _digits(pages[page][0], pl, item["figure"])
        faces = figures.faces(item["figure"])
        outlines = [[_on_page(pl, draw.at(item["figure"], f, r, c)) for r, c in ((0, 0), (0, 3), (3, 3), (3, 0))]
                    for f in faces]
        for k, face in enumerate(item["faces"]):
            ch = letters[face["letter"]]
            middle = ((ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2)
            within = [j for j, polygon in enumerate(outlines) if _inside(middle, polygon)]
            assert within in ([], [k]), (item["id"], face["letter"])
            if within:
                corners = [_on_page(pl, draw.at(item["figure"], faces[k], r, c)) for r, c in
                           ((0, 0), (0, 3), (3, 0), (3, 3))]
                assert min(((middle[0] - x) ** 2 + (middle[1] - y) ** 2) ** 0.5 for x, y in corners) < 0.3 * pl.cell
                # Their middles far enough apart for half the letter's and half a digit's
                # height (0.1 and 0.21 of a square) and a gap.
                for d in digits:
                    apart = ((d["x0"] + d["x1"]) / 2 - middle[0], (d["top"] + d["bottom"]) / 2 - middle[1])
                    assert (apart[0] ** 2 + apart[1] ** 2) ** 0.5 > 0.33 * pl.cell, (item["id"], face["letter"])


def test_face_letters_are_dark_enough_to_survive_a_copier(book):
    """The worked steps name faces by their letters: each at least 70% black, so a copier
    at a 50% threshold keeps it."""
    items, placements, pages = book
    for item in items:
        page, pl = placements[(int(item["id"]), False)]
        width, height = draw.drawing_size(item["figure"])
        letters = [ch for ch in pages[page][0] if ch["text"].isalpha() and ch["text"].isupper()
                   and pl.x <= ch["x0"] and ch["x1"] <= pl.x + width * pl.cell
                   and pl.y <= ch["top"] and ch["bottom"] <= pl.y + height * pl.cell]
        assert letters
        for ch in letters:
            colour = ch["non_stroking_color"]
            black = 1 - sum(colour) / len(colour) if len(colour) != 4 else colour[3]
            assert black >= 0.7, (item["id"], ch["text"], colour)
