"""The user's cache folder, and tables kept there that cannot lie.

A cached table is one file: a JSON header line naming what the table is (kind, version
of the code that built it, the shape it was built for, its length and SHA-256), then
the table's bytes. A file whose header or checksum does not match what is asked for is
ignored and rebuilt: a table of the right size with the wrong content would otherwise
make a search wrong for ever (a lying pattern database makes IDA* miss the shortest
solution and print a longer one as "the shortest possible").

Files are written to a temporary name and renamed, so two builds at once each see a
whole file or none. A cache that cannot be written (a read-only folder, a file where
the folder should be) is not an error: the caller keeps the table in memory, and one
note says why the next run will build it again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger("bookgen")

FORMAT = "bookgen-table"
# The header line is short; more than this means the file is not one of ours.
MAX_HEADER_BYTES = 4096

_noted: set[str] = set()


def cache_root() -> Path:
    """The user's cache folder for bookgen (BOOKGEN_CACHE_DIR overrides it)."""
    override = os.environ.get("BOOKGEN_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("bookgen"))


def table_header(kind: str, version: int, shape: str, length: int) -> dict[str, Any]:
    """What a table must be: checked against every cached file before it is used."""
    return {"format": FORMAT, "kind": kind, "version": version, "shape": shape, "length": length}


def load_table(path: Path, expected: dict[str, Any], max_length: int | None = None) -> bytes | None:
    """The cached table at `path` if its header matches `expected` and its bytes match
    the header's checksum; None otherwise (missing, unreadable, stale or corrupt).

    With `max_length`, the table's length is known only once it is made (a font made
    from another): the header's own length is taken, up to `max_length`."""
    try:
        with open(path, "rb") as f:
            line = f.readline(MAX_HEADER_BYTES)
            try:
                header = json.loads(line)
            except ValueError:
                return None
            if not isinstance(header, dict):
                return None
            length = expected["length"] if max_length is None else header.get("length")
            if not isinstance(length, int) or not 0 <= length <= (max_length or length):
                return None
            data = f.read(length + 1)
    except OSError:
        return None
    compared = {k: v for k, v in expected.items() if max_length is None or k != "length"}
    if {k: header.get(k) for k in compared} != compared:
        return None
    if len(data) != length or hashlib.sha256(data).hexdigest() != header.get("sha256"):
        return None
    return data


def store_table(path: Path, header: dict[str, Any], data: bytes) -> bool:
    """Write the table with its header and checksum, atomically; False (and one note)
    when the cache cannot be written."""
    line = json.dumps({**header, "sha256": hashlib.sha256(data).hexdigest()}, sort_keys=True).encode() + b"\n"
    temp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(line)
            f.write(data)
        os.replace(temp, path)
        return True
    except OSError as exc:
        if temp is not None:
            Path(temp).unlink(missing_ok=True)
        in_the_way = path.parent.exists() and not path.parent.is_dir()
        reason = "a file is where that folder should be" if in_the_way else (exc.strerror or str(exc)).lower()
        note_once(str(path.parent), f"cannot write the cache in {path.parent} ({reason}); "
                                    "working in memory, so the next run will build its tables again")
        return False


def note_once(key: str, message: str) -> None:
    """A one-line note to the user, once per process and subject."""
    if key not in _noted:
        _noted.add(key)
        log.warning(message)
