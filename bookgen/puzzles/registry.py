"""The puzzle types, one line each. Adding a type: its package, and a line in _MODULES.

Each module named here has a PUZZLE_TYPE; types are imported when first asked for, so
importing the base (as layout and render do) loads none of them.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from bookgen.puzzles.base import PuzzleType

_MODULES = (
    "bookgen.puzzles.sudoku.type",
    "bookgen.puzzles.kenken.type",
    "bookgen.puzzles.killer.type",
    "bookgen.puzzles.sudoku.samurai",
    "bookgen.puzzles.sliding.type",
)


@lru_cache(maxsize=1)
def all_types() -> tuple[PuzzleType, ...]:
    """Every type, in the order `bookgen types` lists them."""
    return tuple(importlib.import_module(module).PUZZLE_TYPE for module in _MODULES)


@lru_cache(maxsize=1)
def _by_name() -> dict[str, PuzzleType]:
    return {name: ptype for ptype in all_types() for name in (ptype.name, *ptype.aliases)}


def names() -> list[str]:
    """The primary names of every registered type, for messages and `bookgen types`."""
    return [t.name for t in all_types()]


def known_names() -> list[str]:
    """Every name a spec may give, aliases too (for "did you mean")."""
    return list(_by_name())


def get(name: str) -> PuzzleType | None:
    return _by_name().get(name.lower())
