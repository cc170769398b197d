"""KenKen's clues per level: how often a multi-cell clue gives its digits away (only one
set of digits makes it, like 3x in two squares), the share of one-cell cages, the cage
sizes and the mix of operations, over the puzzles made on seeds 0..N-1. Not a test, and
not the offer (bench/offer.py measures what is offered); `make bench` puts them in
docs/benchmarks.md.

Run: python bench/kenken_clues.py [--seeds 20] [--sizes 4,6,9] [--hidden | --both] [--json]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from benchlib import Report, add_json_flag

from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.offer import offered_levels
from bookgen.puzzles.kenken.rules import LEVEL_NAMES, OPERATIONS, is_giveaway
from bookgen.puzzles.kenken.type import PUZZLE_TYPE, Params


def clue_counts(params: Params, seeds: int) -> Counter:
    counts: Counter = Counter()
    for seed in range(seeds):
        puzzle = PUZZLE_TYPE.generate(params, random.Random(seed), Budget(600))
        for cage in puzzle.board.cages:
            cells = len(cage.cells)
            counts[f"size{cells}"] += 1
            if cells > 1:
                counts["multi"] += 1
                counts[f"op{cage.op}"] += 1
                counts["giveaway"] += is_giveaway(cage, params.size, params.hide_operations)
    return counts


def shares(counts: Counter) -> dict:
    """The figures of one level, in percent: giveaway clues and operations of the
    multi-cell cages, one-cell cages and cage sizes of all cages."""
    cages = max(sum(v for k, v in counts.items() if k.startswith("size")), 1)
    multi = max(counts["multi"], 1)
    return {"cages": cages,
            "giveaways_percent": round(100 * counts["giveaway"] / multi, 1),
            "one_cell_percent": round(100 * counts["size1"] / cages, 1),
            "sizes_percent": {str(s): round(100 * counts[f"size{s}"] / cages, 1)
                              for s in range(1, 7) if counts[f"size{s}"]},
            "operations_percent": {op: round(100 * counts[f"op{op}"] / multi, 1) for op in OPERATIONS}}


def line(level: str, figures: dict) -> str:
    sizes = " ".join(f"{s}:{p:.0f}%" for s, p in figures["sizes_percent"].items())
    ops = " ".join(f"{op}{p:.0f}%" for op, p in figures["operations_percent"].items())
    return (f"  {level:<8} giveaways {figures['giveaways_percent']:4.1f}%  one-cell "
            f"{figures['one_cell_percent']:4.1f}%  sizes {sizes}  ops {ops}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--sizes", default="4,6,9")
    ap.add_argument("--hidden", action="store_true", help="signs hidden")
    ap.add_argument("--both", action="store_true", help="signs shown, then signs hidden")
    add_json_flag(ap)
    args = ap.parse_args(argv)
    report = Report(args.json)
    sizes = [int(size) for size in args.sizes.split(",")]
    runs = []
    for hidden in ((False, True) if args.both else (args.hidden,)):
        signs = "hidden" if hidden else "shown"
        report.say(f"KenKen clues over seeds 0-{args.seeds - 1}, sizes {args.sizes}, all four signs {signs}:")
        levels = []
        for level in LEVEL_NAMES:
            counts: Counter = Counter()
            for size in sizes:
                if level in offered_levels(PUZZLE_TYPE.offer, size, OPERATIONS, hidden):
                    counts += clue_counts(Params(size=size, difficulty=level, hide_operations=hidden), args.seeds)
            if counts:
                levels.append({"level": level, **shares(counts)})
                report.say(line(level, levels[-1]))
        runs.append({"hidden": hidden, "levels": levels})
    report.done({"seeds": args.seeds, "sizes": sizes, "runs": runs})


if __name__ == "__main__":
    main(sys.argv[1:])
