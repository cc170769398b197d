"""The values layout works with: what goes in (sections, puzzles) and what comes out
(pages of text, rules and placed drawings). Geometry in points, y measured down from
the top of the page; the renderer only draws what layout decided."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Hashable

from bookgen.language import Words, words_for
from bookgen.layout.template import Template
from bookgen.puzzles.base import Puzzle, PuzzleType
from bookgen.puzzles.step_marks import StepMarks
from bookgen.section_options import SectionOptions


@dataclass(frozen=True)
class Section:
    """One section of the book as layout sees it: enough to plan its pages before any
    puzzle exists (`bookgen check` plans from this alone)."""

    index: int
    # As the spec resolved them: the title and instructions printed, per_page (None: the
    # layout's default for this size), large_print, and count (0: not known, so a page is
    # planned as if full).
    options: SectionOptions
    ptype: PuzzleType
    params: Any
    copy: str = ""  # the student's name or copy number, on worksheets made per student
    tpl: Template | None = None  # the section's own layout; None: the book's
    level: str = ""  # the student's own level, where it replaced the section's (their key labels say it)

    def counted(self, count: int) -> Section:
        """The same section planned for `count` puzzles (0: as if not known)."""
        return dataclasses.replace(self, options=dataclasses.replace(self.options, count=count))


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
class Book:
    """The book's words and choices the layout prints."""

    title: str
    subtitle: str = ""
    author: str = ""
    answer_key: bool = True
    name_line: bool = False
    # "bookgen 0.1.0 · seed 2026", small in every page's footer: with the spec, all it
    # takes to rebuild the book (and its answer key) exactly.
    stamp: str = ""
    # Printed on both sides: a left-hand (even) page has its binding margin on the right,
    # and each part of the book starts on a right-hand (odd) page.
    duplex: bool = False

    def left_hand(self, number: int) -> bool:
        """Whether page `number` is a left-hand page of a book printed on both sides."""
        return self.duplex and number % 2 == 0

    language: str = "en"  # every printed word's (bookgen.language)

    @property
    def words(self) -> Words:
        return words_for(self.language)


@dataclass(frozen=True)
class TextItem:
    """A line of text placed on a page."""

    text: str
    x: float
    y: float  # baseline, from the top of the page
    size: float
    bold: bool = False
    align: str = "left"  # left | center | right


@dataclass(frozen=True)
class Rule:
    """A straight line: running-head rules and lines to write on."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float


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
