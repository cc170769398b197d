"""Declarative option types shared by the book spec and every puzzle type's Params.

An option is declared once, as a dataclass field made with `option(...)`; the spec layer
parses and validates it from YAML and `bookgen types` documents it from the same place.

Raw values arrive as the user wrote them: a scalar is its source text (so YAML 1.1's
`no` -> False and `0123` -> 83 surprises never happen behind the user's back), a
sequence is a list, a missing value is None. `parse` returns the typed value or raises
OptionValueError with a message of the form "expected ..., got ...".
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pathlib is loaded when a path is read: a plain solve never reads one (start-up)
    from pathlib import Path

_INT = re.compile(r"[+-]?[0-9][0-9_]*")
# A square grid as `bookgen types` names it: 6x6, 6 x 6, 6×6.
_SQUARE = re.compile(r"([0-9]{1,3})\s*[xX×]\s*([0-9]{1,3})")
MAX_DIGITS = 40  # more than any option's range (a seed has at most 19)
_TRUE = {"true", "yes", "on", "y"}
_FALSE = {"false", "no", "off", "n"}

class OptionValueError(ValueError):
    """A raw value that does not fit its option type; `at`, where inside a list or
    mapping the fault is ((3, "level"): the level of the list's fourth item), so the
    spec can name that line."""

    def __init__(self, message: str, at: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.at = at


def field_of(at: tuple[Any, ...]) -> str:
    """A place in the spec's list as a field: (3, "names", 1) -> "[3].names[1]"."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in at)


@dataclass(frozen=True)
class ParseContext:
    """What parsing needs beyond the raw value: the folder relative paths start from."""

    base_dir: Path = field(default_factory=lambda: path_of("."))


def path_of(text: str) -> Path:
    """`text` as a Path (pathlib is loaded here, when a path is read)."""
    from pathlib import Path

    return Path(text)


class OptionType(Protocol):
    """What every option kind is: a parser of raw values and the words naming what it takes."""

    def parse(self, raw: Any, ctx: ParseContext) -> Any: ...

    def describe(self) -> str: ...


def shown(raw: Any) -> str:
    """A raw value as a message's "got ..." names it."""
    if raw is None:
        return "nothing"
    if isinstance(raw, list):
        return "a list"
    if isinstance(raw, dict):
        return "a mapping"
    return str(raw)


def brief(text: Any, limit: int = 40) -> str:
    """A value as echoed in a message: cut short, so a 10,000-character value stays one line."""
    shown = str(text).replace("\n", " ")
    if not shown:
        return "nothing"
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def scalar(raw: Any, expected: str) -> str:
    """A scalar's source text, stripped; a list, mapping or nothing is refused as not `expected`."""
    if raw is None or isinstance(raw, (list, dict)):
        raise OptionValueError(f"expected {expected}, got {shown(raw)}")
    return str(raw).strip()


def parse_int(raw: Any, expected: str = "a whole number") -> int:
    """Decimal integers only: a leading zero never makes a number octal."""
    if isinstance(raw, bool):
        raise OptionValueError(f"expected {expected}, got {raw}")
    if isinstance(raw, int):
        return raw
    text = scalar(raw, expected)
    if not _INT.fullmatch(text):
        raise OptionValueError(f"expected {expected}, got {brief(text)}")
    digits = text.replace("_", "")
    if len(digits.lstrip("+-").lstrip("0")) > MAX_DIGITS:
        # Python refuses to convert integers of thousands of digits; no option needs them.
        raise OptionValueError(f"expected {expected}, got a number of {len(digits.lstrip('+-'))} digits")
    return int(digits)


@dataclass(frozen=True)
class Int:
    """A whole number, within bounds where given."""

    lo: int | None = None
    hi: int | None = None

    def describe(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a whole number from {self.lo} to {self.hi}"
        if self.lo is not None:
            return f"a whole number of at least {self.lo}"
        if self.hi is not None:
            return f"a whole number of at most {self.hi}"
        return "a whole number"

    def parse(self, raw: Any, ctx: ParseContext) -> int:
        value = parse_int(raw, self.describe())
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise OptionValueError(f"expected {self.describe()}, got {brief(value)}")
        return value


@dataclass(frozen=True)
class Choice:
    """One of a fixed list of values."""

    values: tuple[Any, ...]

    def describe(self) -> str:
        shown = [str(v) for v in self.values]
        if len(shown) == 1:
            return shown[0]
        return "one of " + ", ".join(shown)

    def parse(self, raw: Any, ctx: ParseContext) -> Any:
        text = scalar(raw, self.describe())
        for value in self.values:
            if str(value).lower() == text.lower():
                return value
        raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")


@dataclass(frozen=True)
class Bool:
    """True or false."""

    def describe(self) -> str:
        return "true or false"

    def parse(self, raw: Any, ctx: ParseContext) -> bool:
        if isinstance(raw, bool):
            return raw
        text = scalar(raw, self.describe()).lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise OptionValueError(f"expected true or false, got {brief(text)}")


# Bidirectional embeddings, overrides and isolates: invisible, and from an escape such as
# "\u202E" they reverse the text around them in bookmarks and viewers.
_DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unprintable(text: str) -> str | None:
    """Why `text` cannot be printed as written, or None: a control character (a NUL, a
    line break, a tab, from an escape or a block) or a direction control. A font may map
    them to a glyph, so the font's check alone would let them through to the page."""
    for ch in text:
        if unicodedata.category(ch) == "Cc" or ch in _DIRECTION_CONTROLS:
            if ch in "\n\r\x85":
                return f"a line break (U+{ord(ch):04X}) cannot be printed here; write the text on one line"
            name = unicodedata.name(ch, "a control character").lower()
            return f"the character U+{ord(ch):04X} ({name}) cannot be printed; remove it"
    return None


def visible(text: str) -> bool:
    """Whether `text` has anything to print: a letter, mark, digit, punctuation or
    symbol (a name of soft hyphens or zero-width spaces heads a sheet with nothing)."""
    return any(unicodedata.category(ch)[0] in "LMNPS" for ch in text)


@dataclass(frozen=True)
class Text:
    """A line of text, at most max_length characters."""

    max_length: int = 200

    def describe(self) -> str:
        return "text"

    def parse(self, raw: Any, ctx: ParseContext) -> str:
        text = scalar(raw, self.describe())
        if len(text) > self.max_length:
            raise OptionValueError(f"expected text of at most {self.max_length} characters, got {len(text)}")
        why = unprintable(text)
        if why:
            raise OptionValueError(why)
        return text


@dataclass(frozen=True)
class SubsetOf:
    """A non-empty list drawn from fixed values, e.g. KenKen's operations `[+, -]`."""

    values: tuple[str, ...]
    aliases: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        return "a list drawn from " + ", ".join(self.values)

    def parse(self, raw: Any, ctx: ParseContext) -> tuple[str, ...]:
        items = raw if isinstance(raw, list) else [raw]
        alias = dict(self.aliases)
        chosen: list[str] = []
        for item in items:
            text = scalar(item, self.describe())
            text = alias.get(text, text)
            if text not in self.values:
                raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")
            if text not in chosen:
                chosen.append(text)
        if not chosen:
            raise OptionValueError(f"expected {self.describe()}, got an empty list")
        return tuple(v for v in self.values if v in chosen)


@dataclass(frozen=True)
class Square:
    """The side of a square grid, written as a number (6) or as the grid is named (6x6,
    6×6); the number is then read by `inner`, so its range and messages are the side's."""

    inner: OptionType

    def describe(self) -> str:
        return self.inner.describe()

    def parse(self, raw: Any, ctx: ParseContext) -> Any:
        if isinstance(raw, str):
            found = _SQUARE.fullmatch(raw.strip())
            if found:
                rows, cols = found.groups()
                if rows != cols:
                    raise OptionValueError(f"expected a square grid such as {rows}x{rows}, got {brief(raw.strip())}")
                raw = rows
        return self.inner.parse(raw, ctx)

    @staticmethod
    def side(raw: str) -> str:
        """The side as a number is written ("6x6" -> "6"); anything else as it is."""
        found = _SQUARE.fullmatch(raw.strip())
        return found[1] if found and found[1] == found[2] else raw


@dataclass(frozen=True)
class Optional:
    """An option that may be left out; None when absent."""

    inner: OptionType

    def describe(self) -> str:
        return self.inner.describe()

    def parse(self, raw: Any, ctx: ParseContext) -> Any:
        return None if raw is None else self.inner.parse(raw, ctx)


@dataclass(frozen=True)
class OptionInfo:
    """What an option field takes (its kind) and its help line."""

    kind: OptionType
    help: str


def option(kind: OptionType, default: Any, help: str) -> Any:
    """A dataclass field that is also a documented, validated spec option."""
    return field(default=default, metadata={"option": OptionInfo(kind, help)})


def declared(params_type: type) -> list[tuple[str, OptionInfo, Any]]:
    """The options a Params dataclass declares: (name, info, default)."""
    found = []
    for f in dataclasses.fields(params_type):
        info = f.metadata.get("option")
        if info is not None:
            found.append((f.name, info, f.default))
    return found
