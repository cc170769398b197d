"""Sliding-tile search: IDA* shortest against breadth-first search, whatever the heuristic;
timeouts, weighted and quick solutions."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import constructive as sliding_constructive

from bookgen.puzzles.sliding import patterns as sliding_patterns

from bookgen.puzzles.sliding import scramble as sliding_scramble

from bookgen.puzzles.sliding import search as sliding_search


GOALS_3X3 = [
    sliding_board.standard_goal(3, 3),
    sliding_board.standard_goal(3, 3, blank_first=True),
    (1, 2, 3, 4, 0, 5, 6, 7, 8),  # blank in the middle
    (8, 1, 3, 0, 4, 6, 2, 7, 5),  # an arbitrary goal
]


# Each goal costs a breadth-first search of the 181,440 positions: two are left out of make test-fast.
@pytest.mark.parametrize("goal", [goal if i < 2 else pytest.param(goal, marks=pytest.mark.slow)
                                  for i, goal in enumerate(GOALS_3X3)])
def test_ida_finds_shortest_solutions_for_any_goal(goal, bfs_distances, replay):
    distances = bfs_distances(goal, 3, 3)
    by_distance: dict[int, list] = {}
    for state, d in distances.items():
        by_distance.setdefault(d, []).append(state)
    rng = random.Random(11)
    for d in sorted(by_distance):
        for state in rng.sample(sorted(by_distance[d]), min(3, len(by_distance[d]))):
            found = sliding_search.solve_optimal(state, goal, 3)
            assert len(found.moves) == d
            assert replay(state, found.moves, 3) == goal


def test_ida_on_rectangles_matches_bfs(bfs_distances):
    for rows, cols in [(2, 4), (4, 2)]:
        goal = sliding_board.standard_goal(rows, cols)
        distances = bfs_distances(goal, rows, cols)
        rng = random.Random(rows)
        for state in rng.sample(sorted(distances), 60):
            assert len(sliding_search.solve_optimal(state, goal, cols).moves) == distances[state]


SMALL_PATTERNS = ((1, 2, 3, 4), (5, 6, 7, 8))  # 3×3, blank top-left


def test_ida_with_pattern_tables_finds_shortest_solutions(bfs_distances, replay):
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = [sliding_patterns.build_pattern_table(3, 3, p) for p in SMALL_PATTERNS]
    rng = random.Random(8)
    for state in rng.sample(sorted(distances), 150):
        labels, _ = sliding_search._ida_patterns(state, 0, 3, 3, SMALL_PATTERNS, tables, sliding_search._Clock(None))
        assert len(labels) == distances[state]
        assert replay(state, labels, 3) == goal


def test_first_shortest_path_is_the_same_whatever_the_heuristic(bfs_distances):
    """Generation relies on this: the scramble cut from a path never depends on the tables."""
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = [sliding_patterns.build_pattern_table(3, 3, p) for p in SMALL_PATTERNS]
    rng = random.Random(12)
    for state in rng.sample(sorted(distances), 100):
        with_tables, _ = sliding_search._ida_patterns(state, 0, 3, 3, SMALL_PATTERNS, tables, sliding_search._Clock(None))
        assert tuple(with_tables) == sliding_search.solve_optimal(state, goal, 3).moves


def test_search_gives_up_when_time_is_out():
    goal = sliding_board.standard_goal(5, 5)
    rng = random.Random(1)
    state, _ = sliding_scramble.random_walk(goal, 5, 120, rng)
    with pytest.raises(sliding_search.SearchTimeout):
        sliding_search.solve_optimal(state, goal, 5, expired=lambda: True)


@pytest.mark.parametrize("weight", [2, 4])
def test_weighted_search_solves_within_its_weight_of_shortest(eight_puzzle, weight, replay):
    goal, distances = eight_puzzle
    rng = random.Random(weight)
    for state in rng.sample(sorted(distances), 200):
        moves = sliding_search.solve_weighted(state, goal, 3, weight)
        assert replay(state, moves, 3) == goal
        assert distances[state] <= len(moves) <= weight * distances[state]


def test_quick_solution_is_verified_and_no_longer_than_the_constructive_one(replay):
    goal = sliding_board.standard_goal(5, 5)
    state, _ = sliding_scramble.random_walk(goal, 5, 200, random.Random(6))
    quick = sliding_search.solve_quickly(state, goal, 5, sliding_search.deadline_after(2.0))
    assert replay(state, quick, 5) == goal
    assert len(quick) <= len(sliding_constructive.constructive_solve(state, goal, 5))
