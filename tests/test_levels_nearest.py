"""A section's `levels: nearest`: a student's level the section cannot make is given the
section's nearest level, with a note, where `exact` (the default) refuses it naming the
student."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bookgen.book_sections import copy_sections
from bookgen.errors import InputError
from bookgen.spec import parse

SPEC = """seed: 5
layout: worksheet
students: ["Ana", "Cleo, hard", "Dev, beginner"]
sections:
  - type: kenken
    size: 4
    difficulty: easy
    count: 1
{levels}  - type: sudoku
    size: 6
    difficulty: easy
    count: 1
"""


def test_a_level_a_section_lacks_is_refused_naming_the_student_by_default(tmp_path: Path):
    with pytest.raises(InputError) as refused:
        parse(SPEC.format(levels=""), str(tmp_path / "book.yaml"), tmp_path)
    [problem] = refused.value.problems
    assert problem.message.startswith("Cleo at hard: sections[0] (KenKen): ")


def test_with_levels_nearest_the_student_gets_the_nearest_level_the_section_makes_and_a_note(tmp_path: Path, caplog):
    with caplog.at_level(logging.WARNING, logger="bookgen"):
        spec = parse(SPEC.format(levels="    levels: nearest\n"), str(tmp_path / "book.yaml"), tmp_path)
    levels = {(copy, section.index % 2): section.level for copy, section in copy_sections(spec)}
    assert levels[(1, 0)] == "medium"  # a 4x4 KenKen is made up to medium: hard's nearest
    assert levels[(1, 1)] == "hard"    # the 6x6 sudoku makes hard: Cleo's own level
    assert levels[(2, 0)] == "beginner" and levels[(0, 0)] == ""
    assert [r.getMessage() for r in caplog.records] == [
        "Cleo at hard: sections[0] (KenKen) makes no hard puzzles here; given medium, its nearest level"]
