"""Paper sizes by name or by their sides, and the print-on-demand figures (KDP's)."""

from __future__ import annotations

import pytest

from bookgen.options import OptionValueError, ParseContext
from bookgen.paper import PaperSize, canonical, gutter_inches, is_trim, size_mm, spine_inches


@pytest.mark.parametrize("name, size", [("6x9in", (152.4, 228.6)), ("5x8in", (127.0, 203.2)), ("A5", (148.0, 210.0)),
                                        ("letter", (215.9, 279.4)), ("8.5X11IN", (215.9, 279.4))])
def test_named_papers_have_their_sizes_in_any_case(name: str, size: tuple[float, float]):
    assert size_mm(PaperSize().parse(name, ParseContext())) == size


def test_a_paper_given_by_its_sides_in_any_unit_is_kept_in_millimetres():
    paper = PaperSize().parse({"width": "6in", "height": "228.6mm"}, ParseContext())
    assert paper == "152.4x228.6mm" and size_mm(paper) == (152.4, 228.6) and is_trim(paper)


@pytest.mark.parametrize("raw, said", [("B5", "expected one of"), ({"width": "6in"}, "width and height"),
                                       ({"width": "6 parsecs", "height": "9in"}, "mm, cm, in or pt"),
                                       ({"width": "1in", "height": "9in"}, "from 76.2")])
def test_an_unknown_or_impossible_paper_is_refused_saying_why(raw, said: str):
    with pytest.raises(OptionValueError, match=said):
        PaperSize().parse(raw, ParseContext())


def test_office_paper_is_not_a_book_trim():
    assert not is_trim("A4") and not is_trim(canonical("letter")) and is_trim("6x9in")


@pytest.mark.parametrize("pages, inches", [(24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625),
                                           (500, 0.625), (700, 0.75), (828, 0.875)])
def test_the_inside_margin_follows_kdps_table(pages: int, inches: float):
    assert gutter_inches(pages) == inches


def test_the_spine_is_the_page_count_times_the_paper_thickness():
    assert spine_inches(200, "white") == pytest.approx(0.4504)
    assert spine_inches(200, "cream") == pytest.approx(0.5)
