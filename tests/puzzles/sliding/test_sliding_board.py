"""Sliding-tile boards: the parity rule against breadth-first search, and moves."""

from __future__ import annotations

import itertools
import random

import pytest

from bookgen.puzzles.sliding import board as sliding_board


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), pytest.param(3, 3, marks=pytest.mark.slow)])
def test_parity_rule_agrees_with_bfs_over_every_state(rows, cols, bfs_distances):
    goals = [sliding_board.standard_goal(rows, cols), sliding_board.standard_goal(rows, cols, True)]
    rng = random.Random(5)
    shuffled = list(range(rows * cols))
    rng.shuffle(shuffled)
    goals.append(tuple(shuffled))
    for goal in goals:
        reachable = bfs_distances(goal, rows, cols)
        for state in itertools.permutations(range(rows * cols)):
            assert sliding_board.is_solvable(state, goal, cols) == (state in reachable), (state, goal)


def test_parity_rule_on_even_width_needs_the_blank_row():
    goal = sliding_board.standard_goal(4, 4)
    one_row_up = sliding_board.apply_moves(goal, [12], 4)  # blank up one row: solvable
    assert sliding_board.is_solvable(one_row_up, goal, 4)
    swapped = list(goal)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not sliding_board.is_solvable(tuple(swapped), goal, 4)


def test_apply_moves_refuses_a_tile_away_from_the_blank():
    with pytest.raises(ValueError):
        sliding_board.apply_moves(sliding_board.standard_goal(3, 3), [1], 3)
