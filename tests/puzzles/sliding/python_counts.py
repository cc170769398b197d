"""The pure-Python searches the engine replaced for the answer key's count of shortest
solutions and the small boards' distance layers (bookgen._engine's SlidingLayers and
sliding_count_shortest; engine/src/sliding/layers.rs, count.rs), kept only as the
reference test_sliding_counts.py compares the engine with. It goes with that test.

`distance_layers` is scramble.py's breadth-first search as it was; `count_shortest` and
`counted` are shortest.py's memoised depth-first count, bounded by the exact distance
on small boards and by the Manhattan distance with a budget of remembered counts on
larger ones.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from bookgen.puzzles.sliding.board import BLANK, State, neighbours

EXHAUSTIVE_LIMIT = 200_000
COUNT_BUDGET = 10_000


def reachable_count(rows: int, cols: int) -> int:
    return math.factorial(rows * cols) // 2


@lru_cache(maxsize=4)
def distance_layers(goal: State, cols: int) -> tuple[tuple[State, ...], ...]:
    """Every position reachable from `goal`, grouped by distance, each layer sorted."""
    rows = len(goal) // cols
    near = neighbours(rows, cols)
    seen = {goal}
    layers = [[goal]]
    while True:
        nxt = []
        for state in layers[-1]:
            hole = state.index(BLANK)
            for cell in near[hole]:
                board = list(state)
                board[hole], board[cell] = board[cell], BLANK
                moved = tuple(board)
                if moved not in seen:
                    seen.add(moved)
                    nxt.append(moved)
        if not nxt:
            break
        layers.append(nxt)
    return tuple(tuple(sorted(layer)) for layer in layers)


class _OutOfBudget(Exception):
    pass


@lru_cache(maxsize=4)
def _distances(goal: State, cols: int) -> dict[State, int]:
    return {state: d for d, layer in enumerate(distance_layers(goal, cols)) for state in layer}


def manhattan(goal: State, cols: int) -> Callable[[State], int]:
    home = {tile: divmod(cell, cols) for cell, tile in enumerate(goal)}

    def bound(state: State) -> int:
        total = 0
        for cell, tile in enumerate(state):
            if tile != BLANK:
                r, c = home[tile]
                total += abs(cell // cols - r) + abs(cell % cols - c)
        return total

    return bound


def count_shortest(start: State, goal: State, cols: int, length: int, budget: int = COUNT_BUDGET) -> int | None:
    rows = len(start) // cols
    if reachable_count(rows, cols) <= EXHAUSTIVE_LIMIT:
        return counted(start, goal, cols, length, _distances(goal, cols).__getitem__, None)
    return counted(start, goal, cols, length, manhattan(goal, cols), budget)


def counted(start: State, goal: State, cols: int, length: int, bound: Callable[[State], int],
            budget: int | None) -> int | None:
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
