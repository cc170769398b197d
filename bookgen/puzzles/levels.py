"""A student's level in a section: whether the section can make it, and the nearest
level it can (a section's `levels: nearest`). Beside the types, below the spec (which
checks a class's levels) and the book's sections (which make each student's)."""

from __future__ import annotations

from typing import Any

from bookgen.book_spec import SectionSpec
from bookgen.errors import ParamsError
from bookgen.options import brief
from bookgen.puzzles import worked
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
    return focused(ptype, params, section.options.focus)[1] if section.options.focus else None


def focused(ptype: PuzzleType, params: Any, name: str) -> tuple[str, str | None]:
    """A section's `focus:` as the grader names the technique, or why it cannot be: not
    on the type's ladder, or above the section's level (its puzzles could not need it)."""
    steps = worked.worked_steps(ptype)
    found = steps.technique_level(name) if steps is not None else None
    if found is None:
        return name, f"expected a technique of a {ptype.name}'s level tables (see docs/types.md), got {brief(name)}"
    technique, level = found
    if ptype.levels.index(params.difficulty) < ptype.levels.index(level):
        return name, f"{technique} is a technique of the {level} level; ask for difficulty: {level} (or harder) to practise it"
    return technique, None


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
