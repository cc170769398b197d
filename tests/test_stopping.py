"""bookgen.stopping's in-order workers (claimed_in_order): every item given in order, those
the caller takes as TAKEN, a worker's error raised when its item is reached, and no worker
left when the loop ends or is left."""

from __future__ import annotations

import os

import pytest

from bookgen.stopping import TAKEN, claimed_in_order


def _square(k: int) -> int:
    return k * k


def _children() -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.append(int(entry))
    return found


def test_every_item_comes_in_order_those_the_caller_took_as_taken():
    got = list(claimed_in_order(_square, 40, 2, mine=lambda k: k % 3 == 0))
    assert len(got) == 40
    assert all(got[k] == k * k for k in range(40) if k % 3)  # the caller may take only every third
    assert all(got[k] is TAKEN or got[k] == k * k for k in range(0, 40, 3))
    assert _children() == []


def test_the_caller_takes_nothing_it_may_not():
    got = list(claimed_in_order(_square, 20, 2, mine=lambda k: False))
    assert got == [k * k for k in range(20)]


def _fails_at_seven(k: int) -> int:
    if k == 7:
        raise ValueError("seven")
    return k


def test_a_workers_error_is_raised_when_its_item_is_reached_and_the_workers_end():
    got = []
    with pytest.raises(ValueError, match="seven"):
        for item in claimed_in_order(_fails_at_seven, 30, 2, mine=lambda k: False):
            got.append(item)
    assert got == list(range(7))
    assert _children() == []


def test_leaving_early_ends_the_workers():
    items = claimed_in_order(_square, 50, 2, mine=lambda k: False)
    assert [next(items) for _ in range(3)] == [0, 1, 4]
    items.close()
    assert _children() == []
