"""The values worked steps are made of: one step as printed (a Hint), a square's pencil
marks in it and what a puzzle's steps mark on the grid beside them (both
bookgen.puzzles.step_marks', which layout loads alone), and a technique taught on a
puzzle (a Lesson). Loaded where steps are said, not by a plain solve or check (start-up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable

# What the steps mark on the grid: kept apart for layout, named here as before.
from bookgen.puzzles.step_marks import Cell, PencilMarks, StepMarks

if TYPE_CHECKING:
    from bookgen.puzzles.base import Puzzle

__all__ = ["Cell", "Hint", "Lesson", "PencilMarks", "StepMarks"]


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
class Lesson:
    """A technique taught on a puzzle of the book: the puzzle as it stands when the
    technique is needed, the step that uses it, and how many steps led there."""

    moment: Puzzle
    step: Hint
    number: int
