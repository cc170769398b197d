"""A layout file as data: every key a page layout has, with its kind and its range, in
one table; and the reader that takes a user's layout file with the spec's guarantees.

A layout file is a user's file like the spec, and as hostile: it is read by the one
reader (a regular file of at most 64 KB, UTF-8), composed with the spec's depth and
alias limits, and every value is read from its source text against the table below, so
`.nan`, `.inf`, `1e999`, a negative margin, a zero type size or a 20,000-character
footer is one line naming the file, line and key, exit status 2, before any work.
The ranges are wide (a large-print book's values sit well inside them) and narrow
enough that every page they allow is drawn on the paper, in visible type and lines.

The header and the footer are filled by `fill`, never by `str.format` (which would let
`{title.__class__}` print the inside of the program): `{title}` and, in the footer,
`{page}` are the only placeholders; `{{` and `}}` print a brace.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any, Union

import yaml

from bookgen.errors import LayoutFileError, Location, Problem
from bookgen.options import Bool, OptionValueError, brief, parse_int, unprintable
from bookgen.specfile import read_text
from bookgen.yamltext import compose, compose_shipped

MAX_LAYOUT_BYTES = 64 * 1024
MAX_PAGE_TEXT = 100  # characters of a header or footer, before its placeholders are filled

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}|[{}]")


@dataclass(frozen=True)
class Number:
    """A plain decimal number (no exponent, no .nan or .inf) from lo to hi."""

    lo: float
    hi: float
    unit: str = ""
    whole: bool = False

    def describe(self) -> str:
        kind = "a whole number" if self.whole else "a number"
        unit = f" {self.unit}" if self.unit else ""
        return f"{kind} from {self.lo:g} to {self.hi:g}{unit}"

    def read(self, node: yaml.Node) -> float | int:
        text = _scalar_text(node, self.describe())
        if self.whole:
            value: float | int = parse_int(text, self.describe())
        elif _NUMBER.fullmatch(text):
            value = float(text)
        else:
            raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")
        if not self.lo <= value <= self.hi:
            raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")
        return value


@dataclass(frozen=True)
class Flag:
    """A layout file's true-or-false field."""

    def read(self, node: yaml.Node) -> bool:
        return Bool().parse(_scalar_text(node, "true or false"), None)


@dataclass(frozen=True)
class PageText:
    """A header or footer: printable text with only the named placeholders."""

    placeholders: tuple[str, ...]

    def describe(self) -> str:
        return " and ".join("{" + name + "}" for name in self.placeholders)

    def read(self, node: yaml.Node) -> str:
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
            return ""
        text = _scalar_text(node, "text")
        if len(text) > MAX_PAGE_TEXT:
            raise OptionValueError(f"expected text of at most {MAX_PAGE_TEXT} characters, got {len(text)}")
        why = unprintable(text)
        if why:
            raise OptionValueError(why)
        for token in _PLACEHOLDER.findall(text):
            if token in ("{{", "}}"):
                continue
            name = token[1:-1]
            if len(token) < 2 or name not in self.placeholders:
                raise OptionValueError(f"may use {self.describe()} only (write {{{{ and }}}} for a brace), "
                                       f"got {brief(token)}")
        return text


@dataclass(frozen=True)
class Counts:
    """A list of different whole numbers from lo to hi (the puzzles a page may hold)."""

    lo: int
    hi: int

    def read(self, node: yaml.Node) -> tuple[int, ...]:
        expected = f"a list of whole numbers from {self.lo} to {self.hi}"
        if not isinstance(node, yaml.SequenceNode) or not node.value:
            raise OptionValueError(f"expected {expected}, got {_kind(node)}")
        if len(node.value) > self.hi:
            raise OptionValueError(f"expected at most {self.hi} numbers, got {len(node.value)}")
        values = [parse_int(_scalar_text(item, expected), expected) for item in node.value]
        if not all(self.lo <= v <= self.hi for v in values):
            raise OptionValueError(f"expected {expected}, got {brief(values)}")
        return tuple(sorted(set(values)))


Kind = Union[Number, Flag, PageText, Counts]
MM_LENGTH = Number(0, 60, "mm")
TYPE_SIZE = Number(4, 72, "pt")
CELL = Number(4, 40, "mm")
LINE = Number(0.1, 5, "pt")

# Every key of a layout (layouts/book.yaml has them all): its kind and range.
SCHEMA: dict[str, Kind | dict[str, Kind]] = {
    "title_page": Flag(),
    "name_lines": Flag(),
    "flow": Flag(),
    "margin": {side: MM_LENGTH for side in ("top", "bottom", "binding", "outer")},
    "header": PageText(("title",)),
    "footer": PageText(("page", "title")),
    "type": {name: TYPE_SIZE for name in ("title", "subtitle", "author", "contents", "heading", "body", "label",
                                          "footer", "answer_label", "min", "stamp")},
    "instruction_lines": Number(1, 12, whole=True),
    "lines": {"rule": LINE, "write": LINE},
    "cell": {"min": CELL, "max": CELL, "large_min": CELL, "large_max": CELL, "answer": Number(2, 12, "mm"),
             "small_side": Number(2, 25, "squares", whole=True), "small_max": CELL,
             "answer_min": Number(2, 12, "mm")},
    "student_name": {"width": Number(0.1, 1), "min": TYPE_SIZE, "lines": Number(1, 6, whole=True)},
    "gap": Number(0, 40, "mm"),
    "label_band": Number(0, 30, "mm"),
    "per_page": Counts(1, 12),
}
# Pairs that must not cross, as (smaller, larger) keys.
ORDERED = (("cell.min", "cell.max"), ("cell.large_min", "cell.large_max"))


@dataclass(frozen=True)
class LayoutValues:
    """A layout file's values, nested as written ("margin": {"top": 13.0}), and where
    each was written ("margin.top" -> file:line:column)."""

    values: dict[str, Any]
    where: dict[str, Location]


def read_layout_file(path: str) -> LayoutValues:
    """A user's layout file, every key checked; LayoutFileError listing every problem."""
    return read_layout_text(read_text(path, LayoutFileError, MAX_LAYOUT_BYTES), path)


def read_layout_text(text: str, source: str, shipped: bool = False) -> LayoutValues:
    """A layout file's text, every key checked; `shipped`: one of the package's own
    (bookgen/layouts), composed by libyaml (bookgen.yamltext.compose_shipped)."""
    read = compose_shipped if shipped else compose
    root = read(text, source, LayoutFileError, "layout file")
    reader = _Reader(source)
    values = reader.mapping(root, SCHEMA, "") if root is not None else {}
    if reader.problems:
        raise LayoutFileError(reader.problems)
    return LayoutValues(values, reader.where)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.where: dict[str, Location] = {}

    def at(self, node: yaml.Node) -> Location:
        return Location(self.source, node.start_mark.line + 1, node.start_mark.column + 1)

    def mapping(self, node: yaml.Node, schema: dict[str, Any], field: str) -> dict[str, Any]:
        if not isinstance(node, yaml.MappingNode):
            self.problems.append(Problem(self.at(node), field, f"expected a mapping of keys to values, got {_kind(node)}"))
            return {}
        values: dict[str, Any] = {}
        for key, value in node.value:
            name = str(key.value)
            path = f"{field}.{name}" if field else name
            if name in values:
                self.problems.append(Problem(self.at(key), path, "this key is given twice"))
                continue
            if name not in schema:
                close = difflib.get_close_matches(name, list(schema), n=1, cutoff=0.6)
                hint = f"did you mean '{close[0]}'?" if close else f"expected one of {', '.join(schema)}"
                self.problems.append(Problem(self.at(key), path, f"unknown key '{brief(name)}'; {hint}"))
                continue
            kind = schema[name]
            self.where[path] = self.at(value)
            if isinstance(kind, dict):
                values[name] = self.mapping(value, kind, path)
                continue
            try:
                values[name] = kind.read(value)
            except OptionValueError as exc:
                self.problems.append(Problem(self.at(value), path, str(exc)))
        return values


def _scalar_text(node: yaml.Node, expected: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or node.tag.endswith(":null"):
        raise OptionValueError(f"expected {expected}, got {_kind(node)}")
    return str(node.value).strip()


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if node.tag.endswith(":null"):
        return "nothing"
    return brief(node.value)


def misordered(values: dict[str, Any]) -> list[tuple[str, str]]:
    """The ORDERED pairs whose smaller key is larger, in a whole (merged) layout."""
    def get(path: str) -> Any:
        group, name = path.split(".")
        return values[group][name]

    return [(small, large) for small, large in ORDERED if get(small) > get(large)]


def fill(text: str, **values: Any) -> str:
    """A checked header or footer with its placeholders filled (`{{` and `}}` are braces)."""
    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        return str(values.get(token[1:-1], token))

    return _PLACEHOLDER.sub(one, text)
