"""The publisher's acceptance: a 60-puzzle 6x9 in book with bleed passes the print check
and its cover fits the spine formula; 24 outside sudoku print with the right answers in
rising order of score (order: ramp)."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.publish.print_check import check_pdf

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "tatham-solo-graded.txt"
BOOK = """\
title: Sudoku to take along
author: Ana Author
paper: 6x9in
bleed: true
seed: 7
sections:
  - {type: sudoku, difficulty: easy, count: 30}
  - {type: sudoku, difficulty: hard, count: 30}
"""


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.slow
def test_a_60_puzzle_6x9_book_with_bleed_passes_the_print_check_and_its_cover_fits_its_spine(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK, encoding="utf-8")
    _run("build", str(spec), "-o", str(tmp_path / "book.pdf"), "-q")
    report = check_pdf(tmp_path / "book.pdf", "6x9in", True)
    assert report.problems == () and report.pages % 2 == 0 and report.fonts == 2
    assert report.page_size == pytest.approx((6.125, 9.25))
    _run("cover", str(spec), "-o", str(tmp_path / "cover.pdf"))
    width = float(pypdf.PdfReader(tmp_path / "cover.pdf").pages[0].mediabox.width) / 72
    assert width == pytest.approx(0.125 * 2 + 6 * 2 + report.pages * 0.002252, abs=1e-3)


def test_outside_puzzles_print_with_their_proved_answers_easiest_first(tmp_path: Path):
    (tmp_path / "outside.txt").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    spec = tmp_path / "book.yaml"
    spec.write_text("seed: 1\nsections:\n  - {type: sudoku, puzzles: outside.txt, order: ramp, show_score: true}\n",
                    encoding="utf-8")
    _run("build", str(spec), "-o", str(tmp_path / "b.pdf"), "--json", str(tmp_path / "b.json"), "-q")
    printed = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["puzzles"]
    scores = [p["score"] for p in printed]
    assert len(printed) == 24 and scores == sorted(scores)
    for puzzle in printed:
        grid = puzzle["solution"]
        assert all(grid[r][c] == v for r, c, v in puzzle["givens"])
        assert all(sorted(row) == list(range(1, 10)) for row in grid)
        assert all(sorted(col) == list(range(1, 10)) for col in zip(*grid))
    first_page = pypdf.PdfReader(tmp_path / "b.pdf").pages[1].extract_text()
    assert f"({scores[0]:g})" in first_page  # show_score prints it beside the level
