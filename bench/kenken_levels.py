"""KenKen: every offered combination, measured. Not a test: nothing here asserts a time.

For each (size, level, operations, hide_operations) it prints successes out of SEEDS
seeds within the per-puzzle budget and the median time; then, per level, the giveaway
rate (multi-cell clues only one set of digits makes), the one-cell cage share, the cage
size distribution and the operation mix over the puzzles made.

Run: python bench/kenken_levels.py [seeds] [sizes, e.g. 4,6,9] [budget seconds]
(the issue's table uses 100 seeds; develop with 10).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

from bookgen.errors import BookgenError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken import PUZZLE_TYPE, Params, reachable
from bookgen.puzzles.kenken_rules import is_giveaway

OPERATION_SETS = (("+", "-", "*", "/"), ("*",), ("+", "-"), ("+",))


def measure(params: Params, seeds: int, budget: float, stats: Counter) -> tuple[int, float]:
    made, times = 0, []
    for seed in range(seeds):
        start = time.perf_counter()
        try:
            puzzle = PUZZLE_TYPE.generate(params, random.Random(seed), Budget(budget))
        except BookgenError:
            times.append(time.perf_counter() - start)
            continue
        times.append(time.perf_counter() - start)
        made += 1
        for cage in puzzle.board.cages:
            stats[("size", len(cage.cells))] += 1
            if len(cage.cells) > 1:
                stats["multi"] += 1
                stats[("op", cage.op)] += 1
                stats["giveaway"] += is_giveaway(cage, params.size, params.hide_operations)
    return made, statistics.median(times)


def main(seeds: int, sizes: list[int], budget: float) -> None:
    per_level: dict[str, Counter] = {}
    print(f"KenKen: successes of {seeds} seeds (budget {budget:.0f} s a puzzle) and median time")
    for size in sizes:
        for level in reachable(size):
            stats = per_level.setdefault(level, Counter())
            for operations in OPERATION_SETS:
                for hidden in (False, True):
                    params = Params(size=size, difficulty=level, operations=operations, hide_operations=hidden)
                    try:
                        params.validate()
                    except BookgenError:
                        continue
                    made, median = measure(params, seeds, budget, stats)
                    ops = "".join(operations)
                    print(f"  {size:2}x{size:<2} {level:<8} {ops:<5} {'hidden' if hidden else 'shown':<6} "
                          f"{made:3}/{seeds}  median {median:6.2f} s", flush=True)
    print("\nPer level (all puzzles above): giveaways among multi-cell cages, one-cell share, sizes, operations")
    for level, stats in per_level.items():
        cages = sum(v for k, v in stats.items() if isinstance(k, tuple) and k[0] == "size")
        multi = max(stats["multi"], 1)
        sizes_text = " ".join(f"{s}:{100 * stats[('size', s)] / cages:.0f}%" for s in range(1, 7) if stats[("size", s)])
        ops_text = " ".join(f"{op}{100 * stats[('op', op)] / multi:.0f}%" for op in "+-*/")
        print(f"  {level:<8} giveaways {100 * stats['giveaway'] / multi:4.1f}%  one-cell "
              f"{100 * stats[('size', 1)] / max(cages, 1):4.1f}%  sizes {sizes_text}  ops {ops_text}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if args else 10,
        [int(x) for x in args[1].split(",")] if len(args) > 1 else [4, 6, 9],
        float(args[2]) if len(args) > 2 else 60.0,
    )
