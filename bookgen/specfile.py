"""Reading a user's file with bounded work: the one reader for every file a user hands
over (spec, layout, class list, font, picture, puzzle file), which may be anything, made
by anyone. Composing a user's YAML safely is bookgen.yamltext's.

Every limit here is documented in the README. They are far above any real book (a
100-puzzle spec is about 2 KB, 4 levels deep, 300 values) and low enough that no file,
however made, can make `bookgen check` take more than a moment or much memory:
`/dev/zero`, a 10 MB file, 3000 nested lists, or a 600-byte "billion laughs" of
aliases that would expand to millions of values are each one line and exit status 2.
"""

from __future__ import annotations

import os
import stat

from bookgen.errors import InputError, Location, Problem

MAX_SPEC_BYTES = 256 * 1024  # a spec file
MAX_PUZZLE_FILE_BYTES = 16 * 1024 * 1024  # a puzzle file for `bookgen solve` (a whole book's JSON)
MAX_SECTIONS = 100
MAX_PUZZLES = 1000  # in the whole book

# A FIFO opened for reading must not block until a writer comes, nor a terminal become
# the process's controlling one; Windows has neither flag (nor FIFOs or terminals to fear).
_POSIX_FLAGS = os.O_NONBLOCK | os.O_NOCTTY if os.name == "posix" else 0


class FileRefused(Exception):
    """A user's file that bookgen will not read, and why (in words to follow its name)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """A user's file as bytes: a regular file of at most `limit` bytes, else FileRefused.

    The file's kind is checked before it is opened (opening a FIFO waits for a writer,
    for ever), and again on the open file, opened without waiting, in case another file
    took its name in between; reading stops one byte past the limit (/dev/zero, or a
    50 MB file, costs no more than the limit)."""
    if str(path) == "":
        raise FileRefused("expected a file name, got nothing")
    try:
        _refuse_irregular(os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | _POSIX_FLAGS)
        with os.fdopen(fd, "rb") as f:
            _refuse_irregular(os.fstat(f.fileno()).st_mode)
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise FileRefused("no such file") from None
    except IsADirectoryError:
        raise FileRefused("this is a folder, not a file") from None
    except OSError as exc:
        raise FileRefused(f"cannot read the file ({(exc.strerror or str(exc)).lower()})") from None
    if len(data) > limit:
        raise FileRefused(f"the file is larger than {size_text(limit)}, the most bookgen reads")
    return data


def _refuse_irregular(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise FileRefused("this is a folder, not a file")
    if not stat.S_ISREG(mode):
        # /dev/zero or a pipe would never end: read regular files only.
        raise FileRefused("not a regular file (a device, pipe or socket)")


def size_text(limit: int) -> str:
    """A byte count as a person reads it: 256 KB, 16 MB."""
    return f"{limit // 2**20} MB" if limit >= 2**20 and limit % 2**20 == 0 else f"{limit // 1024} KB"


def read_text(path: str | os.PathLike[str], error: type[InputError], limit: int) -> str:
    """A user's text file (a spec, a layout, a class list, a puzzle file): a regular file
    of at most `limit` bytes, in UTF-8 (a UTF-8 byte-order mark is allowed), with no NUL
    characters; else `error` with one line naming the file (and line, where there is one)."""
    shown = str(path) if str(path) != "" else "''"
    try:
        data = read_bytes(path, limit)
    except FileRefused as exc:
        raise error(Problem(Location(shown), "", exc.message)) from None
    try:
        return decoded(data)
    except FileRefused as exc:
        raise error(Problem(Location(shown, exc.line, exc.column), "", exc.message)) from None


def decoded(data: bytes) -> str:
    """Bytes as UTF-8 text without a NUL; FileRefused (with the line and column) otherwise."""
    wide = _wide_encoding(data)
    if wide == "UTF-16":
        raise FileRefused("the file is UTF-16 (Notepad's \"Unicode\"); save it as UTF-8")
    if wide == "UTF-32":
        raise FileRefused("the file is UTF-32; save it as UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = text_position(data[: exc.start].decode("utf-8", "replace"))
        raise FileRefused(f"not UTF-8 text (byte 0x{data[exc.start]:02X}); save the file as UTF-8",
                          line, column) from None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        line, column = text_position(text[: text.index("\x00")])
        raise FileRefused("a NUL character: this is not a text file", line, column)
    return text


def _wide_encoding(data: bytes) -> str | None:
    """"UTF-32" or "UTF-16" for a byte-order mark, or ASCII text with three zero bytes
    (UTF-32) or one (UTF-16) beside every character; None otherwise."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    sample = data[:200]
    if len(sample) < 4:
        return None
    quarter = len(sample) // 4
    zeros = [sample[k::4].count(0) for k in range(4)]  # zero bytes at each place of four
    if zeros[1] > quarter // 2 and zeros[2] > quarter // 2 and max(zeros[0], zeros[3]) > quarter // 2:
        return "UTF-32"
    if sample[1::2].count(0) > quarter or sample[0::2].count(0) > quarter:
        return "UTF-16"
    return None


def text_position(before: str) -> tuple[int, int]:
    """1-based line and column just after `before`."""
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
