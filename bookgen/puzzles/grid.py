"""What every grid puzzle type shares: interchange JSON, an independent rule checker,
solving and grading reports, and drawing of cells, lines and digits.

The checker deliberately shares no code with the solver: it reads the rules straight
from the model and tests a filled grid against them.
"""

from __future__ import annotations

import json
from math import prod
from typing import Any

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.model import OPS, Cage, Grid, GridModel, Group, is_connected, outline
from bookgen.options import brief
from bookgen.puzzles.base import Pen, Puzzle, Violation, Weight
from bookgen.solve.result import Outcome, SolveResult
from bookgen.solve.search import count_solutions
from bookgen.solve.grader import Board, Contradiction, Level, Step, grade_board


# --- interchange JSON ----------------------------------------------------------------


# What a group is, for drawing and for naming it in words: rows and columns (which some
# techniques use as lines), boxes and jigsaw regions (bold borders), X diagonals and
# hyper windows (shaded), or any other all-different group.
GROUP_KINDS = ("row", "column", "box", "region", "diagonal", "window", "group")


def model_to_json(model: GridModel) -> dict[str, Any]:
    """The interchange form. `group_kinds` names each group's kind beside the list of
    groups, which stays plain lists of cells, so a checker that knows nothing of kinds
    reads it as before."""
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
    return GridModel(rows, cols, symbols, tuple(present), tuple(groups), tuple(cages), tuple(sorted(givens)))


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


# --- checking ------------------------------------------------------------------------


def check_grid(model: GridModel, grid: Grid) -> list[Violation]:
    """Every rule the filled grid breaks: symbols, givens, groups, cages."""
    problems: list[Violation] = []
    try:
        value = {cell: grid[cell[0]][cell[1]] for cell in model.cells}
    except (IndexError, TypeError):
        return [Violation("the grid does not have the puzzle's shape")]
    for cell, v in value.items():
        if v not in model.symbols:
            problems.append(Violation(f"{v!r} is not one of the symbols", (cell,)))
    for r, c, v in model.givens:
        if value.get((r, c)) != v:
            problems.append(Violation(f"the given {v} was changed", ((r, c),)))
    for g in model.groups:
        seen: dict[Any, tuple[int, int]] = {}
        for cell in g.cells:
            v = value[cell]
            if v in seen:
                problems.append(Violation(f"{v} repeats in a {g.kind}", (seen[v], cell)))
            seen[v] = cell
    for k in model.cages:
        vs = [value[c] for c in k.cells]
        if not all(isinstance(v, int) for v in vs):
            continue
        if k.distinct and len(set(vs)) != len(vs):
            problems.append(Violation("a digit repeats in a cage", k.cells))
        if not _cage_holds(k, vs):
            problems.append(Violation(f"cage {k.target}{k.op} is not met", k.cells))
    return problems


def _cage_holds(cage: Cage, vs: list[int]) -> bool:
    if cage.op == "+":
        return sum(vs) == cage.target
    if cage.op == "*":
        return prod(vs) == cage.target
    if cage.op == "=":
        return len(vs) == 1 and vs[0] == cage.target
    if len(vs) != 2:
        return False
    a, b = sorted(vs)
    if cage.op == "-":
        return b - a == cage.target
    return a != 0 and b == a * cage.target


# --- solving and reporting -----------------------------------------------------------


def worked_steps(model: GridModel, levels: tuple[Level, ...], board: Board | None = None) -> list[Step]:
    """The grader's steps on the puzzle, in order, as it takes them (worked solutions)."""
    found: list[Step] = []
    try:
        grade_board(board or Board(model), levels, steps=found)
    except Contradiction:
        return []
    return found


def solve_grid(model: GridModel, levels: tuple[Level, ...], board_of=Board) -> SolveResult:
    """Count solutions (none / one / several) and grade a unique one (on the board
    `board_of(model)`: a type with rules beyond groups has a Board of its own)."""
    count = count_solutions(model, limit=2)
    if count.count == 0:
        return SolveResult(Outcome.IMPOSSIBLE, solutions=0)
    if count.count > 1:
        return SolveResult(Outcome.AMBIGUOUS, count.solutions[0], count.solutions[1], solutions=2)
    try:
        graded = grade_board(board_of(model), levels)
    except Contradiction:
        return SolveResult(Outcome.UNFINISHED, count.solutions[0], solutions=1)
    level = levels[max(graded.level, 0)].name if graded.outcome is Outcome.SOLVED else None
    outcome = Outcome.SOLVED if level is not None else Outcome.UNFINISHED
    return SolveResult(outcome, count.solutions[0], level=level, solutions=1)


def certify_grid(puzzle: Puzzle, result: SolveResult, violations: list[Violation]) -> list[str]:
    """A grid puzzle is fit to print when the search found exactly one solution, that
    solution is the printed answer, the grader's level is the label, and the independent
    checker accepts the answer."""
    problems = []
    if result.solutions != 1:
        problems.append(f"{'no' if result.solutions == 0 else 'more than one'} solution")
    elif result.solution != puzzle.solution:
        problems.append("the printed answer is not the unique solution")
    if result.level != puzzle.difficulty:
        problems.append(f"graded {result.level or 'beyond the techniques'}, labelled {puzzle.difficulty}")
    return problems + [str(v) for v in violations]


def grid_result_json(result: SolveResult) -> dict[str, Any]:
    return {
        "solutions": result.solutions,
        "solution": grid_to_json(result.solution) if result.solutions == 1 else None,
        "difficulty": result.level,
    }


def grid_result_text(result: SolveResult, label=str) -> str:
    if result.solutions == 0:
        return "no solution: the puzzle is impossible"
    if result.solutions > 1:
        return "\n".join(
            ["several solutions: the puzzle is ambiguous; two of them:", _rows_text(result.solution, label), "",
             _rows_text(result.other, label)]
        )
    grade_line = (
        f"difficulty: {result.level}" if result.level else "difficulty: beyond the grader's techniques"
    )
    return "\n".join(["one solution", grade_line, _rows_text(result.solution, label)])


def _rows_text(grid: Grid, label) -> str:
    width = max(len(label(v)) for row in grid for v in row if v is not None)
    return "\n".join(" ".join(("." if v is None else label(v)).rjust(width) for v in row) for row in grid)


# --- drawing -------------------------------------------------------------------------


def draw_cell_lines(pen: Pen, model: GridModel) -> None:
    """Thin lines around every cell of the puzzle, each edge drawn once."""
    cells = set(model.cells)
    for r, c in sorted(cells):
        pen.line((c, r), (c + 1, r), Weight.THIN)
        pen.line((c, r), (c, r + 1), Weight.THIN)
        if (r, c + 1) not in cells:
            pen.line((c + 1, r), (c + 1, r + 1), Weight.THIN)
        if (r + 1, c) not in cells:
            pen.line((c, r + 1), (c + 1, r + 1), Weight.THIN)


def draw_region_borders(pen: Pen, regions: list[frozenset], weight: Weight) -> None:
    """Thick lines on every edge where two regions meet (each edge once)."""
    region_of = {cell: ri for ri, region in enumerate(regions) for cell in region}
    for (r, c), ri in sorted(region_of.items()):
        right, below = region_of.get((r, c + 1)), region_of.get((r + 1, c))
        if right is not None and right != ri:
            pen.line((c + 1, r), (c + 1, r + 1), weight)
        if below is not None and below != ri:
            pen.line((c, r + 1), (c + 1, r + 1), weight)


def draw_values(pen: Pen, model: GridModel, grid: Grid | None, label=str, size: float = 0.5) -> None:
    """Givens in bold; with a solution grid, the other cells' answers in regular type."""
    given = {(r, c): v for r, c, v in model.givens}
    for r, c in model.cells:
        if (r, c) in given:
            pen.text((c + 0.5, r + 0.5), label(given[(r, c)]), size, bold=True)
        elif grid is not None and grid[r][c] is not None:
            pen.text((c + 0.5, r + 0.5), label(grid[r][c]), size)


def identity(model: GridModel) -> tuple:
    """Two grid puzzles are the same when their clues are: givens and cages."""
    return (model.rows, model.cols, model.givens, tuple(sorted((k.cells, k.op, k.target) for k in model.cages)))


# Light shading of a variant's extra groups (X diagonals, hyper windows): a tint of
# ink, never colour, dark enough to survive a photocopier (print conventions: at least
# 10% grey) and light enough that bold givens on it stay crisp.
SHADE_GRAY = 0.15


def shade_cells(pen: Pen, cells: frozenset | set, gray: float = SHADE_GRAY) -> None:
    """Fill the cells with a grey tint, one polygon per connected piece (no seams between
    cells). Draw it first: lines and digits go on top."""
    for loop in outline(frozenset(cells)):
        pen.fill(loop, gray)


# Group kinds drawn by the sudoku family: shaded extra groups (X diagonals, hyper
# windows) and pieces outlined with thick lines (boxes, jigsaw regions).
SHADED_KINDS = ("diagonal", "window")
OUTLINED_KINDS = ("box", "region")


def draw_sudoku_grid(pen: Pen, model: GridModel, grid: Grid | None = None, label=str) -> None:
    """A sudoku-family grid with its variant's markings, from the groups' kinds alone:
    shading first (lines and digits go over it), then cell lines, thick lines between
    boxes or jigsaw regions, the frame, and the values. Puzzle and answer key alike."""
    shaded = {cell for g in model.groups if g.kind in SHADED_KINDS for cell in g.cells}
    if shaded:
        shade_cells(pen, shaded)
    draw_cell_lines(pen, model)
    pieces = [frozenset(g.cells) for g in model.groups if g.kind in OUTLINED_KINDS]
    draw_region_borders(pen, pieces, Weight.BOX)
    pen.outline([(0, 0), (model.cols, 0), (model.cols, model.rows), (0, model.rows)], Weight.BORDER)
    draw_values(pen, model, grid, label)
