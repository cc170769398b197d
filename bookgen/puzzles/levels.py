"""A student's level in a section: whether the section can make it, and the nearest
level it can (a section's `levels: nearest`). Beside the types, below the spec (which
checks a class's levels) and the book's sections (which make each student's)."""

from __future__ import annotations

from bookgen.book_spec import SectionSpec
from bookgen.errors import ParamsError
from bookgen.puzzles.base import PuzzleType


def level_refusal(ptype: PuzzleType, section: SectionSpec, level: str) -> str | None:
    """Why a section cannot be made at a student's level, or None: it can, or its type's
    options leave no level to change (a sliding puzzle of a given number of moves)."""
    params = ptype.at_level(section.params, level)
    if params is None:
        return None
    if level not in ptype.levels:
        return f"a {ptype.name} puzzle has no {level} level (its levels are {', '.join(ptype.levels)})"
    try:
        ptype.validate(params)
        ptype.refuse_count(params, section.options.count)
    except ParamsError as exc:
        return exc.message
    return None


# Every level a type may have, easiest first: how near one level is to another.
LEVEL_ORDER = ("beginner", "easy", "medium", "hard", "expert")


def nearest_level(ptype: PuzzleType, section: SectionSpec, level: str) -> str | None:
    """The level this section makes nearest to `level` (itself if it makes it; the easier
    of two as near), or None when it makes none."""
    if level_refusal(ptype, section, level) is None:
        return level
    rank = {name: k for k, name in enumerate(LEVEL_ORDER)}
    wanted = rank.get(level, 0)
    made = [name for name in ptype.levels if level_refusal(ptype, section, name) is None]
    return min(made, key=lambda name: (abs(rank.get(name, 0) - wanted), rank.get(name, 0)), default=None)
