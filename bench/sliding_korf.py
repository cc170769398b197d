"""Korf's 100 15-puzzle instances: each proved optimal, total and median CPU time.

Run from the repository root (`make bench`): `python bench/sliding_korf.py [--budget S]`.
The instances live outside the repository, at ../shared/sliding/korf100.json; the
script says so and exits cleanly when that file is absent. Instances are tried from the
shortest published length up, each with what is left of the total budget (wall-clock),
and every length found is compared with the published one. Issue 19's target is all
100 in under 60 s of CPU on one core: the last line sets the total against it, with the
load average (other work on the machine slows even a one-core figure, through the
shared memory caches). The pattern databases are loaded (or built, once) before the
clock starts, as `bookgen solve` does. A benchmark, not a test: nothing in the solver is
tuned to these instances.
"""

from __future__ import annotations

import argparse
import json
import os
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
TARGET_CPU_SECONDS = 60.0


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
    frame = sliding_board.label_frame(goal, goal, 4, 4)
    sliding_patterns.pattern_tables(4, 4, frame.blank)
    setup = time.process_time() - started
    print(f"pattern databases built or loaded in {setup:.1f} s CPU (cache: {sliding_patterns.pattern_cache_dir()})")

    deadline = time.monotonic() + args.budget
    expired = sliding_search.deadline_after(args.budget)
    times: list[float] = []
    wrong = 0
    print(f"{'id':>4} {'published':>9} {'found':>5} {'nodes':>11} {'CPU s':>8}")
    for item in instances:
        if time.monotonic() >= deadline:
            break
        start = tuple(item["tiles"])
        began = time.process_time()
        try:
            found = sliding_search.solve_optimal(start, goal, 4, expired=expired)
        except sliding_search.SearchTimeout:
            print(f"{item['id']:>4} {item['optimal']:>9}   out of time")
            break
        spent = time.process_time() - began
        assert sliding_board.apply_moves(start, found.moves, 4) == goal, "the moves do not reach the goal"
        length = len(found.moves)
        mark = "" if length == item["optimal"] else "  WRONG LENGTH"
        wrong += length != item["optimal"]
        times.append(spent)
        print(f"{item['id']:>4} {item['optimal']:>9} {length:>5} {found.nodes:>11,} {spent:>8.3f}{mark}")
    total = sum(times)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    print(f"solved {len(times)} of {len(instances)} within {args.budget:.0f} s, {len(times) - wrong} of the "
          f"published length, {wrong} not")
    print(f"CPU: total {total:.1f} s, median {statistics.median(times) if times else 0:.3f} s; "
          f"{total / TARGET_CPU_SECONDS:.2f} of the {TARGET_CPU_SECONDS:.0f} s target; load average {load}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
