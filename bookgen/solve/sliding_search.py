"""Search for sliding-tile puzzles: parity, optimal IDA*, pattern databases, a constructive fallback.

Positions are tuples of tile numbers in reading order, 0 for the blank. Any goal works:
internally a position is rewritten as *labels* — each tile is named by the cell it
occupies in the goal — so the goal is always the identity (0, 1, 2, ...) and the blank
is the label of its own goal cell. A move is named by the tile that slides into the
blank, in the caller's numbering.

Optimal search is IDA* (iterative deepening on f = g + h) with a fixed child order, so
the first solution found in the last iteration is the lexicographically first shortest
path whatever admissible heuristic prunes the tree: the answer depends on the position
only, never on which heuristic or tables happened to be available.

Heuristics: Manhattan distance plus linear conflict on every board, and on the 4×4 a
6-6-3 additive pattern database (built once with numpy, cached on disk).

Measured on a 2-core machine, pure Python: the two 6-tile tables build in about 13 s
(6.7 s + 6.1 s process time; 32 MB in the cache); IDA* then expands about 1.4 million
nodes a second, and `bench/sliding_korf.py` solves 89 of Korf's 100 instances within
its 600 s budget, every length equal to the published optimum, median 1.8 s each.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

from bookgen import cache

State = tuple[int, ...]

BLANK = 0


class SearchTimeout(Exception):
    """The deadline passed before the optimal search finished."""


# ---------------------------------------------------------------------------------------
# Board geometry


@lru_cache(maxsize=None)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells next to it, always in the order up, left, right, down."""
    table = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near = []
        if r > 0:
            near.append(cell - cols)
        if c > 0:
            near.append(cell - 1)
        if c < cols - 1:
            near.append(cell + 1)
        if r < rows - 1:
            near.append(cell + cols)
        table.append(tuple(near))
    return tuple(table)


def standard_goal(rows: int, cols: int, blank_first: bool = False) -> State:
    """1..N−1 in reading order, the blank last (bottom-right) or first (top-left)."""
    tiles = tuple(range(1, rows * cols))
    return (BLANK, *tiles) if blank_first else (*tiles, BLANK)


def apply_moves(state: Sequence[int], moves: Iterable[int], cols: int) -> State:
    """Slide each named tile into the blank; ValueError on a tile not next to the blank."""
    board = list(state)
    rows = len(board) // cols
    near = neighbours(rows, cols)
    where = {tile: cell for cell, tile in enumerate(board)}
    for tile in moves:
        blank, cell = where[BLANK], where.get(tile)
        if cell is None or tile == BLANK or cell not in near[blank]:
            raise ValueError(f"tile {tile} is not next to the blank")
        board[blank], board[cell] = tile, BLANK
        where[tile], where[BLANK] = blank, cell
    return tuple(board)


# ---------------------------------------------------------------------------------------
# Solvability


def is_solvable(start: Sequence[int], goal: Sequence[int], cols: int) -> bool:
    """Whether `goal` can be reached from `start` (same tiles), for any board and blank.

    Read the tiles (blank left out) in reading order and count inversions with respect to
    the goal's order. A horizontal move never changes that sequence. A vertical move
    carries one tile past the cols−1 others between its two cells: an even change when
    the width is odd, an odd one when it is even — and then the blank changes row too.
    So the parity of inversions (plus the blank's row distance, for an even width) is
    invariant; equal parity with the goal is also sufficient for boards of 2×2 and up.
    """
    rank = {tile: i for i, tile in enumerate(t for t in goal if t != BLANK)}
    sequence = [rank[t] for t in start if t != BLANK]
    inversions = sum(
        1 for i in range(len(sequence)) for j in range(i + 1, len(sequence)) if sequence[i] > sequence[j]
    )
    parity = inversions
    if cols % 2 == 0:
        parity += abs(start.index(BLANK) // cols - goal.index(BLANK) // cols)
    return parity % 2 == 0


# ---------------------------------------------------------------------------------------
# Labels and board symmetries


@dataclass(frozen=True)
class _Frame:
    """A position rewritten so the goal is the identity, possibly mirrored or turned.

    `perm[c]` is the label of what sits in cell c of the new frame, a label being the
    goal cell (in that frame) of a tile; `tile_of_label` turns a label back into the
    caller's tile number.
    """

    perm: State
    blank: int  # the blank's label (its goal cell in this frame)
    tile_of_label: tuple[int, ...]


def _symmetries(rows: int, cols: int) -> list[Callable[[int], int]]:
    """Mirror images and the half turn: the symmetries that keep rows×cols as it is."""

    def flip(h: bool, v: bool) -> Callable[[int], int]:
        def apply(cell: int) -> int:
            r, c = divmod(cell, cols)
            return (rows - 1 - r if v else r) * cols + (cols - 1 - c if h else c)

        return apply

    return [flip(False, False), flip(True, False), flip(False, True), flip(True, True)]


def _frame(start: Sequence[int], goal: Sequence[int], rows: int, cols: int) -> _Frame:
    """Labels in a frame where a corner blank of the goal sits top-left (cell 0).

    Pattern databases are built for one goal per board; turning the board so the goal's
    blank is in the top-left corner lets "blank first" and "blank last" share them.
    """
    cell_map: Callable[[int], int] = _symmetries(rows, cols)[0]
    for symmetry in _symmetries(rows, cols):
        if symmetry(goal.index(BLANK)) == 0:
            cell_map = symmetry
            break
    label_of_tile = {tile: cell_map(cell) for cell, tile in enumerate(goal)}
    perm = [0] * (rows * cols)
    for cell, tile in enumerate(start):
        perm[cell_map(cell)] = label_of_tile[tile]
    tile_of_label = [0] * (rows * cols)
    for tile, label in label_of_tile.items():
        tile_of_label[label] = tile
    return _Frame(tuple(perm), label_of_tile[BLANK], tuple(tile_of_label))


# ---------------------------------------------------------------------------------------
# Manhattan distance + linear conflict


def _longest_increasing(values: Sequence[int]) -> int:
    best: list[int] = []
    for v in values:
        lo, hi = 0, len(best)
        while lo < hi:
            mid = (lo + hi) // 2
            if best[mid] < v:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(best):
            best.append(v)
        else:
            best[lo] = v
    return len(best)


@lru_cache(maxsize=None)
def _conflict_table(length: int, base: int) -> dict[int, int]:
    """Linear-conflict cost of every line content, keyed by its code.

    A line's code has one digit per cell (digit base**p for cell p): 0 when the tile
    there does not belong to this line, else 1 + the cell along the line where it
    belongs. The cost is two moves for each tile that must leave the line so that the
    rest are in goal order: 2 × (count − longest increasing run).
    """
    table: dict[int, int] = {}

    def walk(p: int, code: int, used: frozenset[int], order: tuple[int, ...]) -> None:
        if p == length:
            table[code] = 2 * (len(order) - _longest_increasing(order))
            return
        walk(p + 1, code, used, order)
        for target in range(length):
            if target not in used:
                walk(p + 1, code + (target + 1) * base**p, used | {target}, order + (target,))

    walk(0, 0, frozenset(), ())
    return table


@dataclass(frozen=True)
class _ManhattanConflict:
    """Flat tables for an incremental Manhattan + linear-conflict heuristic.

    For a move of label t from cell a to the blank's cell b, index k = (t·N + a)·N + b:
    `md_step[k]` is the change in Manhattan distance; `line[k]` is the line (rows first,
    then columns) the tile enters or leaves as its goal line, or −1, and `code_step[k]`
    the change of that line's code — the only conflict that can change. A tile moving
    along its own goal line keeps its order there, so that line's cost is unchanged but
    its code shifts: `shift_line[k]` / `shift_step[k]`.
    """

    rows: int
    cols: int
    blank: int
    md_step: list[int]
    line: list[int]
    code_step: list[int]
    shift_line: list[int]
    shift_step: list[int]
    line_tables: list[dict[int, int]]
    base: int
    weight: int

    @staticmethod
    @lru_cache(maxsize=None)
    def build(rows: int, cols: int, blank: int, weight: int = 1) -> _ManhattanConflict:
        """The tables; `weight` multiplies every value (for weighted, not shortest, search)."""
        n = rows * cols
        base = max(rows, cols) + 1
        near = neighbours(rows, cols)
        md_step = [0] * (n * n * n)
        line = [-1] * (n * n * n)
        code_step = [0] * (n * n * n)
        shift_line = [-1] * (n * n * n)
        shift_step = [0] * (n * n * n)
        for t in range(n):
            if t == blank:
                continue
            gr, gc = divmod(t, cols)
            for a in range(n):
                ar, ac = divmod(a, cols)
                for b in near[a]:
                    br, bc = divmod(b, cols)
                    k = (t * n + a) * n + b
                    md_step[k] = weight * (abs(br - gr) + abs(bc - gc) - abs(ar - gr) - abs(ac - gc))
                    if ar == br:  # along a row
                        if gc in (ac, bc):  # entering or leaving the goal column
                            line[k] = rows + gc
                            sign = 1 if bc == gc else -1
                            code_step[k] = sign * (gr + 1) * base**ar
                        if gr == ar:  # within the goal row
                            shift_line[k] = ar
                            shift_step[k] = (gc + 1) * (base**bc - base**ac)
                    else:  # along a column
                        if gr in (ar, br):
                            line[k] = gr
                            sign = 1 if br == gr else -1
                            code_step[k] = sign * (gc + 1) * base**ac
                        if gc == ac:
                            shift_line[k] = rows + ac
                            shift_step[k] = (gr + 1) * (base**br - base**ar)
        tables = [_conflict_table(cols, base)] * rows + [_conflict_table(rows, base)] * cols
        if weight != 1:
            tables = [{code: weight * cost for code, cost in table.items()} for table in tables]
        return _ManhattanConflict(
            rows, cols, blank, md_step, line, code_step, shift_line, shift_step, tables, base, weight
        )

    def codes(self, perm: Sequence[int]) -> list[int]:
        rows, cols, base = self.rows, self.cols, self.base
        codes = [0] * (rows + cols)
        for cell, t in enumerate(perm):
            if t == self.blank:
                continue
            r, c = divmod(cell, cols)
            gr, gc = divmod(t, cols)
            if gr == r:
                codes[r] += (gc + 1) * base**c
            if gc == c:
                codes[rows + c] += (gr + 1) * base**r
        return codes

    def value(self, perm: Sequence[int]) -> int:
        cols = self.cols
        md = 0
        for cell, t in enumerate(perm):
            if t != self.blank:
                md += abs(cell // cols - t // cols) + abs(cell % cols - t % cols)
        md *= self.weight
        return md + sum(table[code] for table, code in zip(self.line_tables, self.codes(perm)))


def _ida_manhattan(
    perm: State, blank: int, rows: int, cols: int, clock: _Clock, weight: int = 1
) -> tuple[list[int], int]:
    """Optimal labels path by IDA* with Manhattan distance + linear conflict (× weight)."""
    heur = _ManhattanConflict.build(rows, cols, blank, weight)
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


# ---------------------------------------------------------------------------------------
# Additive pattern databases


# The 4×4 partition into disjoint patterns (goal cells, blank top-left): the top-right
# 2×3 block, the bottom-right 2×3 block and the left column — compact groups, so most
# linear conflicts fall inside one pattern (the Korf–Felner 6-6-3 shape).
_PATTERNS_4X4 = ((1, 2, 3, 5, 6, 7), (9, 10, 11, 13, 14, 15), (4, 8, 12))

_PDB_FORMAT = 2  # bump when the table layout changes: cached tables of another version are rebuilt


def pattern_cache_dir() -> Path:
    """Where pattern databases are kept between runs (BOOKGEN_CACHE_DIR overrides the root)."""
    return cache.cache_root() / "sliding"


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


def _pattern_file(rows: int, cols: int, pattern: Sequence[int]) -> Path:
    name = f"pdb-v{_PDB_FORMAT}-{rows}x{cols}-" + "-".join(map(str, pattern)) + ".bin"
    return pattern_cache_dir() / name


_loaded_tables: dict[tuple[int, int, tuple[int, ...]], bytes] = {}


def pattern_table(rows: int, cols: int, pattern: Sequence[int], build: bool = True) -> bytes | None:
    """The pattern's table, from memory, then the disk cache (only if its header and
    checksum match), then built (if `build`) and cached when the cache can be written."""
    key = (rows, cols, tuple(pattern))
    if key in _loaded_tables:
        return _loaded_tables[key]
    path = _pattern_file(rows, cols, pattern)
    shape = f"{rows}x{cols}:" + "-".join(map(str, pattern))
    header = cache.table_header("sliding-pattern-database", _PDB_FORMAT, shape, (rows * cols) ** len(pattern))
    table = cache.load_table(path, header)
    if table is None:
        if not build:
            return None
        table = build_pattern_table(rows, cols, pattern)
        cache.store_table(path, header, table)
    _loaded_tables[key] = table
    return table


def pattern_partition(rows: int, cols: int, blank: int) -> tuple[tuple[int, ...], ...] | None:
    """The disjoint patterns used for this board and goal blank, or None (Manhattan only)."""
    if (rows, cols) == (4, 4) and blank == 0:
        return _PATTERNS_4X4
    return None


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


# ---------------------------------------------------------------------------------------
# Optimal solving


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
    frame = _frame(start, goal, rows, cols)
    clock = _Clock(expired)
    patterns = pattern_partition(rows, cols, frame.blank)
    if patterns and _ManhattanConflict.build(rows, cols, frame.blank).value(frame.perm) < PATTERNS_PAY_FROM:
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
    frame = _frame(start, goal, rows, cols)
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


def lower_bound(start: Sequence[int], goal: Sequence[int], cols: int) -> int:
    """Manhattan distance + linear conflict: no solution is shorter."""
    rows = len(start) // cols
    frame = _frame(start, goal, rows, cols)
    return _ManhattanConflict.build(rows, cols, frame.blank).value(frame.perm)


# ---------------------------------------------------------------------------------------
# Exhaustive distances for small boards


# Boards with at most this many reachable positions are searched exhaustively (the 3×3
# has 181,440: about a second in pure Python), so scrambles can be drawn uniformly from
# all positions at an exact distance.
EXHAUSTIVE_LIMIT = 200_000


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


# ---------------------------------------------------------------------------------------
# Constructive (not shortest) solving


def _blank_path(hole: int, dest: int, rows: int, cols: int, free: set[int]) -> list[int] | None:
    """Cells the blank passes through (excluding `hole`) to reach `dest` inside `free`."""
    near = neighbours(rows, cols)
    parent = {hole: -1}
    queue = deque([hole])
    while queue:
        cell = queue.popleft()
        if cell == dest:
            route = []
            while cell != hole:
                route.append(cell)
                cell = parent[cell]
            return route[::-1]
        for nb in near[cell]:
            if nb in free and nb not in parent:
                parent[nb] = cell
                queue.append(nb)
    return None


def _place(board: list[int], rows: int, cols: int, free: set[int], targets: dict[int, int]) -> list[int]:
    """Blank route (cells) bringing the `targets` tiles to their cells, moving only in `free`.

    Breadth-first search over (blank cell, cells of the target tiles) — every other tile
    is interchangeable for this purpose, so one or two tiles make a small space.
    """
    near = neighbours(rows, cols)
    tiles = list(targets)
    start = (board.index(BLANK), *(board.index(t) for t in tiles))
    want = tuple(targets[t] for t in tiles)
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node[1:] == want:
            route = []
            while parent[node] is not None:
                route.append(node[0])
                node = parent[node]  # type: ignore[assignment]
            return route[::-1]
        hole = node[0]
        for cell in near[hole]:
            if cell not in free:
                continue
            rest = tuple(hole if c == cell else c for c in node[1:])
            child = (cell, *rest)
            if child not in parent:
                parent[child] = node
                queue.append(child)
    raise ValueError("tiles cannot be placed (unsolvable position?)")


def _walk_blank(board: list[int], route: Iterable[int], moves: list[int]) -> None:
    for cell in route:
        hole = board.index(BLANK)
        moves.append(board[cell])
        board[hole], board[cell] = board[cell], BLANK


def constructive_solve(start: Sequence[int], goal: Sequence[int], cols: int) -> tuple[int, ...]:
    """A solution of any solvable position, quickly but not shortest.

    The classic reduction: fill the top row (one tile at a time, the last two as a pair),
    until two rows are left; then fill the left column two tiles at a time, until a
    2×2 is left, which is turned into place. It works towards a goal with the blank
    bottom-right and then walks the blank back to where the real goal has it.
    """
    rows = len(start) // cols
    n = rows * cols
    # The real goal with its blank walked right, then down, to the bottom-right corner.
    target = list(goal)
    route_home = _blank_path(target.index(BLANK), n - 1, rows, cols, set(range(n))) or []
    tail: list[int] = []
    _walk_blank(target, route_home, tail)
    board = list(start)
    moves: list[int] = []
    free = set(range(n))
    top, left = 0, 0
    while rows - top > 2:
        row = [top * cols + c for c in range(cols)]
        for cell in row[:-2]:
            _walk_blank(board, _place(board, rows, cols, free, {target[cell]: cell}), moves)
            free.discard(cell)
        pair = {target[row[-2]]: row[-2], target[row[-1]]: row[-1]}
        _walk_blank(board, _place(board, rows, cols, free, pair), moves)
        free.difference_update(row[-2:])
        top += 1
    while cols - left > 2:
        column = {target[top * cols + left]: top * cols + left, target[(top + 1) * cols + left]: (top + 1) * cols + left}
        _walk_blank(board, _place(board, rows, cols, free, column), moves)
        free.difference_update(column.values())
        left += 1
    _walk_blank(board, _place(board, rows, cols, free, {t: c for c, t in enumerate(target) if c in free and t != BLANK}), moves)
    # Walk back from the bottom-right goal to the real one: undo the route home.
    moves.extend(reversed(tail))
    return remove_cycles(start, moves, cols)


def remove_cycles(start: Sequence[int], moves: Sequence[int], cols: int) -> tuple[int, ...]:
    """The same journey with every return to an earlier position cut out."""
    kept: list[int] = []
    states = [tuple(start)]
    seen = {states[0]: 0}
    for tile in moves:
        state = apply_moves(states[-1], (tile,), cols)
        if state in seen:
            back = seen[state]
            for dropped in states[back + 1 :]:
                del seen[dropped]
            del states[back + 1 :]
            del kept[back:]
        else:
            seen[state] = len(states)
            states.append(state)
            kept.append(tile)
    return tuple(kept)


# ---------------------------------------------------------------------------------------
# Scrambles at an exact distance


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
        start = rng.choice(layers[distance])
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
