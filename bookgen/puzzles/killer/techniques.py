"""Killer sudoku's own techniques, as the killer type's level table names them: digits
straight from a cage, combinations as pencil marks, cages and houses together, two cages
in one house, and the rule of 45 (innies and outies).

They are the engine's (engine/src/killer: cages.rs and rule45.rs), worked on the engine's
killer board, whose grader takes a level table by technique names; here they are those
names.
"""

from __future__ import annotations

from bookgen.solve.ladder import Technique


ONE_CELL_CAGE = Technique("one-cell cage")
CAGE_LAST_CELL = Technique("last cell of a cage")
CAGE_COMBINATIONS = Technique("cage combinations")
CAGE_CLAIMS = Technique("cage claims a digit in a house")
HOUSE_PINS = Technique("house pins a digit into a cage")
CAGES_IN_HOUSE = Technique("two cages in one house")
RULE_45_HOUSE = Technique("rule of 45 (one house)")
RULE_45 = Technique("rule of 45")
INNIES_OUTIES = Technique("innies and outies")
