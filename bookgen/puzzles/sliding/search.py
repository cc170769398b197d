"""Optimal and weighted search for sliding-tile puzzles: IDA* over the heuristics.

Optimal search is IDA* (iterative deepening on f = g + h) with a fixed child order, so
the first solution found in the last iteration is the lexicographically first shortest
path whatever admissible heuristic prunes the tree: the answer depends on the position
only, never on which heuristic or tables happened to be available.

Heuristics: Manhattan distance plus linear conflict on every board
(`sliding_heuristics`), and on the 4×4 a 6-6-3 additive pattern database
(`sliding_patterns`). Positions, moves and the label frame searched in are in
`sliding_board`; the constructive fallback in `sliding_constructive`.

Measured on a 2-core machine, pure Python: IDA* expands about 1.4 million nodes a
second, and `bench/sliding_korf.py` solves 89 of Korf's 100 instances within its 600 s
budget, every length equal to the published optimum, median 1.8 s each.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from bookgen.puzzles.sliding.board import State, label_frame, neighbours
from bookgen.puzzles.sliding.constructive import constructive_solve
from bookgen.puzzles.sliding.heuristics import ManhattanConflict
from bookgen.puzzles.sliding.patterns import pattern_partition, pattern_table


class SearchTimeout(Exception):
    """The deadline passed before the optimal search finished."""


class _Clock:
    """Asks `expired()` every 65,536 nodes (a few hundredths of a second)."""

    def __init__(self, expired: Callable[[], bool] | None) -> None:
        self.expired = expired

    def check(self) -> None:
        if self.expired is not None and self.expired():
            raise SearchTimeout


def deadline_after(seconds: float | None) -> Callable[[], bool] | None:
    """An `expired` test for a wall-clock limit (None: no limit)."""
    if seconds is None:
        return None
    deadline = time.monotonic() + seconds
    return lambda: time.monotonic() > deadline


def _ida_manhattan(
    perm: State, blank: int, rows: int, cols: int, clock: _Clock, weight: int = 1
) -> tuple[list[int], int]:
    """Optimal labels path by IDA* with Manhattan distance + linear conflict (× weight)."""
    heur = ManhattanConflict.build(rows, cols, blank, weight)
    n = rows * cols
    near = neighbours(rows, cols)
    md_step, line, code_step, tables = heur.md_step, heur.line, heur.code_step, heur.line_tables
    shift_line, shift_step = heur.shift_line, heur.shift_step
    board = list(perm)
    codes = heur.codes(board)
    path: list[int] = []
    nodes = 0

    def dfs(hole: int, came_from: int, g: int, h: int, bound: int) -> int:
        """Returns −1 when solved, else the smallest f that exceeded the bound."""
        nonlocal nodes
        nodes += 1
        if not nodes & 0xFFFF:
            clock.check()
        smallest = 1 << 30
        g1 = g + 1
        for cell in near[hole]:
            if cell == came_from:
                continue
            t = board[cell]
            k = (t * n + cell) * n + hole
            h1 = h + md_step[k]
            ln = line[k]
            if ln >= 0:
                old = codes[ln]
                new = old + code_step[k]
                table = tables[ln]
                h1 += table[new] - table[old]
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            board[hole] = t
            board[cell] = blank
            if ln >= 0:
                codes[ln] = new
            sl = shift_line[k]
            if sl >= 0:
                codes[sl] += shift_step[k]
            path.append(t)
            if h1 == 0:
                return -1
            found = dfs(cell, hole, g1, h1, bound)
            if found < 0:
                return -1
            if found < smallest:
                smallest = found
            path.pop()
            board[cell] = t
            board[hole] = blank
            if ln >= 0:
                codes[ln] = old
            if sl >= 0:
                codes[sl] -= shift_step[k]
        return smallest

    h0 = heur.value(board)
    if h0 == 0:
        return [], 0
    bound = h0
    hole = board.index(blank)
    while True:
        found = dfs(hole, -1, 0, h0, bound)
        if found < 0:
            return path, nodes
        bound = found


def _ida_patterns(
    perm: State, blank: int, rows: int, cols: int, patterns: Sequence[Sequence[int]], tables: Sequence[bytes], clock: _Clock
) -> tuple[list[int], int]:
    """Optimal labels path by IDA* with additive pattern databases.

    Each pattern keeps a running sparse index; a move changes one term of one index, so
    the heuristic is updated with two table reads.
    """
    n = rows * cols
    near = neighbours(rows, cols)
    group_of = [-1] * n
    weight = [0] * n
    for g, pattern in enumerate(patterns):
        for i, label in enumerate(pattern):
            group_of[label] = g
            weight[label] = n ** (len(pattern) - 1 - i)
    board = list(perm)
    where = {label: cell for cell, label in enumerate(board)}
    index = [sum(where[label] * weight[label] for label in pattern) for pattern in patterns]
    # Each label's own table, so the inner loop does one list lookup instead of two.
    table_of = [tables[group_of[t]] if group_of[t] >= 0 else b"" for t in range(n)]
    path: list[int] = []
    nodes = 0

    def dfs(hole: int, came_from: int, g: int, h: int, bound: int) -> int:
        nonlocal nodes
        nodes += 1
        if not nodes & 0xFFFF:
            clock.check()
        smallest = 1 << 30
        g1 = g + 1
        for cell in near[hole]:
            if cell == came_from:
                continue
            t = board[cell]
            grp = group_of[t]
            old = index[grp]
            new = old + (hole - cell) * weight[t]
            table = table_of[t]
            h1 = h - table[old] + table[new]
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            board[hole] = t
            board[cell] = blank
            index[grp] = new
            path.append(t)
            if h1 == 0:
                return -1
            found = dfs(cell, hole, g1, h1, bound)
            if found < 0:
                return -1
            if found < smallest:
                smallest = found
            path.pop()
            board[cell] = t
            board[hole] = blank
            index[grp] = old
        return smallest

    h0 = sum(table[i] for table, i in zip(tables, index))
    if h0 == 0:
        return [], 0
    bound = h0
    hole = where[blank]
    while True:
        found = dfs(hole, -1, 0, h0, bound)
        if found < 0:
            return path, nodes
        bound = found


# Below this lower bound the 4×4 needs no tables: Manhattan + linear conflict solves
# a position 38 moves out in about a tenth of a second (pure Python, 2 cores), and a
# book of easy puzzles never pays the ~13 s table build. Re-measure by timing
# `_ida_manhattan` against `solve_optimal` on `scramble_at_distance` positions.
PATTERNS_PAY_FROM = 30


@dataclass(frozen=True)
class OptimalSearch:
    moves: tuple[int, ...]  # tiles to slide, shortest possible
    nodes: int  # nodes expanded by IDA*
    heuristic: str  # "patterns" or "manhattan+conflict"


def solve_optimal(
    start: Sequence[int],
    goal: Sequence[int],
    cols: int,
    expired: Callable[[], bool] | None = None,
    build_patterns: bool = True,
) -> OptimalSearch:
    """A shortest solution (the caller has checked solvability); SearchTimeout once `expired()`.

    Pattern databases are used where the board has them and they pay: when Manhattan
    distance + linear conflict already says PATTERNS_PAY_FROM moves or more.
    `build_patterns=False` uses them only if already built. The path found is the same
    either way (see the module docstring); only the time differs.
    """
    rows = len(start) // cols
    frame = label_frame(start, goal, rows, cols)
    clock = _Clock(expired)
    patterns = pattern_partition(rows, cols, frame.blank)
    if patterns and ManhattanConflict.build(rows, cols, frame.blank).value(frame.perm) < PATTERNS_PAY_FROM:
        patterns = None
    tables = [pattern_table(rows, cols, p, build=build_patterns) for p in patterns] if patterns else []
    if patterns and all(t is not None for t in tables):
        labels, nodes = _ida_patterns(frame.perm, frame.blank, rows, cols, patterns, tables, clock)  # type: ignore[arg-type]
        kind = "patterns"
    else:
        labels, nodes = _ida_manhattan(frame.perm, frame.blank, rows, cols, clock)
        kind = "manhattan+conflict"
    return OptimalSearch(tuple(frame.tile_of_label[t] for t in labels), nodes, kind)


def solve_weighted(
    start: Sequence[int], goal: Sequence[int], cols: int, weight: int, expired: Callable[[], bool] | None = None
) -> tuple[int, ...]:
    """A solution, not necessarily shortest, by IDA* on f = g + weight·h.

    Inflating an admissible h trades length for speed: the solution is at most `weight`
    times the shortest, and in practice much closer (Korf's instance 1, 57 moves at
    best: 77 moves in 0.1 s with weight 2, 111 with weight 3). The same code as the
    optimal search, on tables multiplied by `weight`. SearchTimeout once `expired()`.
    """
    rows = len(start) // cols
    frame = label_frame(start, goal, rows, cols)
    clock = _Clock(expired)
    patterns = pattern_partition(rows, cols, frame.blank)
    tables = [pattern_table(rows, cols, p, build=False) for p in patterns] if patterns else []
    if patterns and all(t is not None for t in tables):
        scale = bytes(min(255, value * weight) for value in range(256))
        weighted = [t.translate(scale) for t in tables]  # type: ignore[union-attr]
        labels, _ = _ida_patterns(frame.perm, frame.blank, rows, cols, patterns, weighted, clock)
    else:
        labels, _ = _ida_manhattan(frame.perm, frame.blank, rows, cols, clock, weight)
    return tuple(frame.tile_of_label[t] for t in labels)


def solve_quickly(start: Sequence[int], goal: Sequence[int], cols: int, expired: Callable[[], bool] | None) -> tuple[int, ...]:
    """A verified solution, as short as time allows: the constructive one, then weighted
    searches (weight 4, then 2: slower and shorter) while `expired()` is false."""
    best = constructive_solve(start, goal, cols)
    for weight in (4, 2):
        try:
            moves = solve_weighted(start, goal, cols, weight, expired)
        except SearchTimeout:
            break
        if len(moves) < len(best):
            best = moves
    return best
