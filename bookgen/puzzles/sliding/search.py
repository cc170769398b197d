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


# A heuristic kept up move by move, as three things: its value on the start position,
# `change(t, cell, hole)`, how much it changes when tile t slides from `cell` into
# `hole`, and `slide(t, cell, hole, sign)`, which keeps its running state up with that
# move (sign 1) or takes it back (sign −1). Closures over local tables rather than
# methods: the search calls them at every node, and attribute lookups cost a third of
# the search's time in pure Python.
Incremental = tuple[int, Callable[[int, int, int], int], Callable[[int, int, int, int], None]]


def _manhattan_conflict(board: list[int], blank: int, rows: int, cols: int, weight: int) -> Incremental:
    """Manhattan distance + linear conflict (× weight): a move changes the tile's distance
    and the conflict codes of at most two lines."""
    heur = ManhattanConflict.build(rows, cols, blank, weight)
    n = rows * cols
    md_step, line, code_step, tables = heur.md_step, heur.line, heur.code_step, heur.line_tables
    shift_line, shift_step = heur.shift_line, heur.shift_step
    codes = heur.codes(board)

    def change(t: int, cell: int, hole: int) -> int:
        k = (t * n + cell) * n + hole
        ln = line[k]
        if ln < 0:
            return md_step[k]
        old = codes[ln]
        table = tables[ln]
        return md_step[k] + table[old + code_step[k]] - table[old]

    def slide(t: int, cell: int, hole: int, sign: int) -> None:
        k = (t * n + cell) * n + hole
        ln, sl = line[k], shift_line[k]
        if ln >= 0:
            codes[ln] += sign * code_step[k]
        if sl >= 0:
            codes[sl] += sign * shift_step[k]

    return heur.value(board), change, slide


def _pattern_databases(board: list[int], n: int, patterns: Sequence[Sequence[int]],
                       tables: Sequence[bytes]) -> Incremental:
    """Additive pattern databases: each pattern keeps a running sparse index of where its
    tiles are; a move changes one term of one index, so h changes by two table reads."""
    group_of, weight = [-1] * n, [0] * n
    for g, pattern in enumerate(patterns):
        for i, label in enumerate(pattern):
            group_of[label] = g
            weight[label] = n ** (len(pattern) - 1 - i)
    where = {label: cell for cell, label in enumerate(board)}
    index = [sum(where[label] * weight[label] for label in pattern) for pattern in patterns]
    # Each label's own table, so a move does one list lookup instead of two.
    table_of = [tables[group_of[t]] if group_of[t] >= 0 else b"" for t in range(n)]

    def change(t: int, cell: int, hole: int) -> int:
        old = index[group_of[t]]
        table = table_of[t]
        return table[old + (hole - cell) * weight[t]] - table[old]

    def slide(t: int, cell: int, hole: int, sign: int) -> None:
        index[group_of[t]] += sign * (hole - cell) * weight[t]

    return sum(table[i] for table, i in zip(tables, index)), change, slide


def _ida(perm: State, blank: int, rows: int, cols: int, heuristic: Incremental,
         clock: _Clock) -> tuple[list[int], int]:
    """Optimal labels path by IDA* under an admissible heuristic kept up move by move;
    the nodes expanded. Children in a fixed order, so the path is the lexicographically
    first shortest one whatever the heuristic."""
    near = neighbours(rows, cols)
    board = list(perm)
    h0, change, slide = heuristic
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
            h1 = h + change(t, cell, hole)
            f = g1 + h1
            if f > bound:
                if f < smallest:
                    smallest = f
                continue
            board[hole] = t
            board[cell] = blank
            slide(t, cell, hole, 1)
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
            slide(t, cell, hole, -1)
        return smallest

    if h0 == 0:
        return [], 0
    bound = h0
    hole = board.index(blank)
    while True:
        found = dfs(hole, -1, 0, h0, bound)
        if found < 0:
            return path, nodes
        bound = found


def _ida_manhattan(perm: State, blank: int, rows: int, cols: int, clock: _Clock,
                   weight: int = 1) -> tuple[list[int], int]:
    return _ida(perm, blank, rows, cols, _manhattan_conflict(list(perm), blank, rows, cols, weight), clock)


def _ida_patterns(perm: State, blank: int, rows: int, cols: int, patterns: Sequence[Sequence[int]],
                  tables: Sequence[bytes], clock: _Clock) -> tuple[list[int], int]:
    return _ida(perm, blank, rows, cols, _pattern_databases(list(perm), rows * cols, patterns, tables), clock)


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
