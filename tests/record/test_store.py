"""A class record that cannot be used is one line naming the file, exit 2, and the file
as it was: truncated, a text file, empty, another program's database, a newer schema,
read-only, locked by another program. A missing one is created, with its tables."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.record import store
from bookgen.record.schema import APPLICATION_ID, SCHEMA_VERSION

SPEC = """\
title: Week
record: class.sqlite
students: [Ana, Ben]
sections:
  - type: sudoku
    size: 4
    difficulty: beginner
    count: 2
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    path = tmp_path / "week.yaml"
    path.write_text(SPEC)
    return path


def _built_record(spec: Path) -> Path:
    result = run("build", str(spec), "-o", str(spec.with_suffix(".pdf")), "-j", "1")
    assert result.exit_code == 0, result.output
    return spec.parent / "class.sqlite"


def _refused(spec: Path, record: Path, words: str) -> None:
    before = record.read_bytes()
    for command in (["build", str(spec), "-o", str(spec.parent / "out.pdf"), "-j", "1"], ["check", str(spec)]):
        result = run(*command)
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2, result.output
        assert len(lines) == 1 and f"{record}: " in lines[0] and words in lines[0], lines
    assert record.read_bytes() == before
    assert not (spec.parent / "out.pdf").exists()


def test_a_missing_record_is_created_with_its_tables_and_version(spec: Path):
    record = _built_record(spec)
    conn = sqlite3.connect(record)
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"builds", "puzzles", "marks"}
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("SELECT count(*) FROM puzzles").fetchone()[0] == 4


def test_check_of_a_missing_record_creates_nothing(spec: Path):
    result = run("check", str(spec))
    assert result.exit_code == 0 and "set 1 in" in result.output
    assert not (spec.parent / "class.sqlite").exists()


def test_a_truncated_record_is_refused(spec: Path):
    record = _built_record(spec)
    data = record.read_bytes()
    record.write_bytes(data[: len(data) // 2 + 100])
    _refused(spec, record, "damaged")


def test_a_text_file_is_refused(spec: Path):
    record = spec.parent / "class.sqlite"
    record.write_text("Ana, easy\nBen, medium\n")
    _refused(spec, record, "not an SQLite database")


def test_an_empty_file_is_refused(spec: Path):
    record = spec.parent / "class.sqlite"
    record.write_bytes(b"")
    _refused(spec, record, "empty file")


def test_another_programs_database_is_refused(spec: Path):
    record = spec.parent / "class.sqlite"
    conn = sqlite3.connect(record)
    conn.execute("CREATE TABLE pupils (name TEXT)")
    conn.commit()
    conn.close()
    _refused(spec, record, "not a bookgen class record")


def test_a_newer_schema_is_refused(spec: Path):
    record = _built_record(spec)
    conn = sqlite3.connect(record)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    _refused(spec, record, "newer bookgen")


def test_a_read_only_record_is_refused_by_build(spec: Path):
    record = _built_record(spec)
    record.chmod(0o444)
    before = record.read_bytes()
    result = run("build", str(spec), "-o", str(spec.parent / "out.pdf"), "-j", "1")
    assert result.exit_code == 2 and "read-only" in result.output
    assert len(result.output.strip().splitlines()) == 1 and record.read_bytes() == before


def test_a_record_another_program_holds_is_refused_after_waiting(spec: Path, monkeypatch: pytest.MonkeyPatch):
    record = _built_record(spec)
    monkeypatch.setattr(store, "LOCK_SECONDS", 0.3)
    holder = sqlite3.connect(record, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        before = record.read_bytes()
        result = run("build", str(spec), "-o", str(spec.parent / "out.pdf"), "-j", "1")
        assert result.exit_code == 2 and "in use by another program" in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1 and record.read_bytes() == before
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_lock_released_within_the_wait_is_waited_for(spec: Path):
    record = _built_record(spec)
    holder = sqlite3.connect(record, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    threading.Timer(0.5, lambda: holder.execute("ROLLBACK")).start()
    result = run("build", str(spec), "-o", str(spec.parent / "out.pdf"), "-j", "1")
    holder.close()
    assert result.exit_code == 0, result.output
    assert sqlite3.connect(record).execute("SELECT count(*) FROM builds").fetchone()[0] == 2


@pytest.mark.slow
def test_two_builds_at_once_one_waits_and_sees_what_the_other_recorded(spec: Path):
    # Both with one seed: had they read the record at once, both would be new sets of
    # that seed; the one that waits finds the other's set recorded, and reprints it.
    import subprocess
    import sys

    spec.write_text(SPEC.replace("[Ana, Ben]", "[" + ", ".join(f"C{k}" for k in range(30)) + "]"))
    command = [sys.executable, "-m", "bookgen.cli", "build", str(spec), "-j", "1", "-q", "--seed", "7"]
    runs = [subprocess.Popen(command + ["-o", str(spec.parent / f"{k}.pdf")]) for k in range(2)]
    assert [p.wait(timeout=120) for p in runs] == [0, 0]
    conn = sqlite3.connect(spec.parent / "class.sqlite")
    assert sorted(row[0] is None for row in conn.execute("SELECT reprint_of FROM builds")) == [False, True]
    assert conn.execute("SELECT count(*) FROM puzzles").fetchone()[0] == 60
    assert (spec.parent / "0.pdf").read_bytes() == (spec.parent / "1.pdf").read_bytes()
