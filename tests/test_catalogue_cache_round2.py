"""Issue 34's catalogue, the cache: an entry relabelled, swapped with another or copied
over another (its checksum recomputed, its header made to match its new name) is not
one this user's bookgen wrote, and is made again, never printed; the key that proves it
lives beside the cache folder (0600, never followed through a link); writes never
follow a link planted below the cache root; a lock file that is a FIFO, or one held by
a stopped build, never makes a command wait for ever or without a word."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen import cache, cache_files
from bookgen.cli import main

SPEC = """\
title: Cached
seed: 5
sections:
  - type: sudoku
    size: 4
    difficulty: beginner
    count: 2
  - type: kenken
    size: 4
    difficulty: easy
    count: 1
"""
BOOKGEN = [sys.executable, "-m", "bookgen.cli"]


@pytest.fixture(autouse=True)
def _fresh_keys():
    cache._keys.clear()
    yield
    cache._keys.clear()


def build(spec: Path, out: Path) -> tuple[bytes, str]:
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(out), "-q", "-j", "1"])
    assert result.exit_code == 0, result.output
    return out.read_bytes(), result.output


def entries(root: Path) -> dict[str, list[Path]]:
    """The cache's puzzle entries by the type they hold, in a fixed order."""
    found: dict[str, list[Path]] = {}
    for path in sorted((root / "puzzles").rglob("*.json")):
        found.setdefault(json.loads(path.read_bytes().partition(b"\n")[2])["type"], []).append(path)
    return found


def resealed(path: Path, data: bytes, name: Path | None = None) -> bytes:
    """`data` with a header whose checksum, length and name are made for it, as an editor
    who knows the format (but not the user's key) would write it."""
    header = json.loads(path.read_bytes().partition(b"\n")[0])
    header.update(length=len(data), sha256=hashlib.sha256(data).hexdigest())
    if name is not None:
        header["shape"] = name.stem
    return json.dumps(header).encode() + b"\n" + data


def _relabelled(entries: dict[str, list[Path]]) -> list[Path]:
    """A sudoku's digits 1 and 2 swapped everywhere: still a valid, unique puzzle."""
    path = entries["sudoku"][0]
    text = path.read_bytes().partition(b"\n")[2].decode()
    fields = json.loads(text)
    swap = {1: 2, 2: 1}
    fields["givens"] = [[r, c, swap.get(v, v)] for r, c, v in fields["givens"]]
    fields["solution"] = [[swap.get(v, v) for v in row] for row in fields["solution"]]
    path.write_bytes(resealed(path, json.dumps(fields).encode()))
    return [path]


def _swapped(entries: dict[str, list[Path]]) -> list[Path]:
    """Two sudoku entries of one cache exchanged, each header renamed to fit its new place."""
    a, b = entries["sudoku"]
    data_a, data_b = a.read_bytes().partition(b"\n")[2], b.read_bytes().partition(b"\n")[2]
    new_a, new_b = resealed(a, data_b, a), resealed(b, data_a, b)
    a.write_bytes(new_a)
    b.write_bytes(new_b)
    return [a, b]


def _copied(entries: dict[str, list[Path]]) -> list[Path]:
    """One sudoku entry copied over the other, its header renamed to fit."""
    a, b = entries["sudoku"]
    b.write_bytes(resealed(b, a.read_bytes().partition(b"\n")[2], b))
    return [b]


@pytest.mark.parametrize("tamper", [_relabelled, _swapped, _copied])
def test_a_tampered_entry_is_made_again_not_printed(tmp_path: Path, tamper):
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    first, _ = build(spec, tmp_path / "first.pdf")
    root = cache.cache_root()
    touched = tamper(entries(root))
    again, _ = build(spec, tmp_path / "again.pdf")
    assert again == first
    for path in touched:  # remade: a sealed entry in its place again
        header = json.loads(path.read_bytes().partition(b"\n")[0])
        assert header["shape"] == path.stem and "mac" in header


def test_an_entry_is_reused_when_untouched(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    build(spec, tmp_path / "first.pdf")
    before = {p: p.stat().st_mtime_ns for paths in entries(cache.cache_root()).values() for p in paths}
    build(spec, tmp_path / "again.pdf")
    assert {p: p.stat().st_mtime_ns for p in before} == before


def test_the_key_lives_beside_the_cache_folder_and_only_its_owner_reads_it(tmp_path: Path):
    key = cache.cache_key()
    path = cache.key_path()
    assert key is not None and len(key) == cache.KEY_BYTES
    assert path.parent == cache.cache_root().parent and not path.is_relative_to(cache.cache_root())
    assert path.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("spoil", ["readable", "link", "short"])
def test_a_key_that_cannot_be_trusted_turns_the_cache_off_with_one_note(tmp_path: Path, spoil: str, caplog):
    path = cache.key_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if spoil == "readable":
        path.write_bytes(os.urandom(cache.KEY_BYTES))
        path.chmod(0o644)
    elif spoil == "link":
        target = tmp_path / "elsewhere.key"
        target.write_bytes(os.urandom(cache.KEY_BYTES))
        target.chmod(0o600)
        path.symlink_to(target)
    else:
        path.write_bytes(b"short")
        path.chmod(0o600)
    assert cache.cache_key() is None
    assert not cache.store_table(cache.cache_root() / "x" / "t.bin", cache.table_header("t", 1, "s", 1), b"x")
    assert [r.getMessage() for r in caplog.records if "key" in r.getMessage()][0].startswith("cannot use the cache's key")


def test_a_link_below_the_cache_root_is_never_written_through(tmp_path: Path):
    outside = tmp_path / "etc"
    outside.mkdir()
    root = cache.cache_root()
    root.mkdir(parents=True, exist_ok=True)
    (root / "puzzles").symlink_to(outside)
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    _pdf, said = build(spec, tmp_path / "book.pdf")
    assert list(outside.rglob("*")) == []
    assert said.splitlines() == [f"bookgen: note: cannot write the cache in {root / 'puzzles'}: it is a link or a "
                                 "file, where bookgen keeps a folder of its own; working in memory, so the next "
                                 "run will build its tables again"]


def test_a_fifo_as_the_lock_file_is_worked_without(tmp_path: Path):
    root = tmp_path / "cache"
    (root / "sliding").mkdir(parents=True)
    os.mkfifo(root / "sliding" / ".building.lock")
    started = time.monotonic()
    with cache_files.exclusive(root, ("sliding",), ".building.lock", "building") as held:
        assert held is False
    assert time.monotonic() - started < 1


def test_a_lock_held_by_a_stopped_process_is_waited_for_with_a_note_then_let_go(tmp_path: Path, monkeypatch, caplog):
    root = tmp_path / "cache"
    (root / "sliding").mkdir(parents=True)
    code = ("import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
            "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); os.kill(os.getpid(), 19)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(root / "sliding" / ".building.lock")],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(cache_files, "LOCK_NOTE_SECONDS", 0.2)
        monkeypatch.setattr(cache_files, "LOCK_WAIT_SECONDS", 1.0)
        with cache_files.exclusive(root, ("sliding",), ".building.lock", "building the tables") as held:
            assert held is False
        said = [r.getMessage() for r in caplog.records]
        assert any(m.startswith("waiting for another bookgen") and ".building.lock" in m for m in said)
        assert any(m.startswith("gave up waiting") for m in said)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()


@pytest.mark.slow
def test_solve_under_a_lock_held_by_a_stopped_build_ends_within_its_timeout_and_says_why(tmp_path: Path):
    """A 4×4 sliding puzzle needs the pattern databases; another (stopped) process holds
    their lock: `solve --timeout 2` waits 2 s for it, saying so, then makes its own."""
    root = tmp_path / "cache"
    (root / "sliding").mkdir(parents=True)
    code = ("import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
            "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); os.kill(os.getpid(), 19)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(root / "sliding" / ".building.lock")],
                              stdout=subprocess.PIPE, text=True)
    puzzle = tmp_path / "p.json"
    puzzle.write_text(json.dumps({"type": "sliding", "start": [[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15],
                                                                [8, 13, 6, 3]]}))
    try:
        assert holder.stdout.readline().strip() == "held"
        env = {**os.environ, "BOOKGEN_CACHE_DIR": str(root),
               "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        started = time.monotonic()
        done = subprocess.run(BOOKGEN + ["solve", str(puzzle), "--timeout", "2"], env=env, capture_output=True,
                              text=True, timeout=60)
        assert time.monotonic() - started < 60  # it built the tables itself after 2 s
        assert "waiting for another bookgen" in done.stderr and "(at most 2 s)" in done.stderr
        assert "gave up waiting after 2 s" in done.stderr
        assert "Traceback" not in done.stderr
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
