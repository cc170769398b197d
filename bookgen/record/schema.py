"""The class record's tables, as any SQLite tool shows them (docs/record.md describes
each column). The schema's version is `PRAGMA user_version`; `PRAGMA application_id`
marks the file as bookgen's, so a stranger's database is never taken for a record."""

from __future__ import annotations

# "bkgc" (bookgen class) read as a big-endian 32-bit integer.
APPLICATION_ID = 0x626B6763
# Raised whenever a table or column changes meaning; a record with a higher version was
# written by a newer bookgen, which this one does not pretend to understand.
SCHEMA_VERSION = 1

TABLES = (
    """CREATE TABLE builds (
        id INTEGER PRIMARY KEY,
        built_at TEXT NOT NULL,          -- UTC, ISO 8601, when the build was recorded
        title TEXT NOT NULL,
        seed INTEGER NOT NULL,
        reprint_of INTEGER REFERENCES builds(id)  -- NULL: a new set; else the build reprinted
    )""",
    """CREATE TABLE puzzles (
        build_id INTEGER NOT NULL REFERENCES builds(id),
        student TEXT NOT NULL,           -- the copy's label: a name, "Copy 3", or '' for one book
        section INTEGER NOT NULL,        -- the section's place in the spec, from 0
        section_title TEXT NOT NULL,
        type TEXT NOT NULL,
        level TEXT NOT NULL,
        position INTEGER NOT NULL,       -- the puzzle's place within the student's section, from 0
        clue_digest TEXT NOT NULL,       -- the puzzle: its clues and answer, however printed (bookgen.record.digest)
        answer_digest TEXT NOT NULL,     -- the finished grid
        PRIMARY KEY (build_id, student, section, position)
    )""",
    "CREATE INDEX puzzles_by_student ON puzzles (student, build_id)",
    """CREATE TABLE marks (
        build_id INTEGER NOT NULL REFERENCES builds(id),
        student TEXT NOT NULL,
        section INTEGER NOT NULL,
        mark TEXT NOT NULL CHECK (mark IN ('done', 'needed help', 'not done')),
        marked_at TEXT NOT NULL,
        PRIMARY KEY (build_id, student, section)
    )""",
)
MARKS = ("done", "needed help", "not done")
