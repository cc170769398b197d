"""The measured offer: what each puzzle type delivers, measured, and the one way to ask.

A promise made is a promise kept: a combination of options is offered only where the
generator made a puzzle on every one of at least OFFER_SEEDS seeds (0, 1, 2...) within
the build's per-puzzle budget. Each type package keeps its record in `offer.json`, one
row per combination of the options that change what is generated (the row's key, as the
type's `offer_key` gives it), written by one bench command for every type:

    python bench/offer.py --type sudoku --vary size=4,6,9 --vary difficulty=all

`bookgen check` (through the types' refusals), `bookgen types`, the composer page and the
tests all ask this module, so what is offered, what is said about it and what was
measured cannot drift apart. Re-measuring one type rewrites only its own record.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Iterable

RECORD_NAME = "offer.json"
# A combination is offered when every one of at least this many seeds was made.
OFFER_SEEDS = 100

Key = tuple[tuple[str, Any], ...]  # (option, value) pairs, sorted by option


def key_of(options: dict[str, Any]) -> Key:
    return tuple(sorted(options.items()))


@dataclass(frozen=True)
class Row:
    """One measured combination of a type's options."""

    type: str
    key: Key
    seeds: int  # seeds tried (0..seeds-1)
    made: int  # of those, made within the budget
    median_seconds: float | None = None  # CPU time of the puzzles made
    worst_seconds: float | None = None
    median_givens: float | None = None  # grid puzzles: digits given at the start
    failed_seeds: tuple[int, ...] = ()
    measured: str = ""  # when and on what: "2026-11-23, load 1.2, 2 cores"

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.key)

    @property
    def delivered(self) -> bool:
        """Made on every seed tried, and tried on enough of them."""
        return self.made == self.seeds >= OFFER_SEEDS and not self.failed_seeds

    def said(self) -> str:
        """What was measured, in a refusal's words for a teacher: "bookgen made one in time
        from only 81 of the 100 seeds tried"."""
        return f"bookgen made one in time from only {self.made} of the {self.seeds} seeds tried"

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"type": self.type, "options": dict(self.key), "seeds": self.seeds, "made": self.made,
                               "median_seconds": self.median_seconds, "worst_seconds": self.worst_seconds}
        if self.median_givens is not None:
            row["median_givens"] = self.median_givens
        return {**row, "failed_seeds": list(self.failed_seeds), "measured": self.measured}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Row:
        return Row(data["type"], key_of(data["options"]), int(data["seeds"]), int(data["made"]),
                   data.get("median_seconds"), data.get("worst_seconds"), data.get("median_givens"),
                   tuple(data.get("failed_seeds", ())), data.get("measured", ""))


@dataclass(frozen=True)
class Offer:
    """One type's measured offer, and the questions asked of it."""

    type: str
    rows: tuple[Row, ...] = ()
    _by_key: dict[Key, Row] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_key.update((row.key, row) for row in self.rows)

    def row(self, options: dict[str, Any]) -> Row | None:
        """The row measured for exactly these options (the type's offer key), if any."""
        return self._by_key.get(key_of(options))

    def delivered(self, options: dict[str, Any]) -> bool:
        row = self.row(options)
        return row is not None and row.delivered

    def matching(self, **fixed: Any) -> list[Row]:
        """The rows whose options include all of `fixed`."""
        return [row for row in self.rows if all(row.options.get(k, _ABSENT) == v for k, v in fixed.items())]

    def offered(self, **fixed: Any) -> list[Row]:
        """The delivered rows whose options include all of `fixed`."""
        return [row for row in self.matching(**fixed) if row.delivered]

    def values(self, option: str, order: Iterable[Any] | None = None, **fixed: Any) -> tuple[Any, ...]:
        """The values of `option` offered with `fixed` (in `order` when given, else sorted)."""
        found = {row.options[option] for row in self.offered(**fixed) if option in row.options}
        if order is not None:
            return tuple(value for value in order if value in found)
        return tuple(sorted(found, key=lambda value: (value is None, value)))

    def why_not(self, options: dict[str, Any]) -> str:
        """Why these options are not offered: what was measured, or that nothing was."""
        row = self.row(options)
        return row.said() if row is not None else f"not yet tried on {OFFER_SEEDS} seeds"


_ABSENT = object()


@lru_cache(maxsize=None)
def record_text(package: str) -> str:
    """A type package's record (its offer.json) as written; empty when it has none."""
    # The package's own folder (bookgen ships as files, never zipped), found without
    # importlib.resources, whose import would cost every command's start.
    from pathlib import Path  # here: a plain solve asks no offer (start-up)

    path = Path(importlib.import_module(package).__file__).parent / RECORD_NAME
    return path.read_text(encoding="utf-8") if path.is_file() else ""


@lru_cache(maxsize=None)
def record(package: str) -> tuple[Row, ...]:
    """Every row of a type package's record (its offer.json); none when it has no record."""
    text = record_text(package)
    return tuple(Row.from_json(row) for row in json.loads(text)["rows"]) if text else ()


def offer_of(package: str, type_name: str) -> Offer:
    """A type's offer, read from its package's record when first asked."""
    return RecordedOffer(type_name, package)


class RecordedOffer(Offer):
    """A type's offer as its package's record holds it, read when first asked. The row of
    the options asked for is looked up in the record's text, one line a row as
    record_json writes it, and that line alone is read; any other question, or a line not
    found exactly once, reads every row. Reading all 368 of KenKen's rows was a
    twentieth of `bookgen check` of a small spec, which asks for one (issue 31)."""

    def __init__(self, type_name: str, package: str) -> None:  # the data class's fields, read when asked
        object.__setattr__(self, "type", type_name)
        object.__setattr__(self, "package", package)

    @cached_property
    def rows(self) -> tuple[Row, ...]:  # type: ignore[override]
        return tuple(row for row in record(self.package) if row.type == self.type)

    @cached_property
    def _by_key(self) -> dict[Key, Row]:  # type: ignore[override]
        return {row.key: row for row in self.rows}

    def row(self, options: dict[str, Any]) -> Row | None:
        key = key_of(options)
        if "rows" not in self.__dict__:
            found = _row_on_its_line(record_text(self.package), self.type, key)
            if found is not None:
                return found
        return self._by_key.get(key)


def _row_on_its_line(text: str, type_name: str, key: Key) -> Row | None:
    """The row of `key` read from its own line of a record's text, when that line is
    there exactly once and reads back as that row; None otherwise (read every row)."""
    start = ('{"type": ' + json.dumps(type_name, ensure_ascii=False) + ', "options": '
             + json.dumps(dict(key), ensure_ascii=False) + ", ")
    at = text.find(start)
    if at < 0 or text.find(start, at + 1) >= 0:
        return None
    end = text.find("\n", at)
    try:
        row = Row.from_json(json.loads(text[at:end if end >= 0 else len(text)].rstrip().rstrip(",")))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return row if row.type == type_name and row.key == key else None


def record_json(rows: Iterable[Row], about: str) -> str:
    """A record's text: rows in a fixed order, one line each, so a re-measured row is a
    one-line change in review."""
    ordered = sorted(rows, key=lambda row: (row.type, json.dumps(row.options, sort_keys=True)))
    lines = [json.dumps(row.to_json(), ensure_ascii=False) for row in ordered]
    return "{\"about\": " + json.dumps(about) + ",\n \"rows\": [\n  " + ",\n  ".join(lines) + "\n ]\n}\n"
