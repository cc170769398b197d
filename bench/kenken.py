"""KenKen generation: the median CPU time per size and level over seeds 0..N-1, with its
ratio to the size's easiest level, all four signs shown; and 9x9 hard with the signs
hidden.

Not a test: nothing here asserts a time. Targets from issue 3: a 9x9 hard KenKen in a
median under 1 s, 6x6 any level under 0.2 s.

    python bench/kenken.py [--seeds 30] [--sizes 4,6,9,12] [--json]
"""

from __future__ import annotations

import argparse
import random
import sys

from benchlib import Report, add_json_flag, cpu_times, median

from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.offer import offered_levels
from bookgen.puzzles.kenken.type import PUZZLE_TYPE, Params


def median_ms(params: Params, seeds: int) -> float:
    times = cpu_times(lambda seed: PUZZLE_TYPE.generate(params, random.Random(seed), Budget(300)), seeds)
    return round(median(times) * 1000, 3)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--sizes", default="4,6,9,12")
    add_json_flag(parser)
    args = parser.parse_args(argv)
    report = Report(args.json)
    report.say(f"KenKen generation, median CPU time over seeds 0-{args.seeds - 1}:")
    rows = []
    for size in (int(size) for size in args.sizes.split(",")):
        levels = offered_levels(PUZZLE_TYPE.offer, size)
        first = None
        for level in levels:
            ms = median_ms(Params(size=size, difficulty=level), args.seeds)
            first = first or ms
            rows.append({"size": size, "level": level, "hidden": False, "median_ms": ms})
            report.say(f"  {size}x{size} {level:<9} {ms:8.2f} ms   x{ms / first:.1f} of {levels[0]}")
    ms = median_ms(Params(size=9, difficulty="hard", hide_operations=True), args.seeds)
    rows.append({"size": 9, "level": "hard", "hidden": True, "median_ms": ms})
    report.say(f"  9x9 hard, signs hidden {ms:8.2f} ms")
    report.done({"seeds": args.seeds, "rows": rows})


if __name__ == "__main__":
    main(sys.argv[1:])
