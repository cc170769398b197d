from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main, progress
from bookgen.puzzles.base import Budget
from offers import with_row, without

BAD_SPECS = {
    "syntax": ("title: T\nsections: [\n", "YAML syntax error"),
    "wrong type": ("title: T\nsections:\n  - type: sudoku\n    count: lots\n", "sections[0].count: expected a whole number"),
    "unknown key": ("title: T\nsections:\n  - type: sudoku\n    colour: red\n", "unknown key 'colour'"),
    "bad value": ("title: T\nsections:\n  - type: sudoku\n    size: 10\n", "sections[0].size: expected one of 4, 5, 6, 7, 8, 9, 12, 16, got 10"),
    "size without boxes": ("title: T\nsections:\n  - type: sudoku\n    size: 7\n", "sections[0].size: a 7x7 sudoku has no boxes"),
    "hyper not 9x9": ("title: T\nsections:\n  - type: sudoku\n    variant: hyper\n    size: 6\n",
                      "sections[0].size: a hyper sudoku is 9x9"),
}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("kind", sorted(BAD_SPECS))
def test_bad_spec_gives_one_line_exit_2_and_no_pdf(kind: str, tmp_path: Path):
    text, expected = BAD_SPECS[kind]
    spec = tmp_path / "book.yaml"
    spec.write_text(text)
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{spec}:") and expected in lines[0]
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == [spec]


def test_missing_spec_file_gives_one_line_exit_2(tmp_path: Path):
    result = run("build", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2
    assert result.output.strip() == f"{tmp_path / 'nope.yaml'}: no such file"
    assert not (tmp_path / "x.pdf").exists()


def test_failed_build_keeps_the_previous_pdf(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BAD_SPECS["bad value"][0])
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(b"%PDF- a good old book")
    assert run("build", str(spec), "-o", str(pdf)).exit_code == 2
    assert pdf.read_bytes() == b"%PDF- a good old book"


def test_check_accepts_a_good_spec(small_spec: Path):
    result = run("check", str(small_spec))
    assert result.exit_code == 0 and "ok (2 sections, 5 puzzles)" in result.output


def test_solve_json_reports_one_solution_and_its_grade(built_book, tmp_path: Path):
    puzzle = dict(built_book.json["puzzles"][2])
    solution = puzzle.pop("solution")
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle))
    result = run("solve", str(path), "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {"solutions": 1, "solution": solution, "difficulty": "medium"}


def test_solve_reports_an_ambiguous_puzzle_with_two_solutions(built_book, tmp_path: Path):
    puzzle = dict(built_book.json["puzzles"][2])
    puzzle.pop("solution")
    puzzle["givens"] = puzzle["givens"][:5]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle))
    assert json.loads(run("solve", str(path), "--json").output) == {"solutions": 2, "solution": None, "difficulty": None}
    text = run("solve", str(path)).output
    assert text.startswith("several solutions")


def test_solve_reports_an_impossible_puzzle(built_book, tmp_path: Path):
    puzzle = dict(built_book.json["puzzles"][0])
    puzzle["givens"] = [[0, 0, 1], [0, 1, 1]]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle))
    assert json.loads(run("solve", str(path), "--json").output)["solutions"] == 0


def test_solve_answers_in_the_puzzles_symbols(tmp_path: Path):
    from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
    puzzle = PUZZLE_TYPE.generate(Params(size=6, difficulty="easy", symbols="ABCDEF"), random.Random(2), Budget(60))
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"type": "sudoku", **PUZZLE_TYPE.to_json(puzzle), "solution": None}))
    result = run("solve", str(path))
    assert result.exit_code == 0
    assert result.output.splitlines()[2:] == [" ".join("ABCDEF"[v - 1] for v in row) for row in puzzle.solution]


def test_solve_names_the_bad_field_of_a_malformed_puzzle(tmp_path: Path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"type": "sudoku", "rows": 4, "cols": 4, "symbols": [1, 2, 3, 4],
                                "groups": [[[0, 0], [0, 9]]], "givens": []}))
    result = run("solve", str(path))
    assert result.exit_code == 2
    assert result.output.strip() == f"{path}: groups[0]: cell [0, 9] is outside the 4x4 grid"


def test_a_puzzle_out_of_budget_stops_with_one_line_and_no_pdf(small_spec: Path, tmp_path: Path, monkeypatch):
    import bookgen.generation

    monkeypatch.setattr(bookgen.generation, "PUZZLE_BUDGET", 0.0)
    result = run("build", str(small_spec), "-o", str(tmp_path / "book.pdf"), "-j", "1")
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith("bookgen: puzzle 1 (Small): no beginner puzzle found within the budget")
    assert list(tmp_path.iterdir()) == []


def test_check_refuses_large_print_that_cannot_fit_with_the_reason(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nsections:\n  - type: sudoku\n    size: 9\n    per_page: 6\n    large_print: true\n")
    result = run("check", str(spec))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "large print needs cells of at least 14 mm" in lines[0] and str(spec) in lines[0]


def test_check_refuses_an_unmeasured_kenken_cage_option_and_accepts_a_measured_one(tmp_path: Path, monkeypatch):
    from bookgen.puzzles.kenken.type import PUZZLE_TYPE as KENKEN, Params

    def key(max_cage: int) -> dict:
        return KENKEN.offer_key(Params(size=9, difficulty="hard", max_cage=max_cage))

    monkeypatch.setattr(KENKEN, "offer", with_row(without(KENKEN.offer, key(6)), key(5), 100, 100))
    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nsections:\n  - type: kenken\n    size: 9\n    difficulty: hard\n    max_cage: 6\n")
    result = run("check", str(spec))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "max_cage 6 is not offered: not yet tried on 100 seeds" in lines[0]
    assert "offered for it: max_cage 5" in lines[0] or "; max_cage 5" in lines[0]
    spec.write_text(spec.read_text().replace("max_cage: 6", "max_cage: 5"))
    assert run("check", str(spec)).exit_code == 0


def test_a_layout_file_relative_to_the_spec_is_used_and_a_bad_one_is_one_line(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    (tmp_path / "mine.yaml").write_text("margin: {binding: 25}\n")
    spec.write_text("title: T\nlayout: mine.yaml\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n")
    assert run("check", str(spec)).exit_code == 0
    (tmp_path / "mine.yaml").write_text("margins: {binding: 25}\n")
    result = run("check", str(spec))
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "unknown key 'margins'" in result.output


@pytest.mark.parametrize("kind", [pytest.param("book", marks=pytest.mark.slow), "worksheet", "large-print"])
def test_every_starter_spec_builds_as_it_is(kind: str, tmp_path: Path):
    made = run("new", kind)
    assert made.exit_code == 0 and made.output.startswith("#")
    spec = tmp_path / "my.yaml"
    spec.write_text(made.output, encoding="utf-8")
    built = run("build", str(spec), "-o", str(tmp_path / "my.pdf"), "--jobs", "1")
    assert built.exit_code == 0, built.output
    assert (tmp_path / "my.pdf").read_bytes().startswith(b"%PDF")


def test_a_starter_with_its_commented_options_switched_on_still_builds(tmp_path: Path):
    text = run("new", "book").output.replace("# instructions:", "instructions:").replace("# per_page:", "per_page:")
    spec = tmp_path / "my.yaml"
    spec.write_text(text, encoding="utf-8")
    assert run("check", str(spec)).exit_code == 0


def test_new_refuses_an_unknown_kind():
    result = run("new", "novel")
    assert result.exit_code == 2 and "worksheet" in result.output


def test_build_off_a_terminal_prints_one_summary_line_and_no_control_characters(small_spec: Path, tmp_path: Path):
    pdf = tmp_path / "b.pdf"
    result = CliRunner().invoke(main, ["build", str(small_spec), "-o", str(pdf), "--jobs", "1"])
    assert result.exit_code == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"wrote {pdf}: ")
    assert " pages (answers on page 4), 5 puzzles, seed 42, in " in lines[0] and lines[0].endswith(" s")
    assert not any(ch in result.stdout for ch in "\r\x1b\b")


def test_quiet_build_prints_nothing(small_spec: Path, tmp_path: Path):
    result = CliRunner().invoke(main, ["build", str(small_spec), "-o", str(tmp_path / "b.pdf"), "-q"])
    assert result.exit_code == 0 and result.stdout == "" and result.stderr == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_is_drawn_only_on_a_terminal_and_not_when_quiet():
    terminal, log = _Terminal(), io.StringIO()
    with progress(3, False, terminal) as done:
        for _ in range(3):
            done()
    assert "Making puzzles" in terminal.getvalue() and "3/3" in terminal.getvalue()
    with progress(3, False, log) as none:
        assert none is None
    with progress(3, True, _Terminal()) as none:
        assert none is None
    assert log.getvalue() == ""


def test_types_lists_the_measured_offer_per_size():
    result = run("types")
    assert result.exit_code == 0
    assert "  offered: 9x9: beginner, easy, medium, hard, expert" in result.output
    assert "  offered: 4x4: beginner, easy" in result.output
    assert "  offered: 21x21 (five 9x9 grids): beginner, easy, medium, hard, expert" in result.output


def test_the_version_is_the_packages_own_and_the_installed_ones():
    # --version prints bookgen.__version__ without asking the installed metadata; the two
    # must not drift apart.
    from importlib.metadata import version

    from bookgen import __version__

    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"bookgen, version {__version__}"
    assert version("bookgen-puzzles") == __version__  # the distribution's name (pyproject.toml)
