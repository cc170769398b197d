"""What a puzzle's worked steps mark on the grid beside them (StepMarks), and a square's
pencil marks in a step: every placed drawing carries its marks (none, unless steps are
printed beside it), so layout loads these alone; the steps themselves, their words and
lessons are bookgen.puzzles.hint's, loaded where steps are said (start-up, issue 31)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

Cell = tuple[int, int]


@dataclass(frozen=True)
class PencilMarks:
    """A square's pencil marks in a worked step, as printed: what it could hold before the
    step, and those the step crosses out."""

    cell: Cell
    marks: tuple[str, ...]
    crossed: tuple[str, ...]


class Marking(Protocol):
    """What a step marks: the squares it writes in or crosses out in, and the pencil
    marks it crosses out (a Hint, bookgen.puzzles.hint)."""

    @property
    def cells(self) -> tuple[Cell, ...]: ...

    @property
    def pencil(self) -> tuple[PencilMarks, ...]: ...


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
    def of(said: Sequence[Marking]) -> StepMarks:
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
