"""Fish and wings (bookgen.solve.fish_wings): a fish search skipped because the symbol's
places are remembered as making no fish must never hide a fish. Technique-by-technique
positions for each are in test_sudoku_techniques (they check the level table's order)."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sudoku.type import LEVELS, structure
from bookgen.solve import fish_wings as fw
from bookgen.solve.search import solver_for
from bookgen.solve.grader import Board, grade_board


def fish_boards(count: int, size: int, seed: int) -> list[Board]:
    """Empty 9x9 boards where one digit is confined, in `size` random rows, to the same
    `size` random columns (a fish that clears those columns), with a few other pencil
    marks crossed out at random."""
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
        boards.append(board)
    return boards


def stalled_boards(count: int, seed: int) -> list[Board]:
    """Boards of random givens from a random full grid, worked as far as the medium level
    goes (mostly without a fish)."""
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
            boards.append(board)
    return boards


@pytest.mark.parametrize("technique,size", [(fw.X_WING, 2), (fw.SWORDFISH, 3)])
def test_a_fish_is_found_as_well_with_remembered_places_as_with_none(technique, size: int):
    boards = stalled_boards(20, seed=11) + fish_boards(20, size, seed=12)
    shape = boards[0].shape

    def outcomes() -> list[tuple[bool, list[int]]]:
        found = []
        for board in boards:
            trial = board.copy()
            found.append((technique.apply(trial), trial.cand))
        return found

    shape.fruitless.clear()
    fresh = outcomes()
    remembered = outcomes()  # now with every fruitless place of the first pass known
    assert any(shape.fruitless.values())
    assert remembered == fresh
    assert any(progress for progress, _cand in fresh)  # the boards do hold fish
