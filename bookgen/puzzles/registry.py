"""The puzzle types, one line each. Adding a type: its package, and a line in _TYPES.

Each module named here has a PUZZLE_TYPE, which takes its name and aliases from its line
(`name, aliases = names_of(__name__)`), so each name is written once, here; types are
imported when first asked for, one at a time, so importing the base (as layout and render
do) loads none of them and `bookgen solve` of a KenKen loads KenKen alone.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache

from bookgen.puzzles.base import PuzzleType

@dataclass(frozen=True)
class Registered:
    """One type's line: the names a spec may give it (its own first) and its module, so a
    command that needs one type imports that one alone."""

    names: tuple[str, ...]
    module: str


_TYPES = (
    Registered(("sudoku", "classic", "classic-sudoku"), "bookgen.puzzles.sudoku.type"),
    Registered(("kenken", "calcudoku", "mathdoku", "ken-ken"), "bookgen.puzzles.kenken.type"),
    Registered(("killer", "killer-sudoku", "sumdoku"), "bookgen.puzzles.killer.type"),
    Registered(("samurai", "samurai-sudoku"), "bookgen.puzzles.sudoku.samurai"),
    Registered(("tredoku", "tredoku-sudoku", "3d-sudoku"), "bookgen.puzzles.tredoku.type"),
    Registered(("sliding", "slide", "sliding-puzzle", "15-puzzle", "8-puzzle"), "bookgen.puzzles.sliding.type"),
)


def names_of(module: str) -> tuple[str, tuple[str, ...]]:
    """The name and aliases of the type `module` holds, as its line gives them."""
    line = next(line for line in _TYPES if line.module == module)
    return line.names[0], line.names[1:]


def _load(line: Registered) -> PuzzleType:
    return importlib.import_module(line.module).PUZZLE_TYPE


@lru_cache(maxsize=1)
def all_types() -> tuple[PuzzleType, ...]:
    """Every type, in the order `bookgen types` lists them."""
    return tuple(_load(line) for line in _TYPES)


def names() -> list[str]:
    """The primary names of every registered type, for messages and `bookgen types`."""
    return [line.names[0] for line in _TYPES]


def known_names() -> list[str]:
    """Every name a spec may give, aliases too (for "did you mean")."""
    return [name for line in _TYPES for name in line.names]


def get(name: str) -> PuzzleType | None:
    """The type a spec's name stands for (its module imported now if it was not), or None."""
    wanted = name.lower()
    line = next((line for line in _TYPES if wanted in line.names), None)
    return None if line is None else _load(line)
