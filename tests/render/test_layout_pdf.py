"""Every layout on every paper, read back from the PDF: nothing outside the printable
area, a running head on every page, slots filled, cells growing as fewer puzzles share
a page, and worksheet sets with a different set of puzzles for every copy."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.layout.template import BUILT_IN
from bookgen.spec import load

LONG_TITLE = "A very long book title that a teacher typed in without a thought for where it would have to fit on the page"
LONG_SECTION = "Week 3 homework: multiplication and division practice for Year 5 (KenKen)"
LONG_WORD = "Supercalifragilisticexpialidociousnesses-and-other-unbreakable-things-without-spaces-anywhere"


def spec_text(layout: str, paper: str) -> str:
    return f"""\
title: {LONG_TITLE}
subtitle: {LONG_WORD}
author: {LONG_WORD}
layout: {layout}
paper: {paper}
seed: 4
sections:
  - title: "{LONG_SECTION}"
    type: kenken
    size: 4
    difficulty: beginner
    count: 3
  - title: {LONG_WORD}
    type: sudoku
    size: 6
    difficulty: easy
    count: 7
  - title: Slide
    type: sliding
    size: 3
    difficulty: easy
    count: 2
"""


def built(tmp: Path, text: str, name: str = "book"):
    spec = tmp / f"{name}.yaml"
    spec.write_text(text)
    layout = build(load(spec), tmp / f"{name}.pdf", tmp / f"{name}.json", jobs=1)
    return layout, json.loads((tmp / f"{name}.json").read_text()), tmp / f"{name}.pdf"


# Only the book on A4 is in make test-fast: each of the others is built and read back too.
@pytest.fixture(scope="module", params=[pytest.param((layout, paper),
                                                     marks=pytest.mark.slow if (layout, paper) != ("book", "A4") else ())
                                        for layout in BUILT_IN for paper in ("A4", "letter")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def book(request, tmp_path_factory):
    layout, paper = request.param
    return built(tmp_path_factory.mktemp(f"{layout}-{paper}"), spec_text(layout, paper))


def test_all_text_and_lines_lie_inside_the_printable_area(book):
    layout, _data, pdf_path = book
    x0, y0, x1, y1 = layout.template.area
    tol = 0.5
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            for ch in page.chars:
                assert x0 - tol <= ch["x0"] and ch["x1"] <= x1 + tol, (page.page_number, ch["text"], ch["x0"], ch["x1"])
                assert y0 - tol <= ch["top"] and ch["bottom"] <= y1 + tol, (page.page_number, ch["text"])
            for obj in [*page.lines, *page.rects, *page.curves]:
                half = obj.get("linewidth", 0) / 2 + tol
                assert x0 - half <= obj["x0"] and obj["x1"] <= x1 + half, (page.page_number, obj["x0"], obj["x1"])
                assert y0 - half <= obj["top"] and obj["bottom"] <= y1 + half, (page.page_number, obj["top"])
            for image in page.images:
                assert x0 - tol <= image["x0"] and image["x1"] <= x1 + tol


def test_every_page_after_the_title_page_has_a_running_head_and_its_rule(book):
    layout, _data, pdf_path = book
    tpl = layout.template
    heads = {page.number: page.texts for page in layout.pages}
    with pdfplumber.open(pdf_path) as pdf:
        for page in layout.pages:
            if page.kind == "title":
                continue
            plumbed = pdf.pages[page.number - 1]
            band = tpl.top + tpl.sizes.heading * 1.6
            top_text = "".join(ch["text"] for ch in plumbed.chars if ch["top"] < band)
            expected = "Answers" if page.kind == "answers" else next(
                t.text for t in heads[page.number] if t.bold and t.y < band)
            assert expected.rstrip("…")[:12] in top_text
            rules = [ln for ln in plumbed.lines if ln["top"] < band + 4 and ln["x1"] - ln["x0"] > tpl.content_width * 0.95]
            assert rules, page.number


def test_every_page_but_a_sections_last_has_its_slots_filled(book):
    layout, _data, _pdf = book
    pages_of = defaultdict(list)
    for page in layout.pages:
        if page.kind == "puzzles":
            pages_of[page.section].append(page)
    for pages in pages_of.values():
        full = max(len(p.placements) for p in pages)
        assert all(len(p.placements) == full for p in pages[:-1])
    sheets = [page for page in layout.pages if page.kind == "sheet"]  # flowing worksheets
    for sheet, after in zip(sheets, sheets[1:]):
        lowest = max(p.y + p.size[1] * p.cell for p in sheet.placements)
        assert lowest == pytest.approx(layout.template.text_bottom, abs=1.0)  # used to its foot


def test_long_text_shrinks_only_down_to_the_layouts_smallest_size_and_titles_wrap(book):
    layout, _data, _pdf = book
    tpl = layout.template
    smallest = min(tpl.sizes.min, tpl.sizes.answer_label, tpl.sizes.footer, tpl.sizes.stamp)
    assert all(t.size >= smallest - 0.01 for page in layout.pages for t in page.texts)
    if tpl.title_page:
        title_lines = [t for t in layout.pages[0].texts if t.bold and t.align == "center"]
        assert len(title_lines) >= 2 and title_lines[0].text.startswith("A very long")


def test_a_grids_cells_grow_when_fewer_puzzles_share_a_page(tmp_path):
    sections = "".join(
        f"  - type: sudoku\n    size: 6\n    difficulty: easy\n    count: {n}\n    per_page: {n}\n" for n in (6, 4, 2, 1)
    )
    layout, _data, pdf_path = built(tmp_path, "title: T\nanswer_key: false\nsections:\n" + sections)
    cells = [page.placements[0].cell for page in layout.pages if page.kind == "puzzles"]
    assert cells == sorted(cells) and cells[0] < cells[-1]
    with pdfplumber.open(pdf_path) as pdf:  # the drawn grid is as wide as planned
        for page in layout.pages[1:]:
            placement = page.placements[0]
            plumbed = pdf.pages[page.number - 1]
            objects = [*plumbed.lines, *plumbed.curves, *plumbed.rects]
            tol = 1 + placement.cell * 0.05
            rightmost = max(ob["x1"] for ob in objects
                            if abs(ob["x0"] - placement.x) < tol and abs(ob["top"] - placement.y) < tol)
            assert rightmost == pytest.approx(placement.x + 6 * placement.cell, abs=placement.cell * 0.1)


@pytest.mark.slow  # thirty sets of puzzles made and read back
def test_thirty_copies_are_thirty_different_sets_and_the_key_labels_all_of_them(tmp_path):
    text = ("title: Class set\nlayout: worksheet\ncopies: 30\nseed: 8\n"
            "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 2\n")
    layout, data, pdf_path = built(tmp_path, text)
    sets = defaultdict(list)
    for item in data["puzzles"]:
        sets[item["copy"]].append(json.dumps(item["givens"]))
    assert len(sets) == 30 and len({tuple(v) for v in sets.values()}) == 30
    answer_pages = sorted({item["answer_page"] for item in data["puzzles"]})
    assert len(answer_pages) <= 3  # compact: many answers a page
    with pdfplumber.open(pdf_path) as pdf:
        key = " ".join(pdf.pages[n - 1].extract_text() for n in answer_pages)
        for k in range(1, 31):
            assert f"Copy {k} · 1 (page" in key and f"Copy {k} · 2 (page" in key
        for item in data["puzzles"][:4]:
            assert item["copy"] in pdf.pages[item["page"] - 1].extract_text()


def test_students_head_their_own_worksheets(tmp_path):
    text = ("title: Class set\nlayout: worksheet\nstudents: [Ana, Ben]\n"
            "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 1\n")
    _layout, data, pdf_path = built(tmp_path, text)
    with pdfplumber.open(pdf_path) as pdf:
        for item in data["puzzles"]:
            assert item["copy"] in pdf.pages[item["page"] - 1].extract_text()


def test_a_section_with_its_own_layout_is_laid_out_by_it(tmp_path):
    text = ("title: T\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 2\n"
            "  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 2\n    layout: large-print\n")
    layout, data, _pdf = built(tmp_path, text)
    pages = {item["page"] for item in data["puzzles"][2:]}
    assert len(pages) == 2  # large print: one a page
    heads = [t for page in layout.pages if page.number in pages for t in page.texts if t.bold]
    assert max(t.size for t in heads) >= 20  # the large-print running head
    first = layout.pages[data["puzzles"][0]["page"] - 1]
    assert len(first.placements) == 2


LONG_NAME = "Maximilian-Alexander Konstantin von Hohenzollern-Sigmaringen"  # 60 characters


@pytest.mark.parametrize("layout, paper", [("worksheet", "A4"), ("worksheet", "Letter"), ("book", "Letter")])
def test_a_long_name_is_printed_whole_on_the_students_own_sheet(layout: str, paper: str, tmp_path):
    assert len(LONG_NAME) == 60
    text = (f"title: Friday puzzles for the whole of class four\nlayout: {layout}\npaper: {paper}\nseed: 2\n"
            f"students: [{LONG_NAME}, Bo]\n"
            "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 2\n")
    tpl_layout, data, pdf_path = built(tmp_path, text)
    tpl = tpl_layout.template
    own = sorted({item["page"] for item in data["puzzles"] if item["copy"] == LONG_NAME})
    with pdfplumber.open(pdf_path) as pdf:
        for number in own:
            page = pdf.pages[number - 1]
            rule = min(ln["top"] for ln in page.lines if ln["x1"] - ln["x0"] > tpl.content_width * 0.9)
            head = [ch for ch in page.chars if ch["top"] < rule]
            first, *more = _lines(head)
            first.sort(key=lambda ch: ch["x0"])
            # The title ends where the widest gap of the first line is (4 mm before the name).
            split = max(range(1, len(first)), key=lambda k: first[k]["x0"] - first[k - 1]["x1"])
            name = first[split:] + [ch for line in more for ch in line]
            printed = " ".join("".join(ch["text"] for ch in sorted(line, key=lambda ch: ch["x0"]))
                               for line in _lines(name))
            assert printed.replace("- ", "-") == LONG_NAME  # whole, not cut with "…"
            assert min(ch["size"] for ch in name) >= tpl.student_min - 1e-6
            assert max(ch["x1"] for ch in name) <= tpl.width - tpl.right + 0.5
            title = [ch for ch in head if ch not in name]
            assert max(ch["x1"] for ch in title) < min(ch["x0"] for ch in name)


def _lines(chars):
    """Characters grouped by baseline (the y of their text matrix), top to bottom."""
    rows: dict = {}
    for ch in chars:
        rows.setdefault(round(ch["matrix"][5], 1), []).append(ch)
    return [rows[k] for k in sorted(rows, reverse=True)]


SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def answer_sheets(pdf_path: Path) -> list[int]:
    """How many answers each answer page of a PDF holds, in order."""
    import re

    with pdfplumber.open(pdf_path) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    return [len(re.findall(r"\(page \d+\)", text)) for text in texts if text.startswith("Answers")]


# Pages per class set: the samples' keys used to end on a sheet of 1 to 4 answers (the
# worksheet set 19 pages, the classroom book 11, on both papers).
@pytest.mark.parametrize("sample, paper, pages, sheets", [
    ("worksheet", "A4", 18, 2), ("worksheet", "Letter", 18, 2),
    pytest.param("classroom", "A4", 10, 1, marks=pytest.mark.slow),
    pytest.param("classroom", "Letter", 10, 1, marks=pytest.mark.slow)])
@pytest.mark.slow
def test_a_class_sets_answer_key_ends_without_a_near_empty_sheet(sample, paper, pages, sheets, tmp_path):
    text = (SAMPLES / f"{sample}.yaml").read_text() + f"paper: {paper}\n"
    layout, _data, pdf_path = built(tmp_path, text)
    counts = answer_sheets(pdf_path)
    assert len(layout.pages) == pages and len(counts) == sheets
    assert min(counts) * 3 >= max(counts)  # no last sheet of a few answers
