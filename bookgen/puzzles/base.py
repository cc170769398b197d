"""What every puzzle type implements, and the Pen it draws with.

A puzzle type never imports ReportLab: it draws through the Pen in cell units, with the
origin at the top-left and y growing downward. One `draw` serves the puzzle page and
the answer key (given the solution).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from enum import Enum
from typing import Any, Hashable, Protocol

from bookgen.solve.result import SolveResult


class Weight(Enum):
    """Named line weights; their widths, as fractions of the cell side, live in LINE_RATIO."""

    THIN = "thin"  # cell lines
    BOX = "box"  # sudoku box lines, region lines
    CAGE = "cage"  # KenKen cage outlines
    BORDER = "border"  # the outer frame of a grid
    DOTTED = "dotted"  # killer cage outlines
    TILE = "tile"  # sliding-puzzle tile edges


# Published puzzle printing: thin lines about 1/40 of the cell, box/cage/border about
# three times that (see shared print conventions). One table so they cannot drift apart.
LINE_RATIO: dict[Weight, float] = {
    Weight.THIN: 1 / 40,
    Weight.BOX: 3 / 40,
    Weight.CAGE: 3 / 40,
    Weight.BORDER: 3.5 / 40,
    Weight.DOTTED: 1 / 40,
    Weight.TILE: 1.5 / 40,
}

Point = tuple[float, float]


class Pen(Protocol):
    """Drawing primitives in cell units (1.0 = one cell side), y downward."""

    def line(self, a: Point, b: Point, weight: Weight) -> None: ...

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        """One path through the points, joined at every corner (no overlapping ends)."""

    def fill(self, points: list[Point], gray: float) -> None:
        """Fill a polygon with a grey tint (0 = white, 1 = black)."""

    def text(
        self,
        at: Point,
        text: str,
        size: float,
        align: str = "center",
        bold: bool = False,
        gray: float = 1.0,
    ) -> None:
        """Draw text of cap height ~`size` cells. `align` says what `at` is:
        "center" (middle of the glyphs), "topleft", "topright", "left" (baseline start)."""

    def text_width(self, text: str, size: float, bold: bool = False) -> float: ...

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        """Draw a Pillow image with its top-left at `at`."""


@dataclass(frozen=True)
class Violation:
    """A rule a filled grid breaks, in words a person understands."""

    rule: str
    where: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in self.where)
        return f"{self.rule} ({cells})" if cells else self.rule


@dataclass(frozen=True)
class Puzzle:
    """One generated (or read-in) puzzle: its type, level, board and checked solution.

    `board` is the type's own frozen value (a GridModel for grid puzzles); `solution` is
    the checked answer (rows of values for grid puzzles, a move list for sliding).
    `params` keeps the options it was made with, for drawing choices such as candidates.
    """

    type: str
    difficulty: str
    board: Any
    solution: Any = None
    params: Any = None


class Budget:
    """Bounded work: a deadline in seconds of process time, checked by generators."""

    def __init__(self, seconds: float) -> None:
        self._clock = time.process_time
        self.seconds = seconds
        self._deadline = self._clock() + seconds

    def expired(self) -> bool:
        return self._clock() > self._deadline


class PuzzleType(Protocol):
    name: str
    aliases: tuple[str, ...]
    title: str  # the default section title, e.g. "Sudoku"
    Params: type  # frozen dataclass of options (see bookgen.options)
    levels: tuple[str, ...]  # the difficulty names, easiest first

    def instructions_for(self, params: Any) -> str:
        """The paragraph printed under a section's heading, for the section's options."""

    def generate(self, params: Any, rng: random.Random, budget: Budget) -> Puzzle: ...

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult: ...

    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        """What `bookgen solve --json` prints for this type."""

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        """What `bookgen solve` prints for this type, for a person."""

    def check(self, puzzle: Puzzle, solution: Any) -> list[Violation]: ...

    def certify(self, puzzle: Puzzle) -> list[str]:
        """Why this puzzle must not be printed (empty when it is fit): not exactly one
        solution, not at its labelled level, or an answer that breaks a rule. Run by the
        build on every puzzle before layout."""

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> Puzzle:
        """Read the interchange form; raise PuzzleFormatError (with the field) when malformed."""

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        """Width and height of the drawing in cell units (puzzle or answer drawing)."""

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Any = None) -> None: ...

    def identity(self, puzzle: Puzzle) -> Hashable:
        """What makes two puzzles the same to a solver (a book never prints one twice)."""

    def describe(self, puzzle: Puzzle) -> str:
        """A short caption beside the number, e.g. "9×9 · hard"."""


class ScaledPen:
    """A Pen whose unit is `factor` units of another: lets a type draw in its own unit
    (a sliding tile) while line weights stay those of the book's cell."""

    def __init__(self, pen: Pen, factor: float) -> None:
        self.pen, self.k = pen, factor

    def _p(self, p: Point) -> Point:
        return (p[0] * self.k, p[1] * self.k)

    def line(self, a: Point, b: Point, weight: Weight) -> None:
        self.pen.line(self._p(a), self._p(b), weight)

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        self.pen.outline([self._p(p) for p in points], weight, closed)

    def fill(self, points: list[Point], gray: float) -> None:
        self.pen.fill([self._p(p) for p in points], gray)

    def text(self, at: Point, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        self.pen.text(self._p(at), text, size * self.k, align, bold, gray)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.pen.text_width(text, size * self.k, bold) / self.k

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        self.pen.image(image, self._p(at), width * self.k, height * self.k)
