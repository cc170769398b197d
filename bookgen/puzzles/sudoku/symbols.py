"""What a sudoku prints for its values: the digits, letters a spec gives (`symbols:
ABCDEF`), or pictures for children who cannot read digits yet; and the labels an
interchange file gives, read back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bookgen.errors import ParamsError
from bookgen.options import brief
from bookgen.puzzles import grid_json
from bookgen.puzzles.sudoku import pictures
from bookgen.puzzles.sudoku.shapes import Variant

DEFAULT_SYMBOLS = "123456789ABCDEFG"
# `symbols: pictures`: drawn shapes instead of characters (bookgen.puzzles.sudoku.pictures).
PICTURES = "pictures"


def symbol_labels(size: int, symbols: str | None = None) -> tuple[str, ...]:
    """What is printed for the values 1..size (for pictures, their names)."""
    if symbols == PICTURES:
        return pictures.names(size)
    return tuple(symbols if symbols else DEFAULT_SYMBOLS[:size])


def picture_refusal(size: int, chosen: Variant) -> str | None:
    """Why a sudoku of this size and variant cannot print pictures, or None."""
    most = len(pictures.PICTURES)
    if size > most:
        return (f"there are {most} pictures ({', '.join(pictures.NAMES)}), for sudoku up to {most}x{most} "
                f"(4x4, 6x6; jigsaw 5x5 too), not {size}x{size}")
    if not chosen.only_differ:
        return f"a {chosen.title} compares its values, which pictures cannot show; use digits"
    return None


@dataclass(frozen=True)
class ReadIn:
    """What a sudoku read from interchange JSON keeps of its options: the labels printed
    for its symbols."""

    labels: tuple[str, ...]


# A label is what one cell prints: a short text.
MAX_LABEL_CHARS = 4


def read_labels(value: Any, count: int, source: str) -> tuple[str, ...]:
    """An interchange file's `labels`: one short, different text per symbol, or the
    names of different pictures (drawn as those pictures)."""
    read = grid_json.FieldReader(source)
    items = read.items(value, "labels", count)
    short = all(isinstance(x, str) and x.strip() and len(x) <= MAX_LABEL_CHARS for x in items)
    if len(items) != count or not (short or is_pictures(items)) or len(set(items)) != count:
        raise read.fail("labels", f"expected {count} different texts of 1 to {MAX_LABEL_CHARS} characters, "
                                  f"or names of pictures ({', '.join(pictures.NAMES)}), one per symbol, "
                                  f"got {brief(grid_json.json_text(value))}")
    return tuple(items)


def is_pictures(labels: Any) -> bool:
    """Whether labels name pictures, each of them (a puzzle printed with pictures)."""
    return bool(labels) and all(isinstance(x, str) and x in pictures.BY_NAME for x in labels)


def check_symbols(symbols: str, size: int) -> None:
    """`symbols` must name each of the size's values with its own single character."""
    if len(symbols) != size or len(set(symbols)) != size or any(ch.isspace() for ch in symbols):
        raise ParamsError(
            "symbols",
            f"a {size}x{size} sudoku needs {size} different symbols, one character each "
            f"(e.g. {DEFAULT_SYMBOLS[:size]}), got {symbols!r}",
        )
