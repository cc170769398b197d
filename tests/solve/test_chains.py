"""Chains (the engine's X-chain and XY-chain): on hand-made positions over any group
structure and on stuck sudokus, each chain progresses where nothing easier does, and a
chain step never removes a digit of the solution."""

from __future__ import annotations

import random

import pytest

from bookgen.model import GridModel, Group
from bookgen.puzzles.sudoku.type import LEVELS, structure
from bookgen.solve import techniques as t
from bookgen.solve.engine import Board
from bookgen.solve.result import Outcome
from bookgen.solve.search import count_solutions, solver_for
from bookgen.solve.grader import Technique, grade_board
from positions import restrict

UP_TO_HARD = LEVELS[:-1]  # the family's table without its chains (expert)
EASIER = [tech for level in UP_TO_HARD for tech in level.techniques]


def _board(names: str, nsym: int, groups: list[str], cand: dict[str, str]) -> tuple[Board, dict[str, int]]:
    """A hand-made position: named cells in a row, groups of named cells, candidates."""
    cells = tuple((0, c) for c in range(len(names)))
    at = {name: i for i, name in enumerate(names)}
    model = GridModel(1, len(names), tuple(range(1, nsym + 1)), cells,
                      tuple(Group(tuple(cells[at[x]] for x in g)) for g in groups))
    board = Board(model)
    for name, digits in cand.items():
        restrict(board, at[name], sum(1 << (int(d) - 1) for d in digits))
    return board, at


def _nothing_easier(board: Board, easier: list[Technique]) -> None:
    before = list(board.cand)
    for tech in easier:
        assert not tech.apply(board), tech.name
    assert board.cand == before


def test_x_chain_clears_a_cell_seeing_both_ends_on_any_group_structure():
    # Symbol 1: conjugate pairs A-B and C-D in two full groups, B sees C through a
    # two-cell group, T sees A and D. A false -> B -> C false -> D: one of A, D is 1.
    board, at = _board("ABCDTXY", 3, ["ABX", "CDY", "BC", "TA", "TD"],
                       {"A": "123", "B": "123", "C": "123", "D": "123", "T": "123", "X": "23", "Y": "23"})
    _nothing_easier(board, EASIER + [t.XY_CHAIN])
    assert t.X_CHAIN.apply(board)
    assert board.cand[at["T"]] == 0b110
    assert all(board.cand[at[x]] == 0b111 for x in "ABCD")


def test_xy_chain_clears_a_cell_seeing_both_ends_on_any_group_structure():
    # Bivalue P{1,2} Q{2,3} R{3,4} S{4,1} in a line of shared groups: P is 1, or P is 2,
    # Q 3, R 4 and S 1. T sees P and S, so it is not 1. No full group: no X-chain.
    board, at = _board("PQRST", 4, ["PQ", "QR", "RS", "TP", "TS"],
                       {"P": "12", "Q": "23", "R": "34", "S": "14", "T": "1234"})
    _nothing_easier(board, EASIER + [t.X_CHAIN])
    assert t.XY_CHAIN.apply(board)
    assert board.cand[at["T"]] == 0b1110
    assert [board.cand[at[x]] for x in "PQRS"] == [0b11, 0b110, 0b1100, 0b1001]


def test_x_chain_loop_that_contradicts_its_start_is_found():
    # A false -> B is 1 -> C (which sees B) false -> A, C's partner, is 1: A cannot be
    # false. The first chain found (from B) already clears 1 from C, which sees A and B.
    board, at = _board("ABCXY", 3, ["ABX", "ACY", "BC"],
                       {"A": "123", "B": "123", "C": "123", "X": "23", "Y": "23"})
    assert t.X_CHAIN.apply(board)
    assert board.cand[at["C"]] == 0b110


def test_chains_do_not_fire_without_links():
    board, _ = _board("ABC", 3, ["ABC"], {"A": "123", "B": "123", "C": "123"})
    assert not t.X_CHAIN.apply(board) and not t.XY_CHAIN.apply(board)


def _stuck(text: str) -> Board:
    """A sudoku position where every technique up to the hard level has run out."""
    model = structure(9).with_givens({(i // 9, i % 9): int(ch) for i, ch in enumerate(text) if ch != "."})
    board = Board(model)
    assert grade_board(board, UP_TO_HARD).outcome is Outcome.UNFINISHED
    return board


# Found by grading random minimal puzzles (seed 1): stuck after the hard level, and only
# the named chain moves on.
X_CHAIN_ONLY = "829.4...........64....3.8.......7...5.19.......2..37567..2...3..4....91....6....2"
XY_CHAIN_ONLY = "..546......6..89...783....6...5.2.19........76.....2.5..2.......8.74.5...1.....8."


@pytest.mark.parametrize("text, technique, other", [
    (X_CHAIN_ONLY, t.X_CHAIN, t.XY_CHAIN),
    (XY_CHAIN_ONLY, t.XY_CHAIN, t.X_CHAIN),
], ids=["X-chain", "XY-chain"])
def test_on_a_stuck_sudoku_only_that_chain_progresses(text, technique, other):
    board = _stuck(text)
    _nothing_easier(board, EASIER + [other])
    solution = count_solutions(board.model).solutions[0]
    assert technique.apply(board)
    for i, (r, c) in enumerate(board.model.cells):
        assert board.cand[i] & 1 << (solution[r][c] - 1)


def _minimal(rng: random.Random):
    base = structure(9)
    solution = solver_for(base).random_solution(rng)
    givens = {cell: solution[cell[0]][cell[1]] for cell in base.cells}
    order = list(base.cells)
    rng.shuffle(order)
    for cell in order:
        value = givens.pop(cell)
        if count_solutions(base.with_givens(givens)).count != 1:
            givens[cell] = value
    return base.with_givens(givens), solution


@pytest.mark.slow  # forty minimal 9×9 puzzles made and graded
def test_no_chain_step_ever_removes_a_solution_digit():
    # Minimal puzzles with a unique solution, graded with chains after every other
    # technique; each chain step is checked against the solution as it is taken.
    rng, steps = random.Random(11), 0
    for _ in range(40):
        model, solution = _minimal(rng)
        truth = [1 << (solution[r][c] - 1) for r, c in model.cells]

        board = Board(model)
        while not board.solved():
            if board.step(UP_TO_HARD):
                continue
            chain = next((x for x in t.CHAINS if x.apply(board)), None)
            if chain is None:
                break
            steps += 1
            assert all(d & b for d, b in zip(board.cand, truth)), chain.name
    assert steps > 10  # the property was exercised, not vacuous
