"""A small example family, defined only for the tests: a 2x2 grid in which every row and
every column holds a 1 and a 2, one square given.

It is what a new grid family writes: its Params, its level table, `generate` and `draw`
(and, here, its planned size, as its Params have no `size`). It declares the core
capability alone: a GridType, not a GridWorked, so it has no worked steps and the rest
(solving, checking, certifying, interchange, sizes) is the grid base's. The `tiny_type`
fixture (conftest.py) registers it as a registry line would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Hashable

from bookgen.model import Grid, GridModel, full_cells, line_groups
from bookgen.options import Choice, option
from bookgen.puzzles import grid_draw
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.grid import GridType
from bookgen.puzzles.pen import Pen, Weight
from bookgen.solve import techniques as t
from bookgen.solve.grader import Level

LEVELS = (Level("easy", (t.FULL_HOUSE,)),)


@dataclass(frozen=True)
class Params:
    difficulty: str = option(Choice(("easy",)), "easy", "the one level: each square is the last of its row")

    def validate(self) -> None:
        """Every choice the options allow can be made."""


class TinyType(GridType[Params]):
    name = "tiny"
    title = "Tiny grids"
    instructions = "Write 1 or 2 in each empty square, so that every row and column holds both."
    Params = Params
    grading = LEVELS

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle[GridModel]:
        first = rng.choice((1, 2))
        solution = ((first, 3 - first), (3 - first, first))
        r, c = rng.randrange(2), rng.randrange(2)
        shape = GridModel(2, 2, (1, 2), full_cells(2, 2), line_groups(2, 2))
        return Puzzle(self.name, params.difficulty, shape.with_givens({(r, c): solution[r][c]}), solution, params)

    def planned_size(self, params: Params) -> tuple[float, float]:
        return (2.0, 2.0)

    def draw(self, puzzle: Puzzle[GridModel], pen: Pen, solution: Grid | None = None,
             style: Hashable | None = None) -> None:
        grid_draw.draw_cell_lines(pen, puzzle.board)
        pen.outline([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)], Weight.BORDER)
        grid_draw.draw_values(pen, puzzle.board, solution)


PUZZLE_TYPE = TinyType()
