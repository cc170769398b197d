"""Cage propagators for the search solver: which values each cage cell can still take.

Domains are bitmasks over symbol indices (bit i = model.symbols[i]). A propagator is
compiled once per cage; `prune(dom)` narrows the domains of its cells in place and
returns the cells it changed, or None when the cage can no longer be satisfied.
"""

from __future__ import annotations

from itertools import combinations
from math import prod

from bookgen.model import Cage, GridModel

# Tuple tables beyond this many entries are not built; such cages (long killer sums)
# use the subset propagator instead.
MAX_TUPLES = 20000


def cage_value(op: str, values: list[int] | tuple[int, ...]) -> int | None:
    """What a cage's cells make under its operation (None when the op does not apply)."""
    if op == "+":
        return sum(values)
    if op == "*":
        return prod(values)
    if op == "=":
        return values[0] if len(values) == 1 else None
    if len(values) != 2:
        return None
    hi, lo = max(values), min(values)
    if op == "-":
        return hi - lo
    if op == "/":
        return hi // lo if lo and hi % lo == 0 else None
    return None


class TuplePropagator:
    """Keeps the value tuples that meet the cage's target and fit the current domains."""

    def __init__(self, cells: tuple[int, ...], tuples: list[tuple[int, ...]]) -> None:
        self.cells = cells
        self.tuples = tuples

    def prune(self, dom: list[int]) -> list[int] | None:
        cells = self.cells
        current = [dom[c] for c in cells]
        support = [0] * len(cells)
        any_alive = False
        for t in self.tuples:
            for j, bit in enumerate(t):
                if not bit & current[j]:
                    break
            else:
                any_alive = True
                for j, bit in enumerate(t):
                    support[j] |= bit
        if not any_alive:
            return None
        changed = []
        for j, c in enumerate(cells):
            if support[j] != current[j]:
                dom[c] = support[j]
                changed.append(c)
        return changed


class DistinctSumPropagator:
    """A sum cage without repeats, by candidate subsets of symbols (killer sudoku)."""

    def __init__(self, cells: tuple[int, ...], subsets: list[int]) -> None:
        self.cells = cells
        self.subsets = subsets

    def prune(self, dom: list[int]) -> list[int] | None:
        current = [dom[c] for c in self.cells]
        allowed = 0
        for subset in self.subsets:
            union = 0
            for d in current:
                if not d & subset:
                    break
                union |= d & subset
            else:
                if union == subset:
                    allowed |= subset
        if not allowed:
            return None
        changed = []
        for c, d in zip(self.cells, current):
            if d & ~allowed:
                if not d & allowed:
                    return None
                dom[c] = d & allowed
                changed.append(c)
        return changed


def compile_cage(model: GridModel, cage: Cage, index: dict, must_differ) -> object:
    """The propagator for one cage. `must_differ(a, b)` says two cells share a group."""
    cells = tuple(index[c] for c in cage.cells)
    symbols = model.symbols
    if cage.distinct and cage.op == "+" and _count_bound(len(cells), len(symbols)) > MAX_TUPLES:
        return DistinctSumPropagator(cells, _distinct_sum_subsets(symbols, len(cells), cage.target))
    tuples = _tuples(cage, cells, symbols, must_differ)
    return TuplePropagator(cells, tuples)


def _count_bound(k: int, n: int) -> int:
    return n**k


def _distinct_sum_subsets(symbols: tuple[int, ...], size: int, target: int) -> list[int]:
    found = []
    for combo in combinations(range(len(symbols)), size):
        if sum(symbols[i] for i in combo) == target:
            found.append(sum(1 << i for i in combo))
    return found


def _tuples(cage: Cage, cells: tuple[int, ...], symbols: tuple[int, ...], must_differ) -> list[tuple[int, ...]]:
    """Every assignment of symbols to the cage's cells that makes its target.

    Built depth-first with bounds on partial sums and products so that large cages do
    not enumerate hopeless prefixes.
    """
    k = len(cells)
    op, target = cage.op, cage.target
    if op in "-/=" and k != (1 if op == "=" else 2):
        return []
    order = sorted(range(len(symbols)), key=lambda i: symbols[i])
    lo_sym, hi_sym = symbols[order[0]], symbols[order[-1]]
    differ = [[must_differ(cells[a], cells[b]) or cage.distinct for b in range(k)] for a in range(k)]
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def feasible(partial: list[int]) -> bool:
        left = k - len(partial)
        if op == "+":
            s = sum(symbols[i] for i in partial)
            return s + left * lo_sym <= target <= s + left * hi_sym
        if op == "*" and target != 0:
            p = prod(symbols[i] for i in partial)
            return p != 0 and target % p == 0
        return True

    def extend() -> None:
        j = len(chosen)
        if j == k:
            if cage_value(op, [symbols[i] for i in chosen]) == target:
                found.append(tuple(1 << i for i in chosen))
            return
        for i in order:
            if any(differ[j][a] and chosen[a] == i for a in range(j)):
                continue
            chosen.append(i)
            if feasible(chosen):
                extend()
            chosen.pop()
            if len(found) > MAX_TUPLES * 10:
                return

    extend()
    return found
