"""The PDF read back with pdfplumber: text, line widths and positions."""

from __future__ import annotations

import re

import pdfplumber
import pytest

from bookgen.puzzles.pen import LINE_RATIO, Weight


@pytest.fixture(scope="module")
def pdf(built_book):
    with pdfplumber.open(built_book.pdf) as document:
        yield document


def page_text(pdf, number: int) -> str:
    return pdf.pages[number - 1].extract_text()


def placement_of(layout, number: int, answer: bool = False):
    for page in layout.pages:
        for placement in page.placements:
            if placement.number == number and placement.answer == answer:
                return page.number, placement
    raise AssertionError(f"puzzle {number} not placed")


def test_answer_heading_and_every_puzzle_number_are_printed(pdf, built_book):
    numbers = [p["id"] for p in built_book.json["puzzles"]]
    answer_page = built_book.json["puzzles"][0]["answer_page"]
    assert "Answers" in page_text(pdf, answer_page)
    for item in built_book.json["puzzles"]:
        label = rf"(^|\s){item['id']} {item['difficulty']} {item['rows']}×{item['cols']}(\s|$)"
        assert re.search(label, page_text(pdf, item["page"]), re.M)
        answer_label = rf"(^|\s){item['id']} \(page {item['page']}\)"
        assert re.search(answer_label, page_text(pdf, item["answer_page"]), re.M)
    assert len(numbers) == 5


def test_section_titles_and_instructions_are_printed(pdf, built_book):
    text = page_text(pdf, built_book.json["puzzles"][2]["page"])
    assert "Big" in text and "every bold box" in text


def lines_at(page, x: float, top: float, bottom: float, tol: float = 0.6):
    """Vertical lines through x spanning part of [top, bottom]."""
    return [
        ln for ln in page.lines
        if abs(ln["x0"] - x) < tol and abs(ln["x1"] - x) < tol and ln["top"] < bottom and ln["bottom"] > top
    ]


def test_box_lines_are_measurably_thicker_than_cell_lines(pdf, built_book):
    page_number, placement = placement_of(built_book.layout, 3)
    page = pdf.pages[page_number - 1]
    cell = placement.cell
    top, bottom = placement.y, placement.y + 9 * cell
    thin = lines_at(page, placement.x + 1 * cell, top, bottom)
    box = lines_at(page, placement.x + 3 * cell, top, bottom)
    assert thin and box
    thin_width = max(ln["linewidth"] for ln in thin)
    box_width = max(ln["linewidth"] for ln in box)
    assert box_width >= 2.5 * thin_width
    assert thin_width == pytest.approx(LINE_RATIO[Weight.THIN] * cell, rel=0.01)


def test_givens_sit_inside_their_cells_centred(pdf, built_book):
    for item in built_book.json["puzzles"]:
        page_number, placement = placement_of(built_book.layout, int(item["id"]))
        chars = pdf.pages[page_number - 1].chars
        cell = placement.cell
        for r, c, v in item["givens"]:
            x0, y0 = placement.x + c * cell, placement.y + r * cell
            inside = [
                ch for ch in chars
                if ch["text"] == str(v) and x0 < ch["x0"] and ch["x1"] < x0 + cell
                and y0 < ch["top"] and ch["bottom"] < y0 + cell
            ]
            assert len(inside) == 1, (item["id"], r, c, v)
            centre = (inside[0]["x0"] + inside[0]["x1"]) / 2
            assert abs(centre - (x0 + cell / 2)) < cell * 0.1


def test_answer_key_prints_every_solution_digit(pdf, built_book):
    item = built_book.json["puzzles"][3]
    page_number, placement = placement_of(built_book.layout, int(item["id"]), answer=True)
    chars = pdf.pages[page_number - 1].chars
    cell = placement.cell
    for r, row in enumerate(item["solution"]):
        for c, v in enumerate(row):
            x0, y0 = placement.x + c * cell, placement.y + r * cell
            assert any(
                ch["text"] == str(v) and x0 < ch["x0"] < x0 + cell and y0 < ch["top"] < y0 + cell for ch in chars
            )


def test_fonts_are_embedded(pdf):
    fonts = {ch["fontname"] for ch in pdf.pages[1].chars}
    assert fonts and all("+" in name for name in fonts)  # subset prefix: embedded, not referenced
