"""The options every section of a book has, whatever its puzzle type, declared once.

They live here, beside bookgen.options and below both spec and layout, because both
hold them: the spec reads and checks them from YAML (its messages name them from these
declarations), and layout plans a section's pages from them. A type's own options
(size, difficulty...) are its Params, beside these.
"""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.options import Bool, Choice, Int, LayoutRef, Optional, Text, option

PER_PAGE = (1, 2, 3, 4, 6, 8, 9, 12)
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
    layout: str | None = option(Optional(LayoutRef()), None, "this section's page layout (default: the book's)")
    instructions: str | None = option(Optional(Text(MAX_INSTRUCTIONS)), None,
                                      "your own instructions for this section (default: the type's, for a ten-year-old)")
    levels: str = option(Choice(LEVEL_RULES), "exact",
                         "a student's level this section cannot make: refused (exact), or the section's nearest "
                         "level, with a note (nearest)")
