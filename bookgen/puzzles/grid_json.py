"""The interchange form of a grid puzzle (what `bookgen build --json` writes and
`bookgen solve` reads): rows, columns, symbols, groups with their kinds, cages, givens and
the solution; and greater-than signs (`inequalities`: pairs of neighbouring cells, the
smaller first), only in a puzzle that has them. Every field read is checked, and a
problem names the field in one line."""

from __future__ import annotations

import json
from typing import Any

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.model import OPS, Cage, Cell, Grid, GridModel, Group, Inequality, is_connected
from bookgen.options import brief

# What a group is, for drawing and for naming it in words: rows and columns (which some
# techniques use as lines), boxes and jigsaw regions (bold borders), X diagonals and
# hyper windows (shaded), or any other all-different group.
GROUP_KINDS = ("row", "column", "box", "region", "diagonal", "window", "group")


def model_to_json(model: GridModel) -> dict[str, Any]:
    """The interchange form. `group_kinds` names each group's kind beside the list of
    groups, which stays plain lists of cells, so a checker that knows nothing of kinds
    reads it as before. `inequalities` only when the puzzle has signs, so every other
    puzzle's form is what it was."""
    signs = {"inequalities": [[list(e.smaller), list(e.larger)] for e in model.inequalities]} \
        if model.inequalities else {}
    return {
        "rows": model.rows,
        "cols": model.cols,
        "symbols": list(model.symbols),
        "groups": [[[r, c] for r, c in g.cells] for g in model.groups],
        "group_kinds": [g.kind for g in model.groups],
        "cages": [
            {"cells": [[r, c] for r, c in k.cells], "op": k.op, "target": k.target, "distinct": k.distinct}
            for k in model.cages
        ],
        "givens": [[r, c, v] for r, c, v in model.givens],
        **signs,
    }


def grid_to_json(grid: Grid | None) -> list[list[int | None]] | None:
    return None if grid is None else [list(row) for row in grid]


# Interchange grids bookgen reads: larger ones are no puzzle it makes (the largest is a
# samurai's 21×21), and the search recurses once per cell it decides.
MAX_GRID_SIDE = 25
MAX_SYMBOLS = 64
MAX_TARGET_DIGITS = 30


def model_from_json(data: dict[str, Any], source: str = "puzzle") -> GridModel:
    """Read the grid part of an interchange puzzle, naming the field of any problem."""
    read = FieldReader(source)
    rows = read.whole(data.get("rows"), "rows", 1, MAX_GRID_SIDE)
    cols = read.whole(data.get("cols"), "cols", 1, MAX_GRID_SIDE)
    symbols = tuple(read.whole(v, f"symbols[{i}]", -10**6, 10**6)
                    for i, v in enumerate(read.items(data.get("symbols"), "symbols", MAX_SYMBOLS)))
    if not symbols or len(set(symbols)) != len(symbols):
        raise read.fail("symbols", "expected a list of different whole numbers")

    def cell(value: Any, field: str) -> tuple[int, int]:
        # The common case first, the same answer: a pair of whole numbers in the grid
        # (every cell of every cached puzzle is read so, before its proof: issue 31).
        if type(value) is list and len(value) == 2:
            r, c = value
            if type(r) is int and type(c) is int and 0 <= r < rows and 0 <= c < cols:
                return (r, c)
        pair = read.items(value, field, 2)
        if len(pair) != 2:
            raise read.fail(field, f"expected [row, col], got {brief(value)}")
        r, c = (read.whole(x, field, -10**9, 10**9) for x in pair)
        if not (0 <= r < rows and 0 <= c < cols):
            raise read.fail(field, f"cell [{r}, {c}] is outside the {rows}x{cols} grid")
        return (r, c)

    area = rows * cols
    listed = read.items(data.get("groups", []), "groups", 4 * area)
    kinds = _read_kinds(read, data.get("group_kinds"), len(listed))
    groups = []
    for gi, g in enumerate(listed):
        cells = tuple(cell(x, f"groups[{gi}]") for x in read.items(g, f"groups[{gi}]", area))
        groups.append(Group(cells, _group_kind(cells, kinds[gi] if kinds else None, read, gi)))
    cages = []
    for ki, k in enumerate(read.items(data.get("cages", []), "cages", area)):
        field = f"cages[{ki}]"
        if not isinstance(k, dict):
            raise read.fail(field, "expected an object with cells, op, target")
        op = k.get("op")
        if op not in OPS:
            raise read.fail(f"{field}.op", f"expected one of {' '.join(OPS)}, got {brief(op)}")
        cells = tuple(cell(x, f"{field}.cells") for x in read.items(k.get("cells", []), f"{field}.cells", area))
        if not cells or not is_connected(cells):
            raise read.fail(f"{field}.cells", "a cage needs one or more connected cells")
        if op in "-/" and len(cells) != 2 or op == "=" and len(cells) != 1:
            raise read.fail(f"{field}.op", f"{op} needs {'one cell' if op == '=' else 'exactly two cells'}")
        target = read.whole(k.get("target"), f"{field}.target", -10**MAX_TARGET_DIGITS, 10**MAX_TARGET_DIGITS,
                            f"a whole number of at most {MAX_TARGET_DIGITS} digits")
        distinct = k.get("distinct", False)
        if not isinstance(distinct, bool):
            raise read.fail(f"{field}.distinct", f"expected true or false, got {brief(distinct)}")
        cages.append(Cage(cells, op, target, distinct))
    present = sorted({c for g in groups for c in g.cells} | {c for k in cages for c in k.cells})
    givens = []
    for gi, gv in enumerate(read.items(data.get("givens", []), "givens", area)):
        triple = read.items(gv, f"givens[{gi}]", 3)
        if len(triple) != 3:
            raise read.fail(f"givens[{gi}]", f"expected [row, col, value], got {brief(gv)}")
        r, c = cell(triple[:2], f"givens[{gi}]")
        v = read.whole(triple[2], f"givens[{gi}]", -10**6, 10**6)
        if v not in symbols:
            raise read.fail(f"givens[{gi}]", f"value {v} is not one of the symbols")
        givens.append((r, c, v))
    if not present:
        raise read.fail("groups", "a puzzle needs groups or cages")
    signs = _read_inequalities(read, data.get("inequalities", []), set(present), symbols, cell)
    return GridModel(rows, cols, symbols, tuple(present), tuple(groups), tuple(cages), tuple(sorted(givens)),
                     signs)


def _read_inequalities(read: FieldReader, value: Any, present: set[Cell], symbols: tuple[int, ...],
                       cell: Any) -> tuple[Inequality, ...]:
    """`inequalities`: [[smaller cell], [larger cell]] per sign, two neighbouring cells of
    the puzzle each; the symbols then compare as listed, so they must be increasing."""
    listed = read.items(value, "inequalities", 2 * len(present))
    found = []
    for i, pair in enumerate(listed):
        field = f"inequalities[{i}]"
        two = read.items(pair, field, 2)
        if len(two) != 2:
            raise read.fail(field, f"expected [[row, col], [row, col]], the smaller cell first, got {brief(pair)}")
        smaller, larger = cell(two[0], field), cell(two[1], field)
        if smaller not in present or larger not in present:
            raise read.fail(field, "a sign's cells must be cells of the puzzle")
        if abs(smaller[0] - larger[0]) + abs(smaller[1] - larger[1]) != 1:
            raise read.fail(field, f"a sign is between two neighbouring cells, not {list(smaller)} and {list(larger)}")
        found.append(Inequality(smaller, larger))
    if found and list(symbols) != sorted(symbols):
        raise read.fail("symbols", "a puzzle with inequalities lists its symbols from the lowest up")
    return tuple(found)


class FieldReader:
    """Reads one field of an interchange file, or names it in a one-line PuzzleFormatError."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, message: str) -> PuzzleFormatError:
        return PuzzleFormatError(Problem(Location(self.source), field, message))

    def whole(self, value: Any, field: str, lo: int, hi: int, expected: str = "") -> int:
        """A JSON whole number (not true/false, not 4.5) from lo to hi."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(field, f"expected a whole number, got {brief(json_text(value))}")
        if not lo <= value <= hi:
            raise self.fail(field, f"expected {expected or f'a whole number from {lo} to {hi}'}, got {brief(value)}")
        return value

    def items(self, value: Any, field: str, most: int) -> list[Any]:
        """A JSON list of at most `most` items."""
        if not isinstance(value, list):
            raise self.fail(field, f"expected a list, got {brief(json_text(value))}")
        if len(value) > most:
            raise self.fail(field, f"expected at most {most} items, got {len(value)}")
        return value


def json_text(value: Any) -> str:
    """A value as it was written in the JSON file (null, true, a string in quotes)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def _read_kinds(read: FieldReader, value: Any, count: int) -> list[str] | None:
    """`group_kinds`, one of GROUP_KINDS per group; None when the file has none (files
    written before kinds were exported, or typed by hand)."""
    if value is None:
        return None
    kinds = read.items(value, "group_kinds", count)
    if len(kinds) != count:
        raise read.fail("group_kinds", f"expected one kind per group ({count}), got {len(kinds)}")
    for i, kind in enumerate(kinds):
        if kind not in GROUP_KINDS:
            raise read.fail(f"group_kinds[{i}]", f"expected one of {', '.join(GROUP_KINDS)}, got {brief(json_text(kind))}")
    return kinds


def _group_kind(cells: tuple[tuple[int, int], ...], given: str | None, read: FieldReader, index: int) -> str:
    """The kind the file gives, or else one recognised by shape: rows and columns matter
    to some techniques (X-wing), so a group said to be one must be one."""
    rs = {r for r, _c in cells}
    cs = {c for _r, c in cells}
    shaped = "row" if len(rs) == 1 and len(cells) > 1 else "column" if len(cs) == 1 and len(cells) > 1 else "group"
    if given is None:
        return shaped
    if given in ("row", "column") and given != shaped:
        raise read.fail(f"group_kinds[{index}]", f"group {index} is not a {given}: its cells are not in one {given}")
    return given


def read_solution(data: dict[str, Any], rows: int, cols: int, source: str) -> Grid | None:
    """The file's `solution`, when it has one: rows x cols values (checked against the
    rules later, by the type's independent checker)."""
    solution = data.get("solution")
    if solution is None:
        return None
    if not (isinstance(solution, list) and len(solution) == rows
            and all(isinstance(row, list) and len(row) == cols for row in solution)):
        raise FieldReader(source).fail("solution", f"expected {rows} rows of {cols} numbers")
    return tuple(tuple(row) for row in solution)
