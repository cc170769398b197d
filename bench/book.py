"""Book-scale benchmark: a 100-puzzle mixed book and a 30-student worksheet set.

Prints the figures and writes them to bench.json (at the repository's top, or the path
given as the first argument) so versions can be compared. Every build runs in its own
process with a private cache folder, so the peak memory is that build's and the cached
rebuild reads only what the first build wrote. Not a test: nothing here asserts a time.

    python bench/book.py [bench.json]
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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
    """One build in this process: wall time, generation time per type, render time."""
    import bookgen.build as b
    from bookgen.spec import load

    per_type: dict[str, list[float]] = defaultdict(list)
    rendering: list[float] = []
    make, render = b.make_puzzle, b.render

    def timed_make(task):
        start = time.perf_counter()
        puzzle = make(task)
        per_type[task.type].append(time.perf_counter() - start)
        return puzzle

    def timed_render(*args, **kwargs):
        start = time.perf_counter()
        render(*args, **kwargs)
        rendering.append(time.perf_counter() - start)

    if jobs == 1:
        b.make_puzzle = timed_make  # timing per type needs the puzzles made in this process
    b.render = timed_render
    spec = load(spec_path)
    start = time.perf_counter()
    layout = b.build(spec, out, jobs=jobs, use_cache=use_cache)
    wall = time.perf_counter() - start
    peak_kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return {
        "seconds": round(wall, 2),
        "puzzles": spec.total_puzzles,
        "pages": len(layout.pages),
        "render_seconds": round(sum(rendering), 3),
        "render_ms_per_page": round(1000 * sum(rendering) / max(1, len(layout.pages)), 1),
        "peak_memory_mb": round(peak_kb / 1024, 1),
        "puzzles_per_second": {t: round(len(v) / sum(v), 2) for t, v in sorted(per_type.items())},
    }


def run(spec_path: Path, out: Path, jobs: int, use_cache: bool, cache_dir: Path) -> dict:
    """`measure` in a fresh process, so memory and caches are that build's own."""
    env = {**os.environ, "BOOKGEN_CACHE_DIR": str(cache_dir)}
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); import book; "
            f"print(json.dumps(book.measure({str(spec_path)!r}, {str(out)!r}, {jobs}, {use_cache})))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "bench.json"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        book, sheets = work / "book.yaml", work / "worksheets.yaml"
        book.write_text(MIXED_BOOK)
        sheets.write_text(WORKSHEETS)
        figures = {"machine": {"cores": os.cpu_count(), "python": sys.version.split()[0]}}
        figures["book_1_job"] = run(book, work / "b1.pdf", 1, False, work / "cache-none")
        figures["book_2_jobs"] = run(book, work / "b2.pdf", 2, True, work / "cache")
        figures["book_cached_rebuild"] = run(book, work / "b3.pdf", 2, True, work / "cache")
        figures["worksheets_30_students"] = run(sheets, work / "w.pdf", 2, False, work / "cache-none")
    for name, value in figures.items():
        print(f"{name}: {json.dumps(value)}")
    target.write_text(json.dumps(figures, indent=1) + "\n")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
