from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.errors import SpecError
from bookgen.spec import load, parse


def problems(text: str) -> list[str]:
    with pytest.raises(SpecError) as caught:
        parse(text, "book.yaml")
    return caught.value.lines()


def test_valid_spec_reads_book_and_section_fields():
    spec = parse("title: T\nseed: 9\nsections:\n  - type: sudoku\n    size: 6\n    difficulty: easy\n    count: 3\n", "b.yaml")
    assert (spec.title, spec.seed, spec.paper, spec.answer_key) == ("T", 9, "A4", True)
    section = spec.sections[0]
    assert (section.options.type, section.options.count, section.params.size, section.options.title) == ("sudoku", 3, 6, "Sudoku")


def test_bad_value_names_file_line_column_field_and_expectation():
    text = "title: T\nsections:\n  - type: sudoku\n    count: 1\n  - type: sudoku\n    count: 2\n    size: 10\n"
    assert problems(text) == ["book.yaml:7:5: sections[1].size: expected one of 4, 5, 6, 7, 8, 9, 12, 16, got 10"]


def test_unknown_key_suggests_the_nearest_one():
    text = "title: T\nsections:\n  - type: sudoku\n    sise: 9\n"
    assert problems(text) == ["book.yaml:4:5: sections[0].sise: unknown key 'sise'; did you mean 'size'?"]


def test_wrong_type_is_reported():
    assert problems("title: T\nsections:\n  - type: sudoku\n    count: many\n") == [
        "book.yaml:4:5: sections[0].count: expected a whole number from 1 to 500, got many"
    ]


def test_every_error_in_the_file_is_reported_at_once():
    text = "titel: T\nseed: -1\nsections:\n  - type: sudoku\n    size: 5\n  - type: sudokux\n"
    lines = problems(text)
    assert len(lines) == 4
    assert lines[0].startswith("book.yaml:1:1: titel: unknown key 'titel'; did you mean 'title'?")
    assert "sections[1].type" in lines[3] and "did you mean 'sudoku'" in lines[3]


def test_yaml_syntax_error_points_at_the_problem():
    (line,) = problems("title: T\nsections:\n  - type: sudoku\n   size: [4\n")
    assert line.startswith("book.yaml:") and "YAML syntax error" in line


def test_missing_file_is_a_spec_error(tmp_path: Path):
    with pytest.raises(SpecError) as caught:
        load(tmp_path / "absent.yaml")
    assert caught.value.lines() == [f"{tmp_path / 'absent.yaml'}: no such file"]


def test_yaml_11_surprises_read_as_written():
    spec = parse("title: no\nseed: 0123\nanswer_key: no\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n", "b.yaml")
    # `no` is text where text is expected; a leading zero does not make a number octal.
    assert (spec.title, spec.seed, spec.answer_key) == ("no", 123, False)


def test_impossible_request_is_refused_at_its_field():
    assert problems("title: T\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: hard\n") == [
        "book.yaml:5:5: sections[0].difficulty: a 4x4 sudoku can be beginner; hard ones are not offered "
        "(every 4x4 falls to the beginner's techniques, so none needs one of a higher level)"
    ]


def test_missing_type_and_sections_are_reported():
    assert problems("title: T\n") == ["book.yaml:1:1: sections: missing required key 'sections' (a list of sections)"]
    (line,) = problems("title: T\nsections:\n  - count: 2\n")
    assert line.startswith("book.yaml:3:5: sections[0].type: missing required key 'type'")


SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"


def test_layout_copies_and_students_are_read_with_paper_in_any_case():
    spec = parse("layout: Worksheet\npaper: letter\ncopies: 3\n" + SECTION + "    layout: large-print\n", "b.yaml")
    assert (spec.layout, spec.paper, spec.copies) == ("worksheet", "Letter", ("Copy 1", "Copy 2", "Copy 3"))
    assert spec.sections[0].options.layout == "large-print"
    students = parse("students: [Ana, Ben]\n" + SECTION, "b.yaml")
    assert students.copies == ("Ana", "Ben")
    assert parse(SECTION, "b.yaml").copies == ()


def test_a_layout_file_is_found_relative_to_the_spec(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text("gap: 5\n")
    (tmp_path / "book.yaml").write_text("layout: mine.yaml\n" + SECTION)
    assert load(tmp_path / "book.yaml").layout == str(tmp_path / "mine.yaml")


@pytest.mark.parametrize("text, expected", [
    ("layout: magazine\n", "layout: expected one of book, worksheet, large-print, or a layout file"),
    ("layout: missing.yaml\n", "layout: expected an existing layout file, got missing.yaml (not found)"),
    ("copies: 1001\n", "copies: expected a whole number from 1 to 1000, got 1001"),
    ("students: [Ana, Ana]\n", "students[1]: expected different names, got Ana twice"),
    ("students: Ana\n", "students: Ana: no such file"),
    ("students: []\n", "students: expected a list of 1 to 1000 different names"),
    ("students: [Ana, Ben]\ncopies: 3\n", "copies: 3 copies but 2 students; give one or the other"),
])
def test_bad_layout_copies_and_students_name_their_key(text: str, expected: str):
    found = problems(text + SECTION)
    assert len(found) == 1 and expected in found[0]


def test_copies_count_toward_the_puzzles_a_book_may_hold():
    found = problems("copies: 60\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 20\n")
    assert "expected at most 1000 puzzles in the book (all copies), got 1200" in found[0]
