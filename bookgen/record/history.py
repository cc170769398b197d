"""What a class record says: its builds, which puzzles each student was given, at which
level, and how they did; and the one write of a build. Plain SQL over the tables of
bookgen.record.schema."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone


@dataclass(frozen=True)
class Build:
    """One recorded build of a class record."""

    id: int
    built_at: str
    title: str
    seed: int

    @property
    def date(self) -> str:
        return self.built_at[:10]


@dataclass(frozen=True)
class Given:
    """One puzzle a student was given, as recorded."""

    student: str
    section: int
    section_title: str
    type: str
    level: str
    position: int
    clue_digest: str
    answer_digest: str


@dataclass(frozen=True)
class Past:
    """One earlier set of a student's section: its level and, once marked, how they did."""

    build_id: int
    level: str
    mark: str | None


def builds(conn: sqlite3.Connection) -> list[Build]:
    """The new sets, oldest first (reprints are not new sets)."""
    rows = conn.execute("SELECT id, built_at, title, seed FROM builds WHERE reprint_of IS NULL ORDER BY id")
    return [Build(*row) for row in rows]


def build_with_seed(conn: sqlite3.Connection, seed: int) -> Build | None:
    """The recorded new set made from `seed`, if any (the first, should two share it)."""
    row = conn.execute("SELECT id, built_at, title, seed FROM builds WHERE seed = ? AND reprint_of IS NULL "
                       "ORDER BY id LIMIT 1", (seed,)).fetchone()
    return Build(*row) if row else None


def given_before(conn: sqlite3.Connection, before: int | None) -> dict[str, set[str]]:
    """Student -> the digests of every puzzle they were given in the sets recorded before
    build `before` (all of them: None), and of its answer grid."""
    limit = before if before is not None else 1 << 62
    found: dict[str, set[str]] = {}
    rows = conn.execute("SELECT student, clue_digest, answer_digest FROM puzzles WHERE build_id < ?", (limit,))
    for student, clue, answer in rows:
        found.setdefault(student, set()).update((clue, answer))
    return found


def levels_in(conn: sqlite3.Connection, build_id: int) -> dict[tuple[str, int], str]:
    """(student, section) -> the level of that student's section in one recorded set."""
    rows = conn.execute("SELECT student, section, level FROM puzzles WHERE build_id = ? GROUP BY student, section",
                        (build_id,))
    return {(student, section): level for student, section, level in rows}


def pasts(conn: sqlite3.Connection) -> dict[tuple[str, int, str], list[Past]]:
    """(student, section, type) -> every recorded set of it, oldest first, with its mark."""
    rows = conn.execute(
        "SELECT p.student, p.section, p.type, p.build_id, p.level, m.mark FROM "
        "(SELECT DISTINCT build_id, student, section, type, level FROM puzzles) p "
        "LEFT JOIN marks m ON m.build_id = p.build_id AND m.student = p.student AND m.section = p.section "
        "ORDER BY p.build_id")
    found: dict[tuple[str, int, str], list[Past]] = {}
    for student, section, ptype, build_id, level, mark in rows:
        found.setdefault((student, section, ptype), []).append(Past(build_id, level, mark))
    return found


def sections_of(conn: sqlite3.Connection, build_id: int) -> list[tuple[int, str]]:
    """(section, title) of one recorded set, in the spec's order."""
    rows = conn.execute("SELECT DISTINCT section, section_title FROM puzzles WHERE build_id = ? ORDER BY section",
                        (build_id,))
    return list(rows)


def students_of(conn: sqlite3.Connection, build_id: int) -> list[str]:
    """The students of one recorded set, in the order they were printed."""
    rows = conn.execute("SELECT student FROM puzzles WHERE build_id = ? GROUP BY student ORDER BY min(rowid)",
                        (build_id,))
    return [row[0] for row in rows]


def marks_of(conn: sqlite3.Connection, build_id: int) -> dict[tuple[str, int], str]:
    rows = conn.execute("SELECT student, section, mark FROM marks WHERE build_id = ?", (build_id,))
    return {(student, section): mark for student, section, mark in rows}


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def add_build(conn: sqlite3.Connection, title: str, seed: int, reprint_of: int | None, given: list[Given]) -> int:
    """Record one build (inside the caller's transaction); a reprint records no puzzles,
    as its puzzles are the set it reprints."""
    cursor = conn.execute("INSERT INTO builds (built_at, title, seed, reprint_of) VALUES (?, ?, ?, ?)",
                          (now(), title, seed, reprint_of))
    build_id = int(cursor.lastrowid or 0)
    if reprint_of is None:
        conn.executemany("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         [(build_id, g.student, g.section, g.section_title, g.type, g.level, g.position,
                           g.clue_digest, g.answer_digest) for g in given])
    return build_id


def set_mark(conn: sqlite3.Connection, build_id: int, student: str, section: int, mark: str) -> None:
    conn.execute("INSERT OR REPLACE INTO marks VALUES (?, ?, ?, ?, ?)", (build_id, student, section, mark, now()))
