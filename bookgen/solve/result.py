"""Outcomes of solving, shared by every puzzle type."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class Outcome(Enum):
    SOLVED = "solved"  # exactly one solution, found
    IMPOSSIBLE = "impossible"  # no solution
    AMBIGUOUS = "ambiguous"  # more than one solution
    UNFINISHED = "unfinished"  # unique, but the allowed techniques get stuck (or time ran out)


@dataclass(frozen=True)
class SolveResult:
    """What solving a puzzle found: its outcome, solution(s) and level."""

    outcome: Outcome
    solution: Any = None  # the unique solution, when there is one
    other: Any = None  # a second, different solution, when ambiguous
    level: str | None = None  # the grader's level, when the techniques finish
    solutions: int = 0  # 0, 1 or 2 (2 meaning "several")
    detail: dict[str, Any] | None = None  # type-specific extras (e.g. a sliding puzzle's optimality)
