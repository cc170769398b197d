"""Typed-in KenKen (for `bookgen solve`): a grid of cage letters, then a line per letter
with its target and sign."""

from __future__ import annotations

import re

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.model import Cage, Cell, GridModel, is_connected
from bookgen.puzzles import grid_json
from bookgen.puzzles.kenken.rules import SIGNS, kenken_model

_TARGET_OP = re.compile(r"^(\d+)\s*(\S?)$")
_TEXT_OPS = {
    "+": "+", "-": "-", "\u2212": "-", "–": "-", "*": "*", "x": "*", "X": "*", "\u00d7": "*",
    "·": "*", "/": "/", "\u00f7": "/", ":": "/", "": "=", "=": "=",
}


def parse_text(text: str, source: str) -> GridModel:
    """A KenKen typed from a newspaper: a grid of cage letters, then a line per letter."""

    def fail(line: int | None, field: str, message: str) -> PuzzleFormatError:
        return PuzzleFormatError(Problem(Location(source, line), field, message))

    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if content:
            lines.append((number, content))
    rows: list[tuple[int, list[str]]] = []
    clue_lines = []
    for number, content in lines:
        is_grid_line = not any(ch.isdigit() for ch in content)
        if is_grid_line and not clue_lines:
            letters = content.split() if " " in content else list(content)
            if any(len(x) != 1 or not x.isalpha() for x in letters):
                raise fail(number, "grid", f"expected one letter per cage cell, got {content!r}")
            rows.append((number, letters))
        else:
            clue_lines.append((number, content))
    if not rows:
        raise fail(None, "grid", "expected a grid of cage letters, one line per row")
    n = len(rows)
    for number, letters in rows:
        if len(letters) != n:
            raise fail(number, "grid", f"the grid is not square: this row has {len(letters)} cells, expected {n}")
    if n > 16:
        raise fail(rows[-1][0], "grid", f"a {n}x{n} grid is larger than the 16x16 bookgen solves")
    cells_of: dict[str, list[Cell]] = {}
    first_line: dict[str, int] = {}
    for r, (number, letters) in enumerate(rows):
        for c, letter in enumerate(letters):
            cells_of.setdefault(letter, []).append((r, c))
            first_line.setdefault(letter, number)
    clues: dict[str, tuple[int, str, int]] = {}
    for number, content in clue_lines:
        letter = content[0]
        rest = content[1:].strip().lstrip(":=").replace(" ", "")
        if not letter.isalpha():
            raise fail(number, "clue", f"expected a cage letter first (e.g. 'a 12x'), got {content!r}")
        if letter not in cells_of:
            raise fail(number, "clue", f"cage letter {letter!r} is not in the grid")
        if letter in clues:
            raise fail(number, "clue", f"cage {letter!r} already has a clue on line {clues[letter][0]}")
        target_op = _TARGET_OP.match(rest)
        if not target_op:
            raise fail(number, "clue", f"expected a letter, a target and an operation (e.g. 'a 12x'), got {content!r}")
        if len(target_op.group(1)) > grid_json.MAX_TARGET_DIGITS:
            raise fail(number, "clue", f"expected a target of at most {grid_json.MAX_TARGET_DIGITS} digits, got one of "
                                       f"{len(target_op.group(1))}")
        op_text = target_op.group(2)
        if op_text not in _TEXT_OPS:
            raise fail(number, "clue", f"unknown operation {op_text!r}: expected + - x / (or × ÷ −)")
        op, target, size = _TEXT_OPS[op_text], int(target_op.group(1)), len(cells_of[letter])
        if size == 1:
            op = "="
        elif op == "=":
            raise fail(number, "clue", f"cage {letter!r} has {size} cells and needs an operation (+ - x /)")
        elif op in "-/" and size != 2:
            raise fail(number, "clue", f"{SIGNS[op]} needs a cage of exactly two cells; cage {letter!r} has {size}")
        clues[letter] = (number, op, target)
    cages = []
    for letter, cells in cells_of.items():
        if letter not in clues:
            raise fail(first_line[letter], "clue", f"cage {letter!r} has no clue line")
        if not is_connected(cells):
            raise fail(first_line[letter], "grid", f"cage {letter!r} is not one connected piece")
        _, op, target = clues[letter]
        cages.append(Cage(tuple(sorted(cells)), op, target))
    return kenken_model(n, cages)

