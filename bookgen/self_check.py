"""A check a child can do alone (`self_check: true`): a few squares of the finished grid
shaded, and their sum printed under the puzzle ("The shaded squares add up to 23"),
chosen so the sum gives no square away.

Only empty squares are shaded (a given's value is on the page already), at least
MIN_SQUARES of them, and the sum is one that k values in the puzzle's range reach in
more than one way for every square: no square's value follows from the sum alone (all
ones, or all of the largest, would). The squares are drawn from the answer itself, so
the same puzzle always gets the same check, whatever the worker count."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, islice
from typing import Sequence

MIN_SQUARES = 3
MAX_SQUARES = 4
_TRIES = 64
_LISTED = 5000

Cell = tuple[int, int]


@dataclass(frozen=True)
class SelfCheck:
    """A self-check box: the cells whose digits add up to its total."""

    cells: tuple[Cell, ...]  # (row, column), in reading order
    total: int


def values_possible(total: int, squares: int, low: int, high: int) -> range:
    """The values one of `squares` squares (each low..high) can hold when they add up to
    `total`, by the sum alone."""
    rest = squares - 1
    return range(max(low, total - rest * high), min(high, total - rest * low) + 1)


def fixes_none(total: int, squares: int, low: int, high: int) -> bool:
    """Whether the sum leaves every square at least two values."""
    return squares >= MIN_SQUARES and len(values_possible(total, squares, low, high)) >= 2


def self_check(answer: Sequence[Sequence[int]], empty: Sequence[Cell], low: int, high: int) -> SelfCheck | None:
    """The shaded squares and their sum for one puzzle, or None when it has too few empty
    squares for one (a nearly finished grid)."""
    cells = sorted(empty)
    if len(cells) < MIN_SQUARES:
        return None
    import hashlib  # here, not at start-up: only a book's pages need it (issue 31)

    rng = random.Random(hashlib.sha256(repr((tuple(map(tuple, answer)), tuple(cells))).encode()).digest())
    for _ in range(_TRIES):
        squares = rng.randint(MIN_SQUARES, min(MAX_SQUARES, len(cells)))
        chosen = tuple(sorted(rng.sample(cells, squares)))
        total = sum(answer[r][c] for r, c in chosen)
        if fixes_none(total, squares, low, high):
            return SelfCheck(chosen, total)
    # Few squares with values at the ends of the range can defeat a random draw: list
    # them in order (at most _LISTED sets) before saying there is none.
    for squares in range(MIN_SQUARES, min(MAX_SQUARES, len(cells)) + 1):
        for chosen in islice(combinations(cells, squares), _LISTED):
            total = sum(answer[r][c] for r, c in chosen)
            if fixes_none(total, squares, low, high):
                return SelfCheck(tuple(chosen), total)
    return None
