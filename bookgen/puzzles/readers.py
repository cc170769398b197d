"""A publisher's own puzzles, read from the forms they come in, each proved and graded
before it may be printed.

The forms: sudoku one-line strings (16, 36, 81 or 256 characters, `.` or `0` for an
empty cell, 1-9 then A-G for 10-16), one a line; a `.sdk` file (a sudoku written as its
rows, `#` lines for comments); Simon Tatham's game IDs for Solo and Keen (bookgen.
puzzles.tatham), one a line; bookgen's interchange JSON; and the `puzzles.csv` that
`bookgen export` writes (its `puzzle` column holds one of the one-line forms).

Every puzzle is then solved: one with no solution, more than one, or an answer that
breaks a rule is refused; one that is unique but beyond the grader's techniques is
kept, labelled BEYOND. Every problem of a file is reported at once, a line each.
"""

from __future__ import annotations

import dataclasses
import io
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.language import N_
from bookgen.model import GridModel
from bookgen.puzzles import registry
from bookgen.puzzles.base import Puzzle
from bookgen.puzzles.grid_json import model_to_json
from bookgen.puzzles.interchange import read_json_items, read_puzzles
from bookgen.solve.result import Outcome
from bookgen.specfile import MAX_PUZZLE_FILE_BYTES, read_text

if TYPE_CHECKING:
    from pathlib import Path

# The level of a puzzle with one solution that the grader's techniques do not finish.
BEYOND = N_("beyond the grader")
SIDES = {16: 4, 36: 6, 64: 8, 81: 9, 144: 12, 256: 16}
DIGITS = "123456789ABCDEFG"
BLANKS = ".0"
# How many puzzles one file may hold (a book's most).
MOST = 2000


@dataclass(frozen=True)
class Found:
    """One puzzle of a file, at its line, read and proved; or what is wrong with it."""

    line: int
    puzzle: Puzzle | None
    problem: str = ""


def _tatham() -> ModuleType:
    """bookgen.puzzles.tatham, imported only when a text may be in a one-line form: JSON
    and a type's typed-in text (most of what `bookgen solve` reads) need none of it, nor
    the sudoku shapes it loads (start-up time, issue 31)."""
    from bookgen.puzzles import tatham

    return tatham


def sudoku_string(text: str) -> dict[str, Any] | None:
    """A sudoku one-line string as interchange JSON, or None if the text is not one."""
    text = text.strip()
    side = SIDES.get(len(text))
    if side is None or any(ch not in BLANKS and ch.upper() not in DIGITS[:side] for ch in text):
        return None
    from bookgen.puzzles.sudoku.shapes import fixed_structure

    model = fixed_structure(side)
    givens = [[k // side, k % side, DIGITS.index(ch.upper()) + 1] for k, ch in enumerate(text) if ch not in BLANKS]
    return {"type": "sudoku", **model_to_json(model), "givens": givens}


def one_line(model: GridModel, kind: str) -> str | None:
    """A puzzle's one-line form: a classic sudoku's string (`.` for an empty cell), or its
    Tatham game ID (X, jigsaw and killer sudoku; KenKen), or None."""
    side = model.rows
    kinds = {g.kind for g in model.groups}
    if kind == "sudoku" and kinds == {"row", "column", "box"} and side in SIDES.values() and not model.inequalities \
            and model.rows == model.cols:
        cells = ["."] * (side * side)
        for r, c, v in model.givens:
            cells[r * side + c] = DIGITS[v - 1]
        return "".join(cells)
    return _tatham().write_id(model, kind)


def answer_line(solution: Any) -> str | None:
    """A grid's answer in one line (digits 1-9, then A-G), or None."""
    if not isinstance(solution, tuple) or not solution or not all(isinstance(v, int) for row in solution for v in row):
        return None
    if any(not 1 <= v <= len(DIGITS) for row in solution for v in row):
        return None
    return "".join(DIGITS[v - 1] for row in solution for v in row)


def _line_form(text: str) -> dict[str, Any] | None:
    found = sudoku_string(text)
    if found is not None:
        return found
    if _tatham().looks_like_id(text):
        return _tatham().read_id(text)
    return None


def _entries(text: str, path: str) -> list[tuple[int, Any]]:
    """(line, data or a problem's words) for every puzzle the text holds."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        return [(1, item) for item in read_json_items(text, path)]
    lines = text.splitlines()
    rows = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if rows and (path.lower().endswith(".sdk") or (all(len(r) == len(rows[0]) for r in rows)
                                                   and len(rows) == len(rows[0]) in (6, 9))):
        first = next(k for k, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#"))
        grid = sudoku_string("".join(rows))
        return [(first, grid if grid is not None else "not a sudoku written as its rows")]
    if lines and lines[0].lower().startswith("id,type,"):
        import csv  # here: a plain solve of a JSON puzzle reads no CSV (start-up)

        reader = csv.DictReader(io.StringIO(text))
        return [(k + 2, _one(row.get("puzzle") or "")) for k, row in enumerate(reader)]
    return [(number, _one(line)) for number, line in enumerate(lines, 1)
            if line.strip() and not line.lstrip().startswith("#")]


def _one(line: str) -> dict[str, Any] | str:
    """A line's puzzle as data, or what is wrong with it."""
    try:
        data = _line_form(line)
    except _tatham().IdError as exc:
        return f"not a game ID bookgen reads: {exc}"
    return data if data is not None else \
        "expected a sudoku string (81 characters, . or 0 for a blank), a Tatham game ID or JSON"


def read_file(path: str | Path) -> list[Found]:
    """Every puzzle of the file, read and proved, in order (problems beside them)."""
    source = str(path)
    text = read_text(source, PuzzleFormatError, MAX_PUZZLE_FILE_BYTES)
    found = []
    for line, data in _entries(text, source)[:MOST + 1]:
        if isinstance(data, str):
            found.append(Found(line, None, data))
            continue
        found.append(proved(data, source, line))
    return found


def proved(data: dict[str, Any], source: str, line: int) -> Found:
    """A puzzle read from its data, solved, checked and graded."""
    ptype = registry.get(str(data.get("type", "")))
    if ptype is None:
        return Found(line, None, f"a puzzle of an unknown type {data.get('type')!r}")
    try:
        puzzle = ptype.from_json({k: v for k, v in data.items() if k != "solution"}, source)
    except PuzzleFormatError as exc:
        return Found(line, None, "; ".join(p.message for p in exc.problems))
    except _tatham().IdError as exc:
        return Found(line, None, str(exc))
    result = ptype.solve(puzzle)
    if result.outcome is Outcome.IMPOSSIBLE or result.solutions == 0:
        return Found(line, None, "no solution: the givens contradict each other")
    if result.solutions > 1:
        return Found(line, None, "more than one solution")
    broken = ptype.check(puzzle, result.solution)
    if broken:
        return Found(line, None, f"its answer breaks a rule: {broken[0]}")
    return Found(line, dataclasses.replace(puzzle, solution=result.solution, difficulty=result.level or BEYOND))


def problems_of(found: list[Found], source: str, field: str = "") -> list[Problem]:
    """One problem a refused puzzle, each at its file and line."""
    return [Problem(Location(source, f.line, 1), field, f.problem) for f in found if f.puzzle is None]


def text_puzzles(text: str, path: str) -> list[tuple[str, Puzzle]]:
    """The puzzles of a text in the one-line or `.sdk` forms, unsolved (for `bookgen
    solve`, which solves them itself), labelled by line; [] when some line is in none
    of these forms (a KenKen typed as its letter grid), or the text is JSON."""
    if text.lstrip().startswith(("{", "[")):
        return []
    try:
        entries = _entries(text, path)
    except _tatham().IdError:
        return []
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if lines and all(_tatham().looks_like_id(line) for line in lines):  # a game ID's problem is its own
        refused = [Problem(Location(path, line, 1), "", data) for line, data in entries if isinstance(data, str)]
        if refused:
            raise PuzzleFormatError(refused)
    if not entries or any(isinstance(data, str) for _line, data in entries):
        return []
    found = []
    for line, data in entries:
        ptype = registry.get(str(data.get("type")))
        assert ptype is not None
        try:
            found.append((f"line {line}", ptype.from_json(data, path)))
        except _tatham().IdError as exc:
            raise PuzzleFormatError(Problem(Location(path, line, 1), "", str(exc))) from None
    return found


def solve_input(path: str) -> list[tuple[str, Puzzle]]:
    """The puzzles of a file as `bookgen solve` reads it: the one-line and `.sdk` forms
    here, else interchange JSON or a type's typed-in text (bookgen.puzzles.interchange)."""
    text = read_text(path, PuzzleFormatError, MAX_PUZZLE_FILE_BYTES)
    return text_puzzles(text, path) or read_puzzles(path)
