"""Books printed on both sides (`duplex: true`), read back from the PDF: the binding
margin mirrored on left-hand pages, every part from a right-hand page, the seed in the
outer corner; and the contents' dot leaders standing in columns."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.spec import load, parse

BOOK = """\
title: Both sides
seed: 8
{extra}
sections:
  - title: Small ones
    type: sudoku
    size: 4
    difficulty: beginner
    count: 3
    per_page: 1
  - title: Sums
    type: kenken
    size: 4
    difficulty: beginner
    count: 2
    per_page: 1
"""


def built(tmp: Path, extra: str, name: str):
    spec = tmp / f"{name}.yaml"
    spec.write_text(BOOK.format(extra=extra))
    layout = build(load(spec), tmp / f"{name}.pdf", None, jobs=1)
    return layout, tmp / f"{name}.pdf"


@pytest.fixture(scope="module", params=["book", "worksheet"])
def duplex_book(request, tmp_path_factory):
    extra = "duplex: true\npaper: Letter"
    if request.param == "worksheet":
        extra += "\nlayout: worksheet\nstudents: [Ana, Ben, Chloe]"
    return built(tmp_path_factory.mktemp(request.param), extra, request.param)


def test_duplex_is_read_from_the_spec_and_off_by_default():
    assert parse("title: T\nduplex: true\nsections: [{type: sudoku, size: 4, difficulty: beginner, count: 1}]", "t.yaml").duplex
    assert not parse("title: T\nsections: [{type: sudoku, size: 4, difficulty: beginner, count: 1}]", "t.yaml").duplex


def test_every_part_starts_on_a_right_hand_page(duplex_book):
    layout, _pdf = duplex_book
    firsts = {}
    for page in layout.pages:
        if page.kind in ("puzzles", "sheet", "answers"):
            key = page.kind if page.kind == "answers" else page.section
            firsts.setdefault(key, page.number)
    starts = [page.number for page in layout.pages if page.kind in ("puzzles", "answers")
              and firsts.get(page.kind if page.kind == "answers" else page.section) == page.number]
    assert starts and all(number % 2 == 1 for number in starts)
    # a worksheet: each student's first sheet is a right-hand page
    copies = {}
    for page in layout.pages:
        for text in page.texts:
            if text.text in ("Ana", "Ben", "Chloe"):
                copies.setdefault(text.text, page.number)
    assert all(number % 2 == 1 for number in copies.values())
    blanks = [page for page in layout.pages if page.kind == "blank"]
    assert all(not page.texts and not page.placements and page.number % 2 == 0 for page in blanks)


def test_left_hand_pages_have_their_binding_margin_on_the_right(duplex_book):
    layout, pdf_path = duplex_book
    tpl = layout.template
    tol = 0.5
    seen = {0: 0, 1: 0}
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            marks = [(c["x0"], c["x1"]) for c in page.chars] + [(o["x0"], o["x1"]) for o in [*page.lines, *page.rects]]
            if not marks:
                continue
            left = min(x0 for x0, _x1 in marks)
            right = max(x1 for _x0, x1 in marks)
            inner, outer = tpl.left, tpl.right  # binding and outer margins
            if page.page_number % 2 == 0:
                assert left >= outer - tol - 1 and right <= tpl.width - inner + tol + 1, page.page_number
                assert left < inner - 5  # moved: it does reach into what is the binding margin on a right-hand page
            else:
                assert left >= inner - tol - 1 and right <= tpl.width - outer + tol + 1, page.page_number
            seen[page.page_number % 2] += 1
    assert seen[0] and seen[1]


def test_the_seed_stands_in_the_outer_corner(duplex_book):
    layout, pdf_path = duplex_book
    tpl = layout.template
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            words = [w for w in page.extract_words() if w["text"] == "bookgen"]
            if not words:
                continue
            x0 = words[-1]["x0"]
            if page.page_number % 2 == 0:
                assert x0 == pytest.approx(tpl.right, abs=1.0), page.page_number
            else:
                assert x0 > tpl.width / 2, page.page_number


def test_one_sided_books_keep_the_binding_margin_on_the_left(tmp_path):
    layout, _pdf = built(tmp_path, "", "one-sided")
    assert not any(page.kind == "blank" for page in layout.pages)
    tpl = layout.template
    assert all(text.x >= tpl.left - 0.01 for page in layout.pages for text in page.texts if text.align == "left")


CONTENTS = """\
title: Contents
seed: 3
sections:
  - {title: First, type: sudoku, size: 4, difficulty: beginner, count: 5, per_page: 1}
  - {title: A second section with a longer title, type: sudoku, size: 4, difficulty: beginner, count: 5, per_page: 1}
  - {title: Third, type: sudoku, size: 4, difficulty: beginner, count: 1, per_page: 1}
"""


def test_the_contents_leaders_end_at_one_place_and_their_dots_stand_in_columns(tmp_path):
    spec = tmp_path / "contents.yaml"
    spec.write_text(CONTENTS)  # pages 2, 7 and 12, answers on 13: numbers of one and two digits
    build(load(spec), tmp_path / "contents.pdf", None, jobs=1)
    with pdfplumber.open(tmp_path / "contents.pdf") as pdf:
        rows: dict[float, list[float]] = {}
        for ch in pdf.pages[0].chars:
            if ch["text"] == "." and ch["top"] < pdf.pages[0].height * 0.8:  # not the stamp's "0.1.0"
                rows.setdefault(round(ch["top"]), []).append(ch["x0"])
    assert len(rows) == 4
    ends = [max(xs) for xs in rows.values()]
    assert max(ends) - min(ends) < 0.05
    longest = max(rows.values(), key=len)
    for xs in rows.values():  # every dot of a line stands where a dot of the longest one does
        assert all(min(abs(x - y) for y in longest) < 0.05 for x in xs)
