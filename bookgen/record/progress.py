"""Levels that follow the child: from the marks of a student's recorded sets of a
section, the level of their next set.

A student moves up one level after `up_after` sets in a row at their current level
marked "done", and down one after `down_after` in a row marked "not done"; "needed help"
holds them where they are (and breaks both runs), and an unmarked set is passed over.
Only sets at the current level count, so a move starts both runs afresh. A move goes
only to a level the section can make (the type's ladder and its measured offer), else
the student stays and `check` says why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from bookgen.progress_option import ProgressRule
from bookgen.record.history import Past


@dataclass(frozen=True)
class Move:
    """Where a student's section goes for the next set, and why (for `check`)."""

    student: str
    section: int
    title: str
    level: str  # the level of the next set
    before: str | None  # the level of the last set (None: no set recorded)
    why: str


def _run(marked: list[str], mark: str) -> int:
    """How many of the latest marks in a row are `mark`."""
    count = 0
    for found in reversed(marked):
        if found != mark:
            break
        count += 1
    return count


def next_level(student: str, section: int, title: str, pasts: Sequence[Past], rule: ProgressRule,
               ladder: Sequence[str], refusal: Callable[[str], str | None]) -> Move | None:
    """The level of `student`'s next set of this section, or None when nothing is
    recorded of it (the spec's level stands)."""
    if not pasts:
        return None
    level = pasts[-1].level
    marked = [p.mark for p in pasts if p.level == level and p.mark is not None]
    ups, downs = _run(marked, "done"), _run(marked, "not done")
    step, why = 0, ""
    if ups >= rule.up_after:
        step, why = 1, f"{ups} set{'s' if ups != 1 else ''} in a row done at {level}"
    elif downs >= rule.down_after:
        step, why = -1, f"{downs} set{'s' if downs != 1 else ''} in a row not done at {level}"
    if step == 0 or level not in ladder:
        return Move(student, section, title, level, level, "")
    place = ladder.index(level) + step
    if not 0 <= place < len(ladder):
        edge = "highest" if step > 0 else "lowest"
        return Move(student, section, title, level, level, f"{why}, but {level} is the {edge} level")
    target = ladder[place]
    refused = refusal(target)
    if refused is not None:
        return Move(student, section, title, level, level, f"{why}, but {target} is not offered here ({refused})")
    return Move(student, section, title, target, level, why)
