"""A type's ladder of levels: the techniques each level allows, by the names the engine
knows them by. Apart from the grader's records and entry points (bookgen.solve.grader),
which a type's level table does not need: `bookgen solve` of a KenKen builds its table
and proves the puzzle in one engine call, and never grades step by step (start-up: each
frozen data class costs its generated methods' compilation at import).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bookgen.solve import engine


@dataclass(frozen=True)
class Technique:
    """A technique, by the name the engine knows it by."""

    name: str

    def apply(self, board: engine.Board) -> bool:
        """One step of this technique alone on an engine board (how a test asks for one
        technique): True when it made progress; raises Contradiction."""
        return board.step((Level(self.name, (self,)),))


@dataclass(frozen=True)
class Level:
    """A difficulty level: its name and the techniques it allows."""

    name: str
    techniques: tuple[Technique, ...]
