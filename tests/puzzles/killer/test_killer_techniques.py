from __future__ import annotations

import random

import pytest

from bookgen.model import Cage
from bookgen.puzzles.killer.type import LEVELS
from bookgen.puzzles.killer.generate import Attempt, Plan, killer_model, random_layout
from bookgen.puzzles.sudoku.type import structure
from bookgen.puzzles.killer import rule45 as r45
from bookgen.puzzles.killer import techniques as k
from bookgen.solve import techniques as t
from bookgen.puzzles.killer.board import KillerBoard, cage_combinations, fit
from bookgen.solve.search import solver_for
from bookgen.solve.grader import Board, Contradiction

ALL = [tech for level in LEVELS for tech in level.techniques]
DIGITS = tuple(range(1, 10))


def bit(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def board(cages: list[tuple[tuple, int]], givens: dict | None = None, n: int = 9) -> KillerBoard:
    """A hand-made board: only the cages under test (other cells in no cage)."""
    base = structure(n)
    made = tuple(Cage(tuple(sorted(cells)), "+", target, True) for cells, target in cages)
    model = type(base)(base.rows, base.cols, base.symbols, base.cells, base.groups, made)
    return KillerBoard(model.with_givens(givens or {}))


def cand(b: KillerBoard, cell) -> int:
    return b.cand[b.model.index[cell]]


def exhaust(b: KillerBoard, below: int) -> None:
    """Apply every technique of the levels below `below` until none progresses."""
    easier = [tech for level in LEVELS[:below] for tech in level.techniques]
    while any(tech.apply(b) for tech in easier):
        pass


def level_of(technique) -> int:
    return next(i for i, level in enumerate(LEVELS) if technique in level.techniques)


def random_killer(seed: int, n: int):
    """A random, often ambiguous, killer with a known solution: fodder for soundness."""
    rng = random.Random(seed)
    base = structure(n)
    solution = solver_for(base).random_solution(rng)
    att = Attempt(base, solution, Plan((1, 2, 3, 4, 5), (1, 3, 3, 2, 2), n * n), 5, LEVELS, 0, rng)
    return killer_model(base, random_layout(att), solution), solution


# --- tables ----------------------------------------------------------------------------------


def test_cage_combinations_are_the_digit_sets_of_the_size_making_the_sum():
    assert cage_combinations(DIGITS, 2, 3) == (bit(1, 2),)
    assert cage_combinations(DIGITS, 3, 24) == (bit(7, 8, 9),)
    assert set(cage_combinations(DIGITS, 2, 10)) == {bit(1, 9), bit(2, 8), bit(3, 7), bit(4, 6)}
    assert cage_combinations(DIGITS, 9, 45) == (bit(*DIGITS),)
    assert cage_combinations(DIGITS, 2, 18) == ()  # 9 + 9 repeats


def test_fit_needs_each_digit_of_the_combination_placed_once():
    # Three cells holding {1,2,3}: the first two can only take 1 and 2, so the third is 3.
    assert fit((bit(1, 2), bit(1, 2), bit(1, 2, 3)), bit(1, 2, 3)) == (bit(1, 2), bit(1, 2), bit(3))
    # Two cells that can both only hold 1 cannot make {1,2}.
    assert fit((bit(1), bit(1, 3)), bit(1, 2)) is None


# --- soundness ---------------------------------------------------------------------------------


@pytest.mark.parametrize("technique", ALL, ids=lambda tech: tech.name)
def test_technique_never_removes_the_true_value(technique):
    # Random cages over a known grid: every technique is sound, so the grid's digits survive
    # (the puzzle may have other solutions too; those do not matter here).
    for seed in range(12):
        n = (4, 6, 9)[seed % 3]
        model, solution = random_killer(seed, n)
        b = KillerBoard(model)
        try:
            for _ in range(300):
                if not (technique.apply(b) or k.cage_combination_marks(b) or t.naked_single(b)):
                    break
        except Contradiction:
            pytest.fail(f"{technique.name} contradicted a solvable puzzle (seed {seed})")
        for i, (r, c) in enumerate(model.cells):
            assert b.cand[i] & bit(solution[r][c]), (technique.name, seed, (r, c))


def test_cage_mates_are_peers_so_a_given_leaves_its_cage():
    b = board([(((0, 0), (1, 1)), 10)], {(0, 0): 3})
    assert not cand(b, (1, 1)) & bit(3)


# --- each technique where exactly it makes progress ------------------------------------------


def test_one_cell_cage_writes_its_sum():
    b = board([(((4, 4),), 7)], n=9)
    assert k.one_cell_cage(b)
    assert cand(b, (4, 4)) == bit(7) and b.placed[b.model.index[(4, 4)]]


def test_last_cell_of_a_cage_is_the_sum_less_the_digits_written():
    b = board([(((0, 0), (0, 1)), 7)], {(0, 0): 3}, n=4)
    assert not t.naked_single(b) and not t.hidden_single(b)
    assert k.cage_last_cell(b)
    assert cand(b, (0, 1)) == bit(4)


def test_cage_combinations_keep_the_digits_that_can_make_the_sum():
    b = board([(((0, 0), (1, 0)), 3), (((4, 4), (4, 5), (5, 5)), 7)])
    exhaust(b, level_of(k.CAGE_COMBINATIONS))
    assert cand(b, (0, 0)) == Board(b.model).full
    assert k.cage_combination_marks(b)
    assert cand(b, (0, 0)) == cand(b, (1, 0)) == bit(1, 2)
    while k.cage_combination_marks(b):
        pass
    assert cand(b, (4, 4)) == cand(b, (5, 5)) == bit(1, 2, 4)  # 7 in three: 1+2+4 only


def test_a_cage_claims_its_required_digits_in_its_box():
    # 6 in three cells is 1+2+3; the L-shaped cage lies across two rows but in one box.
    b = board([(((0, 0), (0, 1), (1, 1)), 6)])
    exhaust(b, level_of(k.CAGE_CLAIMS))
    assert cand(b, (2, 2)) & bit(1, 2, 3)
    assert k.cage_claims_digit(b)
    while k.cage_claims_digit(b):
        pass
    assert not cand(b, (2, 2)) & bit(1, 2, 3)
    assert cand(b, (0, 5)) & bit(1, 2, 3)  # the cage spans two rows: the rows keep them


def test_a_box_pins_its_nine_into_the_only_cage_that_can_hold_it():
    # Box 0 can hold its 9 only in (2,1) and (2,2), both in one cage: the cage holds the 9
    # there, so its third cell (3,2), outside the box, cannot be 9.
    cage = ((2, 1), (2, 2), (3, 2))
    b = board([(cage, 15)], {(0, 4): 9, (1, 7): 9, (7, 0): 9})
    exhaust(b, level_of(k.HOUSE_PINS))
    assert cand(b, (3, 2)) & bit(9)
    assert k.house_pins_digit(b)
    assert not cand(b, (3, 2)) & bit(9)
    assert all(s & bit(9) for s in b.alive[0])


def test_rule_of_45_gives_the_one_cell_sticking_out_of_a_row():
    # Row 0: two cages of four cells making 20 each, and (0,8) in a cage going down: it is 5.
    b = board([(((0, 0), (0, 1), (0, 2), (0, 3)), 20), (((0, 4), (0, 5), (0, 6), (0, 7)), 20),
               (((0, 8), (1, 8)), 9)])
    exhaust(b, level_of(r45.RULE_45_HOUSE))
    assert cand(b, (0, 8)) != bit(5)
    assert r45.rule_of_45_house(b)
    assert cand(b, (0, 8)) == bit(5)


def test_rule_of_45_on_two_innies_keeps_the_pairs_that_make_their_sum():
    # Row 0 less its cages making 35 leaves 10 to (0,7) and (0,8): no 5 (it would repeat), no 9.
    b = board([(((0, 0), (0, 1), (0, 2), (0, 3)), 20), (((0, 4), (0, 5), (0, 6)), 15),
               (((0, 7), (1, 7)), 11), (((0, 8), (1, 8)), 11)])
    exhaust(b, level_of(r45.RULE_45))
    assert cand(b, (0, 7)) & bit(5, 9)
    assert r45.rule_of_45(b)
    assert not cand(b, (0, 7)) & bit(5, 9) and not cand(b, (0, 8)) & bit(5, 9)


def test_rule_of_45_works_on_two_rows_together():
    # Rows 0 and 1 make 90; cages inside them make 84, so the lone innie (1,8) is 6, though
    # neither row alone has a single unknown cell.
    cages = [(((0, 0), (0, 1), (0, 2), (0, 3)), 20), (((0, 4), (0, 5), (1, 4), (1, 5)), 20),
             (((0, 6), (0, 7), (0, 8)), 12), (((1, 0), (1, 1), (1, 2), (1, 3)), 18),
             (((1, 6), (1, 7)), 14), (((1, 8), (2, 8)), 10)]
    b = board(cages)
    exhaust(b, level_of(r45.RULE_45))
    assert cand(b, (1, 8)) != bit(6)
    assert r45.rule_of_45(b)
    while r45.rule_of_45(b):
        pass
    assert cand(b, (1, 8)) == bit(6)


def test_innies_and_outies_give_a_difference():
    # Row 0: a cage mostly inside pokes out at (1,2); (0,8) belongs to a cage mostly below.
    # Counting the poking cage whole: (0,8) - (1,2) = 45 - 15 - 11 - 20 = -1.
    cages = [(((0, 0), (0, 1), (0, 2), (1, 2)), 20), (((0, 3), (0, 4), (0, 5)), 15),
             (((0, 6), (0, 7)), 11), (((0, 8), (1, 8), (2, 8)), 15)]
    b = board(cages)
    exhaust(b, level_of(r45.INNIES_OUTIES))
    assert cand(b, (0, 8)) & bit(9) and cand(b, (1, 2)) & bit(1)
    assert r45.innies_and_outies(b)
    assert not cand(b, (0, 8)) & bit(9) and not cand(b, (1, 2)) & bit(1)


def test_two_cages_in_one_row_share_no_digit():
    # 6 in two is {1,5} or {2,4}; 7 in two is {1,6}, {2,5} or {3,4}: {2,5} meets both
    # combinations of the 6, so the 7 loses 2 and 5.
    b = board([(((0, 0), (0, 1)), 6), (((0, 2), (0, 3)), 7)])
    exhaust(b, level_of(k.CAGES_IN_HOUSE))
    assert cand(b, (0, 2)) & bit(2, 5)
    assert k.cages_in_one_house(b)
    assert cand(b, (0, 2)) == cand(b, (0, 3)) == bit(1, 3, 4, 6)
