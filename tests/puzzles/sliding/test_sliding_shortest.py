"""Counting a sliding puzzle's shortest solutions, for the answer key."""

from __future__ import annotations

import random
import signal
import time

import pytest

from bookgen.solve.engine import count_shortest as sliding_count_shortest
from bookgen.puzzles.sliding.board import standard_goal
from bookgen.puzzles.sliding.scramble import distance_layers, random_walk, scramble_at_distance
from bookgen.puzzles.sliding.search import lower_bound
from bookgen.puzzles.sliding.shortest import count_shortest


def drawn(goal, cols, distance, rng):
    """A position drawn at random from those `distance` moves from `goal`."""
    layers = distance_layers(goal, cols)
    return layers.position(distance, rng.randrange(layers.size(distance)))


def every_sequence(start, goal, cols, length) -> int:
    """Brute force: every sequence of `length` moves from `start`, counted where it ends at
    the goal (a move straight back is allowed: a shortest path never takes one)."""
    rows = len(start) // cols

    def walk(state, left):
        if left == 0:
            return int(state == goal)
        hole = state.index(0)
        r, c = divmod(hole, cols)
        total = 0
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < rows and 0 <= nc < cols:
                board = list(state)
                board[hole], board[nr * cols + nc] = board[nr * cols + nc], 0
                total += walk(tuple(board), left - 1)
        return total

    return walk(tuple(start), length)


@pytest.mark.parametrize("rows, cols, distance", [(3, 3, 6), (3, 3, 9), (2, 3, 10), (2, 4, 9), (3, 3, 11)])
def test_the_count_is_every_move_sequence_of_the_shortest_length(rows, cols, distance):
    goal = standard_goal(rows, cols)
    for seed in range(3):
        start = drawn(goal, cols, distance, random.Random(seed))
        assert count_shortest(start, goal, cols, distance) == every_sequence(start, goal, cols, distance)


def test_a_count_by_bfs_distances_matches_the_layers_on_the_8_puzzle(eight_puzzle):
    goal, dist = eight_puzzle

    def ways(state):  # the conftest's own BFS table, walked down a layer at a time
        if state == goal:
            return 1
        hole = state.index(0)
        r, c = divmod(hole, 3)
        total = 0
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < 3 and 0 <= nc < 3:
                board = list(state)
                board[hole], board[nr * 3 + nc] = board[nr * 3 + nc], 0
                if dist[tuple(board)] == dist[state] - 1:
                    total += ways(tuple(board))
        return total

    rng = random.Random(7)
    for distance in (14, 20, 26, 31):
        start = drawn(goal, 3, distance, rng)
        assert count_shortest(start, goal, 3, distance) == ways(start)


def test_the_manhattan_bounded_search_counts_as_the_exact_one_does():
    goal = standard_goal(3, 3)
    rng = random.Random(3)
    for distance in (8, 16, 22):
        start = drawn(goal, 3, distance, rng)
        by_manhattan = sliding_count_shortest(list(start), list(goal), 3, 3, distance)  # no layers, no budget
        assert by_manhattan == count_shortest(start, goal, 3, distance)


def test_a_large_board_counts_within_its_budget_or_says_it_does_not_know():
    goal = standard_goal(4, 4)
    scramble = scramble_at_distance(goal, 4, 14, random.Random(2))
    known = count_shortest(scramble.start, goal, 4, len(scramble.moves))
    assert known is not None and known >= 1
    assert count_shortest(scramble.start, goal, 4, len(scramble.moves), budget=3) is None


class _Alarm(Exception):
    pass


def test_a_long_count_stops_when_a_signal_handler_raises():
    """The engine runs Python's signal handlers as it counts (Ctrl-C, `bookgen solve`'s
    alarm): a count far too long to finish stops with the handler's exception."""
    goal = standard_goal(5, 5)
    start, _ = random_walk(goal, 5, 200, random.Random(1))
    slack = lower_bound(start, goal, 5) + 30  # 30 moves more than the bound: far too many paths

    def alarm(*_):
        raise _Alarm

    previous = signal.signal(signal.SIGALRM, alarm)
    began = time.monotonic()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(_Alarm):
            sliding_count_shortest(list(start), list(goal), 5, 5, slack)  # no budget
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - began < 5
