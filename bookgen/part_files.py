"""Temporary `.part` files that say whose they are, and are cleared once their owner is
dead.

A file is written to `.<name>.<pid>-<8 letters>.part` beside its target and renamed
into place when whole (bookgen.outputs, bookgen.cache). A command killed outright
(`kill -9`, a power cut) cannot remove its own, so they piled up beside the book. Each
is now opened with an exclusive lock held for as long as its writer lives (the kernel
lets go of it when the process dies, however it dies), and the next command to write
beside the same target removes those of its own pattern whose lock it can take: only
files of exactly that pattern, regular files (never a link, never followed), and never
one whose writer is alive. Where the platform has no such locks, nothing is cleared.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # no advisory locks here: leftovers are left alone
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".part"
# What mkstemp adds between prefix and suffix.
_RANDOM = r"[a-z0-9_]{8}"
# Temporary files open in this process, each with its lock held.
_held: dict[str, int] = {}


def create(folder: Path, name: str) -> tuple[int, str]:
    """A new temporary file for `name` in `folder`, locked as this process's: (fd, path).
    The caller writes through fd or by path and calls release(path) when done with it."""
    import tempfile  # here, not at start-up: it loads shutil and the compressors (issue 31)

    fd, path = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}-", suffix=SUFFIX, dir=folder)
    if fcntl is not None:
        held = os.dup(fd)
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(held)
        else:
            _held[path] = held
    return fd, path


def release(path: str | os.PathLike[str]) -> None:
    """The file is renamed into place or removed: let its lock go."""
    held = _held.pop(str(path), None)
    if held is not None:
        os.close(held)


def clear_stale(folder: Path, name: str) -> list[str]:
    """Remove the temporary files for `name` in `folder` whose writers are dead; the
    names removed."""
    if fcntl is None:
        return []
    pattern = re.compile(re.escape(f".{name}.") + r"([0-9]{1,10})-" + _RANDOM + re.escape(SUFFIX))
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None or int(found[1]) == os.getpid() and os.path.join(folder, entry.name) in _held:
            continue
        if _owner_dead(folder, entry.name):
            removed.append(entry.name)
    return removed


def _owner_dead(folder: Path, name: str) -> bool:
    """Take the file's lock, and remove it while holding it (a writer alive holds it)."""
    path = os.path.join(folder, name)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # its writer is alive
        # Still the file that was locked (not one another process made under its name since).
        if os.stat(path, follow_symlinks=False).st_ino != os.fstat(fd).st_ino:
            return False
        os.unlink(path)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
