"""What a book spec is, once read: the book's keys, declared once (BookOptions: the spec
reads them and `bookgen keys` documents them from here), a section as read (SectionSpec)
and the whole book (BookSpec), frozen. bookgen.spec reads them from YAML."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field as datafield
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bookgen.errors import Location
from bookgen.language import LANGUAGES
from bookgen.options import Bool, Choice, Int, OptionValueError, Optional, ParseContext, Text, brief, option
from bookgen.spec_kinds import BoolOr, FilePath, LanguageChoice, LayoutRef, Seed
from bookgen.paper import PaperSize, is_trim
from bookgen.progress_option import Progress, ProgressRule, RecordFile
from bookgen.section_options import SectionOptions
from bookgen.specfile import MAX_PUZZLES
from bookgen.students_option import Names

if TYPE_CHECKING:  # named only: a class list is read, and its module loaded, for a spec with students (start-up)
    from bookgen.classlist import Student

# Copies or students of one book: a whole school year's worksheets, as many as the book's
# most puzzles (one each), so no real class list is refused for its length.
MAX_COPIES = MAX_PUZZLES


@dataclass(frozen=True)
class Footer:
    """The `footer:` option: a text ({page} for the page's number), or off for none."""

    def describe(self) -> str:
        return "text ({page} for the page number), or off"

    def parse(self, raw: Any, ctx: ParseContext) -> str:
        if isinstance(raw, str) and raw.strip().lower() in ("off", "false", "no", "none"):
            return ""
        return Text(120).parse(raw, ctx)


@dataclass(frozen=True)
class Isbn:
    """An ISBN-10 or ISBN-13, hyphens and spaces allowed, its check digit checked."""

    def describe(self) -> str:
        return "an ISBN of 10 or 13 digits"

    def parse(self, raw: Any, ctx: ParseContext) -> str:
        text = Text(40).parse(raw, ctx)
        digits = text.replace("-", "").replace(" ", "").upper()
        if not (len(digits) == 13 and digits.isdigit() or len(digits) == 10 and digits[:9].isdigit()
                and (digits[9].isdigit() or digits[9] == "X")):
            raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")
        if not _isbn_checks(digits):
            raise OptionValueError(f"the ISBN {brief(text)} has a wrong check digit")
        return text


def _isbn_checks(digits: str) -> bool:
    if len(digits) == 13:
        return sum(int(d) * (1 if k % 2 == 0 else 3) for k, d in enumerate(digits)) % 10 == 0
    values = [10 if d == "X" else int(d) for d in digits]
    return sum(v * (10 - k) for k, v in enumerate(values)) % 11 == 0


@dataclass(frozen=True)
class Publishing:
    """What a book made to sell adds (the book keys of the same names): bleed, the
    footer, the front matter and the cover's picture."""

    bleed: bool = False
    footer: str | None = None  # None: the layout's; "": none
    seed_line: bool = True
    copyright_page: bool = False
    year: int | None = None
    isbn: str | None = None
    licence: str | None = None
    how_to_play: bool = False
    cover_image: Path | None = None


@dataclass(frozen=True)
class BookOptions:
    """The book's own options, as a spec's top level gives them."""

    title: str = option(Text(), "Puzzle book", "the book's title, on the title page")
    subtitle: str = option(Text(), "", "a line under the title")
    author: str = option(Text(), "", "who made the book")
    paper: str = option(PaperSize(), "A4", "paper size: office paper (A4, Letter), or a book's trim, printed as a "
                        "book (both sides, the inside margin from the page count, an even number of pages)")
    bleed: bool = option(Bool(), False, "pages that bleed, for print on demand: 0.125 in more on the outside, top "
                         "and bottom edges, every word at least 0.375 in inside the trim")
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
    footer: str | None = option(Optional(Footer()), None, "the text at the foot of every page, {page} for its "
                                "number, or off (default: the layout's, the page number)")
    seed_line: bool = option(Bool(), True, "print the bookgen version and the seed small at the foot of every page")
    copyright_page: bool = option(Bool(), False, "a copyright page after the title page: the author, year, ISBN "
                                  "and licence line")
    year: int | None = option(Optional(Int(1450, 9999)), None, "the year on the copyright page")
    isbn: str | None = option(Optional(Isbn()), None, "the book's ISBN (10 or 13 digits, hyphens allowed), on the "
                              "copyright page")
    licence: str | None = option(Optional(Text(200)), None, "the licence line on the copyright page "
                                 "(default: All rights reserved.)")
    how_to_play: bool = option(Bool(), False, "a page for each puzzle type in the book: its rules and a small "
                               "solved example")
    cover_image: Path | None = option(Optional(FilePath()), None, "a picture for the front of the cover "
                                      "(bookgen cover), at least 300 ppi at its printed size")


@dataclass(frozen=True)
class SectionSpec:
    """One section of a spec, read and checked: its options, its type's params, its own puzzles."""

    index: int
    options: SectionOptions  # as given, with the type's name, and its title and instructions where none are given
    params: Any  # the type's own frozen Params
    imported: tuple[Any, ...] = ()  # the section's own puzzles (`puzzles:`), proved and graded, in print order


@dataclass(frozen=True)
class BookSpec:
    """A whole spec, read and checked: what a build makes."""

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
    publishing: Publishing = Publishing()
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

    @property
    def printed(self) -> bool:
        """Whether the book is a printed book's interior: a trim size, or pages that bleed."""
        return self.publishing.bleed or is_trim(self.paper)

    def with_seed(self, seed: int) -> BookSpec:
        return dataclasses.replace(self, seed=seed, seed_given=True)
