"""The techniques every grid type shares, by the names the engine knows them by (it
works them: engine/src/techniques, on the board of bookgen.solve.engine): full house,
hidden and naked singles, naked and hidden pairs and triples, pointing and claiming;
fish (X-wing, swordfish) and wings (XY-wing, XYZ-wing), which look across the whole
grid; and chains (X-chain, XY-chain), the expert techniques. Over greater-than signs
(inequalities between two cells): a sign's bounds, and a chain of signs in a house. The types' level tables
(sudoku/type.py, kenken/rules.py, killer/type.py) name these, beside their own.
"""

from __future__ import annotations

from bookgen.solve.ladder import Technique

FULL_HOUSE = Technique("full house")
HIDDEN_SINGLE_BOX = Technique("hidden single in a box")
NAKED_SINGLE = Technique("naked single")
HIDDEN_SINGLE = Technique("hidden single")
LOCKED_CANDIDATES = Technique("pointing and claiming")
NAKED_PAIR = Technique("naked pair")
HIDDEN_PAIR = Technique("hidden pair")
NAKED_TRIPLE = Technique("naked triple")
HIDDEN_TRIPLE = Technique("hidden triple")

X_WING = Technique("X-wing")
SWORDFISH = Technique("swordfish")
XY_WING = Technique("XY-wing")
XYZ_WING = Technique("XYZ-wing")

X_CHAIN = Technique("X-chain")
XY_CHAIN = Technique("XY-chain")
CHAINS = (X_CHAIN, XY_CHAIN)

# A sign's bounds: the square on the small side is below the other's highest mark, the
# square on the large side above the other's lowest.
INEQUALITY = Technique("inequality")
# Signs followed from square to square: a square above k squares of one of its houses
# (which all differ) is above the k-th lowest of their marks; and the other way.
INEQUALITY_CHAIN = Technique("inequality chain")
