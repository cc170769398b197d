"""Tredoku's own aim at hard and expert (bookgen.puzzles.tredoku.generate): a puzzle is
exactly at its level and unique, the same from one seed, and an empty budget is refused."""

from __future__ import annotations

import random

import pytest

from bookgen.errors import GenerationError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.type import LEVELS
from bookgen.puzzles.tredoku import figures
from bookgen.puzzles.tredoku.generate import repaired_at_level
from bookgen.puzzles.tredoku.type import LEVEL_NAMES, REPAIRED_FROM, generate_tredoku
from bookgen.solve.grader import needs_level
from bookgen.solve.search import count_solutions


@pytest.mark.parametrize("figure, level", [("star", "hard"), ("staircase", "expert"), ("block", "hard")])
def test_a_repaired_puzzle_needs_exactly_its_level_and_has_one_solution(figure: str, level: str):
    model, solution = generate_tredoku(figure, level, random.Random(3), Budget(60))
    assert needs_level(model, LEVELS, LEVEL_NAMES.index(level))
    count = count_solutions(model, limit=2)
    assert count.count == 1 and count.solutions[0] == solution
    assert all(solution[r][c] == v for r, c, v in model.givens)


def test_hard_and_expert_are_made_by_the_tredokus_own_aim_and_the_rest_by_the_familys():
    assert LEVEL_NAMES[REPAIRED_FROM:] == ("hard", "expert")


def test_one_seed_makes_one_puzzle():
    made = [generate_tredoku("star", "expert", random.Random(8), Budget(60)) for _ in range(2)]
    assert made[0] == made[1]


def test_an_empty_budget_is_refused_as_a_generation_error():
    with pytest.raises(GenerationError, match="within the budget"):
        repaired_at_level(figures.structure("star"), LEVELS, LEVEL_NAMES.index("expert"), random.Random(1),
                          Budget(-1))
