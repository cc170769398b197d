"""Korf's 100 15-puzzle instances: each proved optimal, total and median CPU time.

Run from the repository root (`make bench`): `python bench/sliding_korf.py [--budget S] [--json]`.
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
import statistics
import sys
import time

from benchlib import ROOT, Report, add_json_flag, load_average  # also puts the checkout on the path

from bookgen.puzzles.sliding import board as sliding_board
from bookgen.puzzles.sliding import patterns as sliding_patterns
from bookgen.puzzles.sliding import search as sliding_search

INSTANCES = ROOT.parent / "shared" / "sliding" / "korf100.json"
SHOWN = "../shared/sliding/korf100.json"  # as the page names it, from the repository's root
TARGET_CPU_SECONDS = 60.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=600.0, help="total seconds for all instances (default 600)")
    parser.add_argument("--limit", type=int, default=100, help="try at most this many instances")
    add_json_flag(parser)
    args = parser.parse_args()
    report = Report(args.json)
    if not INSTANCES.is_file():
        report.say(f"skipped: {SHOWN} not found (expected at ../shared from the repo root)")
        report.done({"skipped": f"{SHOWN} not found"})
        return 0
    data = json.loads(INSTANCES.read_text())
    goal = tuple(data["goal"])
    instances = sorted(data["instances"], key=lambda item: (item["optimal"], item["id"]))[: args.limit]

    started = time.process_time()
    frame = sliding_board.label_frame(goal, goal, 4, 4)
    sliding_patterns.pattern_tables(4, 4, frame.blank)
    setup = time.process_time() - started
    report.say(f"pattern databases built or loaded in {setup:.1f} s CPU "
               f"(cache: {sliding_patterns.pattern_cache_dir()})")

    deadline = time.monotonic() + args.budget
    expired = sliding_search.deadline_after(args.budget)
    times: list[float] = []
    wrong = 0
    timed_out = None
    report.say(f"{'id':>4} {'published':>9} {'found':>5} {'nodes':>11} {'CPU s':>8}")
    for item in instances:
        if time.monotonic() >= deadline:
            break
        start = tuple(item["tiles"])
        began = time.process_time()
        try:
            found = sliding_search.solve_optimal(start, goal, 4, expired=expired)
        except sliding_search.SearchTimeout:
            report.say(f"{item['id']:>4} {item['optimal']:>9}   out of time")
            timed_out = item["id"]
            break
        spent = time.process_time() - began
        assert sliding_board.apply_moves(start, found.moves, 4) == goal, "the moves do not reach the goal"
        length = len(found.moves)
        mark = "" if length == item["optimal"] else "  WRONG LENGTH"
        wrong += length != item["optimal"]
        times.append(spent)
        report.say(f"{item['id']:>4} {item['optimal']:>9} {length:>5} {found.nodes:>11,} {spent:>8.3f}{mark}")
    total = sum(times)
    med = statistics.median(times) if times else 0
    report.say(f"solved {len(times)} of {len(instances)} within {args.budget:.0f} s, {len(times) - wrong} of the "
               f"published length, {wrong} not")
    report.say(f"CPU: total {total:.1f} s, median {med:.3f} s; {total / TARGET_CPU_SECONDS:.2f} of the "
               f"{TARGET_CPU_SECONDS:.0f} s target; load average {load_average()}")
    report.done({"instances": len(instances), "solved": len(times), "wrong_length": wrong, "out_of_time": timed_out,
                 "budget_seconds": args.budget, "setup_cpu_seconds": round(setup, 3),
                 "total_cpu_seconds": round(total, 3), "median_cpu_seconds": round(med, 4),
                 "target_cpu_seconds": TARGET_CPU_SECONDS, "issue": 19})
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
