"""Constructive sliding-tile solving reaches any goal; cycles cut out of move lists."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import constructive as sliding_constructive


@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 3), (4, 4), (5, 5), pytest.param(6, 6, marks=pytest.mark.slow),
                                       (3, 5), (6, 2), (2, 6), (4, 6)])
def test_constructive_solution_reaches_any_goal(rows, cols, replay):
    rng = random.Random(rows * 10 + cols)
    for _ in range(4):
        goal = list(range(rows * cols))
        rng.shuffle(goal)
        start = list(goal)
        rng.shuffle(start)
        if not sliding_board.is_solvable(start, goal, cols):
            start[-1], start[-2] = start[-2], start[-1]
            if 0 in start[-2:]:
                start[0], start[1] = start[1], start[0]
        assert sliding_board.is_solvable(start, goal, cols)
        moves = sliding_constructive.constructive_solve(tuple(start), tuple(goal), cols)
        assert replay(start, moves, cols) == tuple(goal)


def test_remove_cycles_cuts_returns_and_keeps_the_destination(replay):
    start = sliding_board.standard_goal(3, 3)
    moves = [8, 5, 5, 8, 6, 3, 2, 2, 3]  # back-and-forth detours
    shorter = sliding_constructive.remove_cycles(start, moves, 3)
    assert len(shorter) < len(moves)
    assert replay(start, shorter, 3) == replay(start, moves, 3)
