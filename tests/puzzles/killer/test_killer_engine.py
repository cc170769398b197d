"""The engine's killer grader grades exactly as the Python one, while both exist: the
differential check of killer_differential.py, on fewer boards (the script runs thousands)."""

from __future__ import annotations

import random

import pytest

import killer_differential as diff


def test_the_legacy_ladder_names_the_types_techniques_level_for_level():
    assert diff.same_ladders()


@pytest.mark.slow
@pytest.mark.parametrize("size, level, more", [(4, "easy", {}), (6, "medium", {"givens": 8}), (6, "expert", {}),
                                               (9, "hard", {"max_cage": 4})])
def test_every_board_the_generator_grades_gets_the_same_grade_and_marks_from_both(size, level, more, monkeypatch):
    monkeypatch.setattr(diff, "CASES", ((size, level, more),))
    tally = diff.Tally()
    made = diff.run_generation(1, tally, every=5)
    assert made and tally.comparisons > 20
    assert not tally.mismatches, tally.mismatches[:3]


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 6, 9])
def test_perturbed_and_random_boards_get_the_same_steps_from_both(n):
    tally = diff.Tally()
    for seed in range(4):
        model, solution = diff.random_killer(seed, n)
        for how, variant in diff.perturbed(model, solution, random.Random(seed)):
            diff.compare_model(variant, tally, f"random {n}x{n} seed {seed}, {how}")
    assert tally.boards >= 20
    assert not tally.mismatches, tally.mismatches[:3]
