"""Pattern databases: admissible and additive against breadth-first search, and their disk cache."""

from __future__ import annotations

import hashlib
import itertools
import json
import random

import pytest

from bookgen import cache
from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import patterns as sliding_patterns


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Never touch the user's cache directory from a test. The small table these tests
    cache stands in for the 4×4's: its digest is shipped for the test, as theirs are."""
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(sliding_patterns, "_loaded_tables", {})
    table = sliding_patterns.build_pattern_table(3, 3, (1, 2, 3))
    shipped = {**cache.SHIPPED_DIGESTS, ("sliding-pattern-database", sliding_patterns._PDB_FORMAT, "3x3:1-2-3"):
               hashlib.sha256(table).hexdigest()}
    monkeypatch.setattr(cache, "SHIPPED_DIGESTS", shipped)


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


def test_a_consistently_edited_table_is_not_used_though_its_checksum_matches(tmp_path):
    """Anyone who can write the cache can recompute a checksum: only the digest the
    package ships says what the table must be."""
    good = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    path = _cached_file(tmp_path)
    header = json.loads(path.read_bytes().partition(b"\n")[0])
    lying = bytes(max(0, v - 1) if v != 255 else v for v in good)  # every distance one short: still admissible
    header["sha256"] = hashlib.sha256(lying).hexdigest()
    path.write_bytes(json.dumps(header).encode() + b"\n" + lying)
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) is None
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3)) == good


def test_a_table_without_a_shipped_digest_is_built_every_time_and_never_written(tmp_path):
    sliding_patterns.pattern_table(3, 3, (1, 2))
    assert list(tmp_path.rglob("*.bin")) == []


@pytest.mark.slow  # builds the three 4×4 tables (about 25 s)
@pytest.mark.parametrize("pattern", sliding_patterns._PATTERNS_4X4)
def test_the_digest_shipped_for_each_table_bookgen_builds_is_the_tables(pattern):
    shape = "4x4:" + "-".join(map(str, pattern))
    shipped = cache.SHIPPED_DIGESTS[("sliding-pattern-database", sliding_patterns._PDB_FORMAT, shape)]
    assert hashlib.sha256(sliding_patterns.build_pattern_table(4, 4, pattern)).hexdigest() == shipped


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
