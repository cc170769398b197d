"""Levels that mean a technique (issue 34, item 12): every sudoku-family puzzle made at
level L needs a technique first introduced at L (the grader's log names one, and the
techniques below L do not solve it), whatever its givens; and a greater-than puzzle's
signs are needed (without them its givens are not unique-and-solved at its level)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku import samurai
from bookgen.puzzles.sudoku.targets import signs_needed
from bookgen.puzzles.sudoku.type import LEVELS, PUZZLE_TYPE, Params, structure
from bookgen.solve.grader import grade, needs_level, needs_technique
from bookgen.solve.result import Outcome
from bookgen.solve.search import count_solutions

NAMES = [level.name for level in LEVELS]
FAST = [("classic", 6), ("classic", 9), ("x", 6), ("jigsaw", 6), ("toroidal", 6), ("greater-than", 6),
        ("greater-than", 9)]
SLOW = [("classic", 8), ("classic", 12), ("x", 9), ("hyper", 9), ("jigsaw", 9), ("toroidal", 9)]


def made(variant: str, size: int, level: str, seed: int):
    params = Params(size=size, difficulty=level, variant=variant)
    PUZZLE_TYPE.validate(params)
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(120))


def assert_needs_its_level(model, level: str) -> None:
    index = NAMES.index(level)
    graded = grade(model, LEVELS)
    new = {t.name for t in LEVELS[index].techniques}
    assert graded.outcome is Outcome.SOLVED and graded.level == index
    assert new & set(graded.used), f"{level}: the grader's log {graded.used} names none of {sorted(new)}"
    assert needs_level(model, LEVELS, index)
    if index:
        assert grade(model, LEVELS, index - 1).outcome is Outcome.UNFINISHED


@pytest.mark.parametrize("variant,size", FAST)
@pytest.mark.parametrize("level", ["beginner", "easy", "medium"])
def test_a_puzzle_of_each_level_needs_a_technique_of_that_level(variant: str, size: int, level: str):
    for seed in (1, 2):
        assert_needs_its_level(made(variant, size, level, seed).board, level)


@pytest.mark.slow
@pytest.mark.parametrize("variant,size", FAST + SLOW)
@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_every_variant_s_harder_levels_need_a_technique_of_their_own(variant: str, size: int, level: str):
    for seed in (3, 4):
        assert_needs_its_level(made(variant, size, level, seed).board, level)


def test_an_easy_samurai_needs_an_easy_technique():
    puzzle = samurai.PUZZLE_TYPE.generate(samurai.Params(difficulty="easy"), random.Random(5), Budget(120))
    assert_needs_its_level(puzzle.board, "easy")


@pytest.mark.parametrize("size,level", [(4, "beginner"), (6, "beginner"), (6, "easy"), (9, "beginner"),
                                        (9, "easy"), (6, "medium")])
def test_a_greater_than_puzzle_without_its_signs_is_not_unique_and_easy(size: int, level: str):
    for seed in (5, 6, 7):
        model = made("greater-than", size, level, seed).board
        bare = dataclasses.replace(model, inequalities=())
        unique = count_solutions(bare).count == 1
        assert not (unique and grade(bare, LEVELS, NAMES.index(level)).outcome is Outcome.SOLVED)
        assert signs_needed(model, NAMES.index(level))


def test_certify_refuses_a_greater_than_puzzle_whose_signs_are_not_needed():
    puzzle = made("greater-than", 6, "beginner", 1)
    # All but the first square of each 2x3 box: the last square of a box is a full house.
    given = {(r, c): puzzle.solution[r][c] for r in range(6) for c in range(6) if r % 2 or c % 3}
    generous = dataclasses.replace(puzzle, board=puzzle.board.with_givens(given))
    assert grade(dataclasses.replace(generous.board, inequalities=()), LEVELS, 0).outcome is Outcome.SOLVED
    assert any("signs are not needed" in problem for problem in PUZZLE_TYPE.certify(generous))
    assert PUZZLE_TYPE.certify(puzzle) == []


# A 9x9 whose first step past cross-hatching is a naked single (a classic test grid).
NAKED = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_needs_technique_says_whether_a_technique_has_a_way_round_it():
    model = structure(9).with_givens({(i // 9, i % 9): int(ch) for i, ch in enumerate(NAKED) if ch != "."})
    graded = grade(model, LEVELS)
    assert graded.outcome is Outcome.SOLVED
    for name in ("full house", "X-chain"):
        assert not needs_technique(model, LEVELS, name)
    used_at_top = [t.name for t in LEVELS[graded.level].techniques if t.name in graded.used]
    assert any(needs_technique(model, LEVELS, name) for name in used_at_top) or graded.level == 0
