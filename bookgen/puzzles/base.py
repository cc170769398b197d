"""What every puzzle type implements, and the Pen it draws with.

A puzzle type never imports ReportLab: it draws through the Pen in cell units, with the
origin at the top-left and y growing downward. One `draw` serves the puzzle page and
the answer key (given the solution).
"""

from __future__ import annotations

import dataclasses
import random
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Hashable, Protocol

from bookgen.errors import ParamsError
from bookgen.language import ENGLISH, Words
from bookgen.offer import Offer, offer_of
from bookgen.solve.result import SolveResult


class Weight(Enum):
    """Named line weights; their widths, as fractions of the cell side, live in LINE_RATIO."""

    THIN = "thin"  # cell lines
    BOX = "box"  # sudoku box lines, region lines
    CAGE = "cage"  # KenKen cage outlines
    BORDER = "border"  # the outer frame of a grid
    DOTTED = "dotted"  # killer cage outlines
    TILE = "tile"  # sliding-puzzle tile edges
    LIGHT = "light"  # grey lines under what matters more (killer cages in an answer key)
    MARK = "mark"  # the black marks of a shaded group (X diagonals, hyper windows)


# Published puzzle printing: thin lines about 1/40 of the cell, box/cage/border about
# three times that (see shared print conventions). One table so they cannot drift apart.
LINE_RATIO: dict[Weight, float] = {
    Weight.THIN: 1 / 40,
    Weight.BOX: 3 / 40,
    Weight.CAGE: 3 / 40,
    Weight.BORDER: 3.5 / 40,
    Weight.DOTTED: 1 / 40,
    Weight.TILE: 1.5 / 40,
    Weight.LIGHT: 1 / 40,
    Weight.MARK: 1.5 / 40,
}
# The ink of a weight's lines (1 = black); any weight not named is black. A light line
# steps back so the marks over it (an answer key's digits) are read first.
LINE_INK: dict[Weight, float] = {Weight.LIGHT: 0.5}

Point = tuple[float, float]


class Pen(Protocol):
    """Drawing primitives in cell units (1.0 = one cell side), y downward."""

    def line(self, a: Point, b: Point, weight: Weight) -> None: ...

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        """One path through the points, joined at every corner (no overlapping ends)."""

    def polylines(self, lines: list[list[Point]], weight: Weight) -> None:
        """Open paths, each through its points and joined at its own corners, drawn
        together as one stroke: for many short lines alike (a killer's dashes), which
        one at a time cost more to write than to draw."""

    def fill(self, points: list[Point], gray: float) -> None:
        """Fill a polygon with a grey tint (0 = white, 1 = black)."""

    def fill_loops(self, loops: list[list[Point]], gray: float) -> None:
        """Fill, in one go, what lies inside an odd number of the closed loops (the
        even-odd rule): a shape with a hole (a ring) whose middle stays as the page was
        under it, and no seam where a hole would be cut out of a fill."""

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

    # The book's language: a type that draws words (captions) prints them in it.
    words: Words


@dataclass(frozen=True)
class Violation:
    """A rule a filled grid breaks, in words a person understands."""

    rule: str
    where: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in self.where)
        return f"{self.rule} ({cells})" if cells else self.rule


@dataclass(frozen=True)
class PencilMarks:
    """A square's pencil marks in a worked step, as printed: what it could hold before the
    step, and those the step crosses out."""

    cell: tuple[int, int]
    marks: tuple[str, ...]
    crossed: tuple[str, ...]


@dataclass(frozen=True)
class Hint:
    """One sentence of worked steps, the cells it writes in or crosses out in (shown on a
    small grid beside the words), and there the pencil marks it crosses out. A type whose
    steps are better seen one picture each (a sliding board after the move) gives
    `picture`: what its `draw_hint_picture` draws under this sentence alone."""

    text: str
    cells: tuple[tuple[int, int], ...]
    pencil: tuple[PencilMarks, ...] = ()
    picture: Hashable | None = None


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

    def left(self) -> float:
        """Seconds of CPU time left (below 0 once spent): what a generator in the engine
        is handed, to check against the same clock."""
        return self._deadline - self._clock()


class PuzzleType(ABC):
    """Everything the core asks of a puzzle type, in one place. The core (build, spec,
    layout, the command line) calls only these, never asks which type it has, and finds
    no hook by name: a type overrides what it does differently, the rest has a default.

    A type's Params is a frozen dataclass of its options declared with bookgen.options
    (the spec validates them and `bookgen types` lists them from there), with a
    `difficulty` among `levels` and a `validate()` that refuses what cannot be made.
    """

    name: str
    aliases: tuple[str, ...] = ()
    title: str  # the default section title, e.g. "Sudoku"
    Params: type
    levels: tuple[str, ...]  # the difficulty names, easiest first
    # Why `hints: true` is refused for this type; None where `hints` is written.
    hints_refusal: str | None = "worked steps are not written for this type yet"

    # ----- a section's options, before any puzzle is made

    @abstractmethod
    def instructions_for(self, params: Any, words: Words = ENGLISH) -> str:
        """The paragraph printed under a section's heading, for the section's options, in
        the book's language."""

    def validate(self, params: Any) -> None:
        """Raise ParamsError for options that cannot be made (the Params' own rules) or
        that the measured offer does not cover (`refusal`)."""
        params.validate()
        refused = self.refusal(params)
        if refused is not None:
            raise refused

    def offer_key(self, params: Any) -> dict[str, Any] | None:
        """The options that change what is generated, as this type's measured offer keys
        its rows (bookgen.offer); None when the options are not measured (everything the
        Params accept is made)."""
        return None

    @cached_property
    def offer(self) -> Offer:
        """This type's measured offer, from the record in its package."""
        return offer_of(type(self).__module__.rpartition(".")[0], self.name)

    def refusal(self, params: Any) -> ParamsError | None:
        """Why the measured offer does not cover these options, or None when it does. A
        type says it in its own words; by default, what was measured."""
        key = self.offer_key(params)
        if key is None or self.offer.delivered(key):
            return None
        shown = ", ".join(f"{name} {value}" for name, value in key.items())
        return ParamsError("difficulty", f"a {self.name} with {shown} is not offered ({self.offer.why_not(key)})")

    def at_level(self, params: Any, level: str) -> Any | None:
        """These options at a student's own level (a class list with levels): by default
        the section's `difficulty` replaced by the level; None where the options leave no
        level to change, and the section is the same for every student."""
        if "difficulty" not in {f.name for f in dataclasses.fields(params)}:
            return None
        return dataclasses.replace(params, difficulty=level)

    def refuse_count(self, params: Any, count: int) -> None:
        """Raise ParamsError when a book cannot hold `count` different puzzles of these
        options (a small sliding board has few positions); most types never run out."""

    def planned_size(self, params: Any) -> tuple[float, float] | None:
        """The drawing's (width, height) in cell units from the options alone, so a page
        is planned before any puzzle exists; None: the layout waits for the first puzzle."""
        return None

    def offered_lines(self) -> list[str]:
        """What `bookgen types` says is offered beyond the levels, a line each (sizes,
        variants and options where the measured offer differs)."""
        return []

    def input_files(self, params: Any) -> list[tuple[str, Path]]:
        """(option, path) for every file the options name (a picture): files the book is
        made from, which no output may overwrite."""
        return [(f.name, getattr(params, f.name)) for f in dataclasses.fields(params)
                if isinstance(getattr(params, f.name), Path)]

    # ----- making and proving puzzles

    @abstractmethod
    def generate(self, params: Any, rng: random.Random, budget: Budget) -> Puzzle: ...

    def prepare_solve(self, puzzle: Puzzle) -> None:
        """Work done once before solving and not counted against the solve's time (a
        sliding puzzle's pattern databases, built on first use); nothing by default."""

    @abstractmethod
    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult: ...

    @abstractmethod
    def check(self, puzzle: Puzzle, solution: Any) -> list[Violation]:
        """Every rule `solution` breaks, by a checker sharing no code with the solver."""

    @abstractmethod
    def certify(self, puzzle: Puzzle) -> list[str]:
        """Why this puzzle must not be printed (empty when it is fit): not exactly one
        solution, not at its labelled level, or an answer that breaks a rule. Run by the
        build on every puzzle before layout."""

    @abstractmethod
    def identity(self, puzzle: Puzzle) -> Hashable:
        """What makes two puzzles the same to a solver (a book never prints one twice)."""

    # ----- reading and writing puzzles

    @abstractmethod
    def to_json(self, puzzle: Puzzle) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        """Read the interchange form; raise PuzzleFormatError (with the field) when malformed."""

    def restored(self, data: dict[str, Any], params: Any, source: str = "cache") -> Puzzle:
        """A puzzle made with `params`, read back from its interchange form (a cache
        entry, which carries the solution): from_json, with the options the form does not
        carry. PuzzleFormatError when the data is not one."""
        return dataclasses.replace(self.from_json(data, source), params=params)

    def misfit(self, puzzle: Puzzle, params: Any) -> str | None:
        """Why `puzzle` is not one these options ask for (another type, level or size),
        or None. A cached puzzle must be what its request asked for before it is proved
        again (certify proves it is sound, not that it is the one asked for)."""
        if puzzle.type != self.name:
            return f"a {puzzle.type} puzzle, not a {self.name}"
        wanted = getattr(params, "difficulty", puzzle.difficulty)
        if puzzle.difficulty != wanted:
            return f"labelled {puzzle.difficulty or 'with no level'}, not {wanted}"
        planned = self.planned_size(params)
        if planned is not None and tuple(self.print_size(puzzle)) != tuple(planned):
            return f"{self.describe(puzzle)}, not the size asked for"
        return None

    def from_text(self, text: str, source: str) -> Puzzle | None:
        """A puzzle typed in as text (a KenKen's letter grid), or None when this type has
        no text form."""
        return None

    @abstractmethod
    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        """What `bookgen solve --json` prints for this type."""

    @abstractmethod
    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        """What `bookgen solve` prints for this type, for a person."""

    # ----- printing

    @abstractmethod
    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        """Width and height of the drawing in cell units (puzzle or answer drawing)."""

    def section_style(self, puzzles: list[Puzzle]) -> Hashable | None:
        """What every drawing of one section shares, decided once from all its puzzles and
        handed to `draw` as `style` (KenKen: all the clues, so one clue size fits every
        grid); None where each drawing decides alone."""
        return None

    @abstractmethod
    def draw(self, puzzle: Puzzle, pen: Pen, solution: Any = None, style: Hashable | None = None) -> None: ...

    def worked_size(self, puzzle: Puzzle) -> tuple[float, float]:
        """Width and height, in cell units, of the drawing beside the puzzle's worked
        steps (`draw_worked`): the puzzle's own by default."""
        return self.print_size(puzzle)

    def draw_worked(self, puzzle: Puzzle, pen: Pen, style: Hashable | None = None) -> None:
        """The puzzle as drawn beside its worked steps, where the layout numbers the rows
        and columns from the drawing's top-left corner and marks squares by them: the
        puzzle as printed by default (a type that prints more above its grid, such as a
        strip of pictures, draws the grid alone)."""
        self.draw(puzzle, pen, None, style)

    def draw_symbol(self, puzzle: Puzzle, pen: Pen, label: str, at: Point, size: float, gray: float = 1.0) -> None:
        """One value as printed, by its label (a pencil mark in a worked-steps grid),
        centred at `at` and `size` cells high: its text by default."""
        pen.text(at, label, size, "center", gray=gray)

    def badge_side(self, puzzle: Puzzle) -> float | None:
        """The most a worked step's numbered square may take of a cell's lower right corner
        in this puzzle's hint grid, where the drawing needs the rest (greater-than signs in
        the middle of the cells' edges); None: the usual size."""
        return None

    @abstractmethod
    def describe(self, puzzle: Puzzle, words: Words = ENGLISH) -> str:
        """A short caption beside the number and level, e.g. "9×9", in the book's language."""

    def value_label(self, puzzle: Puzzle) -> Callable[[int], str]:
        """A value as printed (a sudoku's `symbols:` letter, a picture's name), for words
        about the puzzle."""
        return str

    def value_name(self, puzzle: Puzzle, words: Words = ENGLISH) -> Callable[[int], str]:
        """A value as a sentence in `words`' language names it: as printed by default (a
        digit, a letter); a picture by its name in that language ("the circle")."""
        return self.value_label(puzzle)

    def hints(self, puzzle: Puzzle, limit: int, words: Words = ENGLISH) -> list[Hint]:
        """The first `limit` steps of solving the puzzle, in plain words (worked steps for
        a child who is stuck); [] for a type that has none (`hints_refusal` says why)."""
        return []

    def hint_picture_size(self, puzzle: Puzzle) -> tuple[float, float]:
        """Width and height in cell units of a step's own picture (`Hint.picture`)."""
        return self.print_size(puzzle)

    def draw_hint_picture(self, puzzle: Puzzle, pen: Pen, picture: Hashable) -> None:
        """Draw a step's own picture (`Hint.picture`) at the origin in cell units, within
        `hint_picture_size`; only a type whose hints carry pictures is asked."""
        self.draw(puzzle, pen)

    # Whether the grid beside worked steps has its rows and columns numbered: the steps
    # name squares by row and column. A type that names them otherwise (tredoku's faces
    # and squares) draws its own names.
    numbered_hint_grid: bool = True

    def cell_frame(self, puzzle: Puzzle, cell: tuple[int, int]) -> tuple[Point, Point, Point]:
        """Where a cell is on the drawing, in its units: its top-left corner and its edges
        across and down (a square at its row and column by default; a tredoku's squares
        are parallelograms). The marks of worked steps are drawn in it."""
        r, c = cell
        return ((float(c), float(r)), (1.0, 0.0), (0.0, 1.0))


class ScaledPen:
    """A Pen whose unit is `factor` units of another and whose origin is at `offset` on
    it: lets a type draw in its own unit (a sliding tile), or a part of its drawing from
    its own corner (a grid under a strip), while line weights stay those of the book's
    cell."""

    def __init__(self, pen: Pen, factor: float, offset: Point = (0.0, 0.0)) -> None:
        self.pen, self.k, self.offset = pen, factor, offset

    def _p(self, p: Point) -> Point:
        return (self.offset[0] + p[0] * self.k, self.offset[1] + p[1] * self.k)

    def line(self, a: Point, b: Point, weight: Weight) -> None:
        self.pen.line(self._p(a), self._p(b), weight)

    def outline(self, points: list[Point], weight: Weight, closed: bool = True) -> None:
        self.pen.outline([self._p(p) for p in points], weight, closed)

    def polylines(self, lines: list[list[Point]], weight: Weight) -> None:
        self.pen.polylines([[self._p(p) for p in line] for line in lines], weight)

    def fill(self, points: list[Point], gray: float) -> None:
        self.pen.fill([self._p(p) for p in points], gray)

    def fill_loops(self, loops: list[list[Point]], gray: float) -> None:
        self.pen.fill_loops([[self._p(p) for p in loop] for loop in loops], gray)

    def text(self, at: Point, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        self.pen.text(self._p(at), text, size * self.k, align, bold, gray)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return self.pen.text_width(text, size * self.k, bold) / self.k

    def image(self, image: Any, at: Point, width: float, height: float) -> None:
        self.pen.image(image, self._p(at), width * self.k, height * self.k)

    @property
    def words(self) -> Words:
        return getattr(self.pen, "words", ENGLISH)
