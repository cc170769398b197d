"""The front matter's pages for a spec (bookgen.layout.front_matter lays them out): the
copyright page when asked for, and a how-to-play page for each type in the book, its
example a small puzzle made for the page (the same in every book: a fixed seed a type)."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from typing import Any

from bookgen.book_sections import book_of, layout_sections, stamp_of
from bookgen.book_spec import BookSpec
from bookgen.errors import ParamsError
from bookgen.generation import PUZZLE_BUDGET
from bookgen.layout.front_matter import Copyright, FrontPage, copyright_page, how_to_play_page
from bookgen.layout.laid import Entry
from bookgen.layout.model import Section
from bookgen.layout.template import Template
from bookgen.layout.text import Measure
from bookgen.puzzles.base import Budget, PuzzleType

# The sides tried for an example, smallest first: a tiny grid shows the rules best.
EXAMPLE_SIDES = (4, 5, 6)


def example_params(ptype: PuzzleType, params: Any) -> Any:
    """The section's options at the type's easiest level and, where the type has a
    size, the smallest it makes of those options."""
    easiest = ptype.at_level(params, ptype.levels[0]) or params
    if "size" not in {f.name for f in dataclasses.fields(easiest)}:
        return easiest
    for side in EXAMPLE_SIDES:
        smaller = dataclasses.replace(easiest, size=side)
        try:
            ptype.validate(smaller)
        except ParamsError:
            continue
        return smaller
    return easiest


def example_of(section: Section, number: int) -> Entry:
    ptype = section.ptype
    params = example_params(ptype, section.params)
    seed = int.from_bytes(hashlib.sha256(f"bookgen:example:{ptype.name}".encode()).digest()[:8], "big")
    puzzle = ptype.generate(params, random.Random(seed), Budget(PUZZLE_BUDGET))
    return Entry(number, dataclasses.replace(section, params=params), puzzle)


def examples_for(spec: BookSpec) -> list[Entry]:
    """The example puzzles of the how-to-play pages, one a type in the book's order
    (numbered below 0, so no puzzle of the book is one of them); none without those pages."""
    examples: list[Entry] = []
    if spec.publishing.how_to_play:
        for section in layout_sections(spec):
            if all(e.ptype.name != section.ptype.name for e in examples):
                examples.append(example_of(section, -1 - len(examples)))
    return examples


def front_matter(spec: BookSpec, examples: list[Entry], tpl: Template, measure: Measure) -> list[FrontPage]:
    """The front matter's pages: the copyright page, then a how-to-play page an example."""
    book, info = book_of(spec), spec.publishing
    pages: list[FrontPage] = []
    if info.copyright_page:
        made = stamp_of(spec) if info.seed_line else ""
        pages.append(copyright_page(book, Copyright(info.year, info.isbn, info.licence, made), tpl, measure))
    for example in examples:
        ptype = example.ptype
        rules = ptype.instructions_for(example.section.params, book.words)
        pages.append(how_to_play_page(book, rules, book.words.gettext(ptype.title), example, tpl, measure))
    return pages
