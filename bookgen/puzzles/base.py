"""What a puzzle type is: the values every type shares (a Puzzle, a rule broken, a
budget) and the capabilities a type declares, each a small interface of its own:

- Offering: its options, checked before any puzzle is made;
- Making: making puzzles and proving them (solve, check, certify);
- Drawing: the puzzle and its answer, through the Pen (bookgen.puzzles.pen);
- Interchange: the JSON form, typed-in text, and what `bookgen solve` prints.

A PuzzleType has all four; they are what the core (spec, build, layout, render, the
command line) calls, and it never asks which type it has. Worked steps are a capability
a type may declare or not (bookgen.puzzles.worked), asked for in one place there.
Params and boards are each type's own frozen values, the interfaces' parameters P and B.
"""

from __future__ import annotations

import dataclasses
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Hashable, Protocol, TypeVar

from bookgen.errors import ParamsError
from bookgen.language import ENGLISH, Words
from bookgen.puzzles.pen import Pen

if TYPE_CHECKING:  # loaded by what makes puzzles, reads files or asks the offer, not by a plain solve (start-up)
    import random
    from pathlib import Path

    from bookgen.offer import Offer
    from bookgen.solve.result import SolveResult  # named only: a plain check solves nothing


class TypeParams(Protocol):
    """What every type's Params is: a frozen dataclass of its options declared with
    bookgen.options (the spec validates them and `bookgen types` lists them from there),
    with a `difficulty` among the type's `levels` and a `validate()` that refuses what
    cannot be made (ParamsError)."""

    difficulty: str

    def validate(self) -> None: ...


P = TypeVar("P", bound=TypeParams)  # a type's Params
B = TypeVar("B")  # a type's board: a GridModel for grid puzzles, a SlidingBoard, ...
Size = tuple[float, float]  # a drawing's width and height, in cell units


@dataclass(frozen=True)
class Violation:
    """A rule a filled grid breaks, in words a person understands."""

    rule: str
    where: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in self.where)
        return f"{self.rule} ({cells})" if cells else self.rule


@dataclass(frozen=True)
class Puzzle(Generic[B]):
    """One generated (or read-in) puzzle: its type, level, board and checked solution.

    `board` is the type's own frozen value (a GridModel for grid puzzles); `solution` is
    the checked answer (rows of values for grid puzzles, a move list for sliding).
    `params` keeps the options it was made with, for drawing choices such as candidates
    (None, or what the interchange form keeps, for a puzzle read in).
    """

    type: str
    difficulty: str
    board: B
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


class Offering(ABC, Generic[P]):
    """Capability: a section's options, checked before any puzzle is made."""

    name: str  # as a spec names the type
    Params: type[P]
    levels: tuple[str, ...]  # the difficulty names, easiest first

    @abstractmethod
    def instructions_for(self, params: P, words: Words = ENGLISH) -> str:
        """The paragraph printed under a section's heading, for the section's options, in
        the book's language."""

    def validate(self, params: P) -> None:
        """Raise ParamsError for options that cannot be made (the Params' own rules) or
        that the measured offer does not cover (`refusal`)."""
        params.validate()
        refused = self.refusal(params)
        if refused is not None:
            raise refused

    def offer_key(self, params: P) -> dict[str, Any] | None:
        """The options that change what is generated, as this type's measured offer keys
        its rows (bookgen.offer); None when the options are not measured (everything the
        Params accept is made)."""
        return None

    @cached_property
    def offer(self) -> Offer:
        """This type's measured offer, from the record in its package."""
        from bookgen.offer import offer_of

        return offer_of(type(self).__module__.rpartition(".")[0], self.name)

    def refusal(self, params: P) -> ParamsError | None:
        """Why the measured offer does not cover these options, or None when it does. A
        type says it in its own words; by default, what was measured."""
        key = self.offer_key(params)
        if key is None or self.offer.delivered(key):
            return None
        shown = ", ".join(f"{name} {value}" for name, value in key.items())
        return ParamsError("difficulty", f"a {self.name} with {shown} is not offered ({self.offer.why_not(key)})")

    def at_level(self, params: P, level: str) -> P | None:
        """These options at a student's own level (a class list with levels): by default
        the section's `difficulty` replaced by the level; None where the options leave no
        level to change, and the section is the same for every student."""
        return dataclasses.replace(params, difficulty=level)

    def refuse_count(self, params: P, count: int) -> None:
        """Raise ParamsError when a book cannot hold `count` different puzzles of these
        options (a small sliding board has few positions); most types never run out."""

    def offered_lines(self) -> list[str]:
        """What `bookgen types` says is offered beyond the levels, a line each (sizes,
        variants and options where the measured offer differs)."""
        return []

    def input_files(self, params: P) -> list[tuple[str, Path]]:
        """(option, path) for every file the options name (a picture): files the book is
        made from, which no output may overwrite."""
        from pathlib import Path

        values = dataclasses.asdict(params)
        return [(name, value) for name, value in values.items() if isinstance(value, Path)]


class Making(ABC, Generic[P, B]):
    """Capability: making puzzles and proving them. `generate` makes a puzzle unique and
    at the level asked, from `rng` alone, within `budget` (GenerationError when it runs
    out); the build runs `certify` on every puzzle before it is placed."""

    @abstractmethod
    def generate(self, params: P, rng: random.Random, budget: Budget) -> Puzzle[B]: ...

    def prepare_solve(self, puzzle: Puzzle[B]) -> None:
        """Work done once before solving and not counted against the solve's time (a
        sliding puzzle's pattern databases, built on first use); nothing by default."""

    @abstractmethod
    def solve(self, puzzle: Puzzle[B], timeout: float | None = None) -> SolveResult: ...

    @abstractmethod
    def check(self, puzzle: Puzzle[B], solution: Any) -> list[Violation]:
        """Every rule `solution` breaks, by a checker sharing no code with the solver."""

    @abstractmethod
    def certify(self, puzzle: Puzzle[B]) -> list[str]:
        """Why this puzzle must not be printed (empty when it is fit): not exactly one
        solution, not at its labelled level, or an answer that breaks a rule."""

    @abstractmethod
    def identity(self, puzzle: Puzzle[B]) -> Hashable:
        """The puzzle's clues in a canonical form: what makes two puzzles the same to a
        solver whatever the display (printed symbols, signs shown or hidden). With the
        answer, it is the puzzle's digest (bookgen.puzzles.identity.puzzle_digest), and a
        book never prints one twice."""

    def answers_at_least(self, params: P, enough: int) -> bool:
        """Whether these options have at least `enough` different answers, so that every
        child of a class set can have answers of their own (a 4x4 sudoku has 288, a 3x3
        KenKen 12); False where it is not known, and answers are then not kept apart."""
        return False


class Drawing(ABC, Generic[P, B]):
    """Capability: the drawing of a puzzle and of its answer, at the origin in cell units
    through the Pen; one `draw` serves the puzzle page and the answer key."""

    @abstractmethod
    def print_size(self, puzzle: Puzzle[B], answer: bool = False) -> Size:
        """Width and height of the drawing in cell units (puzzle or answer drawing)."""

    def planned_size(self, params: P) -> Size | None:
        """The drawing's (width, height) in cell units from the options alone, so a page
        is planned before any puzzle exists; None: the layout waits for the first puzzle."""
        return None

    def bare_size(self, params: P) -> Size | None:
        """The grid alone where planned_size adds a band to it (a picture sudoku's strip of
        the pictures to use): the layout gives the drawing at least the cell the grid alone
        would get. None: the drawing is its grid."""
        return None

    def section_style(self, puzzles: list[Puzzle[B]]) -> Hashable | None:
        """What every drawing of one section shares, decided once from all its puzzles and
        handed to `draw` as `style` (KenKen: all the clues, so one clue size fits every
        grid); None where each drawing decides alone."""
        return None

    @abstractmethod
    def draw(self, puzzle: Puzzle[B], pen: Pen, solution: Any = None, style: Hashable | None = None) -> None: ...

    @abstractmethod
    def describe(self, puzzle: Puzzle[B], words: Words = ENGLISH) -> str:
        """A short caption beside the number and level, e.g. "9×9", in the book's language."""


class Interchange(ABC, Generic[P, B]):
    """Capability: the puzzle as data (the JSON form a cache, `--json` and `bookgen
    solve` read and write; typed-in text where a type has one) and the solver's report."""

    @abstractmethod
    def to_json(self, puzzle: Puzzle[B]) -> dict[str, Any]: ...

    @abstractmethod
    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle[B]:
        """Read the interchange form; raise PuzzleFormatError (with the field) when malformed."""

    def restored(self, data: dict[str, Any], params: P, source: str = "cache") -> Puzzle[B]:
        """A puzzle made with `params`, read back from its interchange form (a cache
        entry, which carries the solution): from_json, with the options the form does not
        carry. PuzzleFormatError when the data is not one."""
        return dataclasses.replace(self.from_json(data, source), params=params)

    def from_text(self, text: str, source: str) -> Puzzle[B] | None:
        """A puzzle typed in as text (a KenKen's letter grid), or None when this type has
        no text form."""
        return None

    def text_line(self, puzzle: Puzzle[B]) -> str | None:
        """The puzzle and its answer as one line of text (`bookgen generate --format
        text`), where the type has one; None where only the JSON form says it all."""
        return None

    @abstractmethod
    def result_json(self, puzzle: Puzzle[B], result: SolveResult) -> dict[str, Any]:
        """What `bookgen solve --json` prints for this type."""

    @abstractmethod
    def result_text(self, puzzle: Puzzle[B], result: SolveResult) -> str:
        """What `bookgen solve` prints for this type, for a person."""


class PuzzleType(Offering[P], Making[P, B], Drawing[P, B], Interchange[P, B]):
    """A puzzle type: its names and title, and the four capabilities every type has.
    The core calls only these (and, where a type declares them, its worked steps), never
    asks which type it has, and finds no hook by name."""

    aliases: tuple[str, ...] = ()
    title: str  # the default section title, e.g. "Sudoku"

    def title_for(self, params: P, words: Words = ENGLISH) -> str:
        """A section's heading where it gives none, in the book's language: the type's
        title (a type with variants names the variant)."""
        return words.gettext(self.title)

    def misfit(self, puzzle: Puzzle[B], params: P) -> str | None:
        """Why `puzzle` is not one these options ask for (another type, level or size),
        or None. A cached puzzle must be what its request asked for before it is proved
        again (certify proves it is sound, not that it is the one asked for)."""
        if puzzle.type != self.name:
            return f"a {puzzle.type} puzzle, not a {self.name}"
        if puzzle.difficulty != params.difficulty:
            return f"labelled {puzzle.difficulty or 'with no level'}, not {params.difficulty}"
        planned = self.planned_size(params)
        if planned is not None and tuple(self.print_size(puzzle)) != tuple(planned):
            return f"{self.describe(puzzle)}, not the size asked for"
        return None
