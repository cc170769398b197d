"""A class set, as the composer page makes one (issue 31: under 3 s cold on 2 cores): 28
students' German worksheets of two 6x6 sudoku, two 4x4 KenKen and a 4x4 sliding puzzle,
each child at easy or medium; built cold (no puzzle cache) by `bookgen build` in its
own process with 2 jobs, and again with 1 (--jobs), timed from outside, with compiled
bytecode as an installed package has.

Not a test: nothing here asserts a time. Wall-clock time, and the CPU time of the build
and its workers (user + system, from the operating system's accounts of children). With
--parts, the set's puzzles are also made one by one in this process, as a build's workers
make and prove them, and their CPU time summed by type and level: which part of the
build is which (the 6x6 medium sudoku were 7.0 of its 7.5 s of puzzles). With --first,
the first page of the set's preview as the composer makes it (issue 31: under 1 s): in a
process that has loaded what the composer's fork server loads (bookgen.serve.warm), from
the spec's text to the first sheet's image, wall-clock, with an empty puzzle cache.

With --phases, a cold build's CPU time step by step (start-up, the spec, planning, the
puzzles, layout, drawing and writing; the workers' time apart from making puzzles):
where the time outside puzzle generation goes.

    python bench/class_set.py [--repeats 1] [--jobs 2,1] [--parts] [--first] [--phases] [--json]
"""

from __future__ import annotations

import argparse
import json
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


# Every process runs with compiled bytecode, as an installed package runs (bench/startup.py
# does the same): a private bytecode folder, filled by one small untimed build first,
# whatever PYTHONDONTWRITEBYTECODE says here. Without it every build compiled ReportLab,
# fontTools and bookgen from source, about 1 s of CPU of a cold set (issue 31).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def compiled(folder: Path) -> None:
    """Fill `folder` with the bytecode of what a build of the set loads: a build of its
    first two students, untimed."""
    ENV["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
    text = SPEC.read_text(encoding="utf-8")
    head, rest = text.split("students:", 1)
    listed, sections = rest.split("sections:", 1)
    kept = [line for line in listed.splitlines() if line.strip().startswith("- ")][:2]
    small = folder / "warm-up.yaml"
    small.write_text(head + "students:\n" + "\n".join(kept) + "\nsections:" + sections, encoding="utf-8")
    build(small, folder / "warm-up.pdf", 2, folder / "warm-up-cache")


def students() -> int:
    """How many students the set is for (the spec's `students:` list, one `- ` line each)."""
    text = SPEC.read_text(encoding="utf-8")
    listed = text.split("students:", 1)[1].split("sections:", 1)[0]
    return sum(1 for line in listed.splitlines() if line.strip().startswith("- "))


def build(spec: Path, out: Path, jobs: int, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one cold build."""
    env = {**ENV, "BOOKGEN_CACHE_DIR": str(cache)}
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


# A cold build (no puzzle cache, an empty cache folder: the fonts are made too) in a fresh
# process, with the CPU time of each of its steps: the main process's (start-up, the spec,
# planning, layout, drawing and writing, the rest) and its workers' (making and proving
# the puzzles, and what else they spend: starting, taking tasks, sending puzzles back).
PHASES_RUN = """
import json, os, resource, sys, time
started = time.process_time()
import bookgen.build as build, bookgen.generation as generation
from bookgen.spec import load
log, jobs = sys.argv[2], int(sys.argv[3])
spent = {"start-up (imports)": time.process_time() - started}
helped = {}  # the workers' CPU seconds during each step
made = generation.obtain
def obtain(task):
    before = time.process_time()
    puzzle = made(task)
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{time.process_time() - before}\\n")
    return puzzle
generation.obtain = obtain
def timed(name, label):
    inner = getattr(build, name)
    def step(*args, **kwargs):
        before, children = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            return inner(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - before
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            helped[label] = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    setattr(build, name, step)
for name, label in (("fonts_for", "fonts and texts"), ("plan", "planning pages"), ("generate_all", "puzzles (main)"),
                    ("book_layout", "layout, hints"), ("render", "drawing and writing the PDF")):
    timed(name, label)
before = time.process_time()
spec = load(sys.argv[1])
spent["the spec"] = time.process_time() - before
before = time.process_time()
build.build(spec, os.path.join(os.path.dirname(log), "phases.pdf"), jobs=jobs)
total = time.process_time() - before
spent["the rest of the build"] = total - sum(v for k, v in spent.items() if k not in ("start-up (imports)", "the spec"))
workers = resource.getrusage(resource.RUSAGE_CHILDREN)
tasks = [float(line) for line in open(log, encoding="utf-8")]
print(json.dumps({"main": spent, "workers_cpu_s": workers.ru_utime + workers.ru_stime, "tasks_cpu_s": sum(tasks),
                  "tasks": len(tasks), "drawing_workers_cpu_s": helped.get("drawing and writing the PDF", 0.0)}))
"""


def phases(spec: Path, folder: Path, jobs: int) -> dict[str, Any]:
    """CPU seconds of a cold build's steps, main process and workers (PHASES_RUN)."""
    folder.mkdir()
    env = {**ENV, "BOOKGEN_CACHE_DIR": str(folder / "cache")}
    out = subprocess.run([sys.executable, "-c", PHASES_RUN, str(spec), str(folder / "tasks.log"), str(jobs)],
                         env=env, cwd=ROOT, check=True, capture_output=True, text=True)
    said = json.loads(out.stdout)
    main = {k: round(v, 3) for k, v in said["main"].items()}
    making, workers, drawing = said["tasks_cpu_s"], said["workers_cpu_s"], said["drawing_workers_cpu_s"]
    # With one job the puzzles are made in the main process (inside its "puzzles" step).
    outside = sum(main.values()) + workers - making
    return {"jobs": jobs, "main_cpu_s": main, "workers_cpu_s": round(workers, 3), "puzzles_cpu_s": round(making, 3),
            "drawing_workers_cpu_s": round(drawing, 3),
            "puzzle_workers_other_cpu_s": round(workers - drawing - making, 3) if jobs > 1 else 0.0,
            "outside_puzzles_cpu_s": round(outside, 3)}


FIRST_GOAL_SECONDS = 1.0
# A fresh process standing in for the composer's warm fork server: what it loads first,
# then the clock, then what a preview build's child does before the first sheet is shown.
FIRST_PAGE_RUN = """
import json, os, sys, time
from pathlib import Path
import bookgen.serve.warm
from bookgen.serve.builder import PREVIEW_DPI
from bookgen.serve.early import FIRST_PAGE, first_page
from bookgen.spec import parse
text, folder = Path(sys.argv[1]).read_text(encoding="utf-8"), Path(sys.argv[2])
started = time.monotonic()
spec = parse(text, str(folder / "book.yaml"), folder)
made = first_page(spec, folder, PREVIEW_DPI, os.cpu_count() or 1)
print(json.dumps({"seconds": time.monotonic() - started, "made": made and (folder / FIRST_PAGE).is_file()}))
"""


def first_page_seconds(spec: Path, folder: Path) -> float:
    """Wall seconds from the spec's text to the class set's first sheet, in a warm process."""
    env = {**ENV, "BOOKGEN_CACHE_DIR": str(folder / "cache")}
    folder.mkdir()
    out = subprocess.run([sys.executable, "-c", FIRST_PAGE_RUN, str(spec), str(folder)], env=env, cwd=ROOT,
                         check=True, capture_output=True, text=True)
    said = json.loads(out.stdout)
    if not said["made"]:
        raise SystemExit("no first page was made for the class set")
    return float(said["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--jobs", default="2,1", help="the job counts built with, comma-separated")
    parser.add_argument("--parts", action="store_true", help="also the CPU time of its puzzles by type and level")
    parser.add_argument("--first", action="store_true", help="also the preview's first page, as the composer makes it")
    parser.add_argument("--phases", action="store_true",
                        help="also the CPU time of a cold build's steps (the first of --jobs), main process and workers")
    add_json_flag(parser)
    args = parser.parse_args()
    report = Report(args.json)
    report.say(f"load average {load_average()}; {students()} students, {args.repeats} builds each way")
    builds = []
    with tempfile.TemporaryDirectory() as folder:
        compiled(Path(folder))
        spec = Path(folder) / "class.yaml"
        spec.write_text(SPEC.read_text(encoding="utf-8"), encoding="utf-8")
        for jobs in [int(n) for n in args.jobs.split(",")]:
            runs = [build(spec, Path(folder) / f"class-{jobs}.pdf", jobs, Path(folder) / f"cache-{jobs}-{k}")
                    for k in range(args.repeats)]
            wall, cpu = median([r[0] for r in runs]), median([r[1] for r in runs])
            builds.append({"jobs": jobs, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3)})
            report.say(f"{jobs} jobs: {wall:.2f} s wall, {cpu:.2f} s CPU (goal {GOAL_SECONDS:g} s wall with 2)")
        first = None
        if args.first:
            times = [first_page_seconds(spec, Path(folder) / f"first-{k}") for k in range(max(args.repeats, 3))]
            first = {"runs": len(times), "median_s": round(median(times) or 0.0, 3), "worst_s": round(max(times), 3),
                     "goal_seconds": FIRST_GOAL_SECONDS}
            report.say(f"first page of the preview: median {first['median_s']:.2f} s, worst {first['worst_s']:.2f} s "
                       f"of {len(times)} (goal {FIRST_GOAL_SECONDS:g} s)")
        steps = phases(spec, Path(folder) / "phases", int(args.jobs.split(",")[0])) if args.phases else None
        if steps is not None:
            report.say(f"a cold build's steps with {steps['jobs']} jobs, CPU s: " + ", ".join(
                f"{k} {v:.3f}" for k, v in steps["main_cpu_s"].items()) + f"; workers {steps['workers_cpu_s']:.3f}"
                f" (making and proving puzzles {steps['puzzles_cpu_s']:.3f}, drawing pages "
                f"{steps['drawing_workers_cpu_s']:.3f}, the rest {steps['puzzle_workers_other_cpu_s']:.3f}); "
                "outside the puzzles "
                f"{steps['outside_puzzles_cpu_s']:.3f} (and the interpreter's own start)")
    shares = parts() if args.parts else []
    for part in shares:
        report.say(f"{part['type']} {part['level']}: {part['puzzles']} puzzles, {part['cpu_s']:.2f} s CPU "
                   f"(median {part['median_s']:.3f} s, worst {part['worst_s']:.3f} s)")
    report.say(f"load average at the end {load_average()}")
    report.done({"students": students(), "puzzles": students() * 5, "goal_seconds": GOAL_SECONDS,
                 "repeats": args.repeats, "builds": builds, "parts": shares, "first_page": first,
                 "phases": steps})


if __name__ == "__main__":
    main()
