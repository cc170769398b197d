"""Random KenKen cagings for tests of the grader's soundness: a random Latin square caged
and clued for an even mix of the operations by the engine's own layout code, never graded
(so mostly ambiguous)."""

from __future__ import annotations

import random

from bookgen.model import Cage, Grid
from bookgen.solve import engine


def random_caging(n: int, max_cage: int, single_cap: int, size_decay: float, operations: tuple[str, ...],
                  rng: random.Random) -> tuple[Grid, list[Cage]] | None:
    """The solution and the cages; None when the layout left more than `single_cap`
    one-cell cages."""
    made = engine.random_kenken_caging(size=n, max_cage=max_cage, single_cap=single_cap, size_decay=size_decay,
                                       operations=list(operations), seed=rng.getrandbits(64))
    if made is None:
        return None
    cages, rows = made
    return rows, [Cage(cells, op, target) for cells, op, target in cages]
