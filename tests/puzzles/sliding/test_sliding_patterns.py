"""Pattern databases: admissible and additive against breadth-first search, looked up on
the mirror image too, and their disk cache."""

from __future__ import annotations

import hashlib
import itertools
import json
import random

import pytest

from bookgen import cache
from bookgen.solve.engine import PatternTables as SlidingPatterns
from bookgen.puzzles.sliding import board as sliding_board

from bookgen.puzzles.sliding import patterns as sliding_patterns


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Never touch the user's cache directory from a test, nor tables another test loaded.
    The small table these tests cache stands in for the 4×4's: its digest is shipped for
    the test, as theirs are."""
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(sliding_patterns, "_loaded", {})
    table = SlidingPatterns.build(3, 3, 0, [[1, 2, 3]]).table(0)
    shipped = {**cache.SHIPPED_DIGESTS, ("sliding-pattern-database", sliding_patterns._PDB_FORMAT,
                                         "3x3 blank 0:1-2-3"): hashlib.sha256(table).hexdigest()}
    monkeypatch.setattr(cache, "SHIPPED_DIGESTS", shipped)


def forget_loaded() -> None:
    """Drop the tables held in memory: the next use reads the cache again."""
    sliding_patterns._loaded.clear()


SMALL_PATTERNS = ((1, 2, 3, 4), (5, 6, 7, 8))  # 3×3, blank top-left


def test_pattern_tables_and_their_mirror_lookup_are_admissible_and_additive(bfs_distances):
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = sliding_patterns.pattern_tables(3, 3, 0, SMALL_PATTERNS)
    rng = random.Random(4)
    mirror_larger = 0
    for state in rng.sample(sorted(distances), 3000):
        regular, mirrored = tables.lookup(list(state))
        assert regular <= distances[state] and mirrored <= distances[state]
        mirror_larger += mirrored > regular
    assert tables.lookup(list(goal)) == (0, 0)
    assert mirror_larger > 100  # the mirror lookup is often the stronger


def test_pattern_tables_are_at_least_manhattan():
    table = SlidingPatterns.build(3, 3, 0, [[1, 2]]).table(0)
    for a, b in itertools.permutations(range(9), 2):
        manhattan = abs(a // 3 - 0) + abs(a % 3 - 1) + abs(b // 3 - 0) + abs(b % 3 - 2)
        assert table[a * 9 + b] >= manhattan


def _ignoring_the_blank(rows: int, cols: int, pattern: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """The weaker relaxation, by BFS: each tile steps into any cell its pattern leaves free."""
    near = sliding_board.neighbours(rows, cols)
    found = {pattern: 0}
    layer = [pattern]
    while layer:
        nxt = []
        for cells in layer:
            for i, cell in enumerate(cells):
                for dest in near[cell]:
                    moved = cells[:i] + (dest,) + cells[i + 1:]
                    if dest not in cells and moved not in found:
                        found[moved] = found[cells] + 1
                        nxt.append(moved)
        layer = nxt
    return found


def test_pattern_tables_follow_the_blank():
    """A pattern tile moves only into the blank, which other tiles' moves carry round
    freely but pattern tiles wall in: never less than letting every tile step into any
    free cell, and more wherever the walls matter."""
    pattern = (1, 2, 3, 4)
    table = SlidingPatterns.build(3, 3, 0, [list(pattern)]).table(0)
    weaker = _ignoring_the_blank(3, 3, pattern)
    index = {cells: sum(c * 9 ** (3 - i) for i, c in enumerate(cells)) for cells in weaker}
    assert all(table[index[cells]] >= value for cells, value in weaker.items())
    assert sum(table[index[cells]] > value for cells, value in weaker.items()) > 100


def test_pattern_tables_are_cached_on_disk_and_reloaded(tmp_path):
    first = sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0)
    files = list(tmp_path.rglob("*.bin"))
    assert len(files) == 1 and files[0].read_bytes().endswith(first)
    forget_loaded()
    assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)], build=False).table(0) == first


def _cached_file(tmp_path):
    (path,) = tmp_path.rglob("*.bin")
    return path


def test_a_cached_table_with_the_wrong_content_is_rebuilt_and_rewritten(tmp_path):
    good = sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0)
    path = _cached_file(tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    path.write_bytes(header + b"\n" + bytes(len(data)))  # right size, all zeros: a lying table
    forget_loaded()
    assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)], build=False) is None
    assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0) == good
    assert path.read_bytes() == header + b"\n" + good


def test_a_consistently_edited_table_is_not_used_though_its_checksum_matches(tmp_path):
    """Anyone who can write the cache can recompute a checksum: only the digest the
    package ships says what the table must be."""
    good = sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0)
    path = _cached_file(tmp_path)
    header = json.loads(path.read_bytes().partition(b"\n")[0])
    lying = bytes(max(0, v - 1) if v != 255 else v for v in good)  # every distance one short: still admissible
    header["sha256"] = hashlib.sha256(lying).hexdigest()
    path.write_bytes(json.dumps(header).encode() + b"\n" + lying)
    forget_loaded()
    assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)], build=False) is None
    assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0) == good


def test_a_table_without_a_shipped_digest_is_built_every_time_and_never_written(tmp_path):
    sliding_patterns.pattern_tables(3, 3, 0, [(1, 2)])
    assert list(tmp_path.rglob("*.bin")) == []


@pytest.mark.slow  # builds the three 4×4 tables (about 6 s)
def test_the_digest_shipped_for_each_table_bookgen_builds_is_the_tables():
    partition = sliding_patterns.pattern_partition(4, 4, 0)
    built = SlidingPatterns.build(4, 4, 0, [list(p) for p in partition])
    for i, pattern in enumerate(partition):
        shape = "4x4 blank 0:" + "-".join(map(str, pattern))
        shipped = cache.SHIPPED_DIGESTS[("sliding-pattern-database", sliding_patterns._PDB_FORMAT, shape)]
        assert hashlib.sha256(built.table(i)).hexdigest() == shipped


@pytest.mark.parametrize("damage", ["truncated", "no header", "other shape", "other version", "garbage"])
def test_a_cached_table_that_does_not_match_its_header_is_not_used(tmp_path, damage):
    sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)])
    path = _cached_file(tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    damaged = {
        "truncated": header + b"\n" + data[:-1],
        "no header": data,
        "other shape": header.replace(b"3x3 blank 0:1-2-3", b"3x3 blank 0:1-2-4") + b"\n" + data,
        "other version": header.replace(b'"version": 3', b'"version": 2') + b"\n" + data,
        "garbage": b"\xff" * 10_000,
    }[damage]
    assert damaged != path.read_bytes()
    path.write_bytes(damaged)
    forget_loaded()
    assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)], build=False) is None


def test_an_unwritable_cache_folder_builds_in_memory_with_one_note(tmp_path, caplog):
    (tmp_path / "sliding").write_text("a file where the cache folder should be")
    with caplog.at_level("WARNING", logger="bookgen"):
        first = sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0)
        forget_loaded()
        assert sliding_patterns.pattern_tables(3, 3, 0, [(1, 2, 3)]).table(0) == first
    notes = [r.getMessage() for r in caplog.records]
    assert len(notes) == 1 and notes[0].startswith(f"cannot write the cache in {tmp_path / 'sliding'}")
    assert (tmp_path / "sliding").read_text() == "a file where the cache folder should be"


def test_pattern_tables_not_built_when_asked_not_to(tmp_path):
    assert sliding_patterns.pattern_tables(3, 3, 0, [(5, 6)], build=False) is None
    assert not list(tmp_path.rglob("*.bin"))


def test_only_the_fifteen_puzzle_has_a_partition():
    assert sliding_patterns.pattern_partition(4, 4, 0) is not None
    assert sliding_patterns.pattern_partition(4, 4, 15) is None  # the label frame turns it to 0
    assert sliding_patterns.pattern_partition(3, 3, 0) is None
    assert sliding_patterns.pattern_tables(5, 5, 0) is None
