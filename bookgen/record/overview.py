"""A class record at a glance: each student, the level of each section in each set,
and its mark. For `bookgen mark --show`, the composer page and the teacher's answers."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bookgen.language import N_, Words
from bookgen.layout.laid import Entry
from bookgen.layout.overview import OverviewRow
from bookgen.record import history

# How a mark is shown in a set's column.
SHORT = {"done": "done", "needed help": "help", "not done": "not done", None: "-"}


@dataclass(frozen=True)
class Row:
    """One student's line of a section in the record's overview."""

    student: str
    section: int
    title: str
    cells: tuple[tuple[str, str | None], ...]  # per set, oldest first: (level, mark); ("", None) not in it


def overview(conn: sqlite3.Connection) -> tuple[list[history.Build], list[Row]]:
    sets = history.builds(conn)
    place = {build.id: k for k, build in enumerate(sets)}
    titles: dict[int, str] = {}
    for build in sets:
        titles.update(dict(history.sections_of(conn, build.id)))
    order: list[str] = []
    for build in sets:
        order += [s for s in history.students_of(conn, build.id) if s not in order]
    found: dict[tuple[str, int], list[tuple[str, str | None]]] = {}
    for (student, section, _type), pasts in history.pasts(conn).items():
        cells = found.setdefault((student, section), [("", None)] * len(sets))
        for past in pasts:
            if past.build_id in place:
                cells[place[past.build_id]] = (past.level, past.mark)
    rows = [Row(student, section, titles.get(section, ""), tuple(found[(student, section)]))
            for student in order for section in sorted(titles) if (student, section) in found]
    return sets, rows


def overview_lines(conn: sqlite3.Connection) -> list[str]:
    sets, rows = overview(conn)
    lines = [f"{k + 1:>3}. {b.date}  {b.title}  (seed {b.seed})" for k, b in enumerate(sets)]
    for row in rows:
        shown = "; ".join(f"{k + 1}: {level} {SHORT[mark]}" for k, (level, mark) in enumerate(row.cells) if level)
        lines.append(f"{row.student or 'the book'} - {row.title}: {shown}")
    return lines


# The marks as a page prints them (translated in the book's language).
MARK_WORDS = {"done": N_("done"), "needed help": N_("needed help"), "not done": N_("not done")}


def class_rows(conn: sqlite3.Connection, build_id: int | None, entries: list[Entry],
               words: Words) -> tuple[list[str], list[OverviewRow]]:
    """The class overview of the set being built: section titles, and a row a student
    with their level in each section and this set's mark so far (a reprint's, as marked;
    a new set has none yet)."""
    marks = history.marks_of(conn, build_id) if build_id is not None else {}
    titles: dict[int, str] = {}
    levels: dict[str, dict[int, str]] = {}
    # A copy's sections are numbered after the previous copy's (book_sections).
    per_copy = max(1, len({e.section.index for e in entries}) // max(1, len({e.section.copy for e in entries})))
    for entry in entries:
        section = entry.section
        place = section.index % per_copy
        titles.setdefault(place, section.options.title)
        levels.setdefault(section.copy, {})[place] = section.params.difficulty
    rows = []
    for student, own in levels.items():
        cells = []
        for place in sorted(titles):
            mark = marks.get((student, place))
            level = words.gettext(own[place]) if place in own else ""
            cells.append(f"{level} · {words.gettext(MARK_WORDS[mark])}" if mark and level else level)
        rows.append(OverviewRow(student or "-", tuple(cells)))
    return [titles[k] for k in sorted(titles)], rows
