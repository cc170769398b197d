"""Sudoku 9x9 generation: the median CPU time at each level over seeds 0..N-1, with its
ratio to beginner, and the hard median set against issue 7's target (0.3 s).

Not a test: nothing here asserts a time. The target is judged over 100 seeds, the seeds
the offer is measured on: the first few seeds happen to be quick ones at hard, so a
median over fewer reads low.

    python bench/sudoku.py [--seeds 100] [--json]
"""

from __future__ import annotations

import argparse
import random
import sys

from benchlib import Report, add_json_flag, cpu_times, load_average, median

from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE as SUDOKU, Params

# Issue 7's speed target for a 9x9 classic hard sudoku: median CPU time per puzzle.
TARGET_LEVEL = "hard"
TARGET_SECONDS = 0.3


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100)
    add_json_flag(parser)
    args = parser.parse_args(argv)
    report = Report(args.json)
    report.say(f"sudoku 9x9 generation, median CPU time over seeds 0-{args.seeds - 1}:")
    levels = []
    for level in SUDOKU.levels:
        params = Params(size=9, difficulty=level)
        times = cpu_times(lambda seed: SUDOKU.generate(params, random.Random(seed), Budget(120)), args.seeds)
        levels.append({"level": level, "median_ms": round(median(times) * 1000, 3)})
        got, first = levels[-1]["median_ms"], levels[0]["median_ms"]
        report.say(f"  {level:<8} {got:8.1f} ms   x{got / first:.1f} of {SUDOKU.levels[0]}")
    hard = next(item["median_ms"] for item in levels if item["level"] == TARGET_LEVEL) / 1000
    report.say(f"  9x9 {TARGET_LEVEL}: median {hard:.3f} s, {hard / TARGET_SECONDS:.2f} of issue 7's target of "
               f"{TARGET_SECONDS} s (load average {load_average()})")
    report.done({"size": 9, "seeds": args.seeds, "levels": levels,
                 "target": {"level": TARGET_LEVEL, "seconds": TARGET_SECONDS, "issue": 7}})


if __name__ == "__main__":
    main(sys.argv[1:])
