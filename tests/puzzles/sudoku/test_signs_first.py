"""Greater-than sudoku aimed from its signs up (bookgen.puzzles.sudoku.signs_first): the
engine's grid has signs that alone reach the level and, with the orbit it names, are
exactly at it; the puzzles made are exactly at their level with signs that are needed,
keep their symmetry, and the same seed makes the same puzzle."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bookgen.errors import EngineRequestError, GenerationError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.greater_than import box_neighbours, signs_of
from bookgen.puzzles.sudoku.shapes import fixed_structure
from bookgen.puzzles.sudoku.signs_first import FROM_SIGNS, signed_target
from bookgen.puzzles.sudoku.targets import signs_needed, target_for
from bookgen.puzzles.sudoku.type import LEVELS, LEVEL_NAMES, PUZZLE_TYPE, Params
from bookgen.puzzles.sudoku.type import orbits as orbits_of
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


def pairs_and_orbits(symmetry: str, seed: int):
    base = fixed_structure(6)
    index = base.index
    orbits = orbits_of(6, symmetry, random.Random(seed))
    return base, [(index[a], index[b]) for a, b in box_neighbours(6)], orbits, [[index[c] for c in o] for o in orbits]


@pytest.mark.parametrize("symmetry,seed", [("rotational", 1), ("mirror", 2), ("none", 3)])
def test_the_engine_s_grid_and_orbit_are_exactly_hard_and_its_signs_alone_are_harder(symmetry: str, seed: int):
    base, pairs, orbits, numbered = pairs_and_orbits(symmetry, seed)
    found, drawn = compiled(base).signed_grid(pairs, LEVELS, HARD, numbered, seed, 100_000)
    assert found is not None and drawn >= 1
    solution = grid_of(base, found[0])
    signed = dataclasses.replace(base, inequalities=signs_of(solution, 6))
    assert all(solution[a[0]][a[1]] < solution[b[0]][b[1]] for a, b in
               ((sign.smaller, sign.larger) for sign in signed.inequalities))
    alone = grade(signed, LEVELS, HARD)
    assert alone.level == HARD and alone.outcome is not Outcome.IMPOSSIBLE
    givens = {} if found[1] is None else {(r, c): solution[r][c] for r, c in orbits[found[1]]}
    graded = grade(signed.with_givens(givens), LEVELS)
    assert graded.outcome is Outcome.SOLVED and graded.level == HARD


def test_the_engine_gives_up_after_its_tries_saying_how_many_it_drew():
    base, pairs, _, numbered = pairs_and_orbits("none", 7)
    found, drawn = compiled(base).signed_grid(pairs, LEVELS, len(LEVELS) - 1, numbered, 7, 3)
    assert drawn <= 3 and (found is None or drawn >= 1)
    assert compiled(base).signed_grid(pairs, LEVELS, HARD, numbered, 7, 0) == (None, 0)


def test_the_engine_refuses_an_orbit_outside_the_grid_and_the_first_level():
    base, pairs, _, numbered = pairs_and_orbits("none", 0)
    with pytest.raises(EngineRequestError):
        compiled(base).signed_grid(pairs, LEVELS, HARD, numbered + [[36]], 0, 1)
    with pytest.raises(EngineRequestError):
        compiled(base).signed_grid(pairs, LEVELS, 0, numbered, 0, 1)


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
