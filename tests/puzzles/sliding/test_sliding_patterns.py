"""Pattern databases: admissible and additive against breadth-first search, and their disk cache."""

from __future__ import annotations

import itertools
import random

import pytest

from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import patterns as sliding_patterns


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Never touch the user's cache directory from a test."""
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(sliding_patterns, "_loaded_tables", {})


SMALL_PATTERNS = ((1, 2, 3, 4), (5, 6, 7, 8))  # 3×3, blank top-left


def test_pattern_tables_are_admissible_and_additive(bfs_distances):
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = [sliding_patterns.build_pattern_table(3, 3, p) for p in SMALL_PATTERNS]
    rng = random.Random(4)
    for state in rng.sample(sorted(distances), 3000):
        cell = {tile: c for c, tile in enumerate(state)}
        total = 0
        for pattern, table in zip(SMALL_PATTERNS, tables):
            index = sum(cell[t] * 9 ** (len(pattern) - 1 - i) for i, t in enumerate(pattern))
            total += table[index]
        assert total <= distances[state]
    goal_index = sum(t * 9 ** (3 - i) for i, t in enumerate(SMALL_PATTERNS[0]))
    assert tables[0][goal_index] == 0


def test_pattern_tables_are_at_least_manhattan():
    table = sliding_patterns.build_pattern_table(3, 3, (1, 2))
    for a, b in itertools.permutations(range(9), 2):
        manhattan = abs(a // 3 - 0) + abs(a % 3 - 1) + abs(b // 3 - 0) + abs(b % 3 - 2)
        assert table[a * 9 + b] >= manhattan


def test_pattern_tables_are_cached_on_disk_and_reloaded(tmp_path):
    first = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    files = list(tmp_path.rglob("*.bin"))
    assert len(files) == 1 and files[0].read_bytes().endswith(first)
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) == first


def _cached_file(tmp_path):
    (path,) = tmp_path.rglob("*.bin")
    return path


def test_a_cached_table_with_the_wrong_content_is_rebuilt_and_rewritten(tmp_path):
    good = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    path = _cached_file(tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    path.write_bytes(header + b"\n" + bytes(len(data)))  # right size, all zeros: a lying table
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) is None
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3)) == good
    assert path.read_bytes() == header + b"\n" + good


@pytest.mark.parametrize("damage", ["truncated", "no header", "other shape", "other version", "garbage"])
def test_a_cached_table_that_does_not_match_its_header_is_not_used(tmp_path, damage):
    good = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    path = _cached_file(tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    damaged = {
        "truncated": header + b"\n" + data[:-1],
        "no header": data,
        "other shape": header.replace(b"3x3:1-2-3", b"3x3:1-2-4") + b"\n" + data,
        "other version": header.replace(b'"version": 2', b'"version": 1') + b"\n" + data,
        "garbage": b"\xff" * 10_000,
    }[damage]
    assert damaged != path.read_bytes()
    path.write_bytes(damaged)
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) is None


def test_an_unwritable_cache_folder_builds_in_memory_with_one_note(tmp_path, monkeypatch, caplog):
    (tmp_path / "sliding").write_text("a file where the cache folder should be")
    with caplog.at_level("WARNING", logger="bookgen"):
        first = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
        sliding_patterns._loaded_tables.clear()
        assert sliding_patterns.pattern_table(3, 3, (1, 2, 3)) == first
    notes = [r.getMessage() for r in caplog.records]
    assert len(notes) == 1 and notes[0].startswith(f"cannot write the cache in {tmp_path / 'sliding'}")
    assert (tmp_path / "sliding").read_text() == "a file where the cache folder should be"


def test_pattern_table_not_built_when_asked_not_to():
    assert sliding_patterns.pattern_table(3, 3, (5, 6), build=False) is None
