"""Opening a class record: the file checked before anything is read from it, created
when missing, and held by one build at a time.

Every way a record can be unusable is one RecordError naming the file, found before
anything is written, so the file is left exactly as it was: not a regular file, empty,
not SQLite (a text file), damaged (a truncated copy), another program's database, a
newer bookgen's, read-only, or locked by another program for longer than LOCK_SECONDS.
Two bookgen builds against one record do not fail: the second waits for the first to
finish (an exclusive flock on the file for the whole build), then sees what it recorded,
so both builds' exclusions hold. SQLite's own locks, which another program takes, are
separate from that flock and are what LOCK_SECONDS bounds.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator
from urllib.parse import quote

from bookgen.errors import RecordError
from bookgen.record.schema import APPLICATION_ID, SCHEMA_VERSION, TABLES

try:  # POSIX; elsewhere two builds at once rely on SQLite's own locks alone
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

# How long a record another program holds (a database browser mid-write) is waited for.
LOCK_SECONDS = 5.0
_HEADER = b"SQLite format 3\x00"


def _fail(shown: str, why: str) -> RecordError:
    return RecordError(f"{shown}: {why}; the file was left as it was")


def _checked_file(path: Path, shown: str, write: bool) -> None:
    """What the file itself says before SQLite opens it."""
    if not path.is_file():
        raise _fail(shown, "the class record is not a regular file")
    try:
        with open(path, "rb") as f:
            head = f.read(len(_HEADER))
    except OSError as exc:
        raise _fail(shown, f"the class record cannot be read ({exc.strerror})") from None
    if not head:
        raise _fail(shown, "an empty file, not a bookgen class record")
    if head != _HEADER:
        raise _fail(shown, "not a bookgen class record (not an SQLite database: a text file?)")
    # A file without a write bit is read-only as its owner marked it, even to a user
    # (root) whom the system would let write it.
    writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK) and path.stat().st_mode & 0o222
    if write and not writable:
        raise _fail(shown, "the class record is read-only (bookgen adds each build to it); "
                           "make it and its folder writable")


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    uri = f"file:{quote(str(path.resolve()))}?mode={mode}"
    # Autocommit: every transaction is begun and ended here, explicitly.
    return sqlite3.connect(uri, uri=True, timeout=LOCK_SECONDS, isolation_level=None)


def _validated(conn: sqlite3.Connection, shown: str) -> None:
    """Bookgen's, of a version this bookgen reads, and whole."""
    try:
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if app != APPLICATION_ID:
            raise _fail(shown, "an SQLite database, but not a bookgen class record")
        if version > SCHEMA_VERSION:
            raise _fail(shown, f"a class record from a newer bookgen (record version {version}; "
                               f"this bookgen reads up to {SCHEMA_VERSION}); update bookgen")
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
    except sqlite3.OperationalError as exc:
        raise failure(shown, exc) from None
    except sqlite3.DatabaseError as exc:
        raise _fail(shown, f"the class record is damaged ({exc})") from None
    if problems != ["ok"]:
        raise _fail(shown, f"the class record is damaged ({problems[0]})")


def failure(shown: str, exc: sqlite3.Error) -> RecordError:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return _fail(shown, f"the class record is in use by another program (waited {LOCK_SECONDS:g} s); "
                            "close it there and build again")
    if "readonly" in text or "read-only" in text:
        return _fail(shown, "the class record is read-only (bookgen adds each build to it)")
    return _fail(shown, f"the class record cannot be used ({text})")


def _created(path: Path, shown: str) -> None:
    """A new record with its tables (the first build of a term), made whole in a file
    beside it and linked into place only if none is there yet: a build starting at the
    same moment never sees half a record, and one made meanwhile is kept."""
    import tempfile

    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
        os.close(fd)
    except OSError as exc:
        raise _fail(shown, f"the class record cannot be created ({exc.strerror})") from None
    try:
        conn = sqlite3.connect(temp, isolation_level=None)
        try:
            conn.execute("BEGIN")
            for statement in TABLES:
                conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        finally:
            conn.close()
        try:
            os.link(temp, path)
        except FileExistsError:
            pass  # another build made it a moment ago: that one is the record
    except (OSError, sqlite3.Error) as exc:
        raise _fail(shown, f"the class record cannot be created ({exc})") from None
    finally:
        os.unlink(temp)


def empty_record() -> sqlite3.Connection:
    """A record with no builds, in memory: what `check` reads when the file is not there
    yet (the build will create it)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    for statement in TABLES:
        conn.execute(statement)
    return conn


@contextmanager
def opened(path: Path, shown: str, write: bool, create: bool = True) -> Iterator[sqlite3.Connection]:
    """The record, checked; with `write`, created when missing (unless not `create`) and
    held against other bookgen builds until the block ends (they wait). Without `write`
    a missing record reads as empty and nothing is created."""
    if not create and not path.exists():
        raise RecordError(f"{shown}: no such class record (a build with `record: {path.name}` creates it)")
    if not write and not path.exists():
        conn = empty_record()
        try:
            yield conn
        finally:
            conn.close()
        return
    if write and not path.exists():
        if not path.parent.is_dir():
            raise _fail(shown, "the class record's folder does not exist")
        _created(path, shown)
    _checked_file(path, shown, write)
    held: IO[bytes] | None = None
    if write and fcntl is not None:
        # Opened before SQLite opens the file and closed after it closes it: closing any
        # descriptor of a file drops the process's POSIX locks on it, SQLite's included.
        held = open(path, "rb")
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
    try:
        try:
            conn = _connect(path, "rw" if write else "ro")
        except sqlite3.Error as exc:
            raise failure(shown, exc) from None
        try:
            _validated(conn, shown)
            yield conn
        finally:
            conn.close()
    finally:
        if held is not None:
            held.close()


def transaction(conn: sqlite3.Connection, shown: str) -> None:
    """Begin the one write transaction of a build (waiting LOCK_SECONDS at most)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise failure(shown, exc) from None


def commit(conn: sqlite3.Connection, shown: str) -> None:
    try:
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        conn.execute("ROLLBACK")
        raise failure(shown, exc) from None
