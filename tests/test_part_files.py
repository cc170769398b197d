"""Temporary files a killed command leaves: cleared by the next command writing beside
the same target, only of our own pattern, only when their writer is dead (its lock
free), never through a link; a real `kill -9` of `bookgen build` leaves none behind
the next build."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bookgen import part_files

BOOKGEN = [sys.executable, "-m", "bookgen.cli"]
SPEC = "title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 9\n    difficulty: hard\n    count: 60\n"


def _holder(path: Path) -> subprocess.Popen:
    """Another process that holds the lock of a temporary file, as a live writer does."""
    code = ("import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR); "
            "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_a_dead_writers_file_is_cleared_and_a_live_ones_kept(tmp_path: Path):
    dead = tmp_path / ".out.pdf.99999-abcdefgh.part"
    dead.write_bytes(b"")
    alive = tmp_path / ".out.pdf.12345-ijklmnop.part"
    alive.write_bytes(b"")
    holder = _holder(alive)
    try:
        assert part_files.clear_stale(tmp_path, "out.pdf") == [dead.name]
        assert alive.exists() and not dead.exists()
    finally:
        holder.kill()
        holder.wait()
    assert part_files.clear_stale(tmp_path, "out.pdf") == [alive.name]


def test_only_our_own_pattern_and_never_a_link_is_cleared(tmp_path: Path):
    kept = ["out.pdf", ".out.pdf.part", ".out.pdf.abcdefgh.part", ".other.pdf.1-abcdefgh.part",
            ".out.pdf.1-abcdefgh.part.keep", "notes.part"]
    for name in kept:
        (tmp_path / name).write_bytes(b"x")
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    (tmp_path / ".out.pdf.2-abcdefgh.part").symlink_to(victim)
    (tmp_path / ".out.pdf.3-abcdefgh.part").mkdir()
    assert part_files.clear_stale(tmp_path, "out.pdf") == []
    assert victim.read_bytes() == b"precious"
    assert all((tmp_path / name).exists() for name in kept)


def test_this_processes_own_temporary_file_is_kept_while_it_is_written(tmp_path: Path):
    fd, path = part_files.create(tmp_path, "out.pdf")
    os.close(fd)
    try:
        assert part_files.clear_stale(tmp_path, "out.pdf") == []
        assert Path(path).exists()
    finally:
        part_files.release(path)


@pytest.mark.slow
def test_kill_9_of_build_leaves_nothing_after_the_next_build(tmp_path: Path):
    (tmp_path / "book.yaml").write_text(SPEC)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
           "BOOKGEN_CACHE_DIR": str(tmp_path / "cache")}
    killed = 0
    for _ in range(2):
        build = subprocess.Popen(BOOKGEN + ["build", "book.yaml", "-o", "out.pdf", "-j", "1", "--no-cache", "-q"],
                                 cwd=tmp_path, env=env, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".out.pdf.*.part")) and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(build.pid, signal.SIGKILL)
        build.wait()
        killed += 1
    # A kill -9 leaves its own; the next build (killed too) cleared the one before.
    assert killed == 2 and len(list(tmp_path.glob(".out.pdf.*.part"))) == 1
    (tmp_path / "small.yaml").write_text(SPEC.replace("count: 60", "count: 1").replace("size: 9", "size: 4")
                                         .replace("hard", "beginner"))
    done = subprocess.run(BOOKGEN + ["build", "small.yaml", "-o", "out.pdf", "-j", "1", "-q"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob(".out.pdf.*.part")) == []
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")
