"""A section's pages planned from its options alone, before any puzzle is made: how many
puzzles a page, at what cell size, under how many lines of instructions. `bookgen check`
refuses here what cannot be printed as asked, and loads nothing of laying out a whole
book (bookgen.layout.pages, which plans each section the same way): start-up, issue 31.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from bookgen.errors import LayoutError
from bookgen.layout.heads import instruction_rows, section_head
from bookgen.layout.model import Book, Section
from bookgen.layout.slots import Box, SlotPlan, plan_slots
from bookgen.layout.template import Template
from bookgen.layout.text import Measure

if TYPE_CHECKING:  # a check plans sections before any puzzle is made (start-up)
    from bookgen.layout.laid import Entry

# Instructions take at most this many lines in full type before they shrink (a layout
# file allows up to 12 for its own instruction_lines).
MOST_INSTRUCTION_LINES = 12
# The share of its cell a puzzle may give up so its instructions keep full type.
CELL_GIVEN = 0.05


def plan_section(section: Section, book: Book, tpl: Template, measure: Measure,
                 made: Entry | None = None) -> SlotPlan | None:
    """The slots of a section's pages, on its own layout if it has one: from its options
    alone (no puzzle needed), or, for a type that cannot tell its size from its options,
    from a puzzle `made` (None when there is none yet)."""
    tpl = section.tpl or tpl
    size = section.ptype.planned_size(section.params)
    if size is None and made is not None:
        size = made.ptype.print_size(made.puzzle)
    if size is None:
        return None
    plan = _planned_under(section, book, tpl, measure, size, 0)
    # Instructions that would shrink to fit the layout's lines (Greek, Russian, German run
    # long) take the lines they need in full type instead, where the puzzles keep their
    # number a page and nearly all their cell (none lost at the cap; a line costs a 6x6
    # two a page 4 % of its cell, where the shrunk type lost 15 % of its size).
    needed = instruction_rows(section.options.instructions or "", tpl, measure)
    for lines in range(min(needed, MOST_INSTRUCTION_LINES), tpl.instruction_lines, -1):
        try:
            longer = _planned_under(section, book, tpl, measure, size, lines)
        except LayoutError:
            continue
        if longer.per_page == plan.per_page and longer.cell >= plan.cell * (1 - CELL_GIVEN) - 1e-6:
            return dataclasses.replace(longer, head_lines=lines)
    return plan


def _planned_under(section: Section, book: Book, tpl: Template, measure: Measure, size: tuple[float, float],
                   lines: int) -> SlotPlan:
    _texts, _rules, top = section_head(section, book, tpl, measure, lines)
    return plan_slots(section, Box(tpl.left, top, tpl.content_width, tpl.text_bottom - top), tpl, size)


def plan_book(sections: list[Section], book: Book, tpl: Template, measure: Measure) -> list[SlotPlan | None]:
    """Every section's plan (None where only a made puzzle tells the size); raises
    LayoutError for the first section that cannot be printed as asked."""
    return [plan_section(section, book, tpl, measure) for section in sections]
