from __future__ import annotations

import random

import pytest

from bookgen.model import Cage, GridModel, full_cells, line_groups
from bookgen.puzzles.kenken import type as kenken
from bookgen.puzzles.sudoku import type as sudoku
from bookgen.solve.cages import HIDDEN, value_tuples
from bookgen.solve.search import Solver, count_solutions, solver_for


def latin(n: int, cages: tuple[Cage, ...] = ()) -> GridModel:
    return GridModel(n, n, tuple(range(1, n + 1)), full_cells(n, n), line_groups(n, n), cages)


@pytest.mark.parametrize("n,expected", [(3, 12), (4, 576)])
def test_counts_every_latin_square(n: int, expected: int):
    assert count_solutions(latin(n), limit=10_000).count == expected


def test_counts_every_4x4_sudoku_grid():
    assert count_solutions(sudoku.structure(4), limit=10_000).count == 288


def test_sudoku_puzzle_stays_unique_with_its_answer():
    puzzle = sudoku.PUZZLE_TYPE.generate(sudoku.Params(size=9, difficulty="easy"), random.Random(3), kenken.Budget(60))
    count = count_solutions(puzzle.board, limit=2)
    assert count.count == 1 and count.solutions[0] == puzzle.solution


def test_node_limit_marks_an_unfinished_count():
    count = count_solutions(latin(6), limit=10_000, node_limit=5)
    assert not count.complete


def narrowed(solver: Solver) -> list[int] | None:
    """Every cell's candidates (masks) after propagation alone, from an empty grid."""
    model = solver.model
    return solver.grid.narrowed([(1 << len(model.symbols)) - 1] * len(model.cells))


def test_a_cage_narrows_its_cells_to_the_digits_that_make_its_target():
    model = latin(4, (Cage(((0, 0), (0, 1)), "*", 12),))
    dom = narrowed(Solver(model))
    assert dom[0] == dom[1] == 0b1100  # 3 and 4


@pytest.mark.parametrize(
    "op,target,expected",
    [
        ("-", 3, {(1, 4), (4, 1)}),
        ("/", 2, {(1, 2), (2, 1), (2, 4), (4, 2)}),
        ("/", 3, {(1, 3), (3, 1)}),
        ("+", 5, {(1, 4), (4, 1), (2, 3), (3, 2)}),
        ("*", 4, {(1, 4), (4, 1)}),
    ],
)
def test_two_cells_in_a_row_make_their_target(op, target, expected):
    differ = ((False, True), (True, False))
    assert set(value_tuples(op, target, (1, 2, 3, 4), differ)) == expected


def test_cells_in_different_lines_may_repeat_a_digit():
    apart = tuple(tuple(False for _ in range(3)) for _ in range(3))
    assert (2, 2, 2) in value_tuples("+", 6, (1, 2, 3, 4), apart)
    together = tuple(tuple(a != b for b in range(3)) for a in range(3))
    assert (2, 2, 2) not in value_tuples("+", 6, (1, 2, 3, 4), together)


def test_minus_and_divide_need_two_cells_and_one_cell_equals():
    three = tuple(tuple(a != b for b in range(3)) for a in range(3))
    assert value_tuples("-", 1, (1, 2, 3, 4), three) == ()
    assert value_tuples("/", 2, (1, 2, 3, 4), three) == ()
    assert value_tuples("=", 3, (1, 2, 3, 4), ((False,),)) == ((3,),)


def test_a_hidden_operation_allows_every_operation_that_makes_the_target():
    differ = ((False, True), (True, False))
    symbols = (1, 2, 3, 4)
    union = set().union(*(value_tuples(op, 3, symbols, differ) for op in "+-*/"))
    assert set(value_tuples(HIDDEN, 3, symbols, differ)) == union
    assert {(1, 2), (1, 4), (1, 3), (3, 1)} <= union


def test_count_from_a_part_solved_state_agrees_with_a_count_from_scratch():
    for seed in range(5):
        puzzle = kenken.PUZZLE_TYPE.generate(kenken.Params(size=5, difficulty="easy"), random.Random(seed), kenken.Budget(60))
        loose = kenken.kenken_model(5, puzzle.board.cages[1:] + (Cage(puzzle.board.cages[0].cells, "+", sum(
            puzzle.solution[r][c] for r, c in puzzle.board.cages[0].cells)),))
        solver = Solver(loose)
        full = solver.count(limit=50)
        start = narrowed(solver)
        assert solver.count_from(start, limit=50).count == full.count


def test_cage_listings_are_shared_by_shape():
    differ = ((False, True), (True, False))
    assert value_tuples("+", 7, (1, 2, 3, 4, 5, 6), differ) is value_tuples("+", 7, (1, 2, 3, 4, 5, 6), differ)


def test_solver_for_caches_by_structure():
    assert solver_for(latin(4)) is solver_for(latin(4))
