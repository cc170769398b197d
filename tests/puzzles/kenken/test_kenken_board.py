"""KenKen's techniques on the engine's KenKen board, as the grader sees them: each is
sound on random cagings, beginner only writes digits, and each does its one thing on a
hand-made position (the engine's own tests, engine/src/kenken/tests.rs, check the same
positions inside the crate)."""

from __future__ import annotations

import random

import pytest

from bookgen.model import Cage, GridModel
from bookgen.puzzles.kenken import type as kenken
from bookgen.puzzles.kenken import rules as a
from bookgen.puzzles.kenken.rules import LEVELS, kenken_model, solving_model
from bookgen.solve import engine
from bookgen.solve import techniques as t
from bookgen.solve.grader import Level, Technique
from kenken_random_caging import random_caging

ALL = [tech for level in LEVELS for tech in level.techniques]
BEGINNER = LEVELS[0].techniques


def kenken_board(model: GridModel) -> engine.Board:
    return engine.Board(model, "kenken")


def apply(board: engine.Board, *techniques: Technique) -> bool:
    """One step with the first of these techniques that makes progress; True when one did."""
    return board.step((Level("these", techniques),))


def random_kenken(seed: int, n: int, hidden: bool = False):
    """A random, usually ambiguous, KenKen with a known solution: fodder for soundness."""
    rng = random.Random(seed)
    made = None
    while made is None:
        made = random_caging(n, 4, n * n, 0.6, ("+", "-", "*", "/"), rng)
    solution, cages = made
    return solving_model(kenken_model(n, cages), hidden), solution


def bit(v: int) -> int:
    return 1 << (v - 1)


@pytest.mark.parametrize("technique", ALL, ids=lambda tech: tech.name)
def test_technique_never_removes_the_true_value(technique):
    # Sound techniques only remove candidates no solution uses; the known solution is one.
    for seed in range(30):
        n = 4 + seed % 4
        model, solution = random_kenken(seed, n, hidden=seed % 5 == 0)
        board = kenken_board(model)
        try:
            for _ in range(200):
                if not apply(board, technique, a.CAGE_CANDIDATES, t.NAKED_SINGLE):
                    break
        except engine.Contradiction:
            pytest.fail(f"{technique.name} contradicted a solvable puzzle (seed {seed})")
        for i, (r, c) in enumerate(model.cells):
            assert board.cand[i] & bit(solution[r][c]), (technique.name, seed, (r, c))


def test_beginner_steps_only_write_digits():
    # Beginner keeps no pencil marks: every open cell's candidates are exactly the digits
    # not yet written in its row and column.
    for seed in range(20):
        model, _ = random_kenken(seed, 5 + seed % 3)
        board = kenken_board(model)
        while apply(board, *BEGINNER):
            pass
        full = (1 << model.rows) - 1
        for i, (r, c) in enumerate(model.cells):
            if not board.placed[i]:
                seen = 0
                for j, (r2, c2) in enumerate(model.cells):
                    if j != i and (r2 == r or c2 == c) and board.placed[j]:
                        seen |= board.cand[j]
                assert board.cand[i] == full & ~seen


def board(cages: list[Cage], n: int = 4) -> engine.Board:
    """A hand-made board: only the cages under test (other cells in no cage)."""
    return kenken_board(kenken_model(n, cages))


def cand(board: engine.Board, cell) -> int:
    return board.cand[board.model.index[cell]]


def place(board: engine.Board, cell, value: int) -> None:
    board.place(board.model.index[cell], bit(value))


def test_cage_arithmetic_keeps_the_digits_of_some_combination():
    b = board([Cage(((0, 0), (0, 1)), "-", 3)])
    assert apply(b, a.CAGE_CANDIDATES)
    assert cand(b, (0, 0)) == cand(b, (0, 1)) == bit(1) | bit(4)


def test_cage_single_writes_the_last_digit_of_a_cage():
    b = board([Cage(((0, 0), (0, 1)), "+", 7)])
    place(b, (0, 0), 4)
    assert apply(b, a.CAGE_SINGLE)
    assert b.placed[b.model.index[(0, 1)]] and cand(b, (0, 1)) == bit(3)


def test_a_cage_claims_its_digits_in_its_row():
    b = board([Cage(((0, 0), (0, 1)), "+", 3)])
    assert apply(b, a.CAGE_LINE)
    assert cand(b, (0, 2)) == cand(b, (0, 3)) == bit(3) | bit(4)


def test_a_row_pins_a_digit_into_the_only_cage_that_can_hold_it():
    # Column 4s bar 4 from (0,2) and (0,3), so row 0's 4 is in the L-shaped 7+ cage's top
    # cells; the combinations putting 4 in its bottom cell go, and with them 3 and 4 there.
    b = board([Cage(((0, 0), (0, 1), (1, 0)), "+", 7)])
    place(b, (2, 2), 4)
    place(b, (3, 3), 4)
    apply(b, a.CAGE_CANDIDATES)
    assert cand(b, (1, 0)) & bit(4)
    assert apply(b, a.LINE_INTO_CAGE)
    assert cand(b, (1, 0)) == bit(1) | bit(2)


def test_line_sum_gives_the_rest_of_the_row_its_total():
    # A row of 1..4 totals 10; a 3+ cage inside it leaves 7 for the other two cells.
    b = board([Cage(((0, 0), (0, 1)), "+", 3)])
    assert apply(b, a.LINE_SUM)
    assert cand(b, (0, 2)) == cand(b, (0, 3)) == bit(3) | bit(4)


def test_line_product_divides_out_the_product_cages():
    # A row of 1..4 multiplies to 24; a 4x cage inside it leaves 6 for the other two.
    b = board([Cage(((0, 0), (0, 1)), "*", 4)])
    assert apply(b, a.LINE_PRODUCT)
    assert cand(b, (0, 2)) == cand(b, (0, 3)) == bit(2) | bit(3)


def test_two_cages_in_a_row_must_agree():
    # 3+ uses 1 and 2 in row 0, so the upright 5+ beside it cannot put 1 or 2 in row 0:
    # only 4 over 1 or 3 over 2 remain.
    b = board([Cage(((0, 0), (0, 1)), "+", 3), Cage(((0, 2), (1, 2)), "+", 5)])
    assert apply(b, a.CAGE_PAIRS)
    assert cand(b, (0, 2)) == bit(3) | bit(4)
    assert cand(b, (1, 2)) == bit(1) | bit(2)


def test_levels_are_defined_once_easiest_first():
    assert [level.name for level in LEVELS] == list(kenken.LEVEL_NAMES)
    names = [tech.name for level in LEVELS for tech in level.techniques]
    assert len(names) == len(set(names))
