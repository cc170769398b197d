"""KenKen (also printed as Calcudoku or MathDoku): fill an N×N grid so each row and
column holds 1..N once, and each bold cage makes its target with its operation:
+ sum, × product, − difference and ÷ exact quotient of a two-cell cage; a one-cell
cage shows its digit. A digit may repeat in a cage when not in the same row or column.

Levels (the grader's techniques, each level adding to those below it; a puzzle is
printed at a level only when the grader solves it with that level's techniques and not
with the level below):
- beginner: every step writes one forced digit, with no pencil marks beyond the digits
  already in the rows and columns: one-cell cages, naked singles (a cell whose row and
  column leave one digit), hidden singles (a digit with one place left in a row or
  column), and cage singles (a cage with one or two empty cells whose target, with the
  digits already in their rows and columns, leaves one digit for a cell: 7+ with the 3
  already written gives 4; 3× in two empty cells is 1 and 3, and where the row already
  has its 1 the cell is 3). Two empty cells, not one, because "which two numbers make
  this, and which one is already used here" is a step a seven-year-old makes without
  pencil marks; README and tests say the same (BEGINNER_OPEN_CELLS = 2).
- easy: adds cage arithmetic as pencil marks: each cell of a cage keeps only the digits
  of some combination that makes the target in those cells.
- medium: adds naked and hidden pairs in rows and columns, and a cage claiming a digit in
  its line (a digit every combination of the cage puts in its cells within one row or
  column leaves the rest of that row or column).
- hard: adds naked and hidden triples, X-wing, and a line pinning a digit into a cage
  (when a row or column can hold a digit only in one cage's cells, that cage's
  combinations without the digit there are struck out).
- expert: adds the line sum and product rules (a row or column totals 1+…+N and
  multiplies to N!, so cages wholly inside it leave a known total to its other cells),
  two cages in a line (a combination of one cage that clashes with every combination of
  another cage sharing its row or column is struck out), XY-wing and swordfish.

With `hide_operations` only the targets are printed, and uniqueness and grading hold
under the hidden rules: a cage may use any of + − × ÷ that makes its target.
"""

from __future__ import annotations

import random
from typing import Any

from bookgen.errors import Location, Problem, PuzzleFormatError
from bookgen.model import Grid
from bookgen.puzzles import grid as gridlib
from bookgen.puzzles.base import Budget, Hint, Pen, Puzzle, PuzzleType, Violation
from bookgen.puzzles.hints import first_hints
from bookgen.puzzles.kenken.draw import draw_kenken
from bookgen.puzzles.kenken.generate import generate_kenken
from bookgen.puzzles.kenken.rules import (
    LEVEL_NAMES, LEVELS, Params, is_hidden, kenken_model, layout_violations, reachable, solving_model,
)
from bookgen.puzzles.kenken.text import parse_text
from bookgen.puzzles.kenken.board import CageBoard
from bookgen.solve.cages import CageTooLarge
from bookgen.solve.result import Outcome, SolveResult
from bookgen.solve.search import Solver
from bookgen.solve.grader import Contradiction, Step, grade_board

__all__ = ["LEVELS", "LEVEL_NAMES", "PUZZLE_TYPE", "Budget", "Params", "kenken_model", "reachable", "solving_model"]

SIGN_RULES = {
    "+": "+ adds them",
    "-": "− is the difference of two numbers",
    "*": "× multiplies them",
    "/": "÷ divides the larger of two numbers by the smaller",
}


class KenKenType(PuzzleType):
    name = "kenken"
    aliases = ("calcudoku", "mathdoku", "ken-ken")
    title = "KenKen"
    Params = Params
    levels = LEVEL_NAMES
    hints_refusal = None

    def instructions_for(self, params: Params) -> str:
        """Explain only the signs the section uses (or that they are hidden)."""
        if params.hide_operations:
            rule = ("Each bold cage shows only its target: work out whether its numbers are added, "
                    "subtracted, multiplied or divided to make it (− and ÷ only in two-square cages).")
        else:
            signs = "; ".join(SIGN_RULES[op] for op in params.operations)
            rule = f"The numbers in each bold cage make the target in its corner: {signs}."
        return (
            "Fill the grid so that each row and each column holds every number from 1 to the "
            f"grid's size once. {rule} A one-square cage shows its number. Numbers may repeat "
            "in a cage, but never in a row or column."
        ) + (
            " The small grey numbers along the foot of each square are the numbers it might hold: "
            "cross out each one you rule out, and write the answer large in the middle."
            if params.candidates else ""
        )

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        model, solution = generate_kenken(params, rng, budget)
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def from_text(self, text: str, source: str) -> Puzzle:
        model = parse_text(text, source)
        return Puzzle(self.name, "", model, None, Params(size=model.rows))

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        model = solving_model(puzzle.board, is_hidden(puzzle))
        count = Solver(model).count(limit=2)
        if count.count == 0:
            return SolveResult(Outcome.IMPOSSIBLE, solutions=0)
        if count.count > 1:
            return SolveResult(Outcome.AMBIGUOUS, count.solutions[0], count.solutions[1], solutions=2)
        try:
            graded = grade_board(CageBoard(model), LEVELS)
        except (Contradiction, CageTooLarge):  # a cage no person would list: not graded
            graded = None
        level = (
            LEVELS[max(graded.level, 0)].name if graded is not None and graded.outcome is Outcome.SOLVED else None
        )
        outcome = Outcome.SOLVED if level is not None else Outcome.UNFINISHED
        return SolveResult(outcome, count.solutions[0], level=level, solutions=1)

    def steps(self, puzzle: Puzzle) -> list[Step]:
        """The grader's steps (under the hidden rules when the signs are hidden), for
        worked solutions."""
        model = solving_model(puzzle.board, is_hidden(puzzle))
        try:
            board = CageBoard(model)
        except (Contradiction, CageTooLarge):
            return []
        return gridlib.worked_steps(model, LEVELS, board)

    def hints(self, puzzle: Puzzle, limit: int) -> list[Hint]:
        return first_hints(self.steps(puzzle), limit)

    def check(self, puzzle: Puzzle, solution: Grid) -> list[Violation]:
        problems = gridlib.check_grid(puzzle.board, solution)
        problems.extend(layout_violations(puzzle.board))
        return problems

    def certify(self, puzzle: Puzzle) -> list[str]:
        """Fit to print: exactly one solution (under the hidden rules when the signs are
        hidden), which is the printed answer, graded at its label, and the independent
        checker accepts the answer and the cages."""
        return gridlib.certify_grid(puzzle, self.solve(puzzle), self.check(puzzle, puzzle.solution))

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        return {
            "type": self.name,
            **gridlib.model_to_json(puzzle.board),
            "hide_operations": is_hidden(puzzle),
            "difficulty": puzzle.difficulty,
            "solution": gridlib.grid_to_json(puzzle.solution),
        }

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        model = gridlib.model_from_json(data, source)

        def fail(field: str, message: str) -> PuzzleFormatError:
            return PuzzleFormatError(Problem(Location(source), field, message))

        n = model.rows
        if model.cols != n or model.symbols != tuple(range(1, n + 1)):
            raise fail("rows/cols/symbols", "a KenKen is square with the symbols 1..N")
        for v in layout_violations(model):
            raise fail("cages", str(v))
        hidden = data.get("hide_operations", False)
        if not isinstance(hidden, bool):
            raise fail("hide_operations", f"expected true or false, got {hidden!r}")
        solution = data.get("solution")
        if solution is not None:
            if not (isinstance(solution, list) and len(solution) == n
                    and all(isinstance(row, list) and len(row) == n for row in solution)):
                raise fail("solution", f"expected {n} rows of {n} numbers")
            solution = tuple(tuple(row) for row in solution)
        # Rebuild from the model so the cages are in the order this module writes them.
        model = kenken_model(n, model.cages)
        params = Params(size=n, hide_operations=hidden)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, solution, params)

    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        """The shared report, plus two different solutions when the puzzle is ambiguous
        (someone typing in a newspaper puzzle wants to see where they disagree)."""
        report = gridlib.grid_result_json(result)
        if result.solutions > 1:
            report["two_solutions"] = [gridlib.grid_to_json(result.solution), gridlib.grid_to_json(result.other)]
        return report

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        return gridlib.grid_result_text(result)

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        return (puzzle.board.cols, puzzle.board.rows)

    def planned_size(self, params: Params) -> tuple[float, float]:
        return (float(params.size), float(params.size))

    def identity(self, puzzle: Puzzle) -> tuple:
        return (gridlib.identity(puzzle.board), is_hidden(puzzle))

    def describe(self, puzzle: Puzzle) -> str:
        shown = f"{puzzle.board.rows}×{puzzle.board.cols}"
        return f"{shown} · no signs" if is_hidden(puzzle) else shown

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None) -> None:
        draw_kenken(puzzle, pen, solution)



PUZZLE_TYPE = KenKenType()
