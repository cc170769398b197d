"""The sudoku family's level table on the legacy Python techniques: the same names,
level for level and in the same order, as the sudoku type's table (a test checks it)."""

from __future__ import annotations

import legacy_chains as chains
import legacy_fish_wings as fw
import legacy_techniques as t
from legacy_grader import Level

SUDOKU_LEVELS: tuple[Level, ...] = (
    Level("beginner", (t.FULL_HOUSE, t.HIDDEN_SINGLE_BOX)),
    Level("easy", (t.HIDDEN_SINGLE, t.NAKED_SINGLE)),
    Level("medium", (t.LOCKED_CANDIDATES, t.NAKED_PAIR, t.HIDDEN_PAIR)),
    Level("hard", (t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, fw.X_WING, fw.SWORDFISH, fw.XY_WING, fw.XYZ_WING)),
    Level("expert", chains.CHAINS),
)
