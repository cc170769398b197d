"""A puzzle file as `bookgen solve` reads it: interchange JSON (one puzzle, a list, or a
whole book's `{"puzzles": [...]}`) or a puzzle typed in a type's own text form; and the
plain JSON every puzzle file and cache entry is read as (no NaN or Infinity, no number
longer than any puzzle holds, no nesting deep enough to exhaust Python's stack).
"""

from __future__ import annotations

import json
import re
from typing import Any

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.puzzles import registry
from bookgen.puzzles.base import Puzzle
from bookgen.specfile import MAX_PUZZLE_FILE_BYTES, read_text

# Whole numbers in a puzzle file: more digits than any target (Python refuses thousands).
MAX_JSON_DIGITS = 40


def plain_json(text: str | bytes) -> Any:
    """JSON as plain data; ValueError for a constant or an overlong number, RecursionError
    for nesting too deep (both the caller's to report)."""
    # Every whole number read through _short_int cost a call each (a cached rebuild reads
    # 50,000): a text with no run of more digits than that allows reads alike without it.
    if isinstance(text, bytes):  # decoded as json.loads decodes bytes
        text = text.decode(json.detect_encoding(text), "surrogatepass")
    if _LONG_DIGITS.search(text) is None:
        return json.loads(text, parse_constant=_no_constant)
    return json.loads(text, parse_constant=_no_constant, parse_int=_short_int)


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_JSON_DIGITS + 1))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a puzzle can hold")


def _short_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_JSON_DIGITS:
        raise ValueError(f"a number of {digits} digits is more than any puzzle holds")
    return int(text)


def read_puzzles(path: str) -> list[tuple[str, Puzzle]]:
    """The puzzles in a file, each with its label (its `id`, or its place in the file)."""
    text = read_text(path, PuzzleFormatError, MAX_PUZZLE_FILE_BYTES)
    if text.lstrip().startswith(("{", "[")):
        return _read_json(text, path)
    for ptype in registry.all_types():
        puzzle = ptype.from_text(text, path)
        if puzzle is not None:
            return [("1", puzzle)]
    raise PuzzleFormatError(Problem(Location(path), "", "expected interchange JSON"))


def read_json_items(text: str, path: str) -> list[Any]:
    """The puzzle objects of a JSON file (one, a list, or a book's `{"puzzles": [...]}`)."""
    try:
        data = plain_json(text)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(Problem(Location(path, exc.lineno, exc.colno), "", f"JSON syntax error: {exc.msg}")) from None
    except RecursionError:
        raise PuzzleFormatError(Problem(Location(path), "", "JSON nested too deeply to be a puzzle")) from None
    except ValueError as exc:  # a number of thousands of digits, or Infinity/NaN
        raise PuzzleFormatError(Problem(Location(path), "", f"JSON value bookgen cannot use: {exc}")) from None
    items = data.get("puzzles") if isinstance(data, dict) and "puzzles" in data else data
    return items if isinstance(items, list) else [items]


def _read_json(text: str, path: str) -> list[tuple[str, Puzzle]]:
    items = read_json_items(text, path)
    data = plain_json(text)
    found = []
    for i, item in enumerate(items):
        field = f"puzzles[{i}]" if len(items) > 1 or isinstance(data, dict) and "puzzles" in data else ""
        if not isinstance(item, dict):
            raise PuzzleFormatError(Problem(Location(path), field, "expected a puzzle object"))
        ptype = registry.get(str(item.get("type", "")))
        if ptype is None:
            raise PuzzleFormatError(Problem(Location(path), f"{field}.type".lstrip("."),
                                            f"expected one of {', '.join(registry.names())}, got {item.get('type')!r}"))
        try:
            puzzle = ptype.from_json(item, path)
        except PuzzleFormatError as exc:
            if field:
                raise PuzzleFormatError([Problem(p.location, f"{field}.{p.field}".rstrip("."), p.message)
                                         for p in exc.problems]) from None
            raise
        found.append((str(item.get("id", i + 1)), puzzle))
    return found
