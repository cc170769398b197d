from __future__ import annotations

from pathlib import Path

from bookgen import cache


def test_a_table_whose_length_is_known_only_once_made_round_trips(tmp_path: Path):
    header = cache.table_header("made-table", 1, "shape", 0)
    path = tmp_path / "made.bin"
    assert cache.store_table(path, {**header, "length": 5}, b"bytes")
    assert cache.load_table(path, header, max_length=100) == b"bytes"


def test_a_cached_table_longer_than_allowed_or_altered_is_not_used(tmp_path: Path):
    header = cache.table_header("made-table", 1, "shape", 0)
    path = tmp_path / "made.bin"
    cache.store_table(path, {**header, "length": 5}, b"bytes")
    assert cache.load_table(path, header, max_length=4) is None
    path.write_bytes(path.read_bytes()[:-1] + b"X")
    assert cache.load_table(path, header, max_length=100) is None
    assert cache.load_table(path, cache.table_header("made-table", 2, "shape", 0), max_length=100) is None
