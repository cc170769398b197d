"""Reading a user's file with bounded work, and composing a user's YAML safely: the one
reader for every file a user hands over (spec, layout, class list, font, picture,
puzzle file), which may be anything, made by anyone.

Every limit here is documented in the README. They are far above any real book (a
100-puzzle spec is about 2 KB, 4 levels deep, 300 values) and low enough that no file,
however made, can make `bookgen check` take more than a moment or much memory:
`/dev/zero`, a 10 MB file, 3000 nested lists, or a 600-byte "billion laughs" of
aliases that would expand to millions of values are each one line and exit status 2.
"""

from __future__ import annotations

import os
import stat
from typing import Any

import yaml

from bookgen.errors import InputError, Location, Problem, SpecError

MAX_SPEC_BYTES = 256 * 1024  # a spec file
MAX_PUZZLE_FILE_BYTES = 16 * 1024 * 1024  # a puzzle file for `bookgen solve` (a whole book's JSON)
MAX_DEPTH = 20  # nesting of lists and mappings, counted after aliases are expanded
MAX_VALUES = 20_000  # values in the spec after aliases and merge keys are expanded
MAX_SECTIONS = 100
MAX_PUZZLES = 1000  # in the whole book

MERGE_TAG = "tag:yaml.org,2002:merge"


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
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
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
        line, column = _position(data[: exc.start].decode("utf-8", "replace"))
        raise FileRefused(f"not UTF-8 text (byte 0x{data[exc.start]:02X}); save the file as UTF-8",
                          line, column) from None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        line, column = _position(text[: text.index("\x00")])
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


def _position(before: str) -> tuple[int, int]:
    """1-based line and column just after `before`."""
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


class _TooDeep(Exception):
    def __init__(self, mark: Any) -> None:
        self.mark = mark


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader with a depth limit while composing (the composer is recursive:
    thousands of nested lists would exhaust Python's stack)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def compose(text: str, source: str, error: type[InputError] = SpecError, what: str = "spec") -> yaml.Node | None:
    """A user's YAML file (a spec, a layout) as nodes (positions kept), merge keys
    (`<<: *base`) applied, and its size after alias expansion checked; `error` with one
    problem otherwise."""
    try:
        loader = _BoundedLoader(text)
    except yaml.reader.ReaderError as exc:
        line, column = _position(text[: exc.position])
        raise error(Problem(Location(source, line, column), "",
                            f"the character #x{exc.character:04X} is not allowed in a {what}")) from None
    try:
        root = loader.get_single_node()
    except _TooDeep as exc:
        raise error(Problem(_at(source, exc.mark, text), "", f"nested more than {MAX_DEPTH} levels deep")) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _at(source, mark, text) if mark else Location(source)
        message = str(exc.problem or exc.context).replace("'<stream end>'", "the end of the file")
        raise error(Problem(where, "", f"YAML syntax error: {message}")) from None
    except yaml.YAMLError as exc:
        raise error(Problem(Location(source), "", f"YAML error: {exc}")) from None
    finally:
        loader.dispose()
    if root is not None:
        _Expander(source, text, error, what).check(root)
    return root


def _at(source: str, mark: Any, text: str) -> Location:
    """A mark's position, moved back onto the last line when it is past the end."""
    lines = text.splitlines() or [""]
    if mark.line >= len(lines):
        return Location(source, len(lines), len(lines[-1]) + 1)
    return Location(source, mark.line + 1, mark.column + 1)


class _Expander:
    """Applies merge keys, refuses keys that are not plain names, and measures every node
    as if aliases were expanded (once per node, so an alias bomb costs no more than the
    text it is written in)."""

    def __init__(self, source: str, text: str, error: type[InputError], what: str) -> None:
        self.source, self.text, self.error, self.what = source, text, error, what
        self.measured: dict[int, tuple[int, int]] = {}  # id(node) -> (values, depth)
        self.open: set[int] = set()

    def fail(self, node: yaml.Node, message: str) -> None:
        raise self.error(Problem(_at(self.source, node.start_mark, self.text), "", message))

    def check(self, root: yaml.Node) -> None:
        values, depth = self.measure(root)
        if depth > MAX_DEPTH:
            self.fail(root, f"nested more than {MAX_DEPTH} levels deep once aliases are expanded")
        if values > MAX_VALUES:
            self.fail(root, f"more than {MAX_VALUES:,} values once aliases are expanded; "
                            f"no {self.what} is this large")

    def measure(self, node: yaml.Node) -> tuple[int, int]:
        key = id(node)
        if key in self.measured:
            return self.measured[key]
        if key in self.open:
            self.fail(node, "an alias refers to the value that contains it")
        self.open.add(key)
        if isinstance(node, yaml.MappingNode):
            self.merge(node)
        children = self.children(node)
        values, depth = 1, 0
        for child in children:
            child_values, child_depth = self.measure(child)
            values, depth = values + child_values, max(depth, child_depth)
            if values > MAX_VALUES or depth > MAX_DEPTH:
                break  # already too large: stop before the expansion grows further
        self.open.discard(key)
        self.measured[key] = (values, depth + 1)
        return self.measured[key]

    def children(self, node: yaml.Node) -> list[yaml.Node]:
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        if isinstance(node, yaml.MappingNode):
            for key, _value in node.value:
                if not isinstance(key, yaml.ScalarNode):
                    self.fail(key, f"a key must be a plain name, not a {_kind(key)}")
            return [value for _key, value in node.value]
        return []

    def merge(self, node: yaml.MappingNode) -> None:
        """`<<: *base` (or a list of bases): the base's keys, unless given here too."""
        if not any(key.tag == MERGE_TAG for key, _value in node.value):
            return
        own = [(k, v) for k, v in node.value if k.tag != MERGE_TAG]
        names = {k.value for k, _v in own if isinstance(k, yaml.ScalarNode)}
        merged = []
        for key, value in node.value:
            if key.tag != MERGE_TAG:
                continue
            bases = value.value if isinstance(value, yaml.SequenceNode) else [value]
            for base in bases:
                if not isinstance(base, yaml.MappingNode):
                    self.fail(base, f"'<<' merges a mapping (such as *base), not a {_kind(base)}")
                self.measure(base)  # its own merges first
                for k, v in base.value:
                    if isinstance(k, yaml.ScalarNode) and k.value not in names:
                        names.add(k.value)
                        merged.append((k, v))
        node.value = own + merged


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "list"
    if isinstance(node, yaml.MappingNode):
        return "mapping"
    return "value"

