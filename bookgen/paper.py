"""Paper: the sizes a book may be printed on (office paper and the trims print-on-demand
printers offer), written by name or as `{width: 152.4mm, height: 228.6mm}`, and what a
printed book's interior needs of them: bleed, the safe area and the inside margin that
grows with the page count.

A paper is kept as one text, its name ("A4", "6x9in") or "152.4x228.6mm" for a size given
by its sides, so a spec and a template carry it as before; `size_mm` reads it back.
The figures are Amazon KDP's interior guide's (print-on-demand printers agree on them):
bleed 0.125 in on the outside, top and bottom edges; nothing that must print within
0.375 in of the trim when the pages bleed (0.25 in without); the inside (gutter) margin
from the page count in the table below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bookgen.options import OptionValueError, ParseContext, brief

MM_PER_INCH = 25.4
INCH = 72.0  # points

# Portrait sizes in millimetres. A4 and Letter are office paper (a book printed at home
# or at school, as before); the rest are the common print-on-demand trims.
OFFICE = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
TRIMS = {
    "5x8in": (127.0, 203.2),
    "5.5x8.5in": (139.7, 215.9),
    "6x9in": (152.4, 228.6),
    "7x10in": (177.8, 254.0),
    "8x10in": (203.2, 254.0),
    "8.25x11in": (209.55, 279.4),
    "8.5x11in": (215.9, 279.4),
    "A5": (148.0, 210.0),
}
NAMED = {**OFFICE, **TRIMS}

BLEED_IN = 0.125  # added on the outside, top and bottom edges
SAFE_BLEED_IN = 0.375  # text at least this far inside the trim when the pages bleed
SAFE_IN = 0.25  # ... and without bleed
# The inside margin for a page count, KDP's table: (most pages, inches). Past 828 pages a
# book cannot be bound by print on demand.
GUTTER_IN = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))
MOST_PAGES = GUTTER_IN[-1][0]
# A sheet of any paper bookgen draws on: from a business card to a tabloid.
SMALLEST_MM, LARGEST_MM = 76.2, 482.6

_LENGTH = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)\s*")
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_INCH / INCH}
_GIVEN = re.compile(r"([0-9]+(?:\.[0-9]+)?)x([0-9]+(?:\.[0-9]+)?)mm")


def size_mm(paper: str) -> tuple[float, float] | None:
    """A paper's width and height in millimetres (a name in any case, or "WxHmm"), or None."""
    for name, size in NAMED.items():
        if name.lower() == paper.lower():
            return size
    found = _GIVEN.fullmatch(paper)
    return (float(found[1]), float(found[2])) if found else None


def canonical(paper: str) -> str:
    """The paper as its table spells it ("letter" -> "Letter")."""
    return next((name for name in NAMED if name.lower() == paper.lower()), paper)


def is_trim(paper: str) -> bool:
    """Whether the paper is a book trim (a print-on-demand interior) rather than office paper."""
    return canonical(paper) not in OFFICE


def gutter_inches(pages: int) -> float:
    """The inside margin a book of `pages` pages needs (KDP's table; fewer than 24 pages
    take the first row's)."""
    return next((inches for most, inches in GUTTER_IN if pages <= most), GUTTER_IN[-1][1])


def spine_inches(pages: int, stock: str) -> float:
    """The spine's width: white paper 0.002252 in a page, cream 0.0025 (KDP)."""
    return pages * (0.0025 if stock == "cream" else 0.002252)


@dataclass(frozen=True)
class PaperSize:
    """The `paper:` option: a name (A4, Letter, 6x9in, A5...) or a mapping of width and
    height, each a number with mm, cm, in or pt."""

    def describe(self) -> str:
        return f"one of {', '.join(NAMED)}, or {{width: 152.4mm, height: 228.6mm}}"

    def parse(self, raw: Any, ctx: ParseContext) -> str:
        if isinstance(raw, dict):
            return self._sides(raw)
        if raw is None or isinstance(raw, list):
            raise OptionValueError(f"expected {self.describe()}, got {'nothing' if raw is None else 'a list'}")
        text = str(raw).strip()
        if size_mm(text) is None or _GIVEN.fullmatch(text):
            raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")
        return canonical(text)

    def _sides(self, raw: dict[str, Any]) -> str:
        if set(raw) != {"width", "height"}:
            raise OptionValueError(f"expected a mapping of width and height, got the keys {', '.join(map(str, raw))}")
        sides = []
        for name in ("width", "height"):
            value = raw[name]
            found = _LENGTH.fullmatch(str(value)) if isinstance(value, str) else None
            if found is None:
                raise OptionValueError(f"expected the {name} as a number with mm, cm, in or pt, "
                                       f"got {brief(value if value is not None else 'nothing')}")
            length = float(found[1]) * _UNIT_MM[found[2]]
            if not SMALLEST_MM <= length <= LARGEST_MM:
                raise OptionValueError(f"expected a {name} from {SMALLEST_MM:g} to {LARGEST_MM:g} mm, "
                                       f"got {length:.1f} mm")
            sides.append(round(length, 2))
        return f"{sides[0]:g}x{sides[1]:g}mm"
