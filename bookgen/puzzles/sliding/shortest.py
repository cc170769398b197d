"""How many different shortest solutions a sliding puzzle has, so the answer key can
tell a child whose equally short answer differs from the printed one that theirs is
right too.

A path of the shortest length L never revisits a position, and a position on it is
always as many moves from the start as it is on any other such path, so the shortest
solutions are counted by a search that only goes where a lower bound on the distance
left still fits, remembering the count from each (position, moves left). On boards
searched exhaustively (rules: the 3×3 and smaller) the bound is the exact distance from
the board's layers, so only positions on shortest paths are visited and the count is
always exact and quick. On larger boards the bound is the Manhattan distance and the
search stops once COUNT_BUDGET counts are remembered and another position is needed:
the count is then not known, and the key does not claim one. The budget counts
positions, not seconds, so a book says the same on every machine.

The search is the engine's (engine/src/sliding/count.rs); it releases Python's lock
while it counts and runs the signal handlers every 65,536 positions.
"""

from __future__ import annotations

from functools import lru_cache

from bookgen.puzzles.sliding.board import State
from bookgen.puzzles.sliding.scramble import EXHAUSTIVE_LIMIT, distance_layers, reachable_count
from bookgen.solve.engine import count_shortest as engine_count

# Counts a count may remember on a board too big to search whole: most easy and medium
# 15-puzzles finish well within it. Changing it changes which keys print a count.
COUNT_BUDGET = 10_000


@lru_cache(maxsize=256)
def count_shortest(start: State, goal: State, cols: int, length: int, budget: int = COUNT_BUDGET) -> int | None:
    """How many different move sequences of `length` moves (the shortest) take `start`
    to `goal`; None when a larger board's count did not finish within `budget`."""
    rows = len(start) // cols
    if reachable_count(rows, cols) <= EXHAUSTIVE_LIMIT:
        return engine_count(list(start), list(goal), rows, cols, length, layers=distance_layers(tuple(goal), cols))
    return engine_count(list(start), list(goal), rows, cols, length, budget)
