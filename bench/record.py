"""What a class record adds to a build: a record of 30 children over 40 weeks (four
puzzles each a week, 4,800 puzzles) against a build of a 30-child set of 4×4 beginner
sudoku. Times the record's own work (opening and checking the file, reading every
exclusion, recording the build) and whole builds with and without it, each the median
of a few runs. Not a test: nothing here asserts a time.

    python bench/record.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bookgen.build import build
from bookgen.generation import generate_all
from bookgen.record import history, store
from bookgen.record.history import Given
from bookgen.record.term import term_of
from bookgen.spec import load

CLASS = [f"Child {k:02d}" for k in range(1, 31)]
WEEKS = 40
SPEC = ("title: Week\nrecord: class.sqlite\nlayout: worksheet\nseed: 999\n"
        f"students: [{', '.join(CLASS)}]\n"
        "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 4\n")


def fake(n: int, *parts: object) -> str:
    return hashlib.sha256(repr((n, parts)).encode()).hexdigest()[:32]


def filled(record: Path) -> None:
    """Forty weeks recorded as a build records them (digests stand in for puzzles)."""
    with store.opened(record, str(record), write=True) as conn:
        for week in range(WEEKS):
            given = [Given(child, 0, "Sudoku", "sudoku", "beginner", k, fake(week, child, k), fake(-week, child, k))
                     for child in CLASS for k in range(4)]
            store.transaction(conn, str(record))
            history.add_build(conn, "Week", 1000 + week, None, given)
            store.commit(conn, str(record))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        spec_path = Path(folder) / "week.yaml"
        spec_path.write_text(SPEC)
        plain_path = Path(folder) / "plain.yaml"
        plain_path.write_text(SPEC.replace("record: class.sqlite\n", ""))
        record = Path(folder) / "class.sqlite"
        filled(record)
        snapshot = record.read_bytes()
        spec, plain = load(spec_path), load(plain_path)
        pdf = Path(folder) / "out.pdf"
        build(plain, pdf, jobs=1, use_cache=True)  # warm the puzzle cache for both
        own, with_record, without = [], [], []
        for _ in range(args.repeats):
            record.write_bytes(snapshot)
            started = time.perf_counter()
            with term_of(spec) as term:
                assert term is not None
                opened = time.perf_counter() - started
                layout_started = time.perf_counter()
                build(term.spec, pdf, jobs=1, use_cache=True, term=term)
                with_record.append(time.perf_counter() - layout_started + opened)
            record.write_bytes(snapshot)
            started = time.perf_counter()
            with term_of(spec) as term:
                assert term is not None
                spent = time.perf_counter() - started
                entries = generate_all(term.spec, 1, None, True, term.excluded)
                started = time.perf_counter()
                term.record(entries)
            own.append(spent + time.perf_counter() - started)
            started = time.perf_counter()
            build(plain, pdf, jobs=1, use_cache=True)
            without.append(time.perf_counter() - started)
        median = statistics.median
        print(f"record of {len(CLASS)} children x {WEEKS} weeks ({record.stat().st_size // 1024} KiB)")
        print(f"build with the record    {median(with_record):.3f} s")
        print(f"build without a record   {median(without):.3f} s")
        print(f"added by the record      {median(with_record) - median(without):.3f} s")
        print(f"(the record's own work: open, check, read exclusions and levels, write: {median(own):.3f} s)")
    sys.exit(0)


if __name__ == "__main__":
    main()
