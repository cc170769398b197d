"""The pure-Python Manhattan distance + linear conflict the engine replaced
(engine/src/sliding/manhattan.rs), kept only for the differential test
(test_sliding_differential.py), with python_ida.py: it goes with them.

Admissible lower bounds on the number of moves, kept as flat tables so IDA* updates
them incrementally, one move at a time (see `ManhattanConflict`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from bookgen.puzzles.sliding.board import label_frame, neighbours


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


@lru_cache(maxsize=None)
def _weighted_table(length: int, base: int, weight: int) -> dict[int, int]:
    """The conflict table with every cost times `weight`, made once and shared by every
    line of that length (an 8×8's table has 1.4 million codes: a copy for each of its 16
    lines took 1.5 GB)."""
    table = _conflict_table(length, base)
    return table if weight == 1 else {code: weight * cost for code, cost in table.items()}


@dataclass(frozen=True)
class ManhattanConflict:
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
    def build(rows: int, cols: int, blank: int, weight: int = 1) -> ManhattanConflict:
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
        tables = [_weighted_table(cols, base, weight)] * rows + [_weighted_table(rows, base, weight)] * cols
        return ManhattanConflict(
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


def lower_bound(start: Sequence[int], goal: Sequence[int], cols: int) -> int:
    """Manhattan distance + linear conflict: no solution is shorter."""
    rows = len(start) // cols
    frame = label_frame(start, goal, rows, cols)
    return ManhattanConflict.build(rows, cols, frame.blank).value(frame.perm)
