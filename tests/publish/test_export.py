"""bookgen export: one valid file per puzzle (and answer) drawn by the book's own drawing
code, and puzzles.csv, which a `puzzles:` section reads back as the same puzzles."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from bookgen.cli import main

SPEC = """\
title: For the editor
seed: 9
sections:
  - {type: sudoku, size: 6, difficulty: easy, count: 2}
  - {type: kenken, size: 4, difficulty: easy, count: 1}
  - {type: killer, size: 6, difficulty: easy, count: 1}
"""


@pytest.fixture()
def spec(tmp_path: Path) -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(SPEC, encoding="utf-8")
    return path


def _export(spec: Path, out: Path, *more: str) -> None:
    result = CliRunner().invoke(main, ["export", str(spec), "-o", str(out), *more])
    assert result.exit_code == 0, result.output


def test_one_valid_svg_per_puzzle_and_per_answer(spec: Path, tmp_path: Path):
    out = tmp_path / "svg"
    _export(spec, out, "--answers")
    files = sorted(out.glob("*.svg"))
    assert [f.name for f in files] == [f"{n:03d}{a}.svg" for n in range(1, 5) for a in ("-answer", "")]
    for path in files:
        root = ElementTree.parse(path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and len(root) > 10
    # Text is converted to outlines: no font is needed to show it.
    assert "<text" not in files[1].read_text(encoding="utf-8")


def test_png_files_are_300_ppi_and_pdf_files_one_page_each(spec: Path, tmp_path: Path):
    _export(spec, tmp_path / "png", "--format", "png")
    with Image.open(tmp_path / "png" / "001.png") as image:
        assert round(image.info["dpi"][0]) == 300 and image.width > 6 * 9 / 25.4 * 300
    _export(spec, tmp_path / "pdf", "--format", "pdf")
    assert (tmp_path / "pdf" / "004.pdf").read_bytes().startswith(b"%PDF")


def test_the_csv_lists_every_puzzle_and_reads_back_through_a_puzzles_section(spec: Path, tmp_path: Path):
    _export(spec, tmp_path / "out")
    rows = list(csv.DictReader((tmp_path / "out" / "puzzles.csv").open(encoding="utf-8")))
    assert [r["type"] for r in rows] == ["sudoku", "sudoku", "kenken", "killer"]
    assert all(r["puzzle"] and r["answer"] and float(r["score"]) > 0 for r in rows)
    sudoku = tmp_path / "sudoku.csv"
    sudoku.write_text("id,type,level,score,puzzle,answer\n" + "".join(
        f"{r['id']},{r['type']},{r['level']},{r['score']},{r['puzzle']},{r['answer']}\n" for r in rows[:2]))
    again = tmp_path / "again.yaml"
    again.write_text("seed: 1\nsections:\n  - {type: sudoku, size: 6, puzzles: sudoku.csv}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(again), "-o", str(tmp_path / "a.pdf"), "--json",
                                       str(tmp_path / "a.json"), "-q"])
    assert result.exit_code == 0, result.output
    read = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["puzzles"]
    assert ["".join(str(v) for row in p["solution"] for v in row) for p in read] == [r["answer"] for r in rows[:2]]
    assert [p["difficulty"] for p in read] == [r["level"] for r in rows[:2]]
