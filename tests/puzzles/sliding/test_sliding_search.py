"""Sliding-tile search: IDA* shortest against breadth-first search, whatever the heuristic;
timeouts, signals, weighted and quick solutions."""

from __future__ import annotations

import random
import time

import pytest

from bookgen.solve.engine import sliding_search as engine_search
from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import constructive as sliding_constructive

from bookgen.puzzles.sliding import patterns as sliding_patterns

from bookgen.puzzles.sliding import scramble as sliding_scramble

from bookgen.puzzles.sliding import search as sliding_search
from bookgen.stopping import OutOfTime, time_limit


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
    goal = sliding_board.standard_goal(3, 3, blank_first=True)  # labels are the tiles themselves
    distances = bfs_distances(goal, 3, 3)
    tables = sliding_patterns.pattern_tables(3, 3, 0, SMALL_PATTERNS)
    rng = random.Random(8)
    for state in rng.sample(sorted(distances), 150):
        labels, _ = engine_search(list(state), 3, 3, 0, 1, tables)
        assert len(labels) == distances[state]
        assert replay(state, labels, 3) == goal


def test_first_shortest_path_is_the_same_whatever_the_heuristic(bfs_distances):
    """Generation relies on this: the scramble cut from a path never depends on the tables."""
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = sliding_patterns.pattern_tables(3, 3, 0, SMALL_PATTERNS)
    rng = random.Random(12)
    for state in rng.sample(sorted(distances), 100):
        with_tables, _ = engine_search(list(state), 3, 3, 0, 1, tables)
        assert tuple(with_tables) == sliding_search.solve_optimal(state, goal, 3).moves


# The 4×4's tables take seconds to build the first time in a process.
@pytest.mark.slow
@pytest.mark.parametrize("blank_first", [False, True])
def test_fifteen_puzzle_tables_find_the_path_manhattan_finds(blank_first, replay):
    goal = sliding_board.standard_goal(4, 4, blank_first=blank_first)
    rng = random.Random(15)
    for distance in (20, 30, 36, 40):
        scramble = sliding_scramble.scramble_at_distance(goal, 4, distance, rng)
        frame = sliding_board.label_frame(scramble.start, goal, 4, 4)
        tables = sliding_patterns.pattern_tables(4, 4, frame.blank)
        with_tables, _ = engine_search(list(frame.perm), 4, 4, frame.blank, 1, tables)
        without, _ = engine_search(list(frame.perm), 4, 4, frame.blank, 1, None)
        assert with_tables == without and len(without) == distance
        moves = tuple(frame.tile_of_label[t] for t in without)
        assert moves == scramble.moves and replay(scramble.start, moves, 4) == goal


def test_search_gives_up_when_time_is_out():
    goal = sliding_board.standard_goal(5, 5)
    rng = random.Random(1)
    state, _ = sliding_scramble.random_walk(goal, 5, 120, rng)
    with pytest.raises(sliding_search.SearchTimeout):
        sliding_search.solve_optimal(state, goal, 5, expired=lambda: True)


def _hopeless_search() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A 5×5 position 300 random moves out: proving its shortest solution takes hours."""
    goal = sliding_board.standard_goal(5, 5)
    return sliding_scramble.random_walk(goal, 5, 300, random.Random(1))[0], goal


def test_a_signal_during_a_search_raises_at_once():
    """The engine runs Python's signal handlers as it searches: bookgen solve's alarm
    (and so Ctrl-C and SIGTERM) stop it as they stop Python code."""
    state, goal = _hopeless_search()
    began = time.monotonic()
    with pytest.raises(OutOfTime, match="stopped"):
        with time_limit(0.2, "stopped"):
            sliding_search.solve_optimal(state, goal, 5)
    assert time.monotonic() - began < 2.0


def test_an_error_in_the_deadline_check_comes_through():
    state, goal = _hopeless_search()

    def broken() -> bool:
        raise ZeroDivisionError("from expired()")

    with pytest.raises(ZeroDivisionError, match="from expired"):
        sliding_search.solve_optimal(state, goal, 5, expired=broken)


def test_a_deadline_stops_a_search_within_milliseconds():
    state, goal = _hopeless_search()
    began = time.monotonic()
    with pytest.raises(sliding_search.SearchTimeout):
        sliding_search.solve_optimal(state, goal, 5, expired=sliding_search.deadline_after(0.1))
    assert time.monotonic() - began < 1.0


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


def test_tables_of_some_tiles_only_cannot_guide_a_search():
    """A sum of 0 over a partial partition is no proof of the goal: the engine refuses."""
    tables = sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)])
    with pytest.raises(ValueError, match="covering every tile"):
        engine_search([0, 1, 2, 3, 5, 4, 6, 7, 8], 3, 3, 0, 1, tables)
