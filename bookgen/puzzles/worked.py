"""Worked steps: the capability a type declares when it can write the first steps of
solving its puzzles for a child who is stuck (the book's "Stuck?" pages).

A type has worked steps when it is a WorkedSteps; one that is not has none, and `hints:
true` is refused for it. `worked_steps` is the one place anything asks. The steps
themselves are values (bookgen.puzzles.hint); their marks on a grid are drawn by
bookgen.puzzles.worked_draw.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Hashable

from bookgen.language import ENGLISH, Words
from bookgen.puzzles.base import B, P, Puzzle, PuzzleType, Size
from bookgen.puzzles.pen import Pen

if TYPE_CHECKING:  # named in signatures only: loaded when a step is said, not at start-up (issue 31)
    from bookgen.puzzles.hint import Hint, Lesson, StepMarks
    from bookgen.self_check import SelfCheck

# Why `hints: true` is refused for a type that has no worked steps.
NO_WORKED_STEPS = "worked steps are not written for this type yet"


class WorkedSteps(PuzzleType[P, B]):
    """Capability: the first steps of solving a puzzle in plain words, and the drawing
    beside them: the puzzle with each step's number in the squares it touches (rows and
    columns numbered by the layout, unless `numbered_hint_grid` is off), or, where the
    steps carry pictures (`Hint.picture`), each step's own picture."""

    # Whether the grid beside worked steps has its rows and columns numbered: the steps
    # name squares by row and column. A type that names them otherwise (tredoku's faces
    # and squares) draws its own names.
    numbered_hint_grid: bool = True

    @abstractmethod
    def hints(self, puzzle: Puzzle[B], limit: int, words: Words = ENGLISH) -> list[Hint]:
        """The first `limit` steps of solving the puzzle, in plain words."""

    def worked_size(self, puzzle: Puzzle[B]) -> Size:
        """Width and height, in cell units, of the drawing beside the puzzle's worked
        steps (`draw_worked`): the puzzle's own by default."""
        return self.print_size(puzzle)

    def draw_worked(self, puzzle: Puzzle[B], pen: Pen, marks: StepMarks, style: Hashable | None = None) -> None:
        """The puzzle as drawn beside its worked steps, with the steps' marks on its
        squares, where the layout numbers the rows and columns from the drawing's top-left
        corner: the puzzle as printed, square cells, by default (a type that prints more
        above its grid, or other squares, draws its own)."""
        from bookgen.puzzles.worked_draw import draw_marked  # drawing only: not at start-up (issue 31)

        draw_marked(pen, marks, lambda: self.draw(puzzle, pen, None, style))

    def self_check(self, puzzle: Puzzle[B]) -> SelfCheck | None:
        """Squares to shade under the puzzle and the sum of their answers, giving no
        square away (`self_check: true`), or None where the type has none to give (values
        that are not numbers, no squares)."""
        return None

    def technique_level(self, name: str) -> tuple[str, str] | None:
        """A technique named as the level tables name it (any case): its name as the
        grader knows it and the easiest level that allows it; None when it is not on this
        type's ladder (a type without a ladder has none)."""
        return None

    def needs_technique(self, puzzle: Puzzle[B], technique: str) -> bool:
        """Whether solving the puzzle uses `technique` (the grader's log shows it) and
        cannot be finished without it (`focus:`)."""
        return False

    def lesson(self, puzzle: Puzzle[B], technique: str, words: Words = ENGLISH) -> Lesson | None:
        """The worked example of a `focus:` section's lesson page: this puzzle at the
        moment it needs `technique`, and the step in words; None where the type has none."""
        return None

    def hint_picture_size(self, puzzle: Puzzle[B]) -> Size:
        """Width and height in cell units of a step's own picture (`Hint.picture`)."""
        return self.print_size(puzzle)

    def draw_hint_picture(self, puzzle: Puzzle[B], pen: Pen, picture: Hashable) -> None:
        """Draw a step's own picture (`Hint.picture`) at the origin in cell units, within
        `hint_picture_size`; only a type whose hints carry pictures is asked."""
        self.draw(puzzle, pen)


def worked_steps(ptype: PuzzleType) -> WorkedSteps | None:
    """The type's worked steps, or None when it declares none: the one place the core
    asks whether a type has a capability (it never asks which type it has)."""
    return ptype if isinstance(ptype, WorkedSteps) else None
