"""The spec in layout's terms: the Book (its titles and the stamp every page carries)
and its sections, once for each copy of a worksheet set, each with its page template
and, where a student has a level of their own, that level's options."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bookgen import __version__
from bookgen.book_spec import BookSpec
from bookgen.layout.model import Book, Section
from bookgen.layout.template import Template, template
from bookgen.layout.trim import for_print
from bookgen.puzzles import registry
from bookgen.puzzles.levels import nearest_level


def book_of(spec: BookSpec) -> Book:
    # A printed book is printed on both sides: its left-hand pages mirrored, parts from a right-hand page.
    return Book(spec.title, spec.subtitle, spec.author, spec.answer_key, spec.name_line,
                stamp_of(spec) if spec.publishing.seed_line else "", duplex=spec.duplex or spec.printed,
                language=spec.language)


def stamp_of(spec: BookSpec) -> str:
    """What every page's footer carries so the book can be rebuilt exactly: the version
    that made it and the seed (`bookgen build spec.yaml --seed N`)."""
    return f"bookgen {__version__} · seed {spec.seed}"


def page_template(spec: BookSpec, layout: str | None = None, pages: int = 0) -> Template:
    """The book's layout (or a section's own) on the book's paper, with the spec's footer
    where it gives one; a printed book's (bookgen.layout.trim) for a book of `pages`
    pages. A layout file's path is relative to the spec."""
    tpl = template(layout or spec.layout, spec.paper, Path(spec.source).parent)
    if spec.publishing.footer is not None:
        tpl = dataclasses.replace(tpl, footer=spec.publishing.footer)
    return for_print(tpl, spec.publishing.bleed, pages) if spec.printed else tpl


def layout_sections(spec: BookSpec) -> list[Section]:
    """The sections as layout sees them, once per copy."""
    return [section for _copy, section in copy_sections(spec)]


def copy_sections(spec: BookSpec) -> list[tuple[int, Section]]:
    """(copy, section) in print order; a copy's sections are numbered after the previous
    copy's, so each copy starts on its own page under its own name."""
    found = []
    for copy, label in enumerate(spec.copies or ("",)):
        for section in spec.sections:
            level = spec.level_of(copy, section.index)
            options = section.options
            tpl = page_template(spec, options.layout) if options.layout else None
            index = copy * len(spec.sections) + section.index
            ptype = registry.get(options.type)
            # A student's level replaces the section's where the section has one to replace
            # (with `levels: nearest`, the nearest the section can make).
            at = nearest_level(ptype, section, level) if level and options.levels == "nearest" else level
            own = ptype.at_level(section.params, at) if at else None
            params, shown = (own, at) if own is not None else (section.params, "")
            found.append((copy, Section(index, options, ptype, params, label, tpl, shown)))
    return found
