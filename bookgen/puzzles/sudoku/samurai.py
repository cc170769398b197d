"""Samurai sudoku: five 9x9 sudokus on a 21x21 layout, the four corner grids each sharing
one 3x3 box with the centre grid. Every row, column and box of each of the five grids
holds the digits 1-9 once; the shared boxes obey both grids they belong to. The cells
outside the five grids are not part of the puzzle (and print as nothing).

The puzzle is one model: the groups of the five grids (a shared box once), over the 369
cells of the layout. So the search proves it unique as a whole, and the shared grader
grades it on the combined groups, techniques crossing from one grid into another
through the shared boxes.

Generation aims at the level with the sudoku family's generator
(bookgen.puzzles.sudoku.generate): from a full samurai solution found by search, givens are
removed in symmetric sets while the grader solves the puzzle within the level, removed
further while it is too easy, and given back when a removal makes it too hard.

Givens suit the level, as for every sudoku: the same shares of the 369 cells as a 9x9
(bookgen.puzzles.sudoku.targets.GIVEN_SHARE): beginner 162-184 givens (44-50%, about 36-40 per
grid), easy 137-166 (37-45%, about 30-36 per grid); medium and harder as few as the
level needs (about 105-110). A puzzle within the beginner's techniques with fewer
givens than a beginner's is easy.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Hashable

from bookgen.errors import ParamsError
from bookgen.language import ENGLISH, N_, Words
from bookgen.model import Cell, Grid, GridModel, Group, line_groups, outline
from bookgen.options import Choice, option
from bookgen.puzzles import grid_draw, grid_json
from bookgen.puzzles import hints as wording
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.pen import Pen, Weight
from bookgen.puzzles.grid_worked import GridWorked
from bookgen.puzzles.registry import names_of
from bookgen.puzzles.sudoku.offer import samurai_lines, samurai_refusal
from bookgen.puzzles.sudoku.targets import target_for
from bookgen.puzzles.sudoku.type import LEVELS, solve_family
from bookgen.puzzles.sudoku.generate import generate_at_level, symmetric_orbits
from bookgen.solve.result import SolveResult

LEVEL_NAMES = tuple(level.name for level in LEVELS)

SIDE = 21  # the layout is SIDE x SIDE cells
# Top-left corners of the five grids: four corners, then the centre.
ORIGINS: tuple[Cell, ...] = ((0, 0), (0, 12), (12, 0), (12, 12), (6, 6))
SYMMETRIES = ("rotational", "mirror", "none")

# Worked steps name squares and lines by the figure's own rows and columns, 1-21, printed
# along its sides ("row 8, columns 1–9" is a line of one grid); a naked single says whose
# row, column and box count, since the figure's row runs on into other grids.
SENTENCES = {
    **wording.SENTENCES,
    "naked single": N_("{Cell} can only be {digit}. {Every_other} is already in its {houses}, or crossed out. "
                       "Its row and column stop at the edge of its grid (a square in a shared box has those of "
                       "both grids)."),
}


@dataclass(frozen=True)
class Params:
    """A samurai sudoku section's options."""

    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")
    symmetry: str = option(Choice(SYMMETRIES), "rotational", "pattern of the givens")

    def validate(self) -> None:
        """Every level and symmetry has a samurai shape; what is offered is measured."""


def _boxes(r0: int, c0: int) -> list[tuple[Cell, ...]]:
    return [tuple((r0 + br + r, c0 + bc + c) for r in range(3) for c in range(3))
            for br in range(0, 9, 3) for bc in range(0, 9, 3)]


@lru_cache(maxsize=None)
def structure() -> GridModel:
    """The empty samurai: every row, column and box of the five grids, a shared box once."""
    groups: list[Group] = []
    boxes: set[tuple[Cell, ...]] = set()
    for r0, c0 in ORIGINS:
        groups.extend(line_groups(9, 9, r0, c0))
        for box in _boxes(r0, c0):
            if box not in boxes:
                boxes.add(box)
                groups.append(Group(box, "box"))
    cells = tuple(sorted({cell for g in groups for cell in g.cells}))
    return GridModel(SIDE, SIDE, tuple(range(1, 10)), cells, tuple(groups))


def _orbits(symmetry: str, rng: random.Random) -> list[tuple[Cell, ...]]:
    """Cells removed together, in random order; both symmetries map the layout onto itself."""
    return symmetric_orbits(structure().cells, SIDE, symmetry, rng)


def generate_samurai(difficulty: str, symmetry: str, rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    """A samurai graded exactly at `difficulty`, with the level's givens, and its solution."""
    base = structure()
    return generate_at_level(base, target_for(base, difficulty), lambda r: _orbits(symmetry, r), rng, budget,
                             "samurai")


class SamuraiType(GridWorked[Params]):
    name, aliases = names_of(__name__)  # as the registry's line gives them
    title = N_("Samurai Sudoku")
    instructions = N_(
        "Five sudokus overlap: the corner grids each share one box with the centre grid. "
        "Fill in every grid so that each of its rows, columns and bold boxes contains the "
        "digits 1 to 9 exactly once; a shared box counts in both grids. Every puzzle has "
        "exactly one solution, which you can find by logic alone."
    )
    Params = Params
    grading = LEVELS
    sentences = SENTENCES

    def offer_key(self, params: Params) -> dict[str, Any]:
        return {"difficulty": params.difficulty, "symmetry": params.symmetry}

    def refusal(self, params: Params) -> ParamsError | None:
        return samurai_refusal(self.offer, params.difficulty, params.symmetry)

    def offered_lines(self) -> list[str]:
        """The measured offer, for `bookgen types`."""
        return samurai_lines(self.offer, SIDE, SYMMETRIES)

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        return solve_family(puzzle.board)

    def planned_size(self, params: Params) -> tuple[float, float]:
        return (float(SIDE), float(SIDE))

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        model, solution = generate_samurai(params.difficulty, params.symmetry, rng, budget)
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        """Any sudoku-family model reads; one with the samurai's groups gets the samurai's
        own structure back (group kinds included), so it grades as it was generated."""
        model = grid_json.model_from_json(data, source)
        base = structure()
        if {frozenset(g.cells) for g in model.groups} == {frozenset(g.cells) for g in base.groups}:
            model = base.with_givens(model.givens)
        solution = grid_json.read_solution(data, model.rows, model.cols, source)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, solution)

    def misfit(self, puzzle: Puzzle, params: Params) -> str | None:
        """A samurai's five grids, as this module lays them out."""
        if puzzle.type == self.name and puzzle.board != structure().with_givens(puzzle.board.givens):
            return "not the samurai's five grids"
        return super().misfit(puzzle, params)

    def describe(self, puzzle: Puzzle, words: Words = ENGLISH) -> str:
        return words.gettext("samurai")

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None, style: Hashable | None = None) -> None:
        """Thin cell lines, thick lines between boxes and round the whole layout; nothing
        in the cells outside the five grids. Each box is one region, so the grids line up
        on their shared boxes by construction."""
        model = puzzle.board
        grid_draw.draw_cell_lines(pen, model)
        boxes = [frozenset(g.cells) for g in model.groups if g.kind == "box"]
        grid_draw.draw_region_borders(pen, boxes, Weight.BOX)
        for loop in outline(model.cells):
            pen.outline(loop, Weight.BORDER)
        grid_draw.draw_values(pen, model, solution)


PUZZLE_TYPE = SamuraiType()
