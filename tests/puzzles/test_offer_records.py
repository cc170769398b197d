"""What the sudoku family offers is what bench/levels.py measured: every (variant, size,
level[, option]) the offer tables accept has a row in the bench's records made on 100
seeds of 100 (the records are written by `python bench/levels.py`, the tables copied from
them by hand, so the two could drift apart)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bookgen.puzzles import killer, samurai, sudoku_offer

BENCH = Path(__file__).resolve().parents[2] / "bench"


def offered() -> list[tuple[str, tuple[str, int, str]]]:
    """(record file, (variant, size, level)) for every offered combination."""
    found = []
    for (variant, size, level), made in sudoku_offer.MEASURED.items():
        if made == (100, 100):
            record = "levels-sudoku.json" if variant == "classic" else "levels-sudoku-variants.json"
            found.append((record, (variant, size, level)))
    for (variant, size, level, symmetry), made in sudoku_offer.MEASURED_SYMMETRY.items():
        if made == (100, 100):
            found.append((f"levels-sudoku-symmetry-{symmetry}.json", (variant, size, level)))
    for (size, level), made in killer.MEASURED.items():
        if made == (100, 100):
            found.append(("levels-killer.json", ("classic", size, level)))
    for (size, level, option, value), made in killer.MEASURED_OPTIONS.items():
        if made == (100, 100):
            found.append((f"levels-killer-{option}-{value}.json", ("classic", size, level)))
    found += [("levels-samurai.json", ("classic", samurai.SIDE, level)) for level in samurai.OFFERED]
    found += [(f"levels-samurai-symmetry-{symmetry}.json", ("classic", samurai.SIDE, level))
              for symmetry, levels in samurai.OFFERED_SYMMETRY.items() for level in levels]
    return found


def recorded(name: str) -> dict[tuple[str, int, str], dict]:
    data = json.loads((BENCH / name).read_text())
    assert data["seeds"] == 100
    return {(row["variant"], row["size"], row["level"]): row for row in data["rows"]}


def test_the_offer_is_not_empty():
    assert len(offered()) > 100


@pytest.mark.parametrize("record,combination", offered(), ids=lambda x: str(x))
def test_every_offered_combination_was_made_on_100_seeds_of_100(record: str, combination):
    row = recorded(record).get(combination)
    assert row is not None, f"{combination} is offered but has no row in bench/{record}"
    assert row["made"] == row["tried"] == 100 and not row.get("failed_seeds")
