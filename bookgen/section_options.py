"""The options every section of a book has, whatever its puzzle type, declared once.

They live here, beside bookgen.options and below both spec and layout, because both
hold them: the spec reads and checks them from YAML (its messages name them from these
declarations), and layout plans a section's pages from them. A type's own options
(size, difficulty...) are its Params, beside these.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bookgen.options import Bool, Choice, Int, Optional, Text, option
from bookgen.spec_kinds import FilePath, LayoutRef
from bookgen.progress_option import Progress, ProgressRule

PER_PAGE = (1, 2, 3, 4, 6, 8, 9, 12)
ORDERS = ("ramp",)
# A student's level this section cannot make: refused with the student named (exact), or
# the section's nearest level it can make, with a note (nearest).
LEVEL_RULES = ("exact", "nearest")
MAX_INSTRUCTIONS = 400  # about four printed lines, what the running head holds


@dataclass(frozen=True)
class SectionOptions:
    """A section's common options. As read from YAML, an empty title and no instructions
    mean the type's; the spec fills both in (and gives the registry's name as `type`), so
    a section's options, once read, are what is printed."""

    title: str = option(Text(), "", "the section's heading (default: the puzzle type's name)")
    type: str = option(Text(), "", "the puzzle type (see `bookgen types`)")
    count: int = option(Int(1, 500), 1, "how many puzzles")
    per_page: int | None = option(Optional(Choice(PER_PAGE)), None,
                                  "puzzles on each page (default: the most that keep cells comfortable)")
    large_print: bool = option(Bool(), False, "bigger cells (about 14 mm) for young children")
    hints: bool = option(Bool(), False, "each puzzle's first steps in plain words, on pages before the answers")
    focus: str | None = option(Optional(Text(60)), None, "a technique every puzzle of the section needs, named as "
                               "the level tables name it (x-wing, naked pair, cage arithmetic, rule of 45), taught "
                               "on a page before the section")
    progress: ProgressRule | None = option(Optional(Progress()), None, "with a class record: this section's own "
                                           "progress rule, instead of the book's")
    self_check: bool = option(Bool(), False, "under each puzzle, a check of the finished grid that gives no "
                              "number away: a few shaded squares and what they add up to")
    layout: str | None = option(Optional(LayoutRef()), None, "this section's page layout (default: the book's)")
    instructions: str | None = option(Optional(Text(MAX_INSTRUCTIONS)), None,
                                      "your own instructions for this section (default: the type's, for a ten-year-old)")
    puzzles: Path | None = option(Optional(FilePath()), None,
                                  "a file of your own puzzles to print instead of new ones: sudoku strings (81 "
                                  "characters, . or 0 for a blank), .sdk, Tatham game IDs (Solo, Keen), bookgen JSON "
                                  "or bookgen export's puzzles.csv; each proved unique and graded (count: all of them)")
    order: str | None = option(Optional(Choice(ORDERS)), None, "ramp: the section's puzzles from the easiest "
                               "to the hardest by their difficulty score (default: as made)")
    show_score: bool = option(Bool(), False, "print each puzzle's difficulty score beside its level")
    levels: str = option(Choice(LEVEL_RULES), "exact",
                         "a student's level this section cannot make: refused (exact), or the section's nearest "
                         "level, with a note (nearest)")
