"""Classic sudoku aimed at its level in the engine (bookgen.puzzles.sudoku.aimed): the
engine's answer is a full grid of the sudoku and givens from it that the grader rates
exactly at the level from scratch, within the givens range and keeping the symmetry; the
type's puzzles go that way only for the classic variant, and the same seed makes the
same puzzle."""

from __future__ import annotations

import random

import pytest

from bookgen.errors import EngineRequestError, GenerationError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.aimed import aim_in_engine, in_engine
from bookgen.puzzles.sudoku.targets import target_for
from bookgen.puzzles.sudoku.type import LEVEL_NAMES, PUZZLE_TYPE, Params, structure
from bookgen.puzzles.sudoku.type import orbits as orbits_of
from bookgen.solve.engine import compiled, grid_of
from bookgen.solve.grader import grade
from bookgen.solve.result import Outcome


@pytest.mark.parametrize(("size", "level", "symmetry"), [(6, "medium", "mirror"), (6, "easy", "rotational"),
                                                         (9, "beginner", "none"), (9, "hard", "rotational")])
def test_the_engines_puzzle_is_exactly_at_the_level_with_givens_in_range(size: int, level: str, symmetry: str) -> None:
    base = structure(size)
    target = target_for(base, level)
    index = base.index
    orbits = [[index[c] for c in o] for o in orbits_of(size, symmetry, random.Random(1))]
    found, drawn = compiled(base).aim_plain(target.levels, target.level, target.floor, target.ceiling, orbits, 7, 10_000)
    assert found is not None and 1 <= drawn <= 10_000
    solution = grid_of(base, found[0])
    givens = {base.cells[i]: solution[base.cells[i][0]][base.cells[i][1]] for i in found[1]}
    graded = grade(base.with_givens(givens), target.levels, None)
    assert graded.outcome is Outcome.SOLVED and graded.level == LEVEL_NAMES.index(level)
    assert target.fits(len(givens))
    # Orbits come and go whole: the givens keep the symmetry.
    assert all(all(base.cells[i] in givens for i in o) or not any(base.cells[i] in givens for i in o) for o in orbits)


def test_the_type_aims_only_classic_puzzles_in_the_engine() -> None:
    base = structure(6)
    target = target_for(base, "medium")
    assert in_engine(base, target, True).aim is not None
    assert in_engine(base, target, False) is target


@pytest.mark.parametrize("symmetry", ["mirror", "rotational", "none"])
def test_a_classic_6x6_medium_is_medium_certified_and_the_same_for_the_same_seed(symmetry: str) -> None:
    params = Params(size=6, difficulty="medium", symmetry=symmetry)
    first = PUZZLE_TYPE.generate(params, random.Random(3), Budget(60))
    again = PUZZLE_TYPE.generate(params, random.Random(3), Budget(60))
    assert first.board == again.board and first.solution == again.solution
    assert PUZZLE_TYPE.certify(first) == []


def test_a_spent_budget_raises_generation_error() -> None:
    base = structure(6)
    with pytest.raises(GenerationError):
        aim_in_engine(base, target_for(base, "medium"), lambda r: orbits_of(6, "none", r), random.Random(0), Budget(0))


def test_orbits_that_do_not_cover_the_grid_are_refused() -> None:
    base = structure(6)
    target = target_for(base, "medium")
    with pytest.raises(EngineRequestError):
        compiled(base).aim_plain(target.levels, target.level, 0, None, [[0, 1]], 0, 1)
