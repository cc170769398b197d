"""The values of a book laid out: its numbered puzzles (entries) and what layout makes
of them, pages of text, rules and placed drawings, and the PDF's bookmarks. Geometry in
points, y measured down from the top of the page; the renderer only draws what layout
decided. Apart from bookgen.layout.model, which `bookgen check` loads alone (start-up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from bookgen.layout.model import Rule, Section, TextItem
from bookgen.layout.template import Template
from bookgen.puzzles.base import Puzzle, PuzzleType
from bookgen.puzzles.step_marks import StepMarks


@dataclass(frozen=True)
class Entry:
    """One puzzle of the book, numbered as printed."""

    number: int  # unique in the book: pages and answers are found by it
    section: Section
    puzzle: Puzzle
    label: str = ""  # the number printed, when it differs (numbered within each copy)
    score: float | None = None  # the difficulty score (bookgen.puzzles.score), None where a type has none

    @property
    def shown(self) -> str:
        return self.label or str(self.number)

    @property
    def ptype(self) -> PuzzleType:
        return self.section.ptype

    @property
    def section_title(self) -> str:
        return self.section.options.title


@dataclass(frozen=True)
class Placement:
    """Where one drawing goes: its top-left corner and the size of one cell, in points."""

    number: int
    x: float
    y: float
    cell: float
    answer: bool
    size: tuple[float, float] = (0.0, 0.0)  # the drawing in cell units
    # What worked steps mark on the small grid beside them (each step's number in the
    # cells it touches, the pencil marks it crosses out), drawn by the type.
    marks: StepMarks = StepMarks()
    # What the drawings of its section share (the type's section_style): one clue size
    # for every KenKen of a section, puzzles and answers alike.
    style: Hashable | None = None
    # A worked step's own picture (Hint.picture), drawn by the type instead of the puzzle.
    picture: Hashable | None = None


@dataclass(frozen=True)
class Page:
    """One laid-out page: its texts, puzzles and rules."""

    number: int
    texts: tuple[TextItem, ...] = ()
    placements: tuple[Placement, ...] = ()
    rules: tuple[Rule, ...] = ()
    section: int | None = None  # the section a puzzle page belongs to
    kind: str = "puzzles"  # title | puzzles | sheet | answers | hints | blank (the back of a part's last page)


@dataclass(frozen=True)
class BookLayout:
    """Every page of the book, and where each puzzle and answer is printed."""

    template: Template
    pages: tuple[Page, ...]
    page_of: dict[int, int]  # puzzle number -> page it is printed on
    answer_page_of: dict[int, int]  # puzzle number -> page of its answer


@dataclass(frozen=True)
class Mark:
    """One entry of the PDF's bookmarks: a title, the page it opens, its depth in the
    tree (0 at the top) and how far down the page (points from the top) the view opens."""

    title: str
    page: int
    level: int
    top: float = 0.0
