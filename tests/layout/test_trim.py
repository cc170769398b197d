"""A printed book's interior: pages that bleed, text in the safe area, the inside margin
from the page count (KDP's table), an even number of pages, both sides printed."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.layout.template import template
from bookgen.layout.trim import INK, for_print
from bookgen.paper import INCH
from bookgen.publish.print_check import check_pdf
from bookgen.spec import parse


def _book(tmp_path: Path, head: str, sections: str) -> Path:
    spec = parse(f"title: Take along\nauthor: Ana\nseed: 5\n{head}\nsections:\n{sections}", str(tmp_path / "b.yaml"),
                 tmp_path)
    out = tmp_path / "b.pdf"
    build(spec, out)
    return out


def test_bleed_adds_an_eighth_of_an_inch_outside_top_and_bottom_and_keeps_text_in_the_safe_area():
    tpl = for_print(template("book", "6x9in"), True, 100)
    assert (tpl.width / INCH, tpl.height / INCH) == pytest.approx((6.125, 9.25))
    assert tpl.left / INCH == pytest.approx(0.375 + INK / INCH)  # the inside, from the table (24-150 pages)
    assert min(tpl.top, tpl.bottom, tpl.right) / INCH >= 0.375 + 0.125


@pytest.mark.parametrize("pages, inside", [(100, 0.375), (200, 0.5), (400, 0.625), (600, 0.75), (800, 0.875)])
def test_the_inside_margin_grows_with_the_page_count(pages: int, inside: float):
    assert for_print(template("book", "6x9in"), False, pages).left == pytest.approx(inside * INCH + INK)


def test_a_small_6x9_book_with_bleed_has_even_pages_of_the_bled_size_and_passes_the_print_check(tmp_path: Path):
    pdf = _book(tmp_path, "paper: 6x9in\nbleed: true", "  - {type: sudoku, size: 9, difficulty: easy, count: 3}\n")
    report = check_pdf(pdf, "6x9in", True)
    assert report.problems == () and report.pages % 2 == 0
    assert report.page_size == pytest.approx((6.125, 9.25))


def test_a_6x9_page_holds_one_9x9_at_comfortable_cells_or_several_small_grids(tmp_path: Path):
    pdf = _book(tmp_path, "paper: 6x9in", "  - {type: sudoku, size: 9, difficulty: easy, count: 2}\n"
                                          "  - {type: sudoku, size: 6, difficulty: easy, count: 2}\n")
    with pdfplumber.open(pdf) as document:
        labels = [[w["text"] for w in page.extract_words() if w["text"] in ("9×9", "6×6")] for page in document.pages]
    nines = [k for k, found in enumerate(labels) if "9×9" in found]
    sixes = [k for k, found in enumerate(labels) if "6×6" in found]
    assert all(labels[k].count("9×9") == 1 for k in nines) and len(nines) == 2
    assert len(sixes) == 1 and labels[sixes[0]].count("6×6") == 2


def test_the_footer_can_be_the_spec_s_text_or_off_and_the_seed_line_left_out(tmp_path: Path):
    section = "  - {type: sudoku, size: 4, difficulty: beginner, count: 2}\n"
    own = _book(tmp_path, 'footer: "Page {page} of Take along"\nseed_line: false', section)
    with pdfplumber.open(own) as document:
        text = document.pages[1].extract_text()
    assert "Page 2 of Take along" in text and "seed" not in text
    off = _book(tmp_path, "footer: off", section)
    with pdfplumber.open(off) as document:
        bottom = [w["text"] for w in document.pages[1].extract_words() if w["top"] > document.pages[1].height - 60]
    assert bottom == ["bookgen", "0.1.0", "·", "seed", "5"]
