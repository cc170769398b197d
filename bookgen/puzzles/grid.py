"""What every grid puzzle type shares: interchange JSON, an independent rule checker,
solving and grading reports, and drawing of cells, lines and digits.

The checker deliberately shares no code with the solver: it reads the rules straight
from the model and tests a filled grid against them.
"""

from __future__ import annotations

from math import prod
from typing import Any

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.model import OPS, Cage, Grid, GridModel, Group, is_connected
from bookgen.puzzles.base import Pen, Puzzle, Violation, Weight
from bookgen.solve.result import Outcome, SolveResult
from bookgen.solve.search import count_solutions
from bookgen.solve.techniques import Level, grade


# --- interchange JSON ----------------------------------------------------------------


def model_to_json(model: GridModel) -> dict[str, Any]:
    return {
        "rows": model.rows,
        "cols": model.cols,
        "symbols": list(model.symbols),
        "groups": [[[r, c] for r, c in g.cells] for g in model.groups],
        "cages": [
            {"cells": [[r, c] for r, c in k.cells], "op": k.op, "target": k.target, "distinct": k.distinct}
            for k in model.cages
        ],
        "givens": [[r, c, v] for r, c, v in model.givens],
    }


def grid_to_json(grid: Grid | None) -> list[list[int | None]] | None:
    return None if grid is None else [list(row) for row in grid]


def model_from_json(data: dict[str, Any], source: str = "puzzle") -> GridModel:
    """Read the grid part of an interchange puzzle, naming the field of any problem."""

    def fail(field: str, message: str) -> PuzzleFormatError:
        return PuzzleFormatError(Problem(Location(source), field, message))

    try:
        rows, cols = int(data["rows"]), int(data["cols"])
        symbols = tuple(int(s) for s in data["symbols"])
    except (KeyError, TypeError, ValueError) as exc:
        raise fail("rows/cols/symbols", f"expected whole numbers and a list of symbols ({exc})") from None
    if not (1 <= rows <= 64 and 1 <= cols <= 64) or not symbols or len(set(symbols)) != len(symbols):
        raise fail("rows/cols/symbols", "expected a grid of 1..64 rows and columns and distinct symbols")

    def cell(value: Any, field: str) -> tuple[int, int]:
        try:
            r, c = (int(x) for x in value)
        except (TypeError, ValueError):
            raise fail(field, f"expected [row, col], got {value!r}") from None
        if not (0 <= r < rows and 0 <= c < cols):
            raise fail(field, f"cell [{r}, {c}] is outside the {rows}x{cols} grid")
        return (r, c)

    groups = []
    for gi, g in enumerate(data.get("groups", [])):
        groups.append(Group(tuple(cell(x, f"groups[{gi}]") for x in g), _group_kind(g)))
    cages = []
    for ki, k in enumerate(data.get("cages", [])):
        field = f"cages[{ki}]"
        if not isinstance(k, dict):
            raise fail(field, "expected an object with cells, op, target")
        op = k.get("op")
        if op not in OPS:
            raise fail(f"{field}.op", f"expected one of {' '.join(OPS)}, got {op!r}")
        cells = tuple(cell(x, f"{field}.cells") for x in k.get("cells", []))
        if not cells or not is_connected(cells):
            raise fail(f"{field}.cells", "a cage needs one or more connected cells")
        if op in "-/" and len(cells) != 2 or op == "=" and len(cells) != 1:
            raise fail(f"{field}.op", f"{op} needs {'one cell' if op == '=' else 'exactly two cells'}")
        try:
            target = int(k["target"])
        except (KeyError, TypeError, ValueError):
            raise fail(f"{field}.target", "expected a whole number") from None
        cages.append(Cage(cells, op, target, bool(k.get("distinct", False))))
    present = sorted({c for g in groups for c in g.cells} | {c for k in cages for c in k.cells})
    givens = []
    for gi, gv in enumerate(data.get("givens", [])):
        try:
            r, c, v = (int(x) for x in gv)
        except (TypeError, ValueError):
            raise fail(f"givens[{gi}]", f"expected [row, col, value], got {gv!r}") from None
        cell((r, c), f"givens[{gi}]")
        if v not in symbols:
            raise fail(f"givens[{gi}]", f"value {v} is not one of the symbols")
        givens.append((r, c, v))
    if not present:
        raise fail("groups", "a puzzle needs groups or cages")
    return GridModel(rows, cols, symbols, tuple(present), tuple(groups), tuple(cages), tuple(sorted(givens)))


def _group_kind(cells: list) -> str:
    """Rows and columns matter to some techniques (X-wing); recognise them by shape."""
    rs = {int(x[0]) for x in cells}
    cs = {int(x[1]) for x in cells}
    if len(rs) == 1 and len(cells) > 1:
        return "row"
    if len(cs) == 1 and len(cells) > 1:
        return "column"
    return "group"


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


def solve_grid(model: GridModel, levels: tuple[Level, ...]) -> SolveResult:
    """Count solutions (none / one / several) and grade a unique one."""
    count = count_solutions(model, limit=2)
    if count.count == 0:
        return SolveResult(Outcome.IMPOSSIBLE, solutions=0)
    if count.count > 1:
        return SolveResult(Outcome.AMBIGUOUS, count.solutions[0], count.solutions[1], solutions=2)
    graded = grade(model, levels)
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
