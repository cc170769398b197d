"""Fish (the engine's X-wing and swordfish): on boards built to hold one, the fish is
found and clears its digit from the fish's columns outside its rows; on boards worked as
far as the medium level goes, a fish never removes a digit of the solution.
Technique-by-technique positions are in test_sudoku_techniques (they check the level
table's order)."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sudoku.type import LEVELS, structure
from bookgen.solve import techniques as t
from bookgen.solve.engine import Board
from bookgen.solve.search import solver_for
from bookgen.solve.grader import grade_board


def fish_boards(count: int, size: int, seed: int) -> list[tuple[Board, int, list[int], list[int]]]:
    """Empty 9x9 boards where one digit is confined, in `size` random rows, to the same
    `size` random columns (a fish that clears those columns), with a few other pencil
    marks crossed out at random; with the digit, rows and columns."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        board = Board(structure(9))
        digit = rng.randrange(9)
        rows, cols = rng.sample(range(9), size), rng.sample(range(9), size)
        for r in rows:
            for c in range(9):
                if c not in cols:
                    board.eliminate(r * 9 + c, 1 << digit)
        for _ in range(rng.randint(0, 12)):
            cell, other = rng.randrange(81), rng.randrange(9)
            if other != digit and board.cand[cell].bit_count() > 2:
                board.eliminate(cell, 1 << other)
        boards.append((board, digit, rows, cols))
    return boards


def stalled_boards(count: int, seed: int) -> list[tuple[Board, list[list[int]]]]:
    """Boards of random givens from a random full grid (with that grid), worked as far as
    the medium level goes (mostly without a fish)."""
    model = structure(9)
    rng = random.Random(seed)
    solver = solver_for(model)
    boards = []
    while len(boards) < count:
        grid = solver.random_solution(rng)
        cells = rng.sample(model.cells, rng.randint(22, 30))
        board = Board(model.with_givens({(r, c): grid[r][c] for r, c in cells}))
        grade_board(board, LEVELS, 2)
        if not board.solved():
            boards.append((board, grid))
    return boards


@pytest.mark.parametrize("technique,size", [(t.X_WING, 2), (t.SWORDFISH, 3)])
def test_a_fish_built_into_the_board_is_found_and_clears_its_columns(technique, size: int):
    for board, digit, rows, cols in fish_boards(20, size, seed=12):
        # Another fish of the same size may come first; apply until the built one is done.
        for _ in range(20):
            if not technique.apply(board):
                break
        left = [(r, c) for r in range(9) if r not in rows for c in cols if board.cand[r * 9 + c] >> digit & 1]
        assert left == [], f"{technique.name} left digit {digit + 1} in {left}"


@pytest.mark.parametrize("technique", [t.X_WING, t.SWORDFISH], ids=lambda tech: tech.name)
def test_a_fish_never_removes_a_digit_of_the_solution(technique):
    for board, grid in stalled_boards(20, seed=11):
        while technique.apply(board):
            pass
        for i, d in enumerate(board.cand):
            r, c = divmod(i, 9)
            assert d >> (grid[r][c] - 1) & 1
