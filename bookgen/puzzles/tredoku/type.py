"""Tredoku: sudoku on the faces of a figure of cubes, drawn in three dimensions.

Each face is a 3x3 box holding the digits 1 to 9 once; lines of cells run across the
faces, bending round the cubes' edges, and no digit repeats along a line (a line of nine
holds each digit once). The figures and their lines are in bookgen.puzzles.tredoku.figures;
the puzzle is one GridModel of them (a box per face, a group per line), so the engine's
search proves it unique and its grader grades it knowing nothing of cubes.

Levels are the sudoku family's ladder (bookgen.puzzles.sudoku.type.LEVELS); puzzles are
aimed at them by the family's generator (bookgen.puzzles.sudoku.generate) up to medium,
and at hard and expert by the tredoku's own (bookgen.puzzles.tredoku.generate). The
givens are as few as the level needs at every level: a figure's cells lie in two or
three groups, not a sudoku's three, so the sudoku's shares of givens for beginner and
easy (44-50% and 37-45%) do not carry over; beginner and easy are told apart by their
techniques alone (cross-hatching in a face and the last square of a face or a line,
against hidden singles along a line and naked singles). The givens carry no symmetry
(published Tredoku has none).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Hashable

from bookgen.errors import ParamsError
from bookgen.language import ENGLISH, N_, Words
from bookgen.model import Grid, GridModel
from bookgen.options import Choice, option
from bookgen.puzzles import grid_json
from bookgen.puzzles import hints as wording
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.grid import solve_grid
from bookgen.puzzles.grid_worked import GridWorked
from bookgen.puzzles.hint import Hint, StepMarks
from bookgen.puzzles.pen import Pen
from bookgen.puzzles.worked_draw import Frame, draw_marked
from bookgen.puzzles.registry import names_of
from bookgen.puzzles.sudoku.generate import Target, generate_at_level, symmetric_orbits
from bookgen.puzzles.sudoku.type import LEVELS
from bookgen.puzzles.tredoku import draw, figures, interchange
from bookgen.puzzles.tredoku.generate import repaired_at_level
from bookgen.puzzles.tredoku.hints import NAMING
from bookgen.solve.result import SolveResult

LEVEL_NAMES = tuple(level.name for level in LEVELS)
# From this level on, puzzles are made by the tredoku's own aim (bookgen.puzzles.tredoku
# .generate): the family's lands there on a figure too seldom (worst cases of 2-3 s).
REPAIRED_FROM = LEVEL_NAMES.index("hard")
# How each figure is called in words (captions, `bookgen types`), in the book's language.
def figure_word(figure: str, words: Words) -> str:
    """A figure's name in the book's language, in a context of its own: "star" also names
    a picture symbol, which some languages say otherwise."""
    names = {"staircase": words.pgettext("tredoku figure", "staircase"),
             "star": words.pgettext("tredoku figure", "star"),
             "block": words.pgettext("tredoku figure", "block")}
    return names[figure]


@dataclass(frozen=True)
class Params:
    """A Tredoku section's options."""

    figure: str = option(Choice(figures.NAMES), "staircase",
                         "; ".join(f"{f.name}: {f.title}" for f in figures.FIGURES))
    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")

    def validate(self) -> None:
        """Every figure has every level's shape; what is offered is measured."""


def generate_tredoku(name: str, difficulty: str, rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    """A puzzle on the figure graded exactly at `difficulty`, and its solution."""
    base = figures.structure(name)
    if LEVEL_NAMES.index(difficulty) >= REPAIRED_FROM:
        return repaired_at_level(base, LEVELS, LEVEL_NAMES.index(difficulty), rng, budget)
    target = Target(LEVELS, LEVEL_NAMES.index(difficulty))
    return generate_at_level(base, target, lambda r: symmetric_orbits(base.cells, 0, "none", r), rng, budget,
                             "tredoku")


class TredokuType(GridWorked[Params]):
    name, aliases = names_of(__name__)  # as the registry's line gives them
    title = N_("Tredoku")
    instructions = N_(
        "Each bold face is a box of nine squares: fill it with the digits 1 to 9. Lines of squares run "
        "straight across the faces and bend round the edges of the cubes; the small marks across a bold "
        "edge show where a line goes on. No digit may repeat along a line, so a line of nine squares holds "
        "each digit once. Every puzzle has exactly one solution, which you can find by logic alone."
    )
    Params = Params
    grading = LEVELS
    numbered_hint_grid = False  # squares are named by face and place, the faces lettered on the drawing

    def offer_key(self, params: Params) -> dict[str, Any]:
        return {"figure": params.figure, "difficulty": params.difficulty}

    def refusal(self, params: Params) -> ParamsError | None:
        key = self.offer_key(params)
        if self.offer.delivered(key):
            return None
        levels = self.offer.values("difficulty", LEVEL_NAMES, figure=params.figure)
        can = f"can be {', '.join(levels)}" if levels else "is not offered at any level"
        return ParamsError("difficulty", f"a {params.figure} tredoku {can}; {params.difficulty} ones are not "
                                         f"offered ({self.offer.why_not(key)})")

    def offered_lines(self) -> list[str]:
        """The measured offer, a line per figure, for `bookgen types`."""
        return [f"{name}: {', '.join(self.offer.values('difficulty', LEVEL_NAMES, figure=name)) or 'none yet'}"
                for name in figures.NAMES]

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        model, solution = generate_tredoku(params.figure, params.difficulty, rng, budget)
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        return solve_grid(puzzle.board, LEVELS)

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The grid form (its groups: a box per face, a group per line) with the figure:
        its name and each face's squares and corners in space."""
        return {**super().to_json(puzzle), **interchange.figure_json(figure_of(puzzle))}

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        """A tredoku names its figure, and its groups must be that figure's boxes and lines
        (what an outside checker reads is what bookgen solves)."""
        name = interchange.read_figure(data, source)
        model = grid_json.model_from_json(data, source)
        base = figures.structure(name)
        if {frozenset(g.cells) for g in model.groups} != {frozenset(g.cells) for g in base.groups}:
            raise grid_json.FieldReader(source).fail("groups", f"not the boxes and lines of the {name} figure")
        if set(model.symbols) != set(base.symbols) or model.cages:
            raise grid_json.FieldReader(source).fail("cages" if model.cages else "symbols",
                                                     "a tredoku has the digits 1 to 9 and no cages")
        model = base.with_givens(model.givens)
        solution = grid_json.read_solution(data, model.rows, model.cols, source)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, solution, Params(figure=name))

    def hints(self, puzzle: Puzzle, limit: int, words: Words = ENGLISH) -> list[Hint]:
        """The first steps, squares named by face and place ("face B, square 4")."""
        return wording.first_hints(self.hint_steps(puzzle), limit, self.value_label(puzzle), self.sentences, words,
                                   NAMING)

    def draw_worked(self, puzzle: Puzzle, pen: Pen, marks: StepMarks, style: Hashable | None = None) -> None:
        """The figure with the steps' marks in its squares, each a parallelogram."""
        figure = figure_of(puzzle)
        draw_marked(pen, marks, lambda: self.draw(puzzle, pen), lambda cell: Frame(*draw.cell_frame(figure, cell)))

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        """A unique solution face by face, each face's rows as it reads ("face A: 1 5 2 /
        9 3 8 / 7 4 6"), the lettered faces of the drawing; otherwise the shared report."""
        said = super().result_text(puzzle, result)
        if result.solutions != 1:
            return said
        head = said.splitlines()[:2]
        faces = []
        for k, _face in enumerate(figures.faces(figure_of(puzzle))):
            rows = [" ".join(str(result.solution[r][c]) for r, c in
                             (figures.position(k, row, col) for col in range(figures.SIDE)))
                    for row in range(figures.SIDE)]
            faces.append(f"face {interchange.LETTERS[k]}: {' / '.join(rows)}")
        return "\n".join(head + faces)

    def misfit(self, puzzle: Puzzle, params: Params) -> str | None:
        if puzzle.type == self.name and puzzle.board != figures.structure(params.figure).with_givens(
                puzzle.board.givens):
            return f"not the {params.figure} figure"
        return super().misfit(puzzle, params)

    def identity(self, puzzle: Puzzle) -> tuple:
        return super().identity(puzzle) + (figure_of(puzzle),)

    def describe(self, puzzle: Puzzle, words: Words = ENGLISH) -> str:
        return figure_word(figure_of(puzzle), words)

    def planned_size(self, params: Params) -> tuple[float, float]:
        return draw.drawing_size(params.figure)

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        return draw.drawing_size(figure_of(puzzle))

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None, style: Hashable | None = None) -> None:
        draw.draw_figure(pen, figure_of(puzzle), puzzle.board, solution)


def figure_of(puzzle: Puzzle) -> str:
    """The figure a puzzle is on: from its options (made, or read with its figure)."""
    return puzzle.params.figure


PUZZLE_TYPE = TredokuType()
