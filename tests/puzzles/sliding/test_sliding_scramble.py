"""Sliding-tile scrambles: exactly at the distance asked, deterministic; random walks."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import scramble as sliding_scramble

from bookgen.puzzles.sliding import search as sliding_search


@pytest.mark.parametrize("distance", [0, 1, 7, 19, 31])
def test_small_board_scramble_is_exactly_at_distance(eight_puzzle, distance, replay):
    goal, distances = eight_puzzle
    for seed in range(3):
        scramble = sliding_scramble.scramble_at_distance(goal, 3, distance, random.Random(seed))
        assert distances[scramble.start] == distance == len(scramble.moves)
        assert replay(scramble.start, scramble.moves, 3) == goal


def test_large_board_scramble_is_at_distance_and_deterministic(replay):
    goal = sliding_board.standard_goal(3, 4)
    first = sliding_scramble.scramble_at_distance(goal, 4, 22, random.Random(9))
    again = sliding_scramble.scramble_at_distance(goal, 4, 22, random.Random(9))
    assert first == again
    assert len(first.moves) == 22 == len(sliding_search.solve_optimal(first.start, goal, 4).moves)
    assert replay(first.start, first.moves, 4) == goal


def test_random_walk_never_revisits_and_its_reverse_solves(replay):
    goal = sliding_board.standard_goal(4, 4)
    state, moved = sliding_scramble.random_walk(goal, 4, 40, random.Random(3))
    assert len(moved) == 40
    assert replay(state, tuple(reversed(moved)), 4) == goal
    seen = {goal}
    board = goal
    for tile in moved:
        board = replay(board, [tile], 4)
        assert board not in seen
        seen.add(board)
