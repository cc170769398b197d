"""Every assignment of symbols that makes a cage's target. The listing and the cage
propagators of the search live in the engine (engine/src/search/cages.rs); this module
gives the type policies (a KenKen cage's digit sets) the listing through the engine,
cached.

A cage's satisfying assignments depend only on its operation, target, the symbols and
which of its cells must differ (share a row, column or group), so they are listed once
per such key and shared by every cage of that shape, in every puzzle.
"""

from __future__ import annotations

from functools import lru_cache

from bookgen.errors import CageTooLarge
from bookgen.solve import engine

# An operation the solver must guess: the cage holds any assignment that makes its target
# by one of + - * / (KenKen with the signs left out). Never printed or stored in files.
HIDDEN = "?"

Differ = tuple[tuple[bool, ...], ...]


# CageTooLarge: a cage whose assignments cannot be listed in bounded time and memory (a
# 9-cell row sum of 1..9 has millions): the search narrows it by bounds instead;
# listing-based reasoning (the grader) must skip it. Raised by the engine's boards and by
# the listing here alike (a ValueError).
__all__ = ["HIDDEN", "CageTooLarge", "Differ", "value_tuples"]


@lru_cache(maxsize=8192)
def value_tuples(op: str, target: int, symbols: tuple[int, ...], differ: Differ) -> tuple[tuple[int, ...], ...]:
    """Every assignment of symbols to a cage's cells that makes its target, in the
    engine's listing order. `differ[a][b]` says cells a and b may not repeat a symbol. For
    HIDDEN, the union over the four operations (a one-cell cage still just equals its
    target). Raises CageTooLarge for a cage too large to list."""
    return tuple(map(tuple, engine.value_tuples(op, target, list(symbols), [list(row) for row in differ])))

