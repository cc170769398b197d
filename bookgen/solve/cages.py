"""What a cage is: its operations, what its cells make, and every assignment of symbols
that makes its target. The listing and the cage propagators of the search live in the
engine (engine/src/search/cages.rs); this module gives the type policies (a KenKen cage's
target, the answer checks) the rule itself and the listing through the engine.

A cage's satisfying assignments depend only on its operation, target, the symbols and
which of its cells must differ (share a row, column or group), so they are listed once
per such key and shared by every cage of that shape, in every puzzle.
"""

from __future__ import annotations

from functools import lru_cache
from math import prod

from bookgen.errors import CageTooLarge
from bookgen.solve import engine

# An operation the solver must guess: the cage holds any assignment that makes its target
# by one of + - * / (KenKen with the signs left out). Never printed or stored in files.
HIDDEN = "?"
SHOWN_OPS = ("+", "-", "*", "/")

Differ = tuple[tuple[bool, ...], ...]


# CageTooLarge: a cage whose assignments cannot be listed in bounded time and memory (a
# 9-cell row sum of 1..9 has millions): the search narrows it by bounds instead;
# listing-based reasoning (the grader) must skip it. Raised by the engine's boards and by
# the listing here alike (a ValueError).
__all__ = ["HIDDEN", "SHOWN_OPS", "CageTooLarge", "cage_value", "differ_matrix", "makes_target", "packed_tuples",
           "value_tuples"]


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


def makes_target(op: str, target: int, values: list[int] | tuple[int, ...]) -> bool:
    """True when the values make the target under `op` (under any op, for HIDDEN)."""
    if op == HIDDEN:
        if len(values) == 1:
            return values[0] == target
        return any(cage_value(o, values) == target for o in SHOWN_OPS)
    return cage_value(op, values) == target


def differ_matrix(cells: tuple[int, ...], must_differ, distinct: bool = False) -> Differ:
    """Which pairs of the cage's cells may not hold the same symbol."""
    return tuple(
        tuple(a != b and (distinct or bool(must_differ(cells[a], cells[b]))) for b in range(len(cells)))
        for a in range(len(cells))
    )


@lru_cache(maxsize=8192)
def value_tuples(op: str, target: int, symbols: tuple[int, ...], differ: Differ) -> tuple[tuple[int, ...], ...]:
    """Every assignment of symbols to a cage's cells that makes its target, in the
    engine's listing order. `differ[a][b]` says cells a and b may not repeat a symbol. For
    HIDDEN, the union over the four operations (a one-cell cage still just equals its
    target). Raises CageTooLarge for a cage too large to list."""
    return tuple(map(tuple, engine.value_tuples(op, target, list(symbols), [list(row) for row in differ])))


@lru_cache(maxsize=8192)
def packed_tuples(op: str, target: int, symbols: tuple[int, ...], differ: Differ) -> tuple[int, ...]:
    """`value_tuples`, each packed into one integer: `len(symbols)` bits per cell, first
    cell lowest, one bit set in each (the symbol's index)."""
    bit = {s: 1 << i for i, s in enumerate(symbols)}
    width = len(symbols)
    return tuple(sum(bit[v] << (j * width) for j, v in enumerate(t))
                 for t in value_tuples(op, target, symbols, differ))
