"""Sliding-tile scrambles: positions at an exact shortest distance from the goal.

Small boards are searched exhaustively (every position grouped by distance); larger
ones walk at random and cut the walk's optimal solution to length.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from bookgen.puzzles.sliding.board import BLANK, State, apply_moves, neighbours
from bookgen.puzzles.sliding.search import SearchTimeout, solve_optimal
from bookgen.solve.engine import DistanceLayers


# Boards with at most this many reachable positions are searched exhaustively (the 3×3
# has 181,440), so scrambles can be drawn uniformly from all positions at an exact
# distance. The engine can search boards of up to 9 cells whole.
EXHAUSTIVE_LIMIT = 200_000


def reachable_count(rows: int, cols: int) -> int:
    return math.factorial(rows * cols) // 2


@lru_cache(maxsize=4)
def distance_layers(goal: State, cols: int) -> DistanceLayers:
    """Every position reachable from `goal`, grouped by distance, each layer sorted.

    The engine's breadth-first search (engine/src/sliding/layers.rs), kept there: Python
    asks `len(layers)` (the longest distance + 1), `layers.size(d)`, `layers.position(d, k)`
    (the k-th of layer d, in the order of sorted tuples) and `layers.distance(state)`.
    The 3×3's take about 1.1 MiB (a rank a position, a byte a distance); four are kept.
    """
    return DistanceLayers(list(goal), len(goal) // cols, cols)


def random_walk(goal: State, cols: int, length: int, rng: random.Random) -> tuple[State, tuple[int, ...]]:
    """Where `length` random moves from the goal lead, never returning to a position,
    and the tiles moved (reversed, they solve it).

    Stops early in the (rare) case that every next position has been visited.
    """
    rows = len(goal) // cols
    near = neighbours(rows, cols)
    board = list(goal)
    hole = board.index(BLANK)
    seen = {goal}
    moved: list[int] = []
    for _ in range(length):
        options = []
        for cell in near[hole]:
            board[hole], board[cell] = board[cell], BLANK
            if tuple(board) not in seen:
                options.append(cell)
            board[cell], board[hole] = board[hole], BLANK
        if not options:
            break
        cell = rng.choice(options)
        moved.append(board[cell])
        board[hole], board[cell] = board[cell], BLANK
        hole = cell
        seen.add(tuple(board))
    return tuple(board), tuple(moved)


@dataclass(frozen=True)
class Scramble:
    """A start position and a shortest solution from it."""

    start: State
    moves: tuple[int, ...]  # a shortest solution: len(moves) is the exact distance


def scramble_at_distance(
    goal: State, cols: int, distance: int, rng: random.Random, expired: Callable[[], bool] | None = None
) -> Scramble:
    """A random position whose shortest solution is exactly `distance` moves.

    Small boards: drawn uniformly from every position at that distance. Larger boards: a
    random walk a little longer than `distance` (never revisiting a position), solved
    optimally; the positions along a shortest path are each exactly one move nearer,
    so the one `distance` moves from the goal is cut out of it. If the walk fell short
    (its shortest solution is under `distance`), a longer walk is tried.

    Uses only `rng` for chance; the result is the same on any machine, whatever the
    tables available (see the module docstring). SearchTimeout once `expired()`.
    """
    rows = len(goal) // cols
    if reachable_count(rows, cols) <= EXHAUSTIVE_LIMIT:
        layers = distance_layers(goal, cols)
        if distance >= len(layers):
            raise ValueError(f"no {rows}×{cols} position is {distance} moves from the goal (most: {len(layers) - 1})")
        # `rng.choice` of the indices draws the index `rng.choice` of the layer's tuple
        # would: the same position from the same seed, without making the tuple.
        start = layers.position(distance, rng.choice(range(layers.size(distance))))
        return Scramble(start, solve_optimal(start, goal, cols, expired).moves)
    step = max(2, distance // 4)
    extra = step
    while True:
        if expired is not None and expired():
            raise SearchTimeout
        walked, _ = random_walk(goal, cols, distance + extra, rng)
        path = solve_optimal(walked, goal, cols, expired).moves
        if len(path) >= distance:
            cut = len(path) - distance
            return Scramble(apply_moves(walked, path[:cut], cols), path[cut:])
        extra += step
