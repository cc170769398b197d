"""GridType: what every grid puzzle type (sudoku, samurai, killer, KenKen) does the same
way, once, and the independent checker of a filled grid.

A grid type is a GridModel with groups and cages, graded on its own level table. Solving,
the independent check, certification, the interchange JSON, `bookgen solve`'s reports,
sizes and identity are the same for all of them; a type sets `grading` (its level
table), `name`, `title`, `instructions` and `Params`, writes `generate` and `draw`, and
overrides only what differs (killer's and KenKen's own boards and cage rules, KenKen's
hidden signs, samurai's reading of its layout from JSON). A grid type with worked steps
is a GridWorked (bookgen.puzzles.grid_worked).

The checker deliberately shares no code with the solver: it reads the rules straight
from the model and tests a filled grid against them.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING, Any, Callable

from bookgen.language import ENGLISH, Words
from bookgen.model import Cage, Grid, GridModel, grid_from_values
from bookgen.puzzles.base import P, Puzzle, PuzzleType, Violation
from bookgen.solve.cages import HIDDEN, CageTooLarge
from bookgen.solve.engine import Board, Contradiction
from bookgen.solve.ladder import Level
if TYPE_CHECKING:  # the search, the JSON forms and what solving finds are loaded where used: a plain check
    # uses none of them (start-up)
    from bookgen.solve.result import SolveResult
    from bookgen.solve.search import Count


class GridType(PuzzleType[P, GridModel]):
    instructions: str = ""
    grading: tuple[Level, ...] = ()  # the type's level table, easiest first

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(level.name for level in self.grading)

    def new_board(self, model: GridModel) -> Board:
        """The grader's board for a puzzle: the engine's, with the family of rules the
        type's cages follow (groups alone here; KenKen's and killer's add theirs)."""
        return Board(model)

    def solving_model(self, puzzle: Puzzle[GridModel]) -> GridModel:
        """The model solved and graded: the puzzle's own, or what it stands for (a KenKen
        with hidden signs: every sign its targets could have)."""
        return puzzle.board

    def instructions_for(self, params: P, words: Words = ENGLISH) -> str:
        return words.gettext(self.instructions)

    def solve(self, puzzle: Puzzle[GridModel], timeout: float | None = None) -> SolveResult:
        return solve_grid(self.solving_model(puzzle), self.grading, self.new_board)

    def check(self, puzzle: Puzzle[GridModel], solution: Grid) -> list[Violation]:
        return check_grid(puzzle.board, solution)

    def certify(self, puzzle: Puzzle[GridModel]) -> list[str]:
        result = self.solve(puzzle)
        problems = certify_grid(puzzle, result, self.check(puzzle, puzzle.solution))
        return problems + searched_once(self.solving_model(puzzle), result)

    def to_json(self, puzzle: Puzzle[GridModel]) -> dict[str, Any]:
        from bookgen.puzzles import grid_json

        return {**grid_json.model_to_json(puzzle.board), "solution": grid_json.grid_to_json(puzzle.solution)}

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle[GridModel]:
        from bookgen.puzzles import grid_json

        model = grid_json.model_from_json(data, source)
        solution = grid_json.read_solution(data, model.rows, model.cols, source)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, solution)

    def result_json(self, puzzle: Puzzle[GridModel], result: SolveResult) -> dict[str, Any]:
        """The shared report; with printed labels other than the values (a sudoku's
        `symbols: ABCDEF`), the solution as printed too, as `solution_labels`."""
        report = grid_result_json(result)
        if result.solutions == 1 and self.labels(puzzle) != tuple(map(str, puzzle.board.symbols)):
            label = self.value_label(puzzle)
            report["solution_labels"] = [[None if v is None else label(v) for v in row] for row in result.solution]
        return report

    def result_text(self, puzzle: Puzzle[GridModel], result: SolveResult) -> str:
        return grid_result_text(result, self.value_label(puzzle))

    def labels(self, puzzle: Puzzle[GridModel]) -> tuple[str, ...]:
        """What is printed for each of the puzzle's symbols: by default the values."""
        return tuple(map(str, puzzle.board.symbols))

    def value_label(self, puzzle: Puzzle[GridModel]) -> Callable[[int], str]:
        """A value as printed (a sudoku's `symbols:` letter), for drawings, `bookgen solve`
        and hint sentences alike."""
        shown = dict(zip(puzzle.board.symbols, self.labels(puzzle)))
        return lambda value: shown.get(value, str(value))

    def print_size(self, puzzle: Puzzle[GridModel], answer: bool = False) -> tuple[float, float]:
        return (float(puzzle.board.cols), float(puzzle.board.rows))

    def planned_size(self, params: P) -> tuple[float, float] | None:
        """A square grid of the options' `size` (a type of another shape says its own)."""
        return (float(params.size), float(params.size))

    def identity(self, puzzle: Puzzle[GridModel]) -> tuple:
        return identity(puzzle.board)

    def describe(self, puzzle: Puzzle[GridModel], words: Words = ENGLISH) -> str:
        return f"{puzzle.board.rows}×{puzzle.board.cols}"


# --- checking ------------------------------------------------------------------------


def check_grid(model: GridModel, grid: Grid) -> list[Violation]:
    """Every rule the filled grid breaks: symbols, givens, groups, cages, inequalities.
    (Every proof before print runs it: each rule is first tested whole, and only a
    broken one is walked again to say where.)"""
    problems: list[Violation] = []
    try:
        value = {cell: grid[cell[0]][cell[1]] for cell in model.cells}
    except (IndexError, TypeError):
        return [Violation("the grid does not have the puzzle's shape")]
    symbols = model.symbols
    for cell, v in value.items():
        if v not in symbols:
            problems.append(Violation(f"{v!r} is not one of the symbols", (cell,)))
    for r, c, v in model.givens:
        if value.get((r, c)) != v:
            problems.append(Violation(f"the given {v} was changed", ((r, c),)))
    for g in model.groups:
        if len({value[cell] for cell in g.cells}) == len(g.cells):
            continue
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
    for e in model.inequalities:
        low, high = value.get(e.smaller), value.get(e.larger)
        if not (isinstance(low, int) and isinstance(high, int) and low < high):
            problems.append(Violation(f"{low!r} is not smaller than {high!r}", (e.smaller, e.larger)))
    return problems


def _cage_holds(cage: Cage, vs: list[int]) -> bool:
    op = cage.op
    if op == "+":  # the commonest first: no call beyond the sum
        return sum(vs) == cage.target
    if op == HIDDEN:  # a KenKen sign left for the solver: any sign that makes it
        return any(_makes(op, cage.target, vs) for op in "+-*/")
    return _makes(op, cage.target, vs)


def _makes(op: str, target: int, vs: list[int]) -> bool:
    if op == "+":
        return sum(vs) == target
    if op == "*":
        return prod(vs) == target
    if op == "=":
        return len(vs) == 1 and vs[0] == target
    if len(vs) != 2:
        return False
    a, b = sorted(vs)
    if op == "-":
        return b - a == target
    return a != 0 and b == a * target


def identity(model: GridModel) -> tuple:
    """Two grid puzzles are the same when their clues are: givens, cages and signs."""
    return (model.rows, model.cols, model.givens, tuple(sorted((k.cells, k.op, k.target) for k in model.cages)),
            model.inequalities)


# --- solving and reporting -----------------------------------------------------------


def solve_grid(model: GridModel, levels: tuple[Level, ...], board_of=Board) -> SolveResult:
    """Solutions (none / one / several) and the level of a unique one, graded on the
    board `board_of(model)` (a type with rules beyond groups has a Board of its own).

    The grader goes first: each of its steps is sound (it never crosses out a candidate a
    solution needs), so when it fills the grid, and the grid it fills meets every rule
    (the independent checker), that grid is the only solution, with no search. Only when
    it stops short (or the puzzle is not one a person could grade) does the search count
    solutions. `certify` counts by the search as well, before anything is printed."""
    from bookgen.solve.grader import grade_board  # a type proved in one engine call never grades (start-up)
    from bookgen.solve.result import Outcome, SolveResult
    from bookgen.solve.search import count_solutions

    graded = None
    try:
        board = board_of(model)
        graded = grade_board(board, levels, values=False)  # the values are read below, once
    except (Contradiction, CageTooLarge):  # no solution, or a cage too large to list
        pass
    if graded is not None and graded.outcome is Outcome.SOLVED:
        answer = grid_from_values(model, board.values())
        if not check_grid(model, answer):
            return SolveResult(Outcome.SOLVED, answer, level=levels[max(graded.level, 0)].name, solutions=1)
    count = count_solutions(model, limit=2)
    if count.count == 0:
        return SolveResult(Outcome.IMPOSSIBLE, solutions=0)
    if count.count > 1:
        return SolveResult(Outcome.AMBIGUOUS, count.solutions[0], count.solutions[1], solutions=2)
    # Unique, and beyond the techniques (or a cage too large to list is left out).
    return SolveResult(Outcome.UNFINISHED, count.solutions[0], solutions=1)


def searched_once(model: GridModel, result: SolveResult, count: Count | None = None) -> list[str]:
    """Uniqueness proved a second way, by the search alone (for `certify`): what it
    finds that disagrees with `result`. `count`: the search's count up to two, when the
    caller has it already (made from an empty grid, as here)."""
    if result.solutions != 1:
        return []
    if count is None:
        from bookgen.solve.search import count_solutions

        count = count_solutions(model, limit=2)
    if count.count != 1:
        return [f"the search finds {'no' if count.count == 0 else 'more than one'} solution"]
    if count.solutions[0] != result.solution:
        return ["the search finds another solution than the grader"]
    return []


def certify_grid(puzzle: Puzzle[GridModel], result: SolveResult, violations: list[Violation]) -> list[str]:
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
    from bookgen.puzzles import grid_json

    return {
        "solutions": result.solutions,
        "solution": grid_json.grid_to_json(result.solution) if result.solutions == 1 else None,
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
