"""`answer_key: separate`: the children's book without answers, and the teacher's
`<book>-answers.pdf` beside it with every answer (labelled with its page in the book)
and, with a class record, a class overview first."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from bookgen.cli import main

SPEC = """\
title: Friday
seed: 11
students: [Ana, "Ben, easy"]
answer_key: separate
sections:
  - type: sudoku
    size: 6
    difficulty: beginner
    count: 2
"""


def _text(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() for page in pdf.pages]


def test_separate_answers_make_two_files_and_the_book_has_none(tmp_path: Path):
    spec = tmp_path / "friday.yaml"
    spec.write_text(SPEC)
    result = CliRunner().invoke(main, ["build", str(spec), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert f"answers in {tmp_path / 'friday-answers.pdf'}" in result.output
    book, answers = _text(tmp_path / "friday.pdf"), _text(tmp_path / "friday-answers.pdf")
    assert not any("Answers" in page for page in book)
    assert all("Answers" in page for page in answers) and "Class overview" not in answers[0]
    key = "\n".join(answers)
    for label in ("Ana · 1 (page", "Ana · 2 (page", "Ben · easy · 1 (page", "Ben · easy · 2 (page"):
        assert label in key


def test_with_a_record_the_answers_open_with_the_class_overview_and_its_marks(tmp_path: Path):
    spec = tmp_path / "friday.yaml"
    spec.write_text(SPEC + "record: class.sqlite\n")
    run = CliRunner().invoke
    assert run(main, ["build", str(spec), "-j", "1"]).exit_code == 0
    assert run(main, ["mark", str(tmp_path / "class.sqlite"), "Ana=done"]).exit_code == 0
    assert run(main, ["build", str(spec), "-j", "1", "-o", str(tmp_path / "again.pdf")]).exit_code == 0
    first = _text(tmp_path / "again-answers.pdf")[0]
    assert "Class overview" in first
    assert "Ana beginner · done" in first and "Ben easy" in first
