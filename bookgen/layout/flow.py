"""Worksheets that flow: a student's sections follow one another on the same sheet when
they fit, each under its own small heading and instructions, so a set of short sections
takes one or two sheets rather than a sheet each.

Each section keeps the columns and cell its own page plan gives it (layout/slots.py);
its puzzles are placed row by row. A row that does not fit starts a new sheet, with the
section's heading repeated. The rows of a full sheet are spread down to its foot, a
sheet's heading staying with its first row.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from bookgen.language import Words
from bookgen.layout.heads import HEAD_GAP, footer, instruction_rows, instructions_under, running_head, write_lines
from bookgen.layout.laid import Entry, Page, Placement
from bookgen.layout.model import Book, Rule, Section, TextItem
from bookgen.layout.slots import Box, SlotPlan, band_below, placed
from bookgen.layout.template import Template
from bookgen.layout.text import Measure, fitted

# How far the rows of the last sheet of a set may be spread apart, in gaps: a last sheet
# that is half empty keeps its rows together at the top rather than flying apart.
LAST_SHEET_SPREAD = 1.0
# The lines a flowing section's instructions may take past the layout's before they shrink.
FLOW_MORE_LINES = 2


@dataclass
class _Band:
    """A row of puzzles (with its section's heading above it when it is the first row of
    the section on the sheet), in positions relative to the band's top."""

    height: float
    texts: list[TextItem] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    section: int = 0


@dataclass
class _Sheet:
    """A page being filled: the bands placed on it so far."""

    top: float
    bands: list[_Band] = field(default_factory=list)
    used: float = 0.0  # height of the bands so far, gaps included


def flowed(groups: list[tuple[Section, list[Entry], SlotPlan]], first: int, book: Book, tpl: Template,
           measure: Measure) -> tuple[list[Page], dict[int, int]]:
    """Sheets numbered from `first` holding the sections of one copy, in order, and the
    page each puzzle landed on."""
    copy = groups[0][0].copy
    head_texts, head_rules, top = _sheet_head(book, copy, tpl, measure)
    room = tpl.text_bottom - top
    sheets = [_Sheet(top)]
    for section, entries, plan in groups:
        for start in range(0, len(entries), plan.columns):
            row = entries[start : start + plan.columns]
            sheet = sheets[-1]
            band = _band(section, row, plan, tpl, measure, book.words, heading=not _continues(sheet, section))
            # (a hundredth of a point of slack: a plan made to fill the room exactly fits it)
            if sheet.bands and sheet.used + tpl.gap + band.height > room + 0.01:
                sheets.append(_Sheet(top))
                sheet = sheets[-1]
                band = _band(section, row, plan, tpl, measure, book.words, heading=True)
            sheet.used += (tpl.gap if sheet.bands else 0.0) + band.height
            sheet.bands.append(band)
    pages, page_of = [], {}
    for k, sheet in enumerate(sheets):
        number = first + k
        page = _page(number, sheet, room, k == len(sheets) - 1, tpl)
        texts = head_texts + footer(number, book, tpl, measure) + list(page.texts)
        pages.append(dataclasses.replace(page, texts=tuple(texts), rules=tuple(head_rules)))
        for placement in page.placements:
            page_of[placement.number] = number
    return pages, page_of


def sheet_room(section: Section, book: Book, tpl: Template, measure: Measure) -> Box:
    """The room a section has on a sheet of its own: under the sheet's head and its own
    small heading and instructions, down to the footer."""
    _texts, _rules, top = _sheet_head(book, section.copy, tpl, measure)
    top += _heading(_Band(0.0), section, tpl, measure)
    return Box(tpl.left, top, tpl.content_width, tpl.text_bottom - top)


def _continues(sheet: _Sheet, section: Section) -> bool:
    return bool(sheet.bands) and sheet.bands[-1].section == section.index


def _sheet_head(book: Book, copy: str, tpl: Template, measure: Measure) -> tuple[list[TextItem], list[Rule], float]:
    """The worksheet's title and the student's name or copy, a rule, and the name lines."""
    texts, rules, y = running_head(book.title, copy, tpl, measure, tpl.sizes.heading if copy else 0.0)
    if tpl.name_lines or book.name_line:
        more_texts, more_rules, y = write_lines(y, tpl, measure, book.words)
        texts += more_texts
        rules += more_rules
    return texts, rules, y + tpl.gap * 0.6


def _band(section: Section, row: list[Entry], plan: SlotPlan, tpl: Template, measure: Measure, words: Words,
          heading: bool) -> _Band:
    """One row of a section's puzzles at its planned cell, under its heading if asked."""
    band = _Band(0.0, section=section.index)
    y = 0.0
    if heading:
        y = _heading(band, section, tpl, measure)
    height = max(entry.ptype.print_size(entry.puzzle)[1] * plan.cell + band_below(entry, tpl) for entry in row)
    height += tpl.label_band
    for k, entry in enumerate(row):
        slot = plan.slot(k)
        placement, labels = placed(entry, Box(slot.x, y, slot.w, height), plan.cell, tpl, measure, words)
        band.placements.append(placement)
        band.texts += labels
    band.height = y + height
    return band


def _heading(band: _Band, section: Section, tpl: Template, measure: Measure) -> float:
    """The section's title and instructions at the band's top; returns the height used."""
    size = tpl.sizes.body * 1.2
    lines, fit = fitted(section.options.title, size, tpl.content_width, measure, True, tpl.sizes.min)
    band.texts.append(TextItem(lines[0], tpl.left, fit, fit, bold=True))
    # Instructions a line or two longer than the layout's lines (Greek, Russian) take them
    # in full type, as on a section's own pages, rather than shrink: a sheet has the room.
    text = section.options.instructions or ""
    most = tpl.instruction_lines + FLOW_MORE_LINES
    rows = max(tpl.instruction_lines, min(instruction_rows(text, tpl, measure), most))
    texts, y = instructions_under(text, fit, tpl, measure, rows)
    band.texts += texts
    return y + tpl.gap * HEAD_GAP


def _page(number: int, sheet: _Sheet, room: float, last: bool, tpl: Template) -> Page:
    """The sheet's bands at their places: spread over the room left (less on the last)."""
    gaps = max(len(sheet.bands) - 1, 1)
    extra = (room - sheet.used) / gaps
    if last:
        extra = min(extra, tpl.gap * LAST_SHEET_SPREAD)
    texts: list[TextItem] = []
    placements: list[Placement] = []
    y = sheet.top
    for band in sheet.bands:
        texts += [dataclasses.replace(t, y=t.y + y) for t in band.texts]
        placements += [dataclasses.replace(p, y=p.y + y) for p in band.placements]
        y += band.height + tpl.gap + max(extra, 0.0)
    return Page(number, tuple(texts), tuple(placements), (), sheet.bands[0].section, "sheet")
