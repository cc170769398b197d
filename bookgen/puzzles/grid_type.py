"""GridType: what every grid puzzle type does the same way, once.

A grid type (sudoku, samurai, killer...) is a GridModel with groups and cages, graded on
its own level table. Solving, worked steps, the independent check, certification, the
interchange JSON, `bookgen solve`'s reports, sizes and identity are the same for all of
them; a type sets `grading` (its level table), `name`, `title`, `instructions` and
`Params`, writes `generate` and `draw`, and overrides only what differs (killer's own
Board and cage rules, samurai's reading of its layout from JSON).
"""

from __future__ import annotations

from typing import Any, Callable

from bookgen.model import Grid, GridModel
from bookgen.puzzles import grid as gridlib
from bookgen.puzzles.base import Hint, Puzzle, PuzzleType, Violation
from bookgen.puzzles.hints import first_hints
from bookgen.solve.result import SolveResult
from bookgen.solve.grader import Board, Contradiction, Level, Step


class GridType(PuzzleType):
    instructions: str = ""
    hints_refusal = None
    grading: tuple[Level, ...] = ()  # the type's level table, easiest first

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(level.name for level in self.grading)

    def new_board(self, model: GridModel) -> Board:
        """The grader's board for a puzzle (a type with rules beyond groups has its own)."""
        return Board(model)

    def instructions_for(self, params: Any) -> str:
        return self.instructions

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        return gridlib.solve_grid(puzzle.board, self.grading, self.new_board)

    def steps(self, puzzle: Puzzle) -> list[Step]:
        """The grader's steps, for worked solutions."""
        try:
            board = self.new_board(puzzle.board)
        except Contradiction:
            return []
        return gridlib.worked_steps(puzzle.board, self.grading, board)

    def hints(self, puzzle: Puzzle, limit: int) -> list[Hint]:
        return first_hints(self.steps(puzzle), limit, self.value_label(puzzle))

    def check(self, puzzle: Puzzle, solution: Grid) -> list[Violation]:
        return gridlib.check_grid(puzzle.board, solution)

    def certify(self, puzzle: Puzzle) -> list[str]:
        return gridlib.certify_grid(puzzle, self.solve(puzzle), self.check(puzzle, puzzle.solution))

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        return {**gridlib.model_to_json(puzzle.board), "solution": gridlib.grid_to_json(puzzle.solution)}

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        model = gridlib.model_from_json(data, source)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, None)

    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        """The shared report; with printed labels other than the values (a sudoku's
        `symbols: ABCDEF`), the solution as printed too, as `solution_labels`."""
        report = gridlib.grid_result_json(result)
        if result.solutions == 1 and self.labels(puzzle) != tuple(map(str, puzzle.board.symbols)):
            label = self.value_label(puzzle)
            report["solution_labels"] = [[None if v is None else label(v) for v in row] for row in result.solution]
        return report

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        return gridlib.grid_result_text(result, self.value_label(puzzle))

    def labels(self, puzzle: Puzzle) -> tuple[str, ...]:
        """What is printed for each of the puzzle's symbols: by default the values."""
        return tuple(map(str, puzzle.board.symbols))

    def value_label(self, puzzle: Puzzle) -> Callable[[int], str]:
        """A value as printed (a sudoku's `symbols:` letter), for drawings, `bookgen solve`
        and hint sentences alike."""
        shown = dict(zip(puzzle.board.symbols, self.labels(puzzle)))
        return lambda value: shown.get(value, str(value))

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        return (float(puzzle.board.cols), float(puzzle.board.rows))

    def planned_size(self, params: Any) -> tuple[float, float] | None:
        """A square grid of the options' `size` (a type of another shape says its own)."""
        return (float(params.size), float(params.size))

    def identity(self, puzzle: Puzzle) -> tuple:
        return gridlib.identity(puzzle.board)

    def describe(self, puzzle: Puzzle) -> str:
        return f"{puzzle.board.rows}×{puzzle.board.cols}"
