"""What a book spec is, once read: the book's keys, declared once (BookOptions: the spec
reads them and `bookgen keys` documents them from here), a section as read (SectionSpec)
and the whole book (BookSpec), frozen. bookgen.spec reads them from YAML."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field as datafield
from pathlib import Path
from typing import Any

from bookgen.classlist import Student
from bookgen.errors import Location
from bookgen.language import LANGUAGES, LanguageChoice
from bookgen.options import Bool, BoolOr, Choice, FilePath, Int, LayoutRef, Optional, Seed, Text, option
from bookgen.progress_option import Progress, ProgressRule, RecordFile
from bookgen.section_options import SectionOptions
from bookgen.specfile import MAX_PUZZLES
from bookgen.students_option import Names

PAPERS = ("A4", "Letter")
# Copies or students of one book: a whole school year's worksheets, as many as the book's
# most puzzles (one each), so no real class list is refused for its length.
MAX_COPIES = MAX_PUZZLES


@dataclass(frozen=True)
class BookOptions:
    title: str = option(Text(), "Puzzle book", "the book's title, on the title page")
    subtitle: str = option(Text(), "", "a line under the title")
    author: str = option(Text(), "", "who made the book")
    paper: str = option(Choice(PAPERS), "A4", "paper size")
    seed: int | None = option(Optional(Seed()), None, "the seed every puzzle is derived from; same seed, same "
                              "book (default: a new one each build, printed on every page)")
    answer_key: bool | str = option(BoolOr("separate"), True, "print solutions at the back; separate: in "
                                    "<book>-answers.pdf beside the book (with a record, a class overview too)")
    name_line: bool = option(Bool(), False, "print name, class and date lines on every puzzle page")
    layout: str = option(LayoutRef(), "book", "the page layout: book (title page, contents), worksheet "
                         "(name / class / date lines), large-print (one big puzzle a page), or your own .yaml")
    copies: int = option(Int(1, MAX_COPIES), 1, "a different set of puzzles for each of this many copies")
    students: tuple[Student, ...] | None = option(Optional(Names(MAX_COPIES)), None,
                                                  "a different set of puzzles for each student, headed with the name, "
                                                  "at the student's level where one is given (Ana, easy)")
    font: Path | None = option(Optional(FilePath()), None,
                               "a TrueType font (.ttf) for all the book's text, e.g. one with your script "
                               "(default: Atkinson Hyperlegible, or Noto Sans for Greek, Cyrillic, Vietnamese)")
    bold_font: Path | None = option(Optional(FilePath()), None, "the bold of your font (default: the font itself)")
    duplex: bool = option(Bool(), False, "printed on both sides of the paper: the binding margin mirrored on "
                          "left-hand pages, and each section, student's set and the answers from a right-hand page")
    language: str = option(LanguageChoice(LANGUAGES), "en",
                           "the language of every printed word: headings, instructions, hints (ISO 639-1 code)")
    record: str | None = option(Optional(RecordFile()), None,
                                "a class record beside the spec (class-4b.sqlite), created when missing: every "
                                "build is kept in it, no student is given a puzzle twice, and a recorded seed "
                                "reprints that week's set exactly (docs/record.md)")
    progress: ProgressRule | None = option(Optional(Progress()), None,
                                           "with a record: move each student up a level after up_after sets in "
                                           "a row marked done, down after down_after marked not done")


@dataclass(frozen=True)
class SectionSpec:
    index: int
    options: SectionOptions  # as given, with the type's name, and its title and instructions where none are given
    params: Any  # the type's own frozen Params


@dataclass(frozen=True)
class BookSpec:
    source: str
    title: str
    subtitle: str
    author: str
    paper: str
    seed: int
    answer_key: bool
    name_line: bool
    sections: tuple[SectionSpec, ...]
    layout: str = "book"
    seed_given: bool = True  # False: the seed was drawn afresh, as no `seed:` was given
    copies: tuple[str, ...] = ()  # one label a copy (a student's name or "Copy 3"); empty: one book
    font: Path | None = None
    bold_font: Path | None = None
    duplex: bool = False  # printed on both sides: margins mirrored, parts from a right-hand page
    language: str = "en"  # every printed word's (ISO 639-1), as bookgen.language ships it
    # The students as the class list gives them, one a copy (empty for numbered copies):
    # a student's level, where given, replaces each section's own on their worksheets.
    students: tuple[Student, ...] = ()
    answers_apart: bool = False  # the answers in <book>-answers.pdf, not in the book
    record: str | None = None  # the class record's path as written, relative to the spec
    progress: ProgressRule | None = None
    # Per copy, per section: the level a class record moved that student to (None: the
    # student's or the section's own), replacing both on their worksheets.
    section_levels: tuple[tuple[str | None, ...], ...] = ()
    # Where each value was written ("title", "sections[2].title", "students[3]"), so a
    # problem found after reading (a letter no font has) still points at its line.
    locations: dict[str, Location] = datafield(default_factory=dict, compare=False, repr=False)

    def location(self, field: str) -> Location:
        return self.locations.get(field, Location(self.source))

    @property
    def puzzles_per_copy(self) -> int:
        return sum(section.options.count for section in self.sections)

    @property
    def total_puzzles(self) -> int:
        return self.puzzles_per_copy * max(1, len(self.copies))

    def level_of(self, copy: int, section: int | None = None) -> str | None:
        """The level of copy `copy`'s student (in `section`, where a class record moved
        them), or None: each section's own."""
        if section is not None and copy < len(self.section_levels) and self.section_levels[copy][section]:
            return self.section_levels[copy][section]
        return self.students[copy].level if copy < len(self.students) else None

    def with_seed(self, seed: int) -> BookSpec:
        return dataclasses.replace(self, seed=seed, seed_given=True)
