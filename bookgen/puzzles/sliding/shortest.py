"""How many different shortest solutions a sliding puzzle has, so the answer key can
tell a child whose equally short answer differs from the printed one that theirs is
right too.

A path of the shortest length L never revisits a position, and a position on it is
always as many moves from the start as it is on any other such path, so the shortest
solutions are counted by a search that only goes where a lower bound on the distance
left still fits, remembering the count from each (position, moves left). On boards
searched exhaustively (rules: the 3×3 and smaller) the bound is the exact distance, so
only positions on shortest paths are visited and the count is always exact and quick.
On larger boards the bound is the Manhattan distance and the search stops after
COUNT_BUDGET positions: the count is then not known, and the key does not claim one.
The budget counts positions, not seconds, so a book says the same on every machine.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from bookgen.puzzles.sliding.board import BLANK, State, neighbours
from bookgen.puzzles.sliding.scramble import EXHAUSTIVE_LIMIT, distance_layers, reachable_count

# Positions a count may visit on a board too big to search whole: under half a second in
# pure Python at most; most easy and medium 15-puzzles finish well within it.
COUNT_BUDGET = 10_000


class _OutOfBudget(Exception):
    pass


@lru_cache(maxsize=4)
def _distances(goal: State, cols: int) -> dict[State, int]:
    """Every position's exact distance from `goal` (small boards only)."""
    return {state: d for d, layer in enumerate(distance_layers(goal, cols)) for state in layer}


def _manhattan(goal: State, cols: int) -> Callable[[State], int]:
    home = {tile: divmod(cell, cols) for cell, tile in enumerate(goal)}

    def bound(state: State) -> int:
        total = 0
        for cell, tile in enumerate(state):
            if tile != BLANK:
                r, c = home[tile]
                total += abs(cell // cols - r) + abs(cell % cols - c)
        return total

    return bound


@lru_cache(maxsize=256)
def count_shortest(start: State, goal: State, cols: int, length: int, budget: int = COUNT_BUDGET) -> int | None:
    """How many different move sequences of `length` moves (the shortest) take `start`
    to `goal`; None when a larger board's count did not finish within `budget`."""
    rows = len(start) // cols
    if reachable_count(rows, cols) <= EXHAUSTIVE_LIMIT:
        return counted(start, goal, cols, length, _distances(goal, cols).__getitem__, None)
    return counted(start, goal, cols, length, _manhattan(goal, cols), budget)


def counted(start: State, goal: State, cols: int, length: int, bound: Callable[[State], int],
            budget: int | None) -> int | None:
    """The count, searching only where `bound` (a lower bound on a position's distance
    to the goal) leaves room; None when more than `budget` positions were needed."""
    near = neighbours(len(start) // cols, cols)
    known: dict[tuple[State, int], int] = {}

    def ways(state: State, left: int) -> int:
        if left == 0:
            return 1 if state == goal else 0
        if (state, left) in known:
            return known[(state, left)]
        if budget is not None and len(known) >= budget:
            raise _OutOfBudget
        hole = state.index(BLANK)
        total = 0
        for cell in near[hole]:
            board = list(state)
            board[hole], board[cell] = board[cell], BLANK
            moved = tuple(board)
            if bound(moved) <= left - 1:
                total += ways(moved, left - 1)
        known[(state, left)] = total
        return total

    try:
        return ways(tuple(start), length)
    except _OutOfBudget:
        return None
