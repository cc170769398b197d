"""Cages too large to list are refused by the listing and narrowed by bounds in the
search: nothing a person can type makes the enumeration explode. (That bounds and
listing find the same solutions is the engine's unit test, engine/src/search.)"""

from __future__ import annotations

import pytest

from bookgen.model import Cage, GridModel, full_cells, line_groups
from bookgen.solve.cages import CageTooLarge, value_tuples
from bookgen.solve.search import Solver


def latin(n: int, cage_list: tuple[Cage, ...] = ()) -> GridModel:
    return GridModel(n, n, tuple(range(1, n + 1)), full_cells(n, n), line_groups(n, n), cage_list)


def _count(model: GridModel, limit: int = 10_000) -> tuple[int, tuple]:
    found = Solver(model).count(limit=limit)
    return found.count, found.solutions


def test_listing_a_cage_too_large_is_refused_rather_than_attempted():
    differ = tuple(tuple(a != b for b in range(9)) for a in range(9))
    with pytest.raises(CageTooLarge):
        value_tuples("+", 45, tuple(range(1, 10)), differ)
    four = tuple(tuple(a != b for b in range(4)) for a in range(4))
    assert (1, 2, 4, 5) in value_tuples("+", 12, tuple(range(1, 10)), four)


def test_a_whole_grid_sum_cage_is_solved_without_listing_it():
    everything = tuple((r, c) for r in range(9) for c in range(9))
    count, _ = _count(latin(9, (Cage(everything, "+", 405),)), limit=2)
    assert count == 2
    # (404+ has no solution, but proving it means trying every Latin square: that one is
    # bounded by `bookgen solve --timeout`, tested in tests/test_bad_input.py.)


def test_row_product_cages_of_a_12x12_are_narrowed_by_bounds():
    n = 12
    rows = tuple(Cage(tuple((r, c) for c in range(n)), "*", 479001600) for r in range(n))
    assert _count(latin(n, rows), limit=2)[0] == 2
