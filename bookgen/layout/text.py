"""Text that always fits: wrapping, shrinking within limits and cutting with an ellipsis,
all with the renderer's font metrics (passed in as a Measure)."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

# The width in points of a text at a type size, bold or not: the renderer's font metrics,
# passed in so that layout can fit text without importing the renderer.
Measure = Callable[[str, float, bool], float]
LEADING = 1.3  # line spacing, as a multiple of the type size
ELLIPSIS = "…"


def wrap(text: str, size: float, width: float, measure: Measure, bold: bool = False) -> list[str]:
    """Greedy word wrap to `width` points; a word wider than the line is broken."""
    return list(_wrapped(text, size, width, measure, bold))


# A class set wraps every student's instructions again to count their lines (a hundred
# widths measured each time): 0.75 of the 1.3 s of its layout, profiled (issue 31). The
# lines depend only on the arguments, as _fitted's below.
@lru_cache(maxsize=4096)
def _wrapped(text: str, size: float, width: float, measure: Measure, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for word in text.split():
        if lines and measure(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
            continue
        for piece in _broken(word, size, width, measure, bold):
            lines.append(piece)
    return tuple(lines) or ("",)


def _broken(word: str, size: float, width: float, measure: Measure, bold: bool) -> list[str]:
    """A word cut into pieces that each fit `width` (URLs, long compound words)."""
    pieces = [""]
    for ch in word:
        if pieces[-1] and measure(pieces[-1] + ch, size, bold) > width:
            pieces.append("")
        pieces[-1] += ch
    return pieces


def ellipsized(text: str, size: float, width: float, measure: Measure, bold: bool = False) -> str:
    """`text`, or its longest start that fits with "…" after it."""
    if measure(text, size, bold) <= width:
        return text
    cut = text
    while cut and measure(cut.rstrip() + ELLIPSIS, size, bold) > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS if cut else ""


def fitted(text: str, size: float, width: float, measure: Measure, bold: bool = False,
           min_size: float = 7.0, max_lines: int = 1) -> tuple[list[str], float]:
    """Lines and the type size at which `text` fits `width` in at most `max_lines` lines:
    the size shrinks down to `min_size`, then the last line is cut with an ellipsis."""
    lines, current = _fitted(text, size, width, measure, bold, min_size, max_lines)
    return list(lines), current


# A book fits the same texts again and again (a worksheet set: the same instructions on
# every student's page), each fit measuring the words many times; the answer depends
# only on the arguments (a Measure is a font's metrics, which never change).
@lru_cache(maxsize=4096)
def _fitted(text: str, size: float, width: float, measure: Measure, bold: bool, min_size: float,
            max_lines: int) -> tuple[tuple[str, ...], float]:
    current = size
    while True:
        lines = wrap(text, current, width, measure, bold)
        if len(lines) <= max_lines:
            return tuple(lines), current
        if current <= min_size:
            break
        current = max(min_size, current * 0.92)
    kept = lines[:max_lines]
    rest = " ".join(lines[max_lines - 1 :])
    kept[-1] = ellipsized(rest, current, width, measure, bold)
    return tuple(kept), current
