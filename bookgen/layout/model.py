"""The values layout works with: what goes in (sections, the book's words) and the text
and rules a page is made of. Geometry in points, y measured down from the top of the
page; the renderer only draws what layout decided. The numbered puzzles and what a whole
book's layout makes of them (pages, placed drawings, bookmarks) are bookgen.layout.laid's:
`bookgen check` plans each section from these alone and never loads those (start-up)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bookgen.language import Words, words_for
from bookgen.layout.template import Template
from bookgen.puzzles.base import PuzzleType
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
