"""The cache folder's files, opened without following links or waiting for ever.

The cache root is taken as the user names it (a home folder's `.cache` may itself be a
link); below it, every folder is opened with ONOFOLLOW, relative to its parent's
descriptor, so a link planted in the cache (`puzzles/` pointing at `/etc`) is refused,
not written through (a build run as root made 7 folders of entries in /etc). Files are
made with O_EXCL|ONOFOLLOW beside their name and renamed into place in the same
folder descriptor.

A lock file is opened without following a link and without blocking (a FIFO put in its
place hung `bookgen solve` for ever), must be a regular file, and is waited for in
steps: after LOCK_NOTE_SECONDS a note says what is waited for and where, and after
LOCK_WAIT_SECONDS the work goes on without it (each process then builds its own copy;
the lock only saves duplicate work). The wait is in Python, so a time limit (`solve
--timeout`, a signal) ends it like any other work.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

try:
    import fcntl
except ImportError:
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from pathlib import Path

LOCK_NOTE_SECONDS = 1.0
LOCK_WAIT_SECONDS = 120.0
# A command's own bound on waiting for a lock (`solve --timeout`), if lower.
_wait_limit: list[float] = []


@contextmanager
def lock_waits_at_most(seconds: float) -> Iterator[None]:
    """Within the block a lock is waited for at most `seconds` (then the work goes on
    without it): `bookgen solve --timeout 5` never waits minutes for another process."""
    _wait_limit.append(seconds)
    try:
        yield
    finally:
        _wait_limit.pop()
_POSIX = sys.platform != "win32"
NOFOLLOW = os.O_NOFOLLOW if _POSIX else 0
_DIRECTORY = os.O_DIRECTORY if _POSIX else 0
NONBLOCK = os.O_NONBLOCK if _POSIX else 0


def _note(message: str) -> None:
    """A note on the "bookgen" logger (logging is loaded only for one: start-up)."""
    import logging

    logging.getLogger("bookgen").warning(message)


class LinkInCache(OSError):
    """A folder inside the cache that is a link (or not a folder)."""


def open_folder(root: Path, parts: tuple[str, ...], create: bool) -> int:
    """A descriptor of root/parts..., each part opened without following a link (and
    made when `create`); LinkInCache naming the part that is a link."""
    if create:
        root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | _DIRECTORY)
    try:
        for k, part in enumerate(parts):
            if create:
                try:
                    os.mkdir(part, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
            try:
                inner = os.open(part, os.O_RDONLY | _DIRECTORY | NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise LinkInCache(exc.errno, "a link or a file, where bookgen keeps a folder of its own",
                                      str(root.joinpath(*parts[:k + 1]))) from None
                raise
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_file(root: Path, parts: tuple[str, ...], name: str, data: bytes) -> None:
    """root/parts.../name holds `data`, written whole under a temporary name first."""
    folder = open_folder(root, parts, create=True)
    try:
        temp = f".{name}.{os.getpid()}-{os.urandom(4).hex()}.part"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o666, dir_fd=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            try:
                os.unlink(temp, dir_fd=folder)
            except OSError:
                pass
            raise
    finally:
        os.close(folder)


@contextmanager
def exclusive(root: Path, parts: tuple[str, ...], name: str, what: str) -> Iterator[bool]:
    """Hold the lock file root/parts.../name while the block runs (True), or run it
    without (False: no locks here, an unwritable cache, a lock file that is not a
    regular file, or a wait past LOCK_WAIT_SECONDS)."""
    fd = _lock_file(root, parts, name) if fcntl is not None else None
    if fd is None:
        yield False
        return
    try:
        held = _wait_for(fd, root.joinpath(*parts, name), what)
        try:
            yield held
        finally:
            if held:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _lock_file(root: Path, parts: tuple[str, ...], name: str) -> int | None:
    try:
        folder = open_folder(root, parts, create=True)
    except OSError:
        return None
    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT | NOFOLLOW | NONBLOCK, 0o666, dir_fd=folder)
    except OSError:
        return None
    finally:
        os.close(folder)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        _note(f"{root.joinpath(*parts, name)} is not a regular file; working without the lock")
        return None
    return fd


def _wait_for(fd: int, path: Path, what: str) -> bool:
    started = time.monotonic()
    noted = False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError:
            return False
        waited = time.monotonic() - started
        if waited >= min([LOCK_WAIT_SECONDS, *_wait_limit]):
            _note(f"gave up waiting after {waited:.0f} s for {path}; {what} without it")
            return False
        if not noted and waited >= LOCK_NOTE_SECONDS:
            _note(f"waiting for another bookgen (or a stopped one) holding {path} before {what} "
                  f"(at most {min([LOCK_WAIT_SECONDS, *_wait_limit]):g} s)")
            noted = True
        time.sleep(0.1)
