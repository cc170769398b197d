"""Killer sudoku's own techniques, as the killer type's level table names them: digits
straight from a cage, combinations as pencil marks, cages and houses together, two cages
in one house, and the rule of 45 (innies and outies).

They are the engine's (engine/src/killer: cages.rs and rule45.rs), worked on the engine's
killer board, whose grader takes a level table by technique names. Each is also a
Technique that applies itself once to such a board, which is how a test asks for one
technique alone.
"""

from __future__ import annotations

from bookgen.solve import engine
from bookgen.solve.grader import Level, Technique


def _on_the_engine(name: str) -> Technique:
    """The engine's killer technique of this name: applied to an engine board of the
    killer family, one step of it alone; True when it made progress (raises
    Contradiction)."""

    def apply(board: engine.Board) -> bool:
        return board.step(alone)

    technique = Technique(name, apply)
    alone = (Level(name, (technique,)),)
    return technique


ONE_CELL_CAGE = _on_the_engine("one-cell cage")
CAGE_LAST_CELL = _on_the_engine("last cell of a cage")
CAGE_COMBINATIONS = _on_the_engine("cage combinations")
CAGE_CLAIMS = _on_the_engine("cage claims a digit in a house")
HOUSE_PINS = _on_the_engine("house pins a digit into a cage")
CAGES_IN_HOUSE = _on_the_engine("two cages in one house")
RULE_45_HOUSE = _on_the_engine("rule of 45 (one house)")
RULE_45 = _on_the_engine("rule of 45")
INNIES_OUTIES = _on_the_engine("innies and outies")
