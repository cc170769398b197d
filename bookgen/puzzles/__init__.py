"""The registry of puzzle types. Adding a type: one module, one line in _TYPES."""

from __future__ import annotations

from bookgen.puzzles.base import PuzzleType
from bookgen.puzzles import kenken, killer, samurai, sliding, sudoku

_TYPES: tuple[PuzzleType, ...] = (
    sudoku.PUZZLE_TYPE,
    kenken.PUZZLE_TYPE,
    killer.PUZZLE_TYPE,
    samurai.PUZZLE_TYPE,
    sliding.PUZZLE_TYPE,
)

REGISTRY: dict[str, PuzzleType] = {}
for _t in _TYPES:
    for _name in (_t.name, *_t.aliases):
        REGISTRY[_name] = _t


def names() -> list[str]:
    """The primary names of every registered type, for messages and `bookgen types`."""
    return [t.name for t in _TYPES]


def get(name: str) -> PuzzleType | None:
    return REGISTRY.get(name.lower())


def all_types() -> tuple[PuzzleType, ...]:
    return _TYPES
