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

A checksum in the file says only that the file is whole: anyone who can write the cache
folder can recompute it (a consistently edited pattern database made `bookgen solve`
print 52 moves as the shortest for a position of 48; an edited font printed a Greek
title as boxes). The tables bookgen builds itself are deterministic, so the package
ships the SHA-256 of each one it can build (SHIPPED_DIGESTS), and a cached table of a
kind in VERIFIED_KINDS is used only when its bytes are exactly those: any other is
built again, in memory, and never written. A cached puzzle is not a table bookgen can
know in advance; it is proved again before it is printed (bookgen.puzzle_cache).
A cache file that is not a regular file (a FIFO in its place) is skipped unopened.

Every table is bound to its name by a keyed digest (HMAC-SHA256 of its header and bytes,
under a secret of this user's kept outside the cache folder, in KEY_NAME beside it,
made once with mode 0600): an entry relabelled, swapped with another, or copied over
another, its checksum recomputed, is not one this user's bookgen wrote, and is made
again rather than printed (round 1 proved such puzzles still unique and at their level,
but the book was no longer the one its seed promises). Without a secret (a folder where
none can be kept) nothing is read from the cache or written to it that run. Folders
below the cache root are never followed through a link (bookgen.cache_files).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import posixpath
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from bookgen import cache_files
from bookgen.specfile import FileRefused, read_bytes


FORMAT = "bookgen-table"
# The header line is short; more than this means the file is not one of ours.
MAX_HEADER_BYTES = 4096

_noted: set[str] = set()
# The secret is per user, beside the cache folder (not in it: who can write the cache
# must not find the key there). The file holds KEY_BYTES random bytes.
KEY_NAME = "bookgen-cache.key"
KEY_BYTES = 32
_keys: dict[str, bytes | None] = {}
_key_faults: dict[str, str] = {}  # why a key could not be kept: noted by the first call that is not quiet
_unwritable = False  # found by probe(): no table is written this run

# Tables bookgen builds itself, used from the cache only when they are byte for byte
# what the package ships the digest of.
VERIFIED_KINDS = frozenset({"sliding-pattern-database", "font-instance"})
# (kind, version, shape) -> SHA-256 of every table bookgen can build. A new pattern or
# format version, or a new font source, adds its line here (tests/test_cache.py builds
# each table and compares; one without a line is built afresh on every run).
SHIPPED_DIGESTS: dict[tuple[str, int, str], str] = {
    # The 15-puzzle's 6-6-3 tables, as the engine builds them (following the blank).
    ("sliding-pattern-database", 3, "4x4 blank 0:1-2-3-5-6-7"):
        "c5bb0ac7784ad50efafd1b6c6a777a8114dbb2d4a3fec58cb9e3a6f8cca70404",
    ("sliding-pattern-database", 3, "4x4 blank 0:9-10-11-13-14-15"):
        "0cbeb22e09ce917131f7ea4189c0ab3d02f441807f45ce82ef909f73a40e23c1",
    ("sliding-pattern-database", 3, "4x4 blank 0:4-8-12"):
        "07de02e62fa62fc79c505b0b279847ca97eb7644f7400a6dc0090b8f9c2f6f1f",
    # Noto Sans Bold made by fontTools' instancer from fontpkg-noto-sans's variable font.
    ("font-instance", 2, "Noto Sans wght=700 bfb7bb691513f12e734dc346c03a03f784912432d7e3fa8e56efcf906fe86b3d"):
        "5a0ee56d5fa69689702d64bef03a4a24d58a93f5ae950ff5a004705102668833",
    # Atkinson Hyperlegible with its zero unslashed (bookgen/render/plain_zero.py), from
    # fontpkg-atkinson-hyperlegible's files.
    ("font-instance", 1, "Atkinson Hyperlegible wght=400 plain zero "
                         "7fb917c89019896d0b52ee84b7cbb3304c18cb90b19a62f5e32712bd23e97669"):
        "30fd0a7fd83eca51034857d1e1903a5b865ada0bc2b8a44a373b82cc75310633",
    ("font-instance", 1, "Atkinson Hyperlegible wght=700 plain zero "
                         "5a3b0c8cc8ca545155150b4512a1fa248298df121c50d6557e651e61fbdab92f"):
        "d0afbb98e89a70080a7d701e2fc7aad1c08b50097c4e1932c8ec7eba23813c15",
}


def cache_root() -> Path:
    """The user's cache folder for bookgen (BOOKGEN_CACHE_DIR overrides it)."""
    override = os.environ.get("BOOKGEN_CACHE_DIR")
    if override:
        return Path(override)
    usual = _xdg_cache_root()
    if usual is not None:
        return Path(usual)
    import platformdirs

    return Path(platformdirs.user_cache_dir("bookgen"))


def _xdg_cache_root() -> str | None:
    """The folder platformdirs names on Linux in the usual case (an absolute
    XDG_CACHE_HOME, else an absolute HOME's .cache), without loading it, which with the
    modules it brings was a thirtieth of `bookgen check` (start-up, issue 31); None for
    any other system or case (Android, a relative or missing HOME), which platformdirs
    answers. A test compares the two."""
    if sys.platform != "linux" or "getandroidapilevel" in sys.__dict__ or "ANDROID_DATA" in os.environ:
        return None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if posixpath.isabs(xdg):
        return posixpath.join(xdg, "bookgen")
    home = os.environ.get("HOME")
    if home is None or not posixpath.isabs(home):
        return None
    return posixpath.join(home.rstrip("/") + "/.cache", "bookgen")


def table_header(kind: str, version: int, shape: str, length: int) -> dict[str, Any]:
    """What a table must be: checked against every cached file before it is used."""
    return {"format": FORMAT, "kind": kind, "version": version, "shape": shape, "length": length}


def load_table(path: Path, expected: dict[str, Any], max_length: int | None = None,
               quiet: bool = False) -> bytes | None:
    """The cached table at `path` if its header matches `expected`, its bytes match the
    header's checksum and, for a kind bookgen builds itself, the digest the package
    ships; None otherwise (missing, unreadable, stale, corrupt or edited).

    With `max_length`, the table's length is known only once it is made (a font made
    from another): the header's own length is taken, up to `max_length`. `quiet`: a
    cache that cannot be used is no note (a table kept only to save time, whose build
    would otherwise never speak of the cache)."""
    cap = expected["length"] if max_length is None else max_length
    try:
        raw = read_bytes(path, MAX_HEADER_BYTES + cap + 1)
    except FileRefused:
        return None
    line_end = raw.find(b"\n", 0, MAX_HEADER_BYTES)
    if line_end < 0:
        return None
    try:
        header = json.loads(raw[:line_end])
    except (ValueError, RecursionError):
        return None
    if not isinstance(header, dict):
        return None
    length = expected["length"] if max_length is None else header.get("length")
    if not isinstance(length, int) or isinstance(length, bool) or not 0 <= length <= cap:
        return None
    compared = {k: v for k, v in expected.items() if max_length is None or k != "length"}
    if {k: header.get(k) for k in compared} != compared:
        return None
    data = raw[line_end + 1:]
    digest = hashlib.sha256(data).hexdigest()
    if len(data) != length or digest != header.get("sha256"):
        return None
    secret = cache_key(quiet)
    mac = header.get("mac")
    if secret is None or not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(secret, header, data)):
        return None
    if header["kind"] in VERIFIED_KINDS and digest != shipped_digest(header):
        return None
    return data


def shipped_digest(header: dict[str, Any]) -> str | None:
    """The SHA-256 the package ships for the table this header names, if any."""
    return SHIPPED_DIGESTS.get((header.get("kind"), header.get("version"), header.get("shape")))


def store_table(path: Path, header: dict[str, Any], data: bytes, quiet: bool = False) -> bool:
    """Write the table with its header and checksum, atomically; False (and one note,
    unless `quiet`) when the cache cannot be written. A table of a verified kind without
    its shipped digest is not written: it would never be read."""
    if header["kind"] in VERIFIED_KINDS and hashlib.sha256(data).hexdigest() != shipped_digest(header):
        return False
    secret = cache_key(quiet)
    if _unwritable or secret is None:
        return False
    sealed = {**header, "sha256": hashlib.sha256(data).hexdigest()}
    line = json.dumps({**sealed, "mac": _mac(secret, sealed, data)}, sort_keys=True).encode() + b"\n"
    root = cache_root()
    # Below the cache root no link is followed; a table kept elsewhere (a test's folder)
    # has its own folder as the root.
    root, parts = (root, path.parent.relative_to(root).parts) if path.parent.is_relative_to(root) \
        else (path.parent, ())
    try:
        cache_files.write_file(root, parts, path.name, line + data)
        return True
    except OSError as exc:
        if not quiet:
            _note_unwritable(path.parent, exc)
        return False


def _mac(secret: bytes, header: dict[str, Any], data: bytes) -> str:
    """The keyed digest of a table: its header (what it claims to be, and its name's
    shape) and its bytes."""
    fields = {k: v for k, v in header.items() if k != "mac"}
    signed = hmac.new(secret, json.dumps(fields, sort_keys=True).encode() + b"\0", hashlib.sha256)
    signed.update(data)
    return signed.hexdigest()


def key_path() -> Path:
    """The user's cache secret: beside the cache folder, never inside it."""
    root = cache_root()
    return root.parent / (KEY_NAME if root.name == "bookgen" else f"{root.name}.{KEY_NAME}")


def cache_key(quiet: bool = False) -> bytes | None:
    """This user's secret for the cache (made the first time), or None with one note when
    it cannot be kept (none when `quiet`; a later call that is not quiet gives it): not a
    regular file of this user's, readable by others, the wrong size, or a folder where it
    cannot be made."""
    path = key_path()
    if str(path) not in _keys:
        _key_faults.pop(str(path), None)
        try:
            _keys[str(path)] = _read_key(path) or _make_key(path)
        except (OSError, ValueError) as exc:
            _keys[str(path)] = None
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            _key_faults[str(path)] = (f"cannot use the cache's key {path} ({reason.lower()}); the cache is not "
                                      "used this run")
    if str(path) in _key_faults and not quiet:
        note_once(f"key {path}", _key_faults[str(path)])
    return _keys[str(path)]


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | cache_files.NOFOLLOW | cache_files.NONBLOCK)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as f:
        found = os.fstat(f.fileno())
        if not stat.S_ISREG(found.st_mode):
            raise ValueError("not a regular file")
        if sys.platform != "win32" and (found.st_uid != os.geteuid() or found.st_mode & 0o077):
            raise ValueError("another user's, or readable by others: remove it and bookgen makes a new one")
        key = f.read(KEY_BYTES + 1)
    if len(key) != KEY_BYTES:
        raise ValueError(f"expected {KEY_BYTES} bytes; remove it and bookgen makes a new one")
    return key


def _make_key(path: Path) -> bytes:
    """A new secret, written whole under another name and linked into place (two
    processes making one at once: the second reads the first's)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o600)
            f.write(os.urandom(KEY_BYTES))
        try:
            os.link(temp, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(temp)
    key = _read_key(path)
    if key is None:
        raise ValueError("it vanished as it was made")
    return key


def probe() -> bool:
    """Whether the cache folder can be written, found once before worker processes are
    started: when it cannot, one note now, and no process tries again (every worker
    would otherwise note it, and every subfolder once each)."""
    global _unwritable
    root = cache_root()
    _unwritable = False  # asked afresh each build: the folder may have been mended since
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".probe.", suffix=".part", dir=root)
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        _note_unwritable(root, exc)
        _unwritable = True
    return not _unwritable


def _note_unwritable(folder: Path, exc: OSError) -> None:
    """One note a process for the whole cache, naming the folder in the way."""
    if isinstance(exc, cache_files.LinkInCache):
        note_once(str(cache_root()), f"cannot write the cache in {exc.filename}: it is {exc.strerror}; working "
                                     "in memory, so the next run will build its tables again")
        return
    blocked = next((p for p in reversed([folder, *folder.parents]) if p.exists() and not p.is_dir()), None)
    reason = "a file is where that folder should be" if blocked else (exc.strerror or str(exc)).lower()
    note_once(str(cache_root()), f"cannot write the cache in {blocked or folder} ({reason}); "
                                 "working in memory, so the next run will build its tables again")


def note_once(key: str, message: str) -> None:
    """A one-line note to the user, once per process and subject."""
    if key not in _noted:
        _noted.add(key)
        import logging  # here: most commands never write a note (start-up)

        logging.getLogger("bookgen").warning(message)
