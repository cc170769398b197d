"""A section without a title is headed by its variant (a greater-than or picture sudoku
was headed "Sudoku"), in the book's language; a title given is kept."""

from __future__ import annotations

from pathlib import Path

from bookgen.spec import parse

SPEC = """seed: 4
language: {language}
sections:
  - {{type: sudoku, variant: greater-than, size: 6, difficulty: easy, count: 1}}
  - {{type: sudoku, size: 4, symbols: pictures, difficulty: beginner, count: 1}}
  - {{type: sudoku, variant: x, size: 6, difficulty: easy, count: 1}}
  - {{type: sudoku, variant: toroidal, size: 9, difficulty: easy, count: 1}}
  - {{type: sudoku, size: 6, difficulty: easy, count: 1}}
  - {{type: sudoku, variant: jigsaw, size: 6, difficulty: easy, count: 1, title: Our own}}
"""


def _titles(tmp_path: Path, language: str) -> list[str]:
    spec = parse(SPEC.format(language=language), str(tmp_path / "book.yaml"), tmp_path)
    return [section.options.title for section in spec.sections]


def test_sections_without_a_title_are_headed_by_their_variant(tmp_path: Path):
    assert _titles(tmp_path, "en") == ["Greater-Than Sudoku", "Picture Sudoku", "X-Sudoku", "Toroidal Sudoku",
                                       "Sudoku", "Our own"]
    assert _titles(tmp_path, "de") == ["Größer-Kleiner-Sudoku", "Bilder-Sudoku", "X-Sudoku", "Torus-Sudoku",
                                       "Sudoku", "Our own"]
