"""The frozen record holds: every type and variant makes, on fixed seeds, exactly the
puzzles (boards, solutions, levels) it made when the record was written. A change meant
to change puzzles rewrites it with `make frozen-record` and says why in its commit."""

from __future__ import annotations

import pytest

from frozen_record import CASES, Case, digest, made, recorded


def test_the_record_lists_every_case_and_nothing_else():
    assert sorted(recorded()) == sorted(case.key for case in CASES)


@pytest.mark.parametrize(
    "case", [pytest.param(case, id=case.key, marks=[pytest.mark.slow] if case.slow else []) for case in CASES]
)
def test_puzzle_on_a_fixed_seed_is_the_recorded_one(case: Case):
    assert digest(made(case)) == recorded()[case.key], (
        f"{case.key} makes another puzzle than the frozen record; if that is meant, "
        "rewrite the record (make frozen-record) and say why in the commit"
    )
