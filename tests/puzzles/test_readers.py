"""A publisher's own puzzles read from every form they come in, proved and graded, and
refused one line each (file, line, reason) when they cannot be printed. The game IDs
below were made by Simon Tatham's Solo and Keen (Debian's sgt-puzzles 20230122)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.errors import SpecError
from bookgen.puzzles import readers, tatham
from bookgen.spec import load

SOLO = "3x3:d6_9_3b6_4c7d2d9_8b8c4e4a2a1e3c5b7_5d2d4c6_5b2_9_8d"
KEEN = "6:_aa__aa_aa_3a_5aca4_3a_3a_4b_a_,s2d3s2m30m15s3d2d3a9s3d3a9m108m15a13a7"
KILLER = ("3x3k:zzzc,aa__ab___aa__a_______a_____________a_a____a____a___ab__a__ab___aaa_aaa_aaa_a_a_aa__a_a_aa_a_b_aaaba,"
          "15a11a9_5_11a3_14b13b15b9a11a10a16_10_14_13_7a4_14f10b20_8a21_8_10a6g11a14_15a12b15c9_7a14b21f")
JIGSAW = "9j:d6a4_5m1d9_6a2a3d8a9c6a2d4a5a1_2d8m3_6a2d,fbbcb___aaada_caab_d___dcccga______c_a______ad_aaaaa_b_daacac"
X = "3x3x:9f6a7b1d5_3d6c2a3_7e6c4c8e2_3a4c2d9_8d4b6a2f3"
TALL_BOXES = "3x2:4a5e4d5a1a6_1a2a3d3e4a1"  # Solo's 6x6 with boxes 2 wide and 3 high
SUDOKU = ".32.8....1...53...5.89...6.861..7.32.........24.3..157.1...29.4...17...5....4.32."
FOURS = "...1..4231..2..."
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "tatham-solo-graded.txt"


def _read(tmp_path: Path, text: str, name: str = "mine.txt") -> list[readers.Found]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return readers.read_file(path)


@pytest.mark.parametrize("line, kind, side", [(SOLO, "sudoku", 9), (KEEN, "kenken", 6), (KILLER, "killer", 9),
                                              (JIGSAW, "sudoku", 9), (X, "sudoku", 9), (TALL_BOXES, "sudoku", 6),
                                              (SUDOKU, "sudoku", 9), (SUDOKU.replace(".", "0"), "sudoku", 9),
                                              (FOURS, "sudoku", 4)])
def test_every_one_line_form_is_read_proved_unique_and_graded(tmp_path: Path, line: str, kind: str, side: int):
    [found] = _read(tmp_path, line + "\n")
    assert found.problem == "" and found.puzzle is not None
    assert found.puzzle.type == kind and found.puzzle.board.rows == side
    assert found.puzzle.difficulty and found.puzzle.solution is not None


def test_a_jigsaw_and_an_x_id_keep_their_regions_and_diagonals():
    assert tatham.read_id(JIGSAW)["group_kinds"].count("region") == 9
    assert tatham.read_id(X)["group_kinds"].count("diagonal") == 2


def test_an_sdk_file_is_one_sudoku_written_as_its_rows(tmp_path: Path):
    rows = "\n".join(SUDOKU[k:k + 9] for k in range(0, 81, 9))
    [found] = _read(tmp_path, "#A a comment\n#S Tatham\n" + rows + "\n", "one.sdk")
    assert found.line == 3 and found.puzzle is not None and found.puzzle.board.givens


@pytest.mark.parametrize("line", [SOLO, KEEN, KILLER, JIGSAW, X, SUDOKU, FOURS])
def test_a_puzzle_written_in_one_line_reads_back_as_the_same_puzzle(tmp_path: Path, line: str):
    [found] = _read(tmp_path, line + "\n")
    assert found.puzzle is not None
    again = readers.one_line(found.puzzle.board, found.puzzle.type)
    [back] = _read(tmp_path, f"{again}\n", "again.txt")
    assert back.puzzle is not None and back.puzzle.board == found.puzzle.board


def test_broken_unsolvable_and_ambiguous_puzzles_are_refused_at_their_lines_all_at_once(tmp_path: Path):
    bad = "7" + SUDOKU[1:]  # a second 7 where the first row has one
    text = f"{SUDOKU}\n# comment\n{bad}\nnot a puzzle\n{'.' * 81}\n"
    found = _read(tmp_path, text)
    assert [(f.line, f.puzzle is None) for f in found] == [(1, False), (3, True), (4, True), (5, True)]
    assert "no solution" in found[1].problem and "expected a sudoku string" in found[2].problem
    assert found[3].problem == "more than one solution"


def test_a_section_of_the_outside_puzzles_with_an_empty_grid_at_its_end_is_refused_by_file_and_line(tmp_path: Path):
    puzzles = tmp_path / "outside.txt"
    text = FIXTURE.read_text(encoding="utf-8")
    puzzles.write_text(text + "." * 81 + "\n", encoding="utf-8")
    spec = tmp_path / "book.yaml"
    spec.write_text("seed: 1\nsections:\n  - type: sudoku\n    puzzles: outside.txt\n", encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        load(spec)
    assert refused.value.lines() == [f"{puzzles}:{len(text.splitlines()) + 1}:1: sections[0].puzzles: "
                                     "more than one solution"]


def test_a_puzzle_of_another_size_than_the_sections_is_refused(tmp_path: Path):
    (tmp_path / "mine.txt").write_text(FOURS + "\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text("seed: 1\nsections:\n  - {type: sudoku, puzzles: mine.txt}\n")
    with pytest.raises(SpecError, match=r"mine.txt:1:1: sections\[0\].puzzles: 4×4, not the size asked for"):
        load(tmp_path / "book.yaml")


@pytest.mark.parametrize("line, first_row", [(SUDOKU, "4 3 2 7 8 6 5 1 9"), (KEEN, "4 6 2 3 1 5")])
def test_bookgen_solve_reads_a_sudoku_string_as_a_sudoku_and_a_keen_id_as_kenken(tmp_path: Path, line: str,
                                                                                    first_row: str):
    path = tmp_path / "one.txt"
    path.write_text(line + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "one solution" and result.output.splitlines()[2] == first_row


def test_a_puzzle_given_twice_in_a_file_is_refused_at_its_second_line(tmp_path: Path):
    (tmp_path / "mine.txt").write_text(f"{SUDOKU}\n{SOLO}\n{SUDOKU.replace('.', '0')}\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text("seed: 1\nsections:\n  - {type: sudoku, puzzles: mine.txt}\n")
    with pytest.raises(SpecError, match=r"mine.txt:3:1: sections\[0\].puzzles: the same puzzle as line 1"):
        load(tmp_path / "book.yaml")


def test_a_build_never_writes_over_the_puzzles_file(tmp_path: Path):
    (tmp_path / "mine.txt").write_text(SUDOKU + "\n", encoding="utf-8")
    (tmp_path / "book.yaml").write_text("seed: 1\nsections:\n  - {type: sudoku, puzzles: mine.txt}\n")
    result = CliRunner().invoke(main, ["build", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "mine.txt")])
    assert result.exit_code != 0 and "sections[0].puzzles" in result.output
    assert (tmp_path / "mine.txt").read_text(encoding="utf-8") == SUDOKU + "\n"


def test_a_game_id_bookgen_cannot_print_is_named_by_bookgen_solve(tmp_path: Path):
    path = tmp_path / "one.txt"
    path.write_text("5x1:abcde\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 2 and "one.txt:1:1: not a game ID bookgen reads: a 5x5 sudoku" in result.output
