"""Book-scale benchmark: a 100-puzzle mixed book and a 30-student worksheet set.

Each build runs in its own process with a private cache folder, so the peak memory is
that build's and the cached rebuild reads only what the first build wrote; each is
repeated and the median taken. Not a test: nothing here asserts a time.

    python bench/book.py [--repeats 3] [--json]

`make bench` puts the figures in docs/benchmarks.md (and bench.json).
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

from benchlib import ROOT, Report, add_json_flag, median

# 100 puzzles: KenKen 4 to 9, killer, sudoku with its X, hyper and jigsaw variants, samurai,
# sliding. Sliding 4×4 stays at medium so the figures do not include the one-off
# pattern-database build (about 13 s).
MIXED_BOOK = """\
title: Benchmark book
seed: 2026
sections:
""" + "".join(f"""  - type: kenken
    size: {size}
    difficulty: {level}
    count: 5
""" for size, level in ((4, "medium"), (5, "medium"), (6, "hard"), (7, "hard"), (8, "medium"), (9, "medium"))) + """\
  - type: killer
    size: 9
    difficulty: easy
    count: 15
  - type: killer
    size: 6
    difficulty: medium
    count: 5
  - type: sudoku
    size: 9
    difficulty: medium
    count: 5
  - type: sudoku
    size: 9
    difficulty: hard
    count: 5
  - type: sudoku
    size: 6
    difficulty: easy
    count: 5
  - type: sudoku
    variant: x
    size: 9
    difficulty: medium
    count: 5
  - type: sudoku
    variant: hyper
    size: 9
    difficulty: hard
    count: 5
  - type: sudoku
    variant: jigsaw
    size: 8
    difficulty: medium
    count: 5
  - type: samurai
    difficulty: medium
    count: 2
  - type: sliding
    size: 3
    difficulty: hard
    count: 8
  - type: sliding
    size: 4
    difficulty: medium
    count: 10
"""

WORKSHEETS = """\
title: Worksheets for thirty
layout: worksheet
seed: 7
students: [{names}]
sections:
  - type: sudoku
    size: 6
    difficulty: easy
    count: 2
  - type: kenken
    size: 4
    difficulty: easy
    count: 2
""".format(names=", ".join(f"Student {i}" for i in range(1, 31)))


def measure(spec_path: str, out: str, jobs: int, use_cache: bool) -> dict:
    """One build in this process: wall time, CPU time per puzzle by type (with one job),
    render time."""
    import bookgen.build as b
    import bookgen.generation as g
    from bookgen.spec import load

    per_type: dict[str, list[float]] = defaultdict(list)
    rendering: list[float] = []
    make, render = g.make_puzzle, b.render

    def timed_make(task):
        start = time.process_time()
        puzzle = make(task)
        per_type[task.type].append(time.process_time() - start)
        return puzzle

    def timed_render(*args, **kwargs):
        start = time.perf_counter()
        render(*args, **kwargs)
        rendering.append(time.perf_counter() - start)

    if jobs == 1:
        g.make_puzzle = timed_make  # timing per type needs the puzzles made in this process
    b.render = timed_render
    spec = load(spec_path)
    start = time.perf_counter()
    layout = b.build(spec, out, jobs=jobs, use_cache=use_cache)
    wall = time.perf_counter() - start
    peak_kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return {
        "seconds": round(wall, 3),
        "puzzles": spec.total_puzzles,
        "pages": len(layout.pages),
        "render_seconds": round(sum(rendering), 3),
        "render_ms_per_page": round(1000 * sum(rendering) / max(1, len(layout.pages)), 1),
        "peak_memory_mb": round(peak_kb / 1024, 1),
        # Generation per puzzle by type (one job only: the puzzles are made in this process).
        "median_ms_per_puzzle": {t: round(1000 * median(v), 3) for t, v in sorted(per_type.items())},
    }


def run(spec_path: Path, out: Path, jobs: int, use_cache: bool, cache_dir: Path) -> dict:
    """`measure` in a fresh process, so memory and caches are that build's own."""
    env = {**os.environ, "BOOKGEN_CACHE_DIR": str(cache_dir)}
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); import book; "
            f"print(json.dumps(book.measure({str(spec_path)!r}, {str(out)!r}, {jobs}, {use_cache})))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


# What the page shows of each build: the median of the repeats for every figure.
FIGURES = ("seconds", "render_ms_per_page", "peak_memory_mb")


def medians(builds: list[dict]) -> dict:
    first = builds[0]
    out = {"builds": len(builds), "puzzles": first["puzzles"], "pages": first["pages"]}
    out.update({name: median([b[name] for b in builds]) for name in FIGURES})
    types = first["median_ms_per_puzzle"]
    out["median_ms_per_puzzle"] = {t: median([b["median_ms_per_puzzle"][t] for b in builds]) for t in types}
    return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="builds of each kind (the median is kept)")
    add_json_flag(parser)
    args = parser.parse_args(argv)
    report = Report(args.json)
    cores = os.cpu_count() or 1
    builds: dict[str, list[dict]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        book, sheets = work / "book.yaml", work / "worksheets.yaml"
        book.write_text(MIXED_BOOK)
        sheets.write_text(WORKSHEETS)
        for i in range(args.repeats):
            builds["book_1_job"].append(run(book, work / "b1.pdf", 1, False, work / "cache-none"))
            # Cold with every core, into a fresh cache; the first such cache is read back below.
            builds["book_all_jobs"].append(run(book, work / "b2.pdf", cores, True, work / f"cache-{i}"))
            builds["worksheets_30_students"].append(run(sheets, work / "w.pdf", cores, False, work / "cache-none"))
            report.say(f"  builds, round {i + 1} of {args.repeats} done")
        for i in range(args.repeats):
            builds["book_cached_rebuild"].append(run(book, work / "b3.pdf", cores, True, work / "cache-0"))
    figures = {"repeats": args.repeats, "cores": cores, "jobs": {"book_1_job": 1, "book_all_jobs": cores,
               "book_cached_rebuild": cores, "worksheets_30_students": cores}}
    figures["builds"] = {name: medians(builds[name]) for name in
                         ("book_1_job", "book_all_jobs", "book_cached_rebuild", "worksheets_30_students")}
    for name, value in figures["builds"].items():
        report.say(f"{name}: {json.dumps(value)}")
    report.done(figures)


if __name__ == "__main__":
    main(sys.argv[1:])
