"""The sudoku family's levels, each a set of the grader's techniques (easiest first): what
the type grades by and what a puzzle is generated to (bookgen.puzzles.sudoku.targets),
apart from both so the second need not import the first."""

from __future__ import annotations

from bookgen.solve import techniques as t
from bookgen.solve.ladder import Level

# The signs' techniques find nothing to do without signs: other puzzles grade as they did.
LEVELS: tuple[Level, ...] = (
    Level("beginner", (t.FULL_HOUSE, t.HIDDEN_SINGLE_BOX, t.INEQUALITY)),
    Level("easy", (t.HIDDEN_SINGLE, t.NAKED_SINGLE)),
    Level("medium", (t.INEQUALITY_CHAIN, t.LOCKED_CANDIDATES, t.NAKED_PAIR, t.HIDDEN_PAIR)),
    Level("hard", (t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, t.X_WING, t.SWORDFISH, t.XY_WING, t.XYZ_WING)),
    Level("expert", t.CHAINS),
)
