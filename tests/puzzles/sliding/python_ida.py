"""The pure-Python IDA* and numpy table build the engine replaced (bookgen._engine;
engine/src/sliding/), kept only for the differential test (test_sliding_differential.py),
which compares the two: the same paths on thousands of positions. It goes with that test.

Its tables are the earlier relaxation (each tile may step into any cell free of its
pattern), built with numpy; the engine's follow the blank and are stronger, but the
first shortest path does not depend on the heuristic, so the paths must agree.
"""

from __future__ import annotations

from typing import Callable, Sequence

from bookgen.puzzles.sliding.board import State, label_frame, neighbours
from python_heuristics import ManhattanConflict


class SearchTimeout(Exception):
    """The deadline passed before the optimal search finished."""


class _Clock:
    """Asks `expired()` every 65,536 nodes (a few hundredths of a second)."""

    def __init__(self, expired: Callable[[], bool] | None) -> None:
        self.expired = expired

    def check(self) -> None:
        if self.expired is not None and self.expired():
            raise SearchTimeout


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


def build_pattern_table(rows: int, cols: int, pattern: Sequence[int]) -> bytes:
    """Fewest moves of the pattern's tiles to bring them home, for every placement.

    The table is indexed by Σ cell(tile_i) · N^(k−1−i) (a sparse index: cheap to update
    by one term per move during search). Breadth-first search backward from the goal in
    a space where only the pattern's tiles exist and each may step into any adjacent
    cell that no other pattern tile holds: a relaxation of the real puzzle, so the
    value is admissible, and tables of disjoint patterns add up because every real move
    moves one tile, counted in one pattern only. Unreachable indices hold 255.
    """
    import numpy as np

    n = rows * cols
    k = len(pattern)
    weights = [n ** (k - 1 - i) for i in range(k)]
    dist = np.full(n**k, 255, dtype=np.uint8)
    goal_index = sum(cell * w for cell, w in zip(pattern, weights))
    dist[goal_index] = 0
    steps = []  # per direction: the cell each cell leads to, or −1 off the board
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        step = [-1] * n
        for cell in range(n):
            r, c = divmod(cell, cols)
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                step[cell] = (r + dr) * cols + c + dc
        steps.append(np.array(step, dtype=np.int64))
    frontier = np.array([goal_index], dtype=np.int64)
    depth = 0
    chunk = 1 << 18
    while frontier.size:
        found = []
        for lo in range(0, frontier.size, chunk):
            part = frontier[lo : lo + chunk]
            cells = [(part // w) % n for w in weights]
            for i in range(k):
                for step in steps:
                    dest = step[cells[i]]
                    ok = dest >= 0
                    for j in range(k):
                        if j != i:
                            ok &= dest != cells[j]
                    moved = part[ok] + (dest[ok] - cells[i][ok]) * weights[i]
                    moved = moved[dist[moved] == 255]
                    dist[moved] = depth + 1
                    found.append(moved)
        depth += 1
        frontier = np.unique(np.concatenate(found)) if found else np.array([], dtype=np.int64)
    return dist.tobytes()


_tables: dict[tuple[int, int, tuple[int, ...]], bytes] = {}


def pattern_tables(rows: int, cols: int, patterns: Sequence[Sequence[int]]) -> list[bytes]:
    """The old relaxation's tables of `patterns` (labels), built once a test session."""
    for pattern in patterns:
        key = (rows, cols, tuple(pattern))
        if key not in _tables:
            _tables[key] = build_pattern_table(rows, cols, pattern)
    return [_tables[(rows, cols, tuple(pattern))] for pattern in patterns]


def solve_optimal_python(start: Sequence[int], goal: Sequence[int], cols: int,
                         patterns: Sequence[Sequence[int]] | None = None) -> tuple[tuple[int, ...], int]:
    """The old solve_optimal's answer: (tiles slid, nodes), in the label frame as before,
    with the old relaxation's tables of `patterns` (labels of that frame) if given, else
    with Manhattan + linear conflict."""
    rows = len(start) // cols
    frame = label_frame(start, goal, rows, cols)
    clock = _Clock(None)
    if patterns:
        tables = pattern_tables(rows, cols, patterns)
        labels, nodes = _ida_patterns(frame.perm, frame.blank, rows, cols, patterns, tables, clock)
    else:
        labels, nodes = _ida_manhattan(frame.perm, frame.blank, rows, cols, clock)
    return tuple(frame.tile_of_label[t] for t in labels), nodes
