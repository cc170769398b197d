"""What makes a PDF a finished book, read back from the PDF: bookmarks for every
section, puzzle and the answers; document metadata; the version and seed in every
page's footer, from which the book rebuilds byte for byte."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from bookgen import __version__
from bookgen.cli import main

SPEC = """\
title: Furniture test
subtitle: Little grids for a class
author: Ms Rivera
seed: {seed}
sections:
  - title: Four by four
    type: sudoku
    size: 4
    difficulty: beginner
    count: 3
  - title: KenKen sums
    type: kenken
    size: 4
    difficulty: beginner
    operations: [+]
    count: 2
"""

CLASS_SET = """\
title: Class set
seed: 8
layout: worksheet
students: [Ana, Ben]
sections:
  - title: Sudoku
    type: sudoku
    size: 4
    difficulty: beginner
    count: 2
"""


def build(tmp_path: Path, text: str, name: str = "book", *args: str) -> Path:
    spec = tmp_path / f"{name}.yaml"
    spec.write_text(text, encoding="utf-8")
    pdf = tmp_path / f"{name}.pdf"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(pdf), "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    return pdf


def outline(reader: pypdf.PdfReader) -> list[tuple[int, str, int]]:
    """(depth, title, page number) for every bookmark, in order."""
    found: list[tuple[int, str, int]] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("furniture"), SPEC.format(seed=77))


def test_every_section_puzzle_and_the_answers_have_a_bookmark_on_their_page(book: Path):
    reader = pypdf.PdfReader(book)
    marks = outline(reader)
    assert [(d, t) for d, t, _p in marks] == [
        (0, "Title and contents"), (0, "Four by four"), (1, "Puzzle 1: beginner 4×4"), (1, "Puzzle 2: beginner 4×4"),
        (1, "Puzzle 3: beginner 4×4"), (0, "KenKen sums"), (1, "Puzzle 4: beginner 4×4"),
        (1, "Puzzle 5: beginner 4×4"), (0, "Answers")]
    for _depth, title, page in marks:
        text = reader.pages[page - 1].extract_text()
        if title.startswith("Puzzle "):
            assert re.search(rf"(?m)^{title.split()[1][:-1]}\s+(easy|beginner)", text)
        elif title != "Title and contents":
            assert title in text


def test_a_class_set_has_each_student_with_their_sections_and_puzzles_under_them(tmp_path: Path):
    marks = outline(pypdf.PdfReader(build(tmp_path, CLASS_SET)))
    assert [(d, t) for d, t, _p in marks] == [
        (0, "Ana"), (1, "Sudoku"), (2, "Puzzle 1: beginner 4×4"), (2, "Puzzle 2: beginner 4×4"),
        (0, "Ben"), (1, "Sudoku"), (2, "Puzzle 1: beginner 4×4"), (2, "Puzzle 2: beginner 4×4"), (0, "Answers")]


def test_metadata_names_title_author_subject_keywords_and_the_version(book: Path):
    meta = pypdf.PdfReader(book).metadata
    assert (meta.title, meta.author, meta.subject) == ("Furniture test", "Ms Rivera", "Little grids for a class")
    assert meta.creator == f"bookgen {__version__}"
    keywords = meta["/Keywords"].split(", ")
    assert {"puzzles", "Sudoku", "KenKen", "beginner", "seed 77"} <= set(keywords)


def test_every_page_carries_the_version_and_seed_in_its_footer(book: Path):
    reader = pypdf.PdfReader(book)
    for page in reader.pages:
        assert f"bookgen {__version__} · seed 77" in page.extract_text()


@pytest.mark.parametrize("spec", ["book", "class set"])
def test_the_seed_in_the_footer_is_legible_after_photocopying(spec: str, book: Path, tmp_path: Path):
    import pdfplumber

    pdf = book if spec == "book" else build(tmp_path, CLASS_SET)
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            line = [ch for ch in page.chars if ch["top"] > page.height * 0.9]
            text = "".join(ch["text"] for ch in line)
            assert "seed" in text
            stamp = [ch for ch in line if ch["text"] in "seed0123456789"]
            assert min(ch["size"] for ch in stamp) >= 7 - 1e-6


def test_the_seed_printed_on_a_page_rebuilds_the_book_byte_for_byte(book: Path, tmp_path: Path):
    printed = re.search(r"seed (\d+)", pypdf.PdfReader(book).pages[-1].extract_text())
    assert printed is not None
    # The spec has since been changed to another seed; the printout's seed wins.
    again = build(tmp_path, SPEC.format(seed=5), "again", "--seed", printed.group(1))
    assert again.read_bytes() == book.read_bytes()


HINTED = """\
title: Hints
seed: 4
sections:
  - title: Little sudoku
    type: sudoku
    size: 4
    difficulty: beginner
    count: 2
    hints: true
  - title: No hints here
    type: sudoku
    size: 4
    difficulty: beginner
    count: 1
"""


def test_hint_pages_before_the_answers_print_the_graders_first_steps_in_words(tmp_path: Path):
    from bookgen.puzzles import registry

    pdf = build(tmp_path, HINTED, "hinted", "--json", str(tmp_path / "hinted.json"))
    reader = pypdf.PdfReader(pdf)
    marks = outline(reader)
    assert [t for _d, t, _p in marks][-2:] == ["Stuck? The first steps", "Answers"]
    hint_page = marks[-2][2]
    assert hint_page < marks[-1][2]
    text = " ".join(reader.pages[p].extract_text() for p in range(hint_page - 1, len(reader.pages)))
    text = " ".join(text.split())
    import json
    sudoku = registry.get("sudoku")
    items = json.loads((tmp_path / "hinted.json").read_text())["puzzles"]
    for item in items[:2]:
        said = [hint.text for hint in sudoku.hints(sudoku.from_json(item), 4)]
        assert f"Puzzle {item['id']} (page {item['page']})" in text
        assert all(sentence in text for sentence in said)
    assert "Puzzle 3 (page" not in text


CAGE_HINTS = """\
title: Cage hints
seed: 6
sections:
  - title: KenKen
    type: kenken
    size: 5
    difficulty: easy
    count: 2
    hints: true
  - title: KenKen without signs
    type: kenken
    size: 4
    difficulty: easy
    hide_operations: true
    count: 1
    hints: true
  - title: Killer
    type: killer
    size: 6
    difficulty: medium
    count: 2
    hints: true
"""


def test_kenken_and_killer_hint_pages_print_the_graders_first_steps_in_words(tmp_path: Path):
    import json

    from bookgen.puzzles import registry

    pdf = build(tmp_path, CAGE_HINTS, "cages", "--json", str(tmp_path / "cages.json"))
    reader = pypdf.PdfReader(pdf)
    marks = outline(reader)
    assert [t for _d, t, _p in marks][-2] == "Stuck? The first steps"
    text = " ".join(reader.pages[p].extract_text() for p in range(marks[-2][2] - 1, len(reader.pages)))
    text = " ".join(text.split())
    items = json.loads((tmp_path / "cages.json").read_text())["puzzles"]
    assert [item["type"] for item in items] == ["kenken"] * 3 + ["killer"] * 2
    for item in items:
        ptype = registry.get(item["type"])
        said = [hint.text for hint in ptype.hints(ptype.from_json(item), 4)]
        assert len(said) == 4 and f"Puzzle {item['id']} (page {item['page']})" in text
        assert all(sentence in text for sentence in said), [s for s in said if s not in text]


@pytest.mark.parametrize("section", ["type: sliding", "type: samurai", "type: sudoku\n    variant: toroidal",
                                     "type: sudoku\n    variant: jigsaw\n    size: 6"])
def test_every_type_takes_hints(tmp_path: Path, section: str):
    spec = tmp_path / "s.yaml"
    spec.write_text(f"title: S\nsections:\n  - {section}\n    hints: true\n")
    result = CliRunner().invoke(main, ["check", str(spec)])
    assert result.exit_code == 0, result.output
