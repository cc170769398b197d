"""KenKen generation: median time per size and level (seeded), with ratios.

Not a test: nothing here asserts a time. Run: python bench/kenken.py [seeds]
Targets from issue 3: a 9x9 hard KenKen in a median under 1 s, 6x6 any level under 0.2 s.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.offer import offered_levels
from bookgen.puzzles.kenken.type import PUZZLE_TYPE, Params


def median_seconds(params: Params, seeds: int) -> float:
    times = []
    for seed in range(seeds):
        start = time.perf_counter()
        PUZZLE_TYPE.generate(params, random.Random(seed), Budget(300))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(seeds: int) -> None:
    print(f"KenKen generation, median of {seeds} seeds ({os.cpu_count()} cores, Python {sys.version.split()[0]}):")
    for size in (4, 6, 9):
        times = {level: median_seconds(Params(size=size, difficulty=level), seeds) for level in offered_levels(PUZZLE_TYPE.offer, size)}
        for level, t in times.items():
            print(f"  {size}x{size} {level:<9} {t * 1000:8.1f} ms   x{t / times['easy']:.1f} of easy")
        sys.stdout.flush()
    t = median_seconds(Params(size=9, difficulty="hard", hide_operations=True), seeds)
    print(f"  9x9 hard, operations hidden {t * 1000:8.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
