from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sudoku.type import LEVELS, structure
from bookgen.solve import techniques as t
from bookgen.solve.engine import Board
from bookgen.solve.result import Outcome
from bookgen.solve.search import solver_for
from bookgen.solve.grader import Contradiction, grade
from positions import restrict

ALL = [tech for level in LEVELS for tech in level.techniques]


def puzzle_from(text: str):
    base = structure(9)
    return base.with_givens({(i // 9, i % 9): int(ch) for i, ch in enumerate(text) if ch not in ".0"})


def sparse_puzzles(count: int, keep: int, seed: int):
    """Random, possibly ambiguous puzzles with a known solution: fodder for soundness."""
    rng, base = random.Random(seed), structure(9)
    solver = solver_for(base)
    for _ in range(count):
        solution = solver.random_solution(rng)
        cells = rng.sample(base.cells, keep)
        yield base.with_givens({cell: solution[cell[0]][cell[1]] for cell in cells}), solution


@pytest.mark.parametrize("technique", ALL, ids=lambda tech: tech.name)
def test_technique_never_removes_the_true_value(technique):
    # Sound techniques only remove candidates that cannot be right: on puzzles with a
    # unique solution, the solution value must survive in every cell.
    for model, solution in sparse_puzzles(25, 30, seed=3):
        board = Board(model)
        try:
            for _ in range(60):
                if not technique.apply(board) and not t.NAKED_SINGLE.apply(board):
                    break
        except Contradiction:
            continue  # only possible when the sparse puzzle is ambiguous
        if _unique(model):
            for i, (r, c) in enumerate(model.cells):
                assert board.cand[i] & (1 << (solution[r][c] - 1))


def _unique(model) -> bool:
    from bookgen.solve.search import count_solutions

    return count_solutions(model).count == 1


def test_singles_solve_an_easy_puzzle_at_the_first_level():
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    result = grade(puzzle_from(easy), LEVELS)
    assert result.outcome is Outcome.SOLVED and result.level == 0


def test_grader_reports_unfinished_when_techniques_run_out():
    # Unique (the search proves it) but far beyond pairs, triples and wings.
    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    assert grade(puzzle_from(inkala), LEVELS).outcome is Outcome.UNFINISHED


def test_grader_reports_impossible_on_contradicting_givens():
    clash = "11" + "." * 79
    assert grade(puzzle_from(clash), LEVELS).outcome is Outcome.IMPOSSIBLE


def test_locked_candidates_removes_pointing_candidates():
    board = Board(structure(9))
    # Digit 1 in box 0 only in row 0: it must leave the rest of row 0.
    for i in (9, 10, 11, 18, 19, 20):
        board.eliminate(i, 1)
    assert t.LOCKED_CANDIDATES.apply(board)
    assert all(not board.cand[i] & 1 for i in range(3, 9))


def test_naked_pair_clears_its_symbols_from_the_group():
    board = Board(structure(9))
    restrict(board, 0, 0b11)
    restrict(board, 1, 0b11)
    assert t.NAKED_PAIR.apply(board)
    assert all(not board.cand[i] & 0b11 for i in range(2, 9))


def test_fish_on_overlapping_lines_removes_nothing():
    # Rows R1 = a b p and R2 = a c q share cell a (as two grids of a samurai do). Symbol 1
    # lies in a, b and a, c only: within columns C1 = a x y and C2 = b c z. Yet the grid
    # a=1 b=2 p=3 c=3 q=2 x=2 y=3 z=1 obeys every group, with z = 1: one cell (a) serves
    # both rows, so the columns are not forced to take their 1 from the rows.
    from bookgen.model import GridModel, Group
    from bookgen.puzzles.grid import check_grid

    names = "abpcqxyz"
    cell = {x: (0, i) for i, x in enumerate(names)}
    groups = tuple(Group(tuple(cell[x] for x in g), kind) for g, kind in
                   (("abp", "row"), ("acq", "row"), ("axy", "column"), ("bcz", "column")))
    model = GridModel(1, len(names), (1, 2, 3), tuple(cell[x] for x in names), groups)
    answer = dict(zip(names, (1, 2, 3, 3, 2, 2, 3, 1)))
    assert check_grid(model, (tuple(answer[x] for x in names),)) == []
    board = Board(model)
    restrict(board, names.index("p"), 0b110)
    restrict(board, names.index("q"), 0b110)
    assert not t.X_WING.apply(board)
    assert board.cand[names.index("z")] & 1
