"""The values worked steps are made of: one step as printed (a Hint), a square's pencil
marks in it, what a puzzle's steps mark on the grid beside them, and a technique taught
on a puzzle (a Lesson). Loaded where steps are said, not by a plain solve (start-up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable

if TYPE_CHECKING:
    from bookgen.puzzles.base import Puzzle

Cell = tuple[int, int]


@dataclass(frozen=True)
class PencilMarks:
    """A square's pencil marks in a worked step, as printed: what it could hold before the
    step, and those the step crosses out."""

    cell: Cell
    marks: tuple[str, ...]
    crossed: tuple[str, ...]


@dataclass(frozen=True)
class Hint:
    """One sentence of worked steps, the cells it writes in or crosses out in (shown on a
    small grid beside the words), and there the pencil marks it crosses out. A type whose
    steps are better seen one picture each (a sliding board after the move) gives
    `picture`: what its `draw_hint_picture` draws under this sentence alone."""

    text: str
    cells: tuple[Cell, ...]
    pencil: tuple[PencilMarks, ...] = ()
    picture: Hashable | None = None


@dataclass(frozen=True)
class StepMarks:
    """What a puzzle's steps mark on the grid beside them: each step's number in the
    squares it touches ((row, column), number), and the pencil marks of the squares a
    step crosses out in (the first such step's)."""

    badges: tuple[tuple[Cell, str], ...] = ()
    pencil: tuple[PencilMarks, ...] = ()
    # Squares shaded with no number: a self-check's (bookgen.self_check) on a puzzle page.
    shaded: tuple[Cell, ...] = ()

    @staticmethod
    def of(said: list[Hint]) -> StepMarks:
        """The marks of these steps, numbered from 1 (a square several steps touch shows
        the first one's number)."""
        badges: dict[Cell, str] = {}
        pencil: dict[Cell, PencilMarks] = {}
        for k, hint in enumerate(said, 1):
            for cell in hint.cells:
                badges.setdefault(cell, str(k))
            for marks in hint.pencil:
                pencil.setdefault(marks.cell, marks)
        return StepMarks(tuple(sorted(badges.items())), tuple(pencil[cell] for cell in sorted(pencil)))


@dataclass(frozen=True)
class Lesson:
    """A technique taught on a puzzle of the book: the puzzle as it stands when the
    technique is needed, the step that uses it, and how many steps led there."""

    moment: Puzzle
    step: Hint
    number: int
