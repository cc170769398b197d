"""What the sudoku family offers is what bench/levels.py measured: every (variant, size,
level[, option]) the offer tables accept has a row in the bench's records made on 100
seeds of 100 (the records are written by `python bench/levels.py`, the tables copied from
them by hand, so the two could drift apart)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

LEVELS_BENCH = Path(__file__).resolve().parents[2] / "bench" / "levels.py"


def _bench():
    spec = importlib.util.spec_from_file_location("levels_bench", LEVELS_BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def test_the_offer_is_not_empty_and_its_table_has_a_line_per_record_variant_and_size():
    combinations = BENCH.offered_combinations()
    assert len(combinations) > 100
    table = BENCH.offered_table()
    assert len(table) - 2 == len({(name, variant, size) for name, (variant, size, _l) in combinations})


@pytest.mark.parametrize("record,combination", BENCH.offered_combinations(), ids=str)
def test_every_offered_combination_was_made_on_100_seeds_of_100(record: str, combination):
    row = BENCH.recorded(record).get(combination)
    assert row is not None, f"{combination} is offered but has no row in bench/{record}"
    assert row["made"] == row["tried"] == 100 and not row.get("failed_seeds")
