"""The `progress:` option ({up_after: 2, down_after: 1}): how many sets in a row marked
"done" move a student up a level, and how many marked "not done" move them down (with a
class record; bookgen.record.progress applies it). An option kind like bookgen.options'."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bookgen.options import Int, OptionValueError, ParseContext, shown

MAX_RUN = 20  # more sets in a row than a term holds would never move anyone


@dataclass(frozen=True)
class ProgressRule:
    up_after: int = 2
    down_after: int = 1


@dataclass(frozen=True)
class Progress:
    def describe(self) -> str:
        return f"a mapping {{up_after: N, down_after: N}}, each 1 to {MAX_RUN}"

    def parse(self, raw: Any, ctx: ParseContext) -> ProgressRule:
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
