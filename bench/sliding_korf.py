"""Korf's 100 15-puzzle instances: how many the optimal solver finishes within a budget.

Run from the repository root (`make bench`): `python bench/sliding_korf.py [--budget S]`.
The instances live outside the repository, at ../shared/sliding/korf100.json; the
script says so and exits cleanly when that file is absent. Instances are tried from the
shortest published length up, each with what is left of the total budget, and every
length found is compared with the published one. A benchmark, not a test: nothing in
the solver is tuned to these instances.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookgen.puzzles.sliding import board as sliding_board  # noqa: E402
from bookgen.puzzles.sliding import patterns as sliding_patterns  # noqa: E402
from bookgen.puzzles.sliding import search as sliding_search  # noqa: E402

INSTANCES = ROOT.parent / "shared" / "sliding" / "korf100.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=600.0, help="total seconds for all instances (default 600)")
    parser.add_argument("--limit", type=int, default=100, help="try at most this many instances")
    args = parser.parse_args()
    if not INSTANCES.is_file():
        print(f"skipped: {INSTANCES.relative_to(ROOT.parent)} not found (expected at ../shared from the repo root)")
        return 0
    data = json.loads(INSTANCES.read_text())
    goal = tuple(data["goal"])
    instances = sorted(data["instances"], key=lambda item: (item["optimal"], item["id"]))[: args.limit]

    started = time.process_time()
    for pattern in sliding_patterns.pattern_partition(4, 4, 0) or ():
        sliding_patterns.pattern_table(4, 4, pattern)
    setup = time.process_time() - started
    print(f"pattern databases built or loaded in {setup:.1f} s (cache: {sliding_patterns.pattern_cache_dir()})")

    deadline = time.monotonic() + args.budget
    expired = sliding_search.deadline_after(args.budget)
    times: list[float] = []
    wrong = 0
    print(f"{'id':>4} {'published':>9} {'found':>5} {'nodes':>11} {'seconds':>8}")
    for item in instances:
        if time.monotonic() >= deadline:
            break
        start = tuple(item["tiles"])
        began = time.monotonic()
        try:
            found = sliding_search.solve_optimal(start, goal, 4, expired=expired)
        except sliding_search.SearchTimeout:
            print(f"{item['id']:>4} {item['optimal']:>9}   out of time")
            break
        spent = time.monotonic() - began
        assert sliding_board.apply_moves(start, found.moves, 4) == goal, "the moves do not reach the goal"
        length = len(found.moves)
        mark = "" if length == item["optimal"] else "  WRONG LENGTH"
        wrong += length != item["optimal"]
        times.append(spent)
        print(f"{item['id']:>4} {item['optimal']:>9} {length:>5} {found.nodes:>11,} {spent:>8.2f}{mark}")
    total = sum(times)
    print(
        f"solved {len(times)} of {len(instances)} within {args.budget:.0f} s; "
        f"{wrong} with a wrong length; median {statistics.median(times) if times else 0:.2f} s; total {total:.1f} s"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
