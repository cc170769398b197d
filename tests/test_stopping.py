"""bookgen.stopping's in-order workers with items the caller takes itself."""

from __future__ import annotations

import multiprocessing

from bookgen.stopping import TAKEN, parallel_claimed


def _square(k: int) -> int:
    return k * k


def test_items_the_caller_takes_are_given_as_taken_and_the_rest_in_order():
    got = list(parallel_claimed(_square, 9, 2, lambda k: k % 3 == 0))
    assert got == [TAKEN if k % 3 == 0 else k * k for k in range(9)]
    assert multiprocessing.active_children() == []  # the workers ended with the items


def test_leaving_early_ends_the_workers():
    items = parallel_claimed(_square, 50, 2, lambda k: False)
    assert [next(items) for _ in range(3)] == [0, 1, 4]
    items.close()
    assert multiprocessing.active_children() == []
