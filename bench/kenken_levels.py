"""KenKen: every offered combination, measured. Not a test: nothing here asserts a time.

For each (size, level, operations, hide_operations) it counts successes out of SEEDS
seeds (seeds 0..SEEDS-1) within the build's per-puzzle budget and the median and worst
CPU time; then, per level, the giveaway rate (multi-cell clues only one set of digits
makes), the one-cell cage share, the cage-size distribution and the operation mix over
the puzzles made. Everything goes to a JSON file as well; `--table` turns such files into
bookgen/puzzles/kenken/measured.py, the table of what `check` offers (100/100 only).
`--max-cage 3,6` and `--max-single default,0` measure other cage options, only where the
defaults are offered (a non-default value is offered where it was measured 100/100).

A combination stops at its first failure (it cannot be offered any more), so a row
reads e.g. 37/38: made on seeds 0-36, not on seed 37. Run under `nice -n 10`, small first:
  python bench/kenken_levels.py --seeds 3 --sizes 4,6,9 --json /tmp/probe.json
  python bench/kenken_levels.py --seeds 100 --sizes 3-9 --jobs 2 --json kk.json
  python bench/kenken_levels.py --table kk.json [more.json ...]
  python bench/kenken_levels.py --seeds 100 --sizes 4-9 --ops +-*/ --hidden shown \
      --max-cage 3,6 --jobs 2 --json bench/levels-kenken-options.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

from bookgen.build import PUZZLE_BUDGET
from bookgen.errors import BookgenError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.type import PUZZLE_TYPE, Params
from bookgen.puzzles.kenken import measured as kenken_measured
from bookgen.puzzles.kenken.rules import LEVEL_NAMES, OPERATIONS, is_giveaway, offered, ops_key

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "bookgen" / "puzzles" / "kenken" / "measured.py"


def operation_sets() -> list[tuple[str, ...]]:
    """Every subset of + - * / the `operations` option accepts (÷ alone is refused)."""
    found = []
    for k in range(len(OPERATIONS), 0, -1):
        for ops in combinations(OPERATIONS, k):
            if set(ops) != {"/"}:
                found.append(ops)
    return found


def tried(size: int) -> tuple[str, ...]:
    """The levels worth measuring at a size: 3x3 puzzles never need more than cage
    arithmetic and 4x4 ones almost never more than pairs (earlier runs: no 4x4 hard in 50
    attempts); 10x10 to 12x12 expert ones took tens of seconds."""
    if size == 3:
        return LEVEL_NAMES[:2]
    if size == 4:
        return LEVEL_NAMES[:3]
    if size >= 10:
        return LEVEL_NAMES[:4]
    return LEVEL_NAMES


def combos(sizes: list[int], levels: list[str], op_sets: list[tuple[str, ...]], hidden: list[bool],
           cage_options: list[tuple[int, int | None]] = [(4, None)]) -> list[Params]:
    """The combinations to measure. Other cage options than the defaults only where the
    defaults are offered, and only where they change what is generated."""
    out = []
    for size in sizes:
        for level in levels:
            if level not in tried(size):
                continue
            for ops in op_sets:
                for hide in hidden:
                    for max_cage, max_single in cage_options:
                        params = Params(size=size, difficulty=level, operations=ops, hide_operations=hide,
                                        max_cage=max_cage, max_single_cells=max_single)
                        try:
                            params.validate_shape()
                        except BookgenError:
                            continue  # refused for a reason of its own (e.g. − ÷ on an odd grid)
                        plain = max_cage == 4 and max_single is None
                        if not plain and (params.options_key is None or not offered(size, level, ops, hide)):
                            continue
                        out.append(params)
    return out


def measure(job: tuple[Params, int, float, bool]) -> dict:
    """Seeds 0.. in turn; with `stop`, the first failure ends the combination (it can no
    longer be 100/100, and a failure costs a whole budget)."""
    params, seeds, budget, stop = job
    made, times, stats = 0, [], Counter()
    for seed in range(seeds):
        start = time.process_time()
        try:
            puzzle = PUZZLE_TYPE.generate(params, random.Random(seed), Budget(budget))
        except BookgenError:
            times.append(time.process_time() - start)
            if stop:
                break
            continue
        times.append(time.process_time() - start)
        made += 1
        for cage in puzzle.board.cages:
            n = len(cage.cells)
            stats[f"size{n}"] += 1
            if n > 1:
                stats["multi"] += 1
                stats[f"op{cage.op}"] += 1
                stats["giveaway"] += is_giveaway(cage, params.size, params.hide_operations)
    return {
        "size": params.size, "level": params.difficulty, "operations": ops_key(params.operations),
        "hidden": params.hide_operations, "max_cage": params.max_cage,
        "max_single_cells": params.max_single_cells, "made": made, "seeds": len(times),
        "median": round(statistics.median(times), 4), "worst": round(max(times), 4), "stats": dict(stats),
    }


def line(row: dict) -> str:
    cap = row.get("max_single_cells")
    options = f"cage<={row.get('max_cage', 4)} singles<={'-' if cap is None else cap}"
    return (f"  {row['size']:2}x{row['size']:<2} {row['level']:<8} {row['operations']:<5} "
            f"{'hidden' if row['hidden'] else 'shown':<6} {options:<19} {row['made']:3}/{row['seeds']}  "
            f"median {row['median']:6.2f} s  worst {row['worst']:6.2f} s")


def summary(rows: list[dict]) -> dict[str, dict]:
    """Per level: giveaway rate, one-cell share, cage-size distribution, operation mix."""
    per_level: dict[str, Counter] = {}
    for row in rows:
        per_level.setdefault(row["level"], Counter()).update(row["stats"])
    out = {}
    for level in LEVEL_NAMES:
        stats = per_level.get(level)
        if not stats:
            continue
        cages = sum(v for k, v in stats.items() if k.startswith("size"))
        multi = max(stats["multi"], 1)
        out[level] = {
            "cages": cages,
            "giveaway_pct": round(100 * stats["giveaway"] / multi, 1),
            "one_cell_pct": round(100 * stats["size1"] / max(cages, 1), 1),
            "sizes_pct": {s: round(100 * stats[f"size{s}"] / cages, 1) for s in range(1, 7) if stats[f"size{s}"]},
            "ops_pct": {op: round(100 * stats[f"op{op}"] / multi, 1) for op in "+-*/"},
        }
    return out


def print_summary(levels: dict[str, dict], title: str) -> None:
    print(f"\n{title}: giveaways among multi-cell cages, one-cell share, sizes, operations")
    for level, s in levels.items():
        sizes = " ".join(f"{k}:{v:.0f}%" for k, v in s["sizes_pct"].items())
        ops = " ".join(f"{k}{v:.0f}%" for k, v in s["ops_pct"].items())
        print(f"  {level:<8} giveaways {s['giveaway_pct']:4.1f}%  one-cell {s['one_cell_pct']:4.1f}%  "
              f"sizes {sizes}  ops {ops}")


def run(args: argparse.Namespace) -> None:
    sizes = parse_sizes(args.sizes)
    levels = args.levels.split(",") if args.levels else list(LEVEL_NAMES)
    op_sets = operation_sets() if args.ops == "all" else [tuple(o) for o in args.ops.split(",")]
    hidden = {"both": [False, True], "shown": [False], "hidden": [True]}[args.hidden]
    caps = [None if c == "default" else int(c) for c in args.max_single.split(",")]
    cage_options = [(int(m), c) for m in args.max_cage.split(",") for c in caps]
    jobs = [(p, args.seeds, args.budget, not args.keep_going)
            for p in combos(sizes, levels, op_sets, hidden, cage_options)]
    print(f"KenKen: {len(jobs)} combinations, successes of {args.seeds} seeds "
          f"(budget {args.budget:.0f} s CPU a puzzle), median and worst CPU time", flush=True)
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for row in pool.map(measure, jobs):
            rows.append(row)
            print(line(row), flush=True)
            if args.json:
                write_json(args.json, rows)
    levels_summary = summary(rows)
    print_summary(levels_summary, "Per level (every puzzle above)")
    all_ops = summary([r for r in rows if r["operations"] == "+-*/" and not r["hidden"]])
    print_summary(all_ops, "Per level, all four signs shown")
    if args.json:
        write_json(args.json, rows)


def write_json(path: str, rows: list[dict]) -> None:
    data = {
        "rows": rows,
        "per_level": summary(rows),
        "per_level_all_signs_shown": summary([r for r in rows if r["operations"] == "+-*/" and not r["hidden"]]),
    }
    Path(path).write_text(json.dumps(data, indent=1))


def parse_sizes(text: str) -> list[int]:
    sizes = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        sizes.extend(range(int(lo), int(hi or lo) + 1))
    return sizes


def table_key(row: dict) -> tuple:
    """(size, level, operations, hidden), and the cage options where not the defaults."""
    key = (row["size"], row["level"], row["operations"], row["hidden"])
    operations = tuple(op for op in OPERATIONS if op in row["operations"])
    params = Params(size=row["size"], difficulty=row["level"], operations=operations, hide_operations=row["hidden"],
                    max_cage=row.get("max_cage", 4), max_single_cells=row.get("max_single_cells"))
    options = params.options_key
    return key if options is None else (*key, *options)


def write_table(paths: list[str]) -> None:
    """The offered table: the table as it stands, then the rows of the measurement files
    (the last row measured wins)."""
    rows: dict[tuple, dict] = {}
    for table in (kenken_measured.MEASURED, kenken_measured.MEASURED_OPTIONS):
        for key, (made, seeds, median) in table.items():
            rows[key] = {"made": made, "seeds": seeds, "median": median}
    for path in paths:
        for row in json.loads(Path(path).read_text())["rows"]:
            rows[table_key(row)] = row
    lines = [
        '"""Generated by `python bench/kenken_levels.py --table`: do not edit by hand.',
        "",
        "Successes out of seeds tried (seeds 0..N-1, each within the build's per-puzzle",
        "budget) and the median CPU seconds, per (size, level, operations, hide_operations).",
        "`check` offers a combination only when it was measured 100/100.",
        '"""',
        "",
        "MEASURED: dict[tuple[int, str, str, bool], tuple[int, int, float]] = {",
    ]
    order = lambda k: (k[0], LEVEL_NAMES.index(k[1]), k[2], k[3], k[4:5], -1 if k[5:] == (None,) else k[5:])  # noqa: E731
    for key in sorted((k for k in rows if len(k) == 4), key=order):
        row = rows[key]
        lines.append(f"    {key!r}: ({row['made']}, {row['seeds']}, {row['median']}),")
    lines += [
        "}",
        "",
        "# Non-default max_cage / max_single_cells: (size, level, operations, hide_operations,",
        "# largest cage, one-cell cap or None for the level's default) -> as above.",
        "MEASURED_OPTIONS: dict[tuple[int, str, str, bool, int, int | None], tuple[int, int, float]] = {",
    ]
    for key in sorted((k for k in rows if len(k) == 6), key=order):
        row = rows[key]
        lines.append(f"    {key!r}: ({row['made']}, {row['seeds']}, {row['median']}),")
    lines.append("}")
    TABLE.write_text("\n".join(lines) + "\n")
    offered = sum(1 for r in rows.values() if r["made"] == r["seeds"] >= 100)
    print(f"wrote {TABLE.relative_to(ROOT)}: {len(rows)} combinations, {offered} offered")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # The defaults are the light run `make bench` does; the offered table takes 100 seeds.
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--sizes", default="4,6,9", help="e.g. 3-9 or 4,6,9")
    parser.add_argument("--levels", default="", help="comma-separated (default all)")
    parser.add_argument("--ops", default="+-*/,*", help="'all' subsets, or a list such as +-*/,*,+-")
    parser.add_argument("--hidden", default="both", choices=("both", "shown", "hidden"))
    parser.add_argument("--max-cage", default="4", help="largest cages to measure, e.g. 2,3,5,6 (default 4)")
    parser.add_argument("--max-single", default="default",
                        help="one-cell caps to measure, e.g. default,0 (default: the level's own)")
    parser.add_argument("--budget", type=float, default=PUZZLE_BUDGET, help="CPU seconds a puzzle")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--keep-going", action="store_true", help="measure every seed even after a failure")
    parser.add_argument("--json", default="", help="write rows and per-level figures here")
    parser.add_argument("--table", nargs="*", help="write the offered table from these JSON files")
    args = parser.parse_args(argv)
    if args.table is not None:
        write_table(args.table)
    else:
        run(args)


if __name__ == "__main__":
    main(sys.argv[1:])
