"""Classic sudoku: fill the grid so every row, column and box holds each digit once.

Levels (the grader's techniques; a puzzle is printed at a level only when the grader
solves it with that level's techniques and not with the level below):
- easy: naked and hidden singles.
- medium: adds pointing and claiming (locked candidates), naked and hidden pairs.
- hard: adds naked and hidden triples, X-wing, swordfish, XY-wing and XYZ-wing.

Generation: a random full grid, then givens removed (in symmetric pairs by default, as
published books do) while the grader still solves the puzzle within the requested level;
a result that turns out easier than asked is discarded and the next attempt begins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bookgen.errors import GenerationError, ParamsError
from bookgen.model import Grid, GridModel, Group, full_cells, line_groups
from bookgen.options import Choice, option
from bookgen.puzzles import grid as gridlib
from bookgen.puzzles.base import Budget, Pen, Puzzle, Violation, Weight
from bookgen.solve import techniques as t
from bookgen.solve.result import Outcome, SolveResult
from bookgen.solve.search import solver_for
from bookgen.solve.techniques import Level, Step, grade

LEVELS: tuple[Level, ...] = (
    Level("easy", (t.NAKED_SINGLE, t.HIDDEN_SINGLE)),
    Level("medium", (t.LOCKED_CANDIDATES, t.NAKED_PAIR, t.HIDDEN_PAIR)),
    Level("hard", (t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, t.X_WING, t.SWORDFISH, t.XY_WING, t.XYZ_WING)),
)
LEVEL_NAMES = tuple(level.name for level in LEVELS)

# Box shape (rows, cols) per grid size.
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
SYMMETRIES = ("rotational", "mirror", "none")

# Levels that can be found in reasonable time per size. Measured over minimal puzzles
# from random grids (re-measure with bench/sudoku_levels.py): every 4x4 falls to singles;
# a 6x6 needs medium techniques about 2 times in 1000 and hard ones about 11 in 1000.
REACHABLE = {4: ("easy",), 6: ("easy", "hard"), 9: ("easy", "medium", "hard")}

# Attempts before giving up; each is a fresh full grid. Measured with `make bench`:
# a 9x9 hard puzzle needs a handful of attempts on average.
MAX_ATTEMPTS = 400


@dataclass(frozen=True)
class Params:
    size: int = option(Choice(tuple(BOX_SHAPES)), 9, "grid side: 4 (2x2 boxes), 6 (2x3 boxes) or 9 (3x3 boxes)")
    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")
    symmetry: str = option(Choice(SYMMETRIES), "rotational", "pattern of the givens")

    def validate(self) -> None:
        if self.difficulty not in REACHABLE[self.size]:
            raise ParamsError(
                "difficulty",
                f"a {self.size}x{self.size} sudoku can be {' or '.join(REACHABLE[self.size])}; "
                f"{self.difficulty} ones are too rare to generate",
            )


@lru_cache(maxsize=None)
def structure(size: int) -> GridModel:
    """The empty sudoku of a size: rows, columns and boxes as all-different groups."""
    box_rows, box_cols = BOX_SHAPES[size]
    boxes = tuple(
        Group(tuple((r0 + r, c0 + c) for r in range(box_rows) for c in range(box_cols)), "box")
        for r0 in range(0, size, box_rows)
        for c0 in range(0, size, box_cols)
    )
    return GridModel(size, size, tuple(range(1, size + 1)), full_cells(size, size), line_groups(size, size) + boxes)


def _orbits(size: int, symmetry: str, rng: random.Random) -> list[tuple[tuple[int, int], ...]]:
    """Cells that are removed together, in random order."""
    seen, orbits = set(), []
    for r, c in full_cells(size, size):
        if (r, c) in seen:
            continue
        if symmetry == "rotational":
            orbit = {(r, c), (size - 1 - r, size - 1 - c)}
        elif symmetry == "mirror":
            orbit = {(r, c), (r, size - 1 - c)}
        else:
            orbit = {(r, c)}
        seen |= orbit
        orbits.append(tuple(sorted(orbit)))
    rng.shuffle(orbits)
    return orbits


def generate_at_level(base: GridModel, levels: tuple[Level, ...], level: int, orbits_of, rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    """Remove givens from random full grids until the grader rates the puzzle exactly `level`.

    Shared by every sudoku-family type: `orbits_of(rng)` gives the cell groups removed
    together. Every removal keeps the puzzle solvable within `level`, which (the
    techniques being sound) also keeps it unique.
    """
    solver = solver_for(base)
    for _ in range(MAX_ATTEMPTS):
        if budget.expired():
            break
        solution = solver.random_solution(rng)
        if solution is None:
            raise GenerationError("this grid has no solution at all")
        givens = {cell: solution[cell[0]][cell[1]] for cell in base.cells}
        for orbit in orbits_of(rng):
            kept = {cell: givens.pop(cell) for cell in orbit if cell in givens}
            if grade(base.with_givens(givens), levels, up_to=level).outcome is not Outcome.SOLVED:
                givens.update(kept)
        puzzle = base.with_givens(givens)
        if grade(puzzle, levels).level == level:
            return puzzle, solution
    raise GenerationError(f"no {levels[level].name} puzzle found within the budget; try another level or seed")


class SudokuType:
    name = "sudoku"
    aliases = ("classic", "classic-sudoku")
    title = "Sudoku"
    instructions = (  # the same for every option
        "Fill in the grid so that every row, every column and every bold box contains each "
        "digit exactly once. Some digits are given to start you off; every puzzle has exactly "
        "one solution, which you can find by logic alone, with no guessing."
    )
    Params = Params
    levels = LEVEL_NAMES

    def instructions_for(self, params: Params) -> str:
        return self.instructions

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        base = structure(params.size)
        model, solution = generate_at_level(
            base, LEVELS, LEVEL_NAMES.index(params.difficulty),
            lambda r: _orbits(params.size, params.symmetry, r), rng, budget,
        )
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        return gridlib.solve_grid(puzzle.board, LEVELS)

    def steps(self, puzzle: Puzzle) -> list[Step]:
        """The grader's steps, for worked solutions."""
        return gridlib.worked_steps(puzzle.board, LEVELS)

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
        return gridlib.grid_result_json(result)

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        return gridlib.grid_result_text(result)

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        return (puzzle.board.cols, puzzle.board.rows)

    def identity(self, puzzle: Puzzle) -> tuple:
        return gridlib.identity(puzzle.board)

    def describe(self, puzzle: Puzzle) -> str:
        return f"{puzzle.board.rows}×{puzzle.board.cols}"

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None) -> None:
        model = puzzle.board
        gridlib.draw_cell_lines(pen, model)
        boxes = [frozenset(g.cells) for g in model.groups if g.kind == "box"]
        gridlib.draw_region_borders(pen, boxes, Weight.BOX)
        pen.outline([(0, 0), (model.cols, 0), (model.cols, model.rows), (0, model.rows)], Weight.BORDER)
        gridlib.draw_values(pen, model, solution)


PUZZLE_TYPE = SudokuType()
