"""Random killer cages over a known grid, for tests that need boards of every kind (many
ambiguous, stuck at every level): connected cages of 1 to 5 cells without a repeated
digit, grown from the cells in a random order. The generator's own layouts are drawn in
the engine (engine/src/killer/generate/layout.rs); these need only be random."""

from __future__ import annotations

import random

from bookgen.model import Cell, Grid

SIZES = (1, 2, 3, 4, 5)
WEIGHTS = (1, 3, 3, 2, 2)


def random_cages(solution: Grid, rng: random.Random) -> list[tuple[Cell, ...]]:
    n = len(solution)
    order = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(order)
    taken: set[Cell] = set()
    cages = []
    for start in order:
        if start in taken:
            continue
        want = rng.choices(SIZES, WEIGHTS)[0]
        cage, digits = [start], {solution[start[0]][start[1]]}
        taken.add(start)
        while len(cage) < want:
            frontier = sorted({(r + dr, c + dc) for r, c in cage for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                               if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in taken
                               and solution[r + dr][c + dc] not in digits})
            if not frontier:
                break
            cell = rng.choice(frontier)
            cage.append(cell)
            taken.add(cell)
            digits.add(solution[cell[0]][cell[1]])
        cages.append(tuple(sorted(cage)))
    return cages
