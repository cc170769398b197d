"""The `progress:` option ({up_after: 2, down_after: 1}): how many sets in a row marked
"done" move a student up a level, and how many marked "not done" move them down (with a
class record; bookgen.record.progress applies it). An option kind like bookgen.options'."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bookgen.options import Int, OptionValueError, ParseContext, Text, shown
from bookgen.spec_kinds import FilePath

MAX_RUN = 20  # more sets in a row than a term holds would never move anyone
_PAIR = re.compile(r"(up_after|down_after)\s*:\s*([0-9]+)")


@dataclass(frozen=True)
class ProgressRule:
    """When a student moves up or down a level: after so many sets in a row."""

    up_after: int = 2
    down_after: int = 1


@dataclass(frozen=True)
class Progress:
    """A section's progress rule, as a spec gives it."""

    def describe(self) -> str:
        return f"a mapping {{up_after: N, down_after: N}}, each 1 to {MAX_RUN}"

    def parse(self, raw: Any, ctx: ParseContext) -> ProgressRule:
        if isinstance(raw, str):  # as a page's text field holds it: "up_after: 2, down_after: 1"
            raw = dict(_PAIR.findall(raw)) or raw
        if not isinstance(raw, dict):
            raise OptionValueError(f"expected {self.describe()}, got {shown(raw)}")
        unknown = [key for key in raw if key not in ("up_after", "down_after")]
        if unknown:
            raise OptionValueError(f"expected only up_after and down_after, got {shown(unknown[0])}", (unknown[0],))
        values = {}
        for key in ("up_after", "down_after"):
            if key in raw:
                try:
                    values[key] = Int(1, MAX_RUN).parse(raw[key], ctx)
                except OptionValueError as exc:
                    raise OptionValueError(f"{key}: {exc}", (key,)) from None
        return ProgressRule(**values)


@dataclass(frozen=True)
class RecordFile(FilePath):
    """The `record:` option: a class record's path beside the spec, which need not exist
    yet (the first build creates it). A file the page's form marks as the teacher's own
    (bookgen.serve reads none; its class section opens a record by name instead)."""

    def describe(self) -> str:
        return "a class record's file name beside the spec, ending in .sqlite or .db"

    def parse(self, raw: Any, ctx: ParseContext) -> str:  # type: ignore[override]
        text = Text(255).parse(raw, ctx).strip()
        if not text.lower().endswith((".sqlite", ".db")):
            raise OptionValueError(f"expected {self.describe()}, got {text[:60]}")
        return text
