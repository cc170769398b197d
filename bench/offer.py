"""Measure what a puzzle type delivers, and write it into the type's record: the one bench
command behind every type's measured offer (bookgen/offer.py). Not a test: nothing here
asserts a time.

For each combination of the options varied, seeds 0, 1, 2... go through the type's real
`generate` within the build's per-puzzle budget, and every puzzle made is certified as a
build would (exactly one solution, at its level, its answer accepted by the independent
checker). A combination stops at its first failure (it can no longer be offered, and a
failure costs a whole budget). Its row (seeds tried, made, median and worst CPU time,
median givens) replaces the row of the same key in bookgen/puzzles/<package>/offer.json;
a combination is offered once it is made on every one of 100 seeds.

    python bench/offer.py --type sudoku --vary size=4,6,9 --vary difficulty=all
    python bench/offer.py --type kenken --vary size=3-9 --vary difficulty=all \\
        --vary operations=+-*/,* --set hide_operations=false --jobs 2
    python bench/offer.py --type killer --vary size=9 --vary difficulty=all --set max_cage=4
    python bench/offer.py --offered [--type kenken]   (what is offered, from the records)
    python bench/offer.py --type sudoku --remeasure   (every row the record offers, again:
        after a change that changes the puzzles made, such as a new random source)

Values are read as a spec reads them (`operations=+-` is the list + and -; `all` is every
value an option takes; `3-9` every whole number between); `--seeds N --dry-run` measures
without writing (make bench's short runs).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import random
import re
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

from bookgen.generation import PUZZLE_BUDGET
from bookgen.errors import BookgenError
from bookgen.offer import RECORD_NAME, Row, key_of, record, record_json
from bookgen.options import Choice, Optional, OptionValueError, ParseContext, SubsetOf, declared
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget, PuzzleType

ABOUT = ("Measured by python bench/offer.py (see bookgen/offer.py); a row per combination of the options that "
         "change the puzzles made")


def option_values(ptype: PuzzleType, name: str, text: str) -> list[Any]:
    """The values `text` names for one option of the type: `all`, a range `3-9`, or a
    comma-separated list (a list option's value written as its characters: `+-*/`), each
    read as the spec reads it."""
    kinds = {option: info.kind for option, info, _default in declared(ptype.Params)}
    if name not in kinds:
        raise SystemExit(f"{ptype.name} has no option {name!r}; it has {', '.join(kinds)}")
    kind = kinds[name]
    base = kind.inner if isinstance(kind, Optional) else kind
    if text == "all":
        if not isinstance(base, Choice):
            raise SystemExit(f"{name}: 'all' needs an option with a list of values")
        return list(base.values)
    if re.fullmatch(r"[0-9]+-[0-9]+", text):
        low, high = (int(x) for x in text.split("-"))
        return list(range(low, high + 1))
    try:
        return [kind.parse(list(item) if isinstance(base, SubsetOf) else item, ParseContext())
                for item in text.split(",")]
    except OptionValueError as exc:
        raise SystemExit(f"{name}: {exc}") from None


def combinations(ptype: PuzzleType, vary: list[str], fixed: list[str]) -> list[Any]:
    """Params for every combination of the varied values, with the fixed ones; those the
    Params refuse for a reason of their own, and repeats of one key, left out."""
    def pairs(items: list[str]) -> list[tuple[str, list[Any]]]:
        found = []
        for item in items:
            name, _, text = item.partition("=")
            found.append((name, option_values(ptype, name, text)))
        return found

    chosen = pairs(fixed)
    varied = pairs(vary)
    out, keys = [], set()
    for values in itertools.product(*(vals for _name, vals in varied)):
        options = {name: vals[0] for name, vals in chosen}
        options.update({name: value for (name, _vals), value in zip(varied, values)})
        params = ptype.Params(**options)
        try:
            params.validate()
        except BookgenError as exc:
            print(f"  skipped {options}: {exc}", file=sys.stderr)
            continue
        key = key_of(ptype.offer_key(params))
        if key not in keys:
            keys.add(key)
            out.append(params)
    return out


def offered_params(ptype: PuzzleType) -> list[Any]:
    """Params for every row of the type's record that is offered now, read back from the
    row's key as a spec reads values (a list option's value is written as its characters)."""
    kinds = {option: info.kind for option, info, _default in declared(ptype.Params)}
    out = []
    for row in ptype.offer.offered():
        if row.type != ptype.name:
            continue
        options = {}
        for name, value in row.key:
            kind = kinds[name]
            base = kind.inner if isinstance(kind, Optional) else kind
            if value is None:
                options[name] = None
            elif isinstance(base, SubsetOf):
                options[name] = kind.parse(list(value), ParseContext())
            else:
                options[name] = kind.parse(value, ParseContext())
        params = ptype.Params(**options)
        if key_of(ptype.offer_key(params)) != row.key:
            raise SystemExit(f"{ptype.name}: the row {row.key} does not read back as itself")
        out.append(params)
    return out


@dataclasses.dataclass(frozen=True)
class Job:
    type: str
    params: Any
    seeds: int
    budget: float


def measure(job: Job) -> Row:
    """Seeds 0.. in turn until the first failure."""
    ptype = registry.get(job.type)
    times, givens, failed = [], [], []
    for seed in range(job.seeds):
        start = time.process_time()
        try:
            puzzle = ptype.generate(job.params, random.Random(seed), Budget(job.budget))
        except BookgenError:
            failed.append(seed)
            break
        times.append(time.process_time() - start)
        problems = ptype.certify(puzzle)
        if problems:
            raise AssertionError(f"{job.type} {job.params}: seed {seed} made an unfit puzzle: {problems}")
        count = getattr(puzzle.board, "givens", None)
        if count is not None:
            givens.append(len(count))
    load = os.getloadavg()[0]
    return Row(job.type, key_of(ptype.offer_key(job.params)), len(times) + len(failed), len(times),
               round(statistics.median(times), 4) if times else None, round(max(times), 4) if times else None,
               statistics.median(givens) if givens else None, tuple(failed),
               f"{date.today().isoformat()}, load {load:.1f} on {os.cpu_count()} cores, {job.budget:g} s budget")


def line(row: Row) -> str:
    shown = " ".join(f"{k}={v}" for k, v in row.key)
    median = f"{row.median_seconds:8.3f} s" if row.median_seconds is not None else "       - "
    worst = f"{row.worst_seconds:8.3f} s" if row.worst_seconds is not None else "       - "
    return f"  {shown:<78} {row.made:3}/{row.seeds:<3} median {median} worst {worst}"


def record_path(ptype: PuzzleType) -> Path:
    package = type(ptype).__module__.rpartition(".")[0]
    return Path(sys.modules[package].__file__).parent / RECORD_NAME


def write(ptype: PuzzleType, fresh: list[Row]) -> Path:
    """The fresh rows into the type's record, replacing rows of the same type and key."""
    package = type(ptype).__module__.rpartition(".")[0]
    replaced = {(row.type, row.key) for row in fresh}
    kept = [row for row in record(package) if (row.type, row.key) not in replaced]
    path = record_path(ptype)
    path.write_text(record_json(kept + fresh, ABOUT), encoding="utf-8")
    return path


def print_offered(names: list[str]) -> None:
    for ptype in registry.all_types():
        if names and ptype.name not in names:
            continue
        rows = ptype.offer.offered()
        print(f"{ptype.name}: {len(rows)} combinations offered")
        for row in rows:
            print(line(row))


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--type", help="the puzzle type (see bookgen types)")
    ap.add_argument("--vary", action="append", default=[], metavar="OPTION=VALUES",
                    help="values to measure each of: all, 3-9, or a comma-separated list")
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE", help="one value for every row")
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--budget", type=float, default=PUZZLE_BUDGET)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dry-run", action="store_true", help="measure and print, write nothing")
    ap.add_argument("--offered", action="store_true", help="print what the records offer, and stop")
    ap.add_argument("--remeasure", action="store_true", help="measure again every row the type's record offers")
    args = ap.parse_args(argv)
    if args.offered:
        print_offered([args.type] if args.type else [])
        return
    if not args.type:
        ap.error("--type is needed")
    ptype = registry.get(args.type)
    if ptype is None or ptype.offer_key(ptype.Params()) is None:
        ap.error(f"{args.type!r} is not a type with a measured offer")
    chosen = offered_params(ptype) if args.remeasure else combinations(ptype, args.vary, args.set)
    jobs = [Job(ptype.name, params, args.seeds, args.budget) for params in chosen]
    print(f"{ptype.name}: {len(jobs)} combinations, {args.seeds} seeds each within {args.budget:g} s of CPU",
          flush=True)
    writing = not args.dry_run and args.seeds >= 100
    measured: list[Row] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for row in pool.map(measure, jobs):
            print(line(row), flush=True)
            measured.append(row)
            if writing:  # after every row, so a long run stopped part way keeps what it measured
                path = write(ptype, measured)
    if not writing:
        print("not written: a record holds runs of 100 seeds or more (--dry-run or fewer seeds)")
    elif jobs:
        print(f"written to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
