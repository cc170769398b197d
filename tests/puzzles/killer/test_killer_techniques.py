"""Killer's techniques on the engine's killer board, through the Python face: each one
sound on random cages over a known grid, and each where exactly it makes progress (the
engine's own tests, engine/src/killer/tests.rs, hold the same positions and the tables)."""

from __future__ import annotations

import random

import pytest

from bookgen.model import Cage
from bookgen.puzzles.killer import techniques as k
from bookgen.puzzles.killer.generate import killer_model
from bookgen.puzzles.killer.type import LEVELS
from bookgen.puzzles.sudoku.type import structure
from bookgen.solve import engine
from bookgen.solve import techniques as t
from bookgen.solve.grader import Contradiction, Level, Technique
from bookgen.solve.search import solver_for
from random_cages import random_cages

ALL = [tech for level in LEVELS for tech in level.techniques]


def bit(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def board(cages: list[tuple[tuple, int]], givens: dict | None = None, n: int = 9) -> engine.Board:
    """A hand-made board: only the cages under test (other cells in no cage)."""
    base = structure(n)
    made = tuple(Cage(tuple(sorted(cells)), "+", target, True) for cells, target in cages)
    model = type(base)(base.rows, base.cols, base.symbols, base.cells, base.groups, made)
    return engine.Board(model.with_givens(givens or {}), "killer")


def cand(b: engine.Board, cell) -> int:
    return b.cand[b.model.index[cell]]


def level_of(technique: Technique) -> int:
    return next(i for i, level in enumerate(LEVELS) if technique in level.techniques)


def exhaust(b: engine.Board, technique: Technique) -> None:
    """Every step the levels below the technique's take, until none progresses."""
    below = level_of(technique) - 1
    if below >= 0:
        while b.step(LEVELS, below):
            pass


def alone(technique: Technique, *then: Technique) -> tuple[Level, ...]:
    """A ladder trying the technique first, then the others."""
    return (Level("trial", (technique, *then)),)


def random_killer(seed: int, n: int):
    """A random, often ambiguous, killer with a known solution: fodder for soundness."""
    rng = random.Random(seed)
    base = structure(n)
    solution = solver_for(base).random_solution(rng)
    return killer_model(base, random_cages(solution, rng), solution), solution


@pytest.mark.parametrize("technique", ALL, ids=lambda tech: tech.name)
def test_technique_never_removes_the_true_value(technique):
    # Random cages over a known grid: every technique is sound, so the grid's digits survive
    # (the puzzle may have other solutions too; those do not matter here).
    ladder = alone(technique, k.CAGE_COMBINATIONS, t.NAKED_SINGLE)
    for seed in range(12):
        n = (4, 6, 9)[seed % 3]
        model, solution = random_killer(seed, n)
        b = engine.Board(model, "killer")
        try:
            for _ in range(300):
                if not b.step(ladder):
                    break
        except Contradiction:
            pytest.fail(f"{technique.name} contradicted a solvable puzzle (seed {seed})")
        for i, (r, c) in enumerate(model.cells):
            assert b.cand[i] & bit(solution[r][c]), (technique.name, seed, (r, c))


def test_each_killer_technique_applies_itself_to_a_killer_board_alone():
    b = board([(((4, 4),), 7), (((0, 0), (1, 0)), 3)])
    assert not k.CAGE_LAST_CELL.apply(b)
    assert k.ONE_CELL_CAGE.apply(b) and cand(b, (4, 4)) == bit(7)
    assert cand(b, (0, 0)) == bit(*range(1, 10))  # not a peer of (4, 4)
    assert k.CAGE_COMBINATIONS.apply(b) and cand(b, (0, 0)) == cand(b, (1, 0)) == bit(1, 2)


def test_cage_mates_are_peers_so_a_given_leaves_its_cage():
    b = board([(((0, 0), (1, 1)), 10)], {(0, 0): 3})
    assert not cand(b, (1, 1)) & bit(3)


def test_one_cell_cage_writes_its_sum():
    b = board([(((4, 4),), 7)])
    assert b.step(alone(k.ONE_CELL_CAGE))
    assert cand(b, (4, 4)) == bit(7) and b.placed[b.model.index[(4, 4)]]


def test_last_cell_of_a_cage_is_the_sum_less_the_digits_written():
    b = board([(((0, 0), (0, 1)), 7)], {(0, 0): 3}, n=4)
    assert not b.step(alone(t.NAKED_SINGLE, t.HIDDEN_SINGLE))
    assert b.step(alone(k.CAGE_LAST_CELL))
    assert cand(b, (0, 1)) == bit(4)


def test_cage_combinations_keep_the_digits_that_can_make_the_sum():
    b = board([(((0, 0), (1, 0)), 3), (((4, 4), (4, 5), (5, 5)), 7)])
    exhaust(b, k.CAGE_COMBINATIONS)
    assert cand(b, (0, 0)) == bit(*range(1, 10))
    assert b.step(alone(k.CAGE_COMBINATIONS))
    assert cand(b, (0, 0)) == cand(b, (1, 0)) == bit(1, 2)
    while b.step(alone(k.CAGE_COMBINATIONS)):
        pass
    assert cand(b, (4, 4)) == cand(b, (5, 5)) == bit(1, 2, 4)  # 7 in three: 1+2+4 only


def test_a_cage_claims_its_required_digits_in_its_box():
    # 6 in three cells is 1+2+3; the L-shaped cage lies across two rows but in one box.
    b = board([(((0, 0), (0, 1), (1, 1)), 6)])
    exhaust(b, k.CAGE_CLAIMS)
    assert cand(b, (2, 2)) & bit(1, 2, 3)
    assert b.step(alone(k.CAGE_CLAIMS))
    while b.step(alone(k.CAGE_CLAIMS)):
        pass
    assert not cand(b, (2, 2)) & bit(1, 2, 3)
    assert cand(b, (0, 5)) & bit(1, 2, 3)  # the cage spans two rows: the rows keep them


def test_a_box_pins_its_nine_into_the_only_cage_that_can_hold_it():
    # Box 0 can hold its 9 only in (2,1) and (2,2), both in one cage: the cage holds the 9
    # there, so its third cell (3,2), outside the box, cannot be 9.
    cage = ((2, 1), (2, 2), (3, 2))
    b = board([(cage, 15)], {(0, 4): 9, (1, 7): 9, (7, 0): 9})
    exhaust(b, k.HOUSE_PINS)
    assert cand(b, (3, 2)) & bit(9)
    assert b.step(alone(k.HOUSE_PINS))
    assert not cand(b, (3, 2)) & bit(9)


def test_rule_of_45_gives_the_one_cell_sticking_out_of_a_row():
    # Row 0: two cages of four cells making 20 each, and (0,8) in a cage going down: it is 5.
    b = board([(((0, 0), (0, 1), (0, 2), (0, 3)), 20), (((0, 4), (0, 5), (0, 6), (0, 7)), 20),
               (((0, 8), (1, 8)), 9)])
    exhaust(b, k.RULE_45_HOUSE)
    assert cand(b, (0, 8)) != bit(5)
    assert b.step(alone(k.RULE_45_HOUSE))
    assert cand(b, (0, 8)) == bit(5)


def test_rule_of_45_on_two_innies_keeps_the_pairs_that_make_their_sum():
    # Row 0 less its cages making 35 leaves 10 to (0,7) and (0,8): no 5 (it would repeat), no 9.
    b = board([(((0, 0), (0, 1), (0, 2), (0, 3)), 20), (((0, 4), (0, 5), (0, 6)), 15),
               (((0, 7), (1, 7)), 11), (((0, 8), (1, 8)), 11)])
    exhaust(b, k.RULE_45)
    assert cand(b, (0, 7)) & bit(5, 9)
    assert b.step(alone(k.RULE_45))
    assert not cand(b, (0, 7)) & bit(5, 9) and not cand(b, (0, 8)) & bit(5, 9)


def test_rule_of_45_works_on_two_rows_together():
    # Rows 0 and 1 make 90; cages inside them make 84, so the lone innie (1,8) is 6, though
    # neither row alone has a single unknown cell.
    cages = [(((0, 0), (0, 1), (0, 2), (0, 3)), 20), (((0, 4), (0, 5), (1, 4), (1, 5)), 20),
             (((0, 6), (0, 7), (0, 8)), 12), (((1, 0), (1, 1), (1, 2), (1, 3)), 18),
             (((1, 6), (1, 7)), 14), (((1, 8), (2, 8)), 10)]
    b = board(cages)
    exhaust(b, k.RULE_45)
    assert cand(b, (1, 8)) != bit(6)
    assert b.step(alone(k.RULE_45))
    while b.step(alone(k.RULE_45)):
        pass
    assert cand(b, (1, 8)) == bit(6)


def test_innies_and_outies_give_a_difference():
    # Row 0: a cage mostly inside pokes out at (1,2); (0,8) belongs to a cage mostly below.
    # Counting the poking cage whole: (0,8) - (1,2) = 45 - 15 - 11 - 20 = -1.
    cages = [(((0, 0), (0, 1), (0, 2), (1, 2)), 20), (((0, 3), (0, 4), (0, 5)), 15),
             (((0, 6), (0, 7)), 11), (((0, 8), (1, 8), (2, 8)), 15)]
    b = board(cages)
    exhaust(b, k.INNIES_OUTIES)
    assert cand(b, (0, 8)) & bit(9) and cand(b, (1, 2)) & bit(1)
    assert b.step(alone(k.INNIES_OUTIES))
    assert not cand(b, (0, 8)) & bit(9) and not cand(b, (1, 2)) & bit(1)


def test_two_cages_in_one_row_share_no_digit():
    # 6 in two is {1,5} or {2,4}; 7 in two is {1,6}, {2,5} or {3,4}: {2,5} meets both
    # combinations of the 6, so the 7 loses 2 and 5.
    b = board([(((0, 0), (0, 1)), 6), (((0, 2), (0, 3)), 7)])
    exhaust(b, k.CAGES_IN_HOUSE)
    assert cand(b, (0, 2)) & bit(2, 5)
    assert b.step(alone(k.CAGES_IN_HOUSE))
    assert cand(b, (0, 2)) == cand(b, (0, 3)) == bit(1, 3, 4, 6)
