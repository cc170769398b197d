"""Greater-than sudoku aimed from its signs up (bookgen.puzzles.sudoku.signs_first): the
engine's grids have signs that reach the level alone, the puzzles made are exactly at
their level with signs that are needed, and the same seed makes the same puzzle."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bookgen.errors import GenerationError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.greater_than import box_neighbours, signs_of
from bookgen.puzzles.sudoku.shapes import fixed_structure
from bookgen.puzzles.sudoku.signs_first import FROM_SIGNS, signed_target
from bookgen.puzzles.sudoku.type import LEVELS, LEVEL_NAMES, PUZZLE_TYPE, Params, signs_needed, target_for
from bookgen.solve.engine import compiled, grid_of
from bookgen.solve.grader import grade
from bookgen.solve.result import Outcome

HARD = LEVEL_NAMES.index("hard")


def made(symmetry: str, seed: int):
    params = Params(size=6, difficulty="hard", variant="greater-than", symmetry=symmetry)
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(60))


def test_6x6_hard_is_aimed_from_its_signs_and_other_rows_from_full_grids():
    base = fixed_structure(6)
    assert (6, "hard") in FROM_SIGNS
    assert target_for(base, "hard", signed=True).aim is not None
    assert target_for(base, "medium", signed=True).aim is None
    assert target_for(fixed_structure(9), "hard", signed=True).aim is None
    assert target_for(base, "hard").aim is None  # a classic sudoku has no signs to aim from


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_engine_s_grid_has_signs_that_alone_use_a_technique_of_the_level(seed: int):
    base = fixed_structure(6)
    index = base.index
    pairs = [(index[a], index[b]) for a, b in box_neighbours(6)]
    found, drawn = compiled(base).signed_grid(pairs, LEVELS, HARD, seed, 100_000)
    assert found is not None and drawn >= 1
    solution = grid_of(base, found)
    signed = dataclasses.replace(base, inequalities=signs_of(solution, 6))
    graded = grade(signed, LEVELS, HARD)
    assert graded.level == HARD and graded.outcome is not Outcome.IMPOSSIBLE
    assert all(solution[a[0]][a[1]] < solution[b[0]][b[1]] for a, b in
               ((sign.smaller, sign.larger) for sign in signed.inequalities))


def test_the_engine_gives_up_after_its_tries_saying_how_many_it_drew():
    base = fixed_structure(6)
    index = base.index
    pairs = [(index[a], index[b]) for a, b in box_neighbours(6)]
    # Beginner's techniques take every 6x6's signs somewhere, so one grid is always enough
    # there; at expert one try is rarely enough: either way no more than asked are drawn.
    assert compiled(base).signed_grid(pairs, LEVELS, 0, 7, 1)[1] == 1
    found, drawn = compiled(base).signed_grid(pairs, LEVELS, len(LEVELS) - 1, 7, 3)
    assert drawn <= 3 and (found is None or drawn >= 1)


@pytest.mark.parametrize("symmetry,seed", [("rotational", 0), ("mirror", 4), ("none", 9)])
def test_a_puzzle_aimed_from_its_signs_is_unique_exactly_hard_and_needs_its_signs(symmetry: str, seed: int):
    puzzle = made(symmetry, seed)
    assert PUZZLE_TYPE.certify(puzzle) == []
    graded = grade(puzzle.board, LEVELS)
    assert graded.outcome is Outcome.SOLVED and graded.level == HARD
    assert signs_needed(puzzle.board, HARD)
    assert {frozenset((e.smaller, e.larger)) for e in puzzle.board.inequalities} == {
        frozenset(pair) for pair in box_neighbours(6)}


def test_the_givens_keep_the_symmetry_asked_for():
    puzzle = made("rotational", 5)
    cells = {(r, c) for r, c, _ in puzzle.board.givens}
    assert cells == {(5 - r, 5 - c) for r, c in cells}


def test_the_same_seed_makes_the_same_puzzle():
    assert made("mirror", 11).board == made("mirror", 11).board


def test_a_spent_budget_raises_the_generator_s_error():
    target = signed_target(fixed_structure(6), LEVELS, HARD, None, signs_needed)
    assert target.aim is not None
    with pytest.raises(GenerationError):
        target.aim(lambda rng: [], random.Random(0), Budget(0))
