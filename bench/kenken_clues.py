"""KenKen's clues per level: how often a multi-cell clue gives its digits away (only one
set of digits makes it, like 3x in two squares), the share of one-cell cages, the cage
sizes and the mix of operations, over the puzzles made on seeds 0..N-1. Not a test, and
not the offer (bench/offer.py measures what is offered); the README quotes these figures.

Run: python bench/kenken_clues.py [--seeds 20] [--sizes 4,6,9] [--hidden]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

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


def line(level: str, counts: Counter) -> str:
    cages = sum(v for k, v in counts.items() if k.startswith("size"))
    multi = max(counts["multi"], 1)
    sizes = " ".join(f"{s}:{100 * counts[f'size{s}'] / cages:.0f}%" for s in range(1, 7) if counts[f"size{s}"])
    ops = " ".join(f"{op}{100 * counts[f'op{op}'] / multi:.0f}%" for op in OPERATIONS)
    return (f"  {level:<8} giveaways {100 * counts['giveaway'] / multi:4.1f}%  one-cell "
            f"{100 * counts['size1'] / max(cages, 1):4.1f}%  sizes {sizes}  ops {ops}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--sizes", default="4,6,9")
    ap.add_argument("--hidden", action="store_true", help="signs hidden")
    args = ap.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    signs = "hidden" if args.hidden else "shown"
    print(f"KenKen clues over seeds 0-{args.seeds - 1}, sizes {args.sizes}, all four signs {signs}:")
    for level in LEVEL_NAMES:
        counts: Counter = Counter()
        for size in sizes:
            if level in offered_levels(PUZZLE_TYPE.offer, size, OPERATIONS, args.hidden):
                counts += clue_counts(Params(size=size, difficulty=level, hide_operations=args.hidden), args.seeds)
        if counts:
            print(line(level, counts), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
