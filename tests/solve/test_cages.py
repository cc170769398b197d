"""Cage propagation: cages too large to list are narrowed by bounds and give the same
answers as listing; nothing a person can type makes the enumeration explode."""

from __future__ import annotations

import random

import pytest

from bookgen.model import Cage, GridModel, full_cells, line_groups
from bookgen.solve import cages
from bookgen.solve.cages import HIDDEN, BoundsPropagator, CageTooLarge, compile_cage, listable, value_tuples
from bookgen.solve.search import Solver


def latin(n: int, cage_list: tuple[Cage, ...] = ()) -> GridModel:
    return GridModel(n, n, tuple(range(1, n + 1)), full_cells(n, n), line_groups(n, n), cage_list)


def _count(model: GridModel, limit: int = 10_000) -> tuple[int, tuple]:
    found = Solver(model).count(limit=limit)
    return found.count, found.solutions


@pytest.mark.parametrize("op", ["+", "*", HIDDEN])
def test_bounds_and_listing_count_the_same_solutions(op: str, monkeypatch):
    rng = random.Random(7)
    for _ in range(12):
        cells = ((0, 0), (0, 1), (1, 1)) if rng.random() < 0.5 else ((0, 0), (1, 0), (2, 0), (2, 1))
        values = [rng.randint(1, 4) for _ in cells]
        target = sum(values) if op != "*" else values[0] * values[1] * values[2]
        model = latin(4, (Cage(cells, op, target),))
        listed = _count(model)
        monkeypatch.setattr(cages, "listable", lambda *args: False)
        bounded = _count(model)
        monkeypatch.undo()
        assert bounded[0] == listed[0] and set(bounded[1]) == set(listed[1])


def test_a_large_cage_gets_the_bounds_propagator():
    row = tuple((0, c) for c in range(9))
    model = latin(9, (Cage(row, "+", 45),))
    propagator = compile_cage(model, model.cages[0], model.index, lambda a, b: True)
    assert isinstance(propagator, BoundsPropagator)
    assert not listable("+", 45, tuple(range(1, 10)), 9) and listable("+", 12, tuple(range(1, 10)), 4)


def test_listing_a_cage_too_large_is_refused_rather_than_attempted():
    differ = tuple(tuple(a != b for b in range(9)) for a in range(9))
    with pytest.raises(CageTooLarge):
        value_tuples("+", 45, tuple(range(1, 10)), differ)


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


def test_bounds_decide_a_full_cage_exactly():
    propagator = BoundsPropagator((0, 1, 2), "+", 6, (1, 2, 3, 4))
    assert propagator.prune([0b0001, 0b0010, 0b0100]) == []  # 1 + 2 + 3
    assert propagator.prune([0b0001, 0b0010, 0b1000]) is None  # 1 + 2 + 4


def test_bounds_remove_values_no_completion_can_use():
    propagator = BoundsPropagator((0, 1), "+", 7, (1, 2, 3, 4))
    dom = [0b1111, 0b1111]
    propagator.prune(dom)
    assert dom == [0b1100, 0b1100]  # only 3 + 4 and 4 + 3
