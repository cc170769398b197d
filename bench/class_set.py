"""A class set, as the composer page makes one (issue 31: under 3 s cold on 2 cores): 28
students' German worksheets of two 6x6 sudoku, two 4x4 KenKen and a 4x4 sliding puzzle,
each child at easy or medium; built cold (no puzzle cache) by `bookgen build` in its
own process with 2 jobs, and again with 1 (--jobs), timed from outside.

Not a test: nothing here asserts a time. Wall-clock time, and the CPU time of the build
and its workers (user + system, from the operating system's accounts of children). With
--parts, the set's puzzles are also made one by one in this process, as a build's workers
make and prove them, and their CPU time summed by type and level: which part of the
build is which (the 6x6 medium sudoku were 7.0 of its 7.5 s of puzzles).

    python bench/class_set.py [--repeats 1] [--jobs 2,1] [--parts] [--json]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchlib import ROOT, Report, add_json_flag, load_average, median

GOAL_SECONDS = 3.0
# The set itself, written once: bench/class_set.yaml (also built by hand in the figures).
SPEC = ROOT / "bench" / "class_set.yaml"


def students() -> int:
    """How many students the set is for (the spec's `students:` list, one `- ` line each)."""
    text = SPEC.read_text(encoding="utf-8")
    listed = text.split("students:", 1)[1].split("sections:", 1)[0]
    return sum(1 for line in listed.splitlines() if line.strip().startswith("- "))


def build(spec: Path, out: Path, jobs: int, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one cold build."""
    env = {**os.environ, "BOOKGEN_CACHE_DIR": str(cache)}
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    subprocess.run([sys.executable, "-m", "bookgen", "build", str(spec), "-o", str(out), "-q", "--no-cache",
                    "-j", str(jobs)], env=env, cwd=ROOT, check=True)
    wall, after = time.monotonic() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def parts() -> list[dict[str, Any]]:
    """CPU seconds of making and proving the set's puzzles, by type and level, in this
    process (no cache: each made afresh, as in a cold build)."""
    from bookgen.generation import _tasks, make_puzzle
    from bookgen.spec import load

    spent: dict[tuple[str, str], list[float]] = defaultdict(list)
    for planned in _tasks(load(SPEC)):
        start = time.process_time()
        puzzle = make_puzzle(planned.task)
        spent[planned.task.type, puzzle.difficulty].append(time.process_time() - start)
    return [{"type": kind, "level": level, "puzzles": len(times), "cpu_s": round(sum(times), 3),
             "median_s": round(median(times) or 0.0, 4), "worst_s": round(max(times), 4)}
            for (kind, level), times in sorted(spent.items())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--jobs", default="2,1", help="the job counts built with, comma-separated")
    parser.add_argument("--parts", action="store_true", help="also the CPU time of its puzzles by type and level")
    add_json_flag(parser)
    args = parser.parse_args()
    report = Report(args.json)
    report.say(f"load average {load_average()}; {students()} students, {args.repeats} builds each way")
    builds = []
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "class.yaml"
        spec.write_text(SPEC.read_text(encoding="utf-8"), encoding="utf-8")
        for jobs in [int(n) for n in args.jobs.split(",")]:
            runs = [build(spec, Path(folder) / f"class-{jobs}.pdf", jobs, Path(folder) / f"cache-{jobs}-{k}")
                    for k in range(args.repeats)]
            wall, cpu = median([r[0] for r in runs]), median([r[1] for r in runs])
            builds.append({"jobs": jobs, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3)})
            report.say(f"{jobs} jobs: {wall:.2f} s wall, {cpu:.2f} s CPU (goal {GOAL_SECONDS:g} s wall with 2)")
    shares = parts() if args.parts else []
    for part in shares:
        report.say(f"{part['type']} {part['level']}: {part['puzzles']} puzzles, {part['cpu_s']:.2f} s CPU "
                   f"(median {part['median_s']:.3f} s, worst {part['worst_s']:.3f} s)")
    report.say(f"load average at the end {load_average()}")
    report.done({"students": students(), "puzzles": students() * 5, "goal_seconds": GOAL_SECONDS,
                 "repeats": args.repeats, "builds": builds, "parts": shares})


if __name__ == "__main__":
    main()
