"""Random KenKen cagings for tests of the grader's soundness: a random Latin square caged
and clued for an even mix of the operations by the engine's own layout code, never graded
(so mostly ambiguous)."""

from __future__ import annotations

import random
from typing import Iterator

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


def mixed_cagings(count: int, sides: int, rng: random.Random) -> Iterator[tuple[int, int, Grid, list[Cage]]]:
    """(k, n, solution, cages) for k in range(count) on sides n = 3 .. 2 + `sides` in turn:
    all four operations, cages of up to four cells, a few one-cell cages (a layout that
    left more is skipped, so fewer than `count` come)."""
    for k in range(count):
        n = 3 + k % sides
        made = random_caging(n, 4, n * n // 6 + 1, 0.6, ("+", "-", "*", "/"), rng)
        if made is not None:
            yield k, n, *made
