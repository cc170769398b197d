"""A build against a class record: the spec as the record makes it (the seed, each
student's level), the puzzles each student must not be given again, and the one write
that records the build.

A spec whose seed a recorded set was made from is a reprint of that set: its students'
levels are read from that set and only the sets recorded before it are excluded, so it
makes that week's book again byte for byte however many weeks were recorded since. A
spec without a seed draws one the record has not used."""

from __future__ import annotations

import dataclasses
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from bookgen.book_spec import BookSpec
from bookgen.language import Words
from bookgen.layout.laid import Entry
from bookgen.layout.overview import OverviewRow
from bookgen.puzzles import registry
from bookgen.record import history, store
from bookgen.record.digest import puzzle_digests
from bookgen.record.history import Build, Given
from bookgen.record.overview import class_rows
from bookgen.record.progress import Move, next_level
from bookgen.puzzles.levels import level_refusal
from bookgen.spec import fresh_seed


@dataclass
class Term:
    """A class record opened for one build."""

    spec: BookSpec  # the seed and levels this build uses
    shown: str  # the record as messages name it
    conn: sqlite3.Connection
    reprint: Build | None  # the recorded set this build makes again, if any
    excluded: dict[str, set[str]]  # student -> digests of the puzzles and answers they were given before
    moves: list[Move]  # every student's section whose level the record decides
    write: bool = True  # False: the record is only read (check, a preview), never written

    def note(self) -> str:
        """What the build line adds: "reprint of <title>, <date>", or the set's number."""
        if self.reprint is not None:
            return f"reprint of {self.reprint.title}, {self.reprint.date}"
        return f"set {len(history.builds(self.conn)) + 1} in {self.shown}"

    def overview(self, entries: list[Entry], words: Words) -> tuple[list[str], list[OverviewRow]]:
        """The class overview of this set, for the teacher's separate answers."""
        return class_rows(self.conn, self.reprint.id if self.reprint else None, entries, words)

    def record(self, entries: list[Entry]) -> None:
        """The build and every puzzle it gave each student, in one transaction (nothing
        when the record is only read)."""
        if not self.write:
            return
        given = []
        count = len(self.spec.sections)
        positions: dict[tuple[str, int], int] = {}
        for entry in entries:
            section = entry.section
            key = (section.copy, section.index % count)
            position = positions.get(key, 0)
            positions[key] = position + 1
            clue, answer = puzzle_digests(entry.puzzle)
            given.append(Given(section.copy, key[1], section.options.title, section.ptype.name,
                               section.params.difficulty, position, clue, answer))
        store.transaction(self.conn, self.shown)
        history.add_build(self.conn, self.spec.title, self.spec.seed, self.reprint.id if self.reprint else None, given)
        store.commit(self.conn, self.shown)


def record_path(spec: BookSpec) -> Path | None:
    if spec.record is None:
        return None
    path = Path(spec.record)
    return path if path.is_absolute() else Path(spec.source).parent / path


@contextmanager
def term_of(spec: BookSpec, write: bool = True) -> Iterator[Term | None]:
    """The book's class record opened for one build (held against other builds until
    the block ends), or None when the spec names none. `write=False` (check) reads it
    and creates nothing."""
    path = record_path(spec)
    if path is None:
        yield None
        return
    shown = str(path)
    with store.opened(path, shown, write) as conn:
        try:
            yield dataclasses.replace(_prepared(spec, shown, conn), write=write)
        except sqlite3.DatabaseError as exc:
            raise store.failure(shown, exc) from None


def _prepared(spec: BookSpec, shown: str, conn: sqlite3.Connection) -> Term:
    reprint = history.build_with_seed(conn, spec.seed) if spec.seed_given else None
    if not spec.seed_given:
        seed = spec.seed
        while history.build_with_seed(conn, seed) is not None:
            seed = fresh_seed()
        spec = dataclasses.replace(spec, seed=seed)
    labels = spec.copies or ("",)
    moves: list[Move] = []
    if reprint is not None:
        recorded = history.levels_in(conn, reprint.id)
        levels = [[recorded.get((label, s.index)) for s in spec.sections] for label in labels]
        excluded = history.given_before(conn, reprint.id)
    else:
        levels, moves = _moved(spec, conn, labels)
        excluded = history.given_before(conn, None)
    own = [[spec.level_of(copy) or s.params.difficulty for s in spec.sections] for copy in range(len(labels))]
    # Only a level that differs from the spec's own is set, so a set made at the spec's
    # levels is printed (and reprinted) exactly as one made without a record.
    section_levels = tuple(tuple(level if level != mine else None for level, mine in zip(row, own_row))
                           for row, own_row in zip(levels, own))
    spec = dataclasses.replace(spec, section_levels=section_levels)
    return Term(spec, shown, conn, reprint, excluded, moves)


def _moved(spec: BookSpec, conn: sqlite3.Connection,
           labels: tuple[str, ...]) -> tuple[list[list[str | None]], list[Move]]:
    """Each student's level in each section for a new set: with `progress:` (the
    section's, or the book's), moved by their marks; without, the spec's."""
    if spec.progress is None and not any(s.options.progress for s in spec.sections):
        return [[None] * len(spec.sections) for _ in labels], []
    pasts = history.pasts(conn)
    levels, moves = [], []
    for label in labels:
        row: list[str | None] = []
        for section in spec.sections:
            ptype = registry.get(section.options.type)
            rule = section.options.progress or spec.progress
            if rule is None:
                row.append(None)
                continue
            move = next_level(label, section.index, section.options.title,
                              pasts.get((label, section.index, ptype.name), []), rule, ptype.levels,
                              lambda level, s=section, t=ptype: level_refusal(t, s, level))
            row.append(move.level if move is not None else None)
            if move is not None:
                moves.append(move)
        levels.append(row)
    return levels, moves


def check_lines(term: Term | None) -> list[str]:
    """What `check` says of the class record: a reprint, or what the next set is and who
    moves where, and why."""
    if term is None:
        return []
    lines = [f"{term.shown}: {term.note()}"]
    for move in term.moves:
        who = move.student or "the book"
        if move.level != move.before:
            lines.append(f"  {who}: {move.title} {move.before} -> {move.level} ({move.why})")
        elif move.why:
            lines.append(f"  {who}: {move.title} stays at {move.level} ({move.why})")
    return lines
