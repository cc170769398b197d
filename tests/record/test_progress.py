"""Levels that follow the child: marks recorded by `bookgen mark` move a student's next
set up or down within what the section offers, and `check` says who moves and why."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from bookgen.cli import main
from bookgen.progress_option import ProgressRule
from bookgen.record.history import Past
from bookgen.record.progress import next_level

LADDER = ("beginner", "easy", "medium", "hard", "expert")
RULE = ProgressRule(up_after=2, down_after=1)


def move(marks: list[tuple[str, str | None]], refused: str | None = None):
    pasts = [Past(k, level, mark) for k, (level, mark) in enumerate(marks)]
    return next_level("Ana", 0, "Sudoku", pasts, RULE, LADDER, lambda level: refused)


def test_up_after_two_sets_in_a_row_done_at_the_level():
    assert move([("easy", "done")]).level == "easy"
    assert move([("easy", "done"), ("easy", "done")]).level == "medium"
    assert move([("easy", "done"), ("easy", "needed help"), ("easy", "done")]).level == "easy"


def test_only_sets_at_the_current_level_count_and_unmarked_ones_are_passed_over():
    assert move([("beginner", "done"), ("easy", "done")]).level == "easy"
    assert move([("easy", "done"), ("easy", None), ("easy", "done")]).level == "medium"


def test_down_after_one_set_not_done_and_never_below_the_ladder():
    assert move([("easy", "done"), ("easy", "not done")]).level == "beginner"
    stays = move([("beginner", "not done")])
    assert stays.level == "beginner" and "lowest" in stays.why


def test_a_level_the_section_does_not_offer_keeps_the_child_and_says_why():
    stays = move([("easy", "done"), ("easy", "done")], refused="a 4x4 sudoku is easy at most")
    assert stays.level == "easy" and "medium is not offered here" in stays.why


def test_nothing_recorded_leaves_the_spec_level():
    assert move([]) is None


SPEC = """\
title: Week
record: class.sqlite
progress: {up_after: 1, down_after: 1}
students: [Ana, Ben, Cleo]
sections:
  - type: sudoku
    size: 6
    difficulty: beginner
    count: 1
"""


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_marks_move_levels_at_the_next_build_and_check_says_why(tmp_path: Path):
    spec = tmp_path / "week.yaml"
    spec.write_text(SPEC)
    assert run("build", str(spec), "-o", str(tmp_path / "w1.pdf"), "-j", "1").exit_code == 0
    record = tmp_path / "class.sqlite"
    # Ana typed at the prompt (done), Ben needed help, Cleo skipped.
    marked = run("mark", str(record), input="d\nh\n\n")
    assert marked.exit_code == 0 and "2 marks recorded for set 1" in marked.output, marked.output
    checked = run("check", str(spec))
    assert checked.exit_code == 0
    assert "Ana: Sudoku beginner -> easy (1 set in a row done at beginner)" in checked.output, checked.output
    assert "Ben" not in checked.output and "Cleo" not in checked.output
    assert run("build", str(spec), "-o", str(tmp_path / "w2.pdf"), "-j", "1").exit_code == 0
    levels = dict(sqlite3.connect(record).execute("SELECT student, level FROM puzzles WHERE build_id = 2"))
    assert levels == {"Ana": "easy", "Ben": "beginner", "Cleo": "beginner"}
    shown = run("mark", str(record), "--show")
    assert "Ana - Sudoku: 1: beginner done; 2: easy -" in shown.output, shown.output


def test_marks_given_on_the_command_line_and_refused_ones(tmp_path: Path):
    spec = tmp_path / "week.yaml"
    spec.write_text(SPEC)
    assert run("build", str(spec), "-o", str(tmp_path / "w1.pdf"), "-j", "1").exit_code == 0
    record = tmp_path / "class.sqlite"
    assert run("mark", str(record), "Ana=not done", "Ben:1=done").exit_code == 0
    marks = dict(sqlite3.connect(record).execute("SELECT student, mark FROM marks"))
    assert marks == {"Ana": "not done", "Ben": "done"}
    for bad in ("Zed=done", "Ana=great", "Ana:4=done"):
        result = run("mark", str(record), bad)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    missing = run("mark", str(tmp_path / "none.sqlite"))
    assert missing.exit_code == 2 and not (tmp_path / "none.sqlite").exists()


def test_a_sections_own_progress_rule_moves_only_that_section(tmp_path: Path):
    spec = tmp_path / "week.yaml"
    spec.write_text(SPEC.replace("progress: {up_after: 1, down_after: 1}\n", "")
                    + "    progress: {up_after: 1, down_after: 1}\n"
                    + "  - type: kenken\n    size: 4\n    difficulty: beginner\n    count: 1\n")
    assert run("build", str(spec), "-o", str(tmp_path / "w1.pdf"), "-j", "1").exit_code == 0
    record = tmp_path / "class.sqlite"
    assert run("mark", str(record), "Ana=done").exit_code == 0
    checked = run("check", str(spec)).output
    assert "Ana: Sudoku beginner -> easy" in checked and "KenKen" not in checked, checked
