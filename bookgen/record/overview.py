"""A class record at a glance: each student, the level of each section in each set,
and its mark. For `bookgen mark --show`, the composer page and the teacher's answers."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bookgen.record import history

# How a mark is shown in a set's column.
SHORT = {"done": "done", "needed help": "help", "not done": "not done", None: "-"}


@dataclass(frozen=True)
class Row:
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
