"""The sudoku family's offered levels, measured: the source of each type's MEASURED table.

For a type (sudoku, killer, samurai), each size, variant and level: seeds 0..N-1 through
the type's real `generate` within the build's per-puzzle budget, then the table of
successes out of seeds, median CPU time and median givens, written to
bench/levels-<type>.json as well. A combination is offered only at N of N. After
FAILURES failures a combination stops (it will not be offered; the table says how far
it got), so a level that cannot be made does not cost N budgets.

Not a test: nothing here asserts a time.

Run: python bench/levels.py --type sudoku [--seeds 100] [--sizes 4,6,9] [--levels hard,expert]
     [--variants classic] [--budget 60] [--set max_cage=4 ...]
     python bench/levels.py --offered   (the table of everything offered, from the records)
(`make bench` runs it with 10 seeds; the tables in the code come from 100.)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from pathlib import Path

from bookgen.puzzles import registry
from bookgen.build import PUZZLE_BUDGET
from bookgen.errors import BookgenError
from bookgen.puzzles.base import Budget

HERE = Path(__file__).resolve().parent
FAILURES = 3  # a combination stops after this many failed seeds
SIZES = {"sudoku": (4, 6, 8, 9, 12, 16), "killer": (4, 6, 9), "samurai": (21,)}


@dataclasses.dataclass
class Row:
    variant: str
    size: int
    level: str
    made: int = 0
    tried: int = 0
    times: list[float] = dataclasses.field(default_factory=list)
    givens: list[int] = dataclasses.field(default_factory=list)
    failed: list[int] = dataclasses.field(default_factory=list)

    def line(self, seeds: int) -> str:
        median_t = f"{statistics.median(self.times):7.3f} s" if self.times else "      - "
        median_g = f"{statistics.median(self.givens):6.1f}" if self.givens else "     -"
        stopped = f"  (stopped after {len(self.failed)} failures, seeds {self.failed})" if self.tried < seeds else ""
        return (f"  {self.variant:<8} {self.size:>2}x{self.size:<2} {self.level:<8} {self.made:3}/{self.tried:<3} "
                f"median {median_t}  givens {median_g}{stopped}")


def params_for(ptype, variant: str, size: int, level: str, extra: dict[str, object] | None = None):
    """The type's Params for a combination (only the options it has), plus any options set
    on the command line (`--set max_cage=4`)."""
    fields = {f.name for f in dataclasses.fields(ptype.Params)}
    wanted = {"difficulty": level, "size": size, "variant": variant}
    chosen = {k: v for k, v in wanted.items() if k in fields}
    return ptype.Params(**chosen, **(extra or {}))


def parse_settings(pairs: list[str]) -> dict[str, object]:
    """`key=value` pairs; whole numbers become ints."""
    settings: dict[str, object] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        settings[key] = int(value) if value.lstrip("-").isdigit() else value
    return settings


def measure(ptype, row: Row, seeds: int, budget: float, extra: dict[str, object]) -> Row:
    params = params_for(ptype, row.variant, row.size, row.level, extra)
    for seed in range(seeds):
        start = time.process_time()
        try:
            puzzle = ptype.generate(params, random.Random(seed), Budget(budget))
        except BookgenError:
            row.failed.append(seed)
        else:
            elapsed = time.process_time() - start
            problems = ptype.certify(puzzle)
            if problems:
                raise AssertionError(f"{row}: seed {seed} made an unfit puzzle: {problems}")
            row.made += 1
            row.times.append(elapsed)
            row.givens.append(len(puzzle.board.givens))
        row.tried += 1
        if len(row.failed) >= FAILURES:
            break
    return row


def merged_rows(out: Path, head: dict, record: list[dict]) -> list[dict]:
    """A run of some sizes or levels replaces those rows of the record and keeps the others
    (measured the same way: same type, seeds, budget and options)."""
    if not out.exists():
        return record
    old = json.loads(out.read_text())
    if any(old.get(key, {} if key == "options" else None) != value for key, value in head.items()):
        return record
    key = lambda row: (row["variant"], row["size"], row["level"])  # noqa: E731
    fresh = {key(row) for row in record}
    return [row for row in old["rows"] if key(row) not in fresh] + record


def offered_combinations() -> list[tuple[str, tuple[str, int, str]]]:
    """(record file, (variant, size, level)) for every combination the sudoku family's
    offer tables accept, each of which must be a 100-of-100 row of that record."""
    from bookgen.puzzles.killer import type as killer
    from bookgen.puzzles.sudoku import samurai
    from bookgen.puzzles.sudoku import offer as sudoku_offer

    found = []
    for (variant, size, level), made in sudoku_offer.MEASURED.items():
        if made == (100, 100):
            found.append((f"levels-sudoku{'' if variant == 'classic' else '-variants'}.json", (variant, size, level)))
    for (variant, size, level, symmetry), made in sudoku_offer.MEASURED_SYMMETRY.items():
        if made == (100, 100):
            kind = "" if variant == "classic" else "-variants"
            found.append((f"levels-sudoku{kind}-symmetry-{symmetry}.json", (variant, size, level)))
    for (size, level), made in killer.MEASURED.items():
        if made == (100, 100):
            found.append(("levels-killer.json", ("classic", size, level)))
    for (size, level, option, value), made in killer.MEASURED_OPTIONS.items():
        if made == (100, 100):
            found.append((f"levels-killer-{option}-{value}.json", ("classic", size, level)))
    found += [("levels-samurai.json", ("classic", samurai.SIDE, level)) for level in samurai.OFFERED]
    found += [(f"levels-samurai-symmetry-{symmetry}.json", ("classic", samurai.SIDE, level))
              for symmetry, levels in samurai.OFFERED_SYMMETRY.items() for level in levels]
    return found


def recorded(name: str) -> dict[tuple[str, int, str], dict]:
    """A record's rows by (variant, size, level)."""
    data = json.loads((HERE / name).read_text())
    return {(row["variant"], row["size"], row["level"]): row for row in data["rows"]}


def offered_table() -> list[str]:
    """Every offered combination with its successes and median CPU time, as a Markdown
    table: a line per record and size, a column per level."""
    levels = ("beginner", "easy", "medium", "hard", "expert")
    lines: dict[tuple[str, int], dict[str, str]] = {}
    for name, (variant, size, level) in offered_combinations():
        row = recorded(name)[(variant, size, level)]
        what = name.removeprefix("levels-").removesuffix(".json").replace("-variants", "")
        what += "" if variant == "classic" else f" {variant}"
        lines.setdefault((what, size), {})[level] = f"{row['made']}/{row['tried']}, {row['median_seconds']:.3g} s"
    table = ["| record, variant | size | " + " | ".join(levels) + " |", "|---|---|" + "---|" * len(levels)]
    for (what, size), cells in sorted(lines.items()):
        table.append(f"| {what} | {size}x{size} | " + " | ".join(cells.get(level, "-") for level in levels) + " |")
    return table


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--type", default="sudoku", choices=sorted(SIZES))
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--sizes", default="")
    ap.add_argument("--levels", default="")
    ap.add_argument("--variants", default="classic")
    ap.add_argument("--budget", type=float, default=PUZZLE_BUDGET)
    ap.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                    help="a non-default option for every combination, e.g. --set max_cage=4")
    ap.add_argument("--out", default="", help="JSON file (default bench/levels-<type>.json for 100 seeds)")
    ap.add_argument("--offered", action="store_true",
                    help="print every offered combination from the records, and stop")
    args = ap.parse_args(argv)
    if args.offered:
        table = offered_table()
        print("\n".join(table) + f"\n{len(table) - 2} lines, {len(offered_combinations())} combinations")
        return
    ptype = registry.get(args.type)
    sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else list(SIZES[args.type])
    levels = args.levels.split(",") if args.levels else list(ptype.levels)
    settings = parse_settings(args.set)
    shown = "".join(f" {k}={v}" for k, v in settings.items())
    print(f"{args.type}{shown}: successes of {args.seeds} seeds within {args.budget:.0f} s of CPU each, "
          f"median CPU time and median givens of the puzzles made")
    rows = []
    for variant in args.variants.split(","):
        for size in sizes:
            for level in levels:
                row = measure(ptype, Row(variant, size, level), args.seeds, args.budget, settings)
                rows.append(row)
                print(row.line(args.seeds), flush=True)
    # The 100-seed run is the record; shorter runs (make bench) write beside it.
    # Non-default options are measured into a file of their own, named after them.
    stem = f"levels-{args.type}" + "".join(f"-{k}-{v}" for k, v in settings.items())
    name = f"{stem}.json" if args.seeds == 100 else f"{stem}-{args.seeds}-seeds.json"
    out = Path(args.out) if args.out else HERE / name
    record = [{"variant": r.variant, "size": r.size, "level": r.level, "made": r.made, "tried": r.tried,
               "failed_seeds": r.failed,
               "median_seconds": round(statistics.median(r.times), 4) if r.times else None,
               "median_givens": statistics.median(r.givens) if r.givens else None} for r in rows]
    head = {"type": args.type, "seeds": args.seeds, "budget": args.budget, "options": settings}
    out.write_text(json.dumps({**head, "rows": merged_rows(out, head, record)}, indent=1) + "\n")
    print(f"written to {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
