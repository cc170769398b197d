"""A sliding puzzle's worked first moves: the first moves of its checked shortest
solution, each legal, each said in words the way the tile goes, each pictured as the
board after it; and in a built book the hint pages between the puzzles and the answers
show those boards, read back from the PDF tile by tile."""

from __future__ import annotations

import random
from pathlib import Path

import pdfplumber
import pytest

from bookgen.build import build
from bookgen.language import words_for
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sliding import search
from bookgen.spec import load

SLIDING = registry.get("sliding")
HINTS = 4


def _made(seed: int, **options):
    params = SLIDING.Params(**options)
    return SLIDING.generate(params, random.Random(seed), Budget(60))


def _way(before: tuple[int, ...], after: tuple[int, ...], cols: int) -> str:
    """Which way the tile that moved went, read off the two positions alone."""
    (fr, fc), (tr, tc) = divmod(after.index(0), cols), divmod(before.index(0), cols)
    return {(0, -1): "left", (0, 1): "right", (-1, 0): "up", (1, 0): "down"}[(tr - fr, tc - fc)]


@pytest.mark.parametrize("seed,options", [
    (1, {"size": 3, "difficulty": "easy"}), (2, {"size": 3, "difficulty": "hard"}),
    (3, {"rows": 2, "cols": 3, "difficulty": "medium"}), (4, {"rows": 3, "cols": 4, "blank": "first"}),
    (5, {"size": 4, "difficulty": "medium"}),
])
def test_each_hint_is_a_legal_move_of_a_shortest_solution_said_as_it_goes_and_pictured_after(seed, options, replay):
    puzzle = _made(seed, **options)
    board = puzzle.board
    hints = SLIDING.hints(puzzle, HINTS)
    assert len(hints) == HINTS and [h.picture.tiles for h in hints]
    position = board.start
    shortest = len(search.solve_optimal(board.start, board.goal, board.cols).moves)
    assert len(puzzle.solution) == shortest
    for k, (hint, tile) in enumerate(zip(hints, puzzle.solution), 1):
        after = replay(position, [tile], board.cols)  # the oracle refuses a tile not beside the blank
        assert hint.picture.tiles == after and hint.text == f"Slide {tile} {_way(position, after, board.cols)}."
        assert after[hint.picture.landed] == tile and hint.cells == (divmod(hint.picture.landed, board.cols),)
        # Still on a shortest way: the rest takes exactly k moves fewer.
        assert len(search.solve_optimal(after, board.goal, board.cols).moves) == shortest - k
        position = after


def test_on_the_eight_puzzle_every_hint_move_brings_the_goal_one_nearer_by_plain_search(eight_puzzle):
    goal, distance = eight_puzzle
    for seed in range(6):
        puzzle = _made(seed, size=3, difficulty="medium")
        before = puzzle.board.start
        assert distance[before] == len(puzzle.solution)
        for hint in SLIDING.hints(puzzle, HINTS):
            assert distance[hint.picture.tiles] == distance[before] - 1
            before = hint.picture.tiles


def test_the_moves_are_said_in_the_books_language():
    puzzle = _made(1, size=3, difficulty="easy")
    english = [h.text for h in SLIDING.hints(puzzle, HINTS)]
    german = [h.text for h in SLIDING.hints(puzzle, HINTS, words_for("de"))]
    assert all(a != b for a, b in zip(english, german))
    assert all(str(tile) in said for tile, said in zip(puzzle.solution, german))


BOOK = """\
title: Sliding hints
seed: 11
sections:
  - type: sliding
    size: 3
    difficulty: medium
    count: 2
    hints: true
  - type: sliding
    rows: 3
    cols: 4
    blank: first
    difficulty: easy
    count: 1
    image: boat.png
    hints: true
"""


def _tiles_read_back(page, placement) -> dict[int, str]:
    """What the PDF prints inside each square of a small board: its characters by cell."""
    cols, rows = (int(side) for side in placement.size)
    found: dict[int, list[dict]] = {}
    for char in page.chars:
        x, y = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
        c, r = (x - placement.x) / placement.cell, (y - placement.y) / placement.cell
        if 0 <= c < cols and 0 <= r < rows:
            found.setdefault(int(r) * cols + int(c), []).append(char)
    return {cell: "".join(ch["text"] for ch in sorted(chars, key=lambda ch: ch["x0"]))
            for cell, chars in found.items()}


def test_a_built_book_shows_each_move_and_the_board_after_it_between_the_puzzles_and_the_answers(
        tmp_path: Path, replay):
    (tmp_path / "boat.png").write_bytes((Path(__file__).parents[3] / "samples/pictures/boat.png").read_bytes())
    (tmp_path / "book.yaml").write_text(BOOK, encoding="utf-8")
    layout = build(load(tmp_path / "book.yaml"), tmp_path / "book.pdf", tmp_path / "book.json")
    kinds = [page.kind for page in layout.pages]
    hint_pages = [page for page in layout.pages if page.kind == "hints"]
    assert hint_pages and kinds.index("hints") > max(k for k, kind in enumerate(kinds) if kind == "puzzles")
    assert kinds.index("answers") > max(k for k, kind in enumerate(kinds) if kind == "hints")
    import json
    puzzles = {item["id"]: item for item in json.loads((tmp_path / "book.json").read_text())["puzzles"]}
    boards = [p for page in hint_pages for p in page.placements]
    assert len(boards) == HINTS * len(puzzles)
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        for page in hint_pages:
            printed = pdf.pages[page.number - 1]
            text = " ".join((printed.extract_text() or "").split())
            on_page = [p for p in page.placements]
            for number in sorted({p.number for p in on_page}):
                item = puzzles[str(number)]
                start = tuple(t for row in item["start"] for t in row)
                cols = item["cols"]
                position = start
                mine = [p for p in on_page if p.number == number]
                for k, (tile, placement) in enumerate(zip(item["moves"], mine), 1):
                    after = replay(position, [tile], cols)
                    assert f"{k}. Slide {tile} {_way(position, after, cols)}." in text
                    shown = _tiles_read_back(printed, placement)
                    assert {cell: int(t) for cell, t in shown.items()} == {
                        cell: t for cell, t in enumerate(after) if t != 0}, (number, k)
                    position = after
