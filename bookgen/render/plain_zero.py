"""Atkinson Hyperlegible with a zero a young child knows: an oval without the slash.

The font's zero is slashed (to tell it from O at a glance), and it has no unslashed
alternate (no `zero` feature, no variant glyph), so the shipped file is changed as it is
loaded: the zero's two counters, the halves either side of the slash, become one oval
counter, the outer outline scaled into the space they filled and turned the other way
(a counter winds against its outline). Nothing else in the file changes. The font is
under the SIL Open Font Licence, which allows modified versions under the same licence
(its text ships with bookgen); the Braille Institute's notice reserves no font name, so
the modified font may keep its name.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def plain_zero(path: Path) -> bytes:
    """The font at `path` with its zero unslashed, as TrueType bytes (the same bytes for
    the same file: no time stamp is written)."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(path), recalcTimestamp=False)
    glyphs = font["glyf"]
    zero = glyphs["zero"]
    coordinates, ends, flags = zero.getCoordinates(glyphs)
    if zero.isComposite() or len(ends) != 3:  # not the slashed zero this is made for
        return path.read_bytes()
    outer = list(coordinates[:ends[0] + 1])
    inner = list(coordinates[ends[0] + 1:])
    (ox0, oy0, ox1, oy1), (ix0, iy0, ix1, iy1) = _bounds(outer), _bounds(inner)
    sx, sy = (ix1 - ix0) / (ox1 - ox0), (iy1 - iy0) / (oy1 - oy0)
    cx, cy = (ix0 + ix1) / 2, (iy0 + iy1) / 2
    ocx, ocy = (ox0 + ox1) / 2, (oy0 + oy1) / 2
    counter = [(round(cx + (x - ocx) * sx), round(cy + (y - ocy) * sy)) for x, y in reversed(outer)]
    outer_flags = list(flags[:ends[0] + 1])
    zero.coordinates = type(coordinates)(outer + counter)
    zero.endPtsOfContours = [ends[0], 2 * ends[0] + 1]
    zero.numberOfContours = 2
    zero.flags = type(flags)(outer_flags + outer_flags[::-1])
    zero.program.fromBytecode(b"")  # hints written for the slashed shape would misplace the new points
    zero.recalcBounds(glyphs)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _bounds(points: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return min(xs), min(ys), max(xs), max(ys)
