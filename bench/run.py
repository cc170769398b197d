"""`make bench`: runs the benchmarks and writes what they measured, medians and ratios, to
docs/benchmarks.md, with the figures behind it in bench.json; then writes docs/offer.md
from the offer records (bench/offer_page.py, which measures nothing).

Not a test: nothing here asserts a time. Each benchmark runs in its own process with
`--json` and hands back its figures as JSON; its progress lines go to the terminal. The
page is made from bench.json alone (bench/benchmarks_page.py), so no figure on it is typed
by hand. Long benchmarks run with shorter arguments (QUICK), and the page says so.

    python bench/run.py                   (what `make bench` runs: about 7 minutes on 2 cores at rest)
    python bench/run.py --smoke --page P --data D   (tiny arguments, to try the bench itself)
    python bench/run.py --only sudoku,book --page P --data D
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import benchmarks_page
from benchlib import ROOT, load_average


@dataclass(frozen=True)
class Bench:
    name: str  # its key in bench.json
    script: str  # in bench/
    args: tuple[str, ...] = ()  # make bench's
    smoke: tuple[str, ...] = ()  # --smoke's
    quick: str = ""  # when `args` are shorter than the benchmark's full run: how


BENCHES = (
    Bench("sudoku", "sudoku.py", ("--seeds", "100"), ("--seeds", "3")),
    Bench("book", "book.py", ("--repeats", "5"), ("--repeats", "1")),
    Bench("kenken", "kenken.py", ("--seeds", "100", "--sizes", "4,6,9,12"), ("--seeds", "2", "--sizes", "4,6")),
    Bench("kenken_clues", "kenken_clues.py", ("--seeds", "100", "--both"), ("--seeds", "1", "--sizes", "4", "--both")),
    Bench("page_use", "page_use.py", (), ("samples/worksheet.yaml",)),
    Bench("korf", "sliding_korf.py", ("--budget", "600"), ("--limit", "3")),
    # Generation per pair (alone and with the re-proof) and the 68 KenKen solves, Tatham's
    # side beside ours when his programs are built; start-up is bench/startup.py's.
    Bench("versus", "versus.py", ("--seeds", "30", "--only", "kenken", "--only", "sudoku", "--only", "killer",
                                  "--only", "solve"), ("--seeds", "2", "--only", "kenken", "--only", "solve")),
    Bench("startup", "startup.py", ("--repeats", "15"), ("--repeats", "2")),
    Bench("worst_cases", "worst_cases.py", ("--seeds", "12"), ("--seeds", "1"),
          quick="12 seeds a row, so its worst is the worst of 12; the 99th percentile needs --seeds 100"),
    Bench("class_set", "class_set.py", ("--jobs", "2", "--first"), ("--jobs", "2", "--first"),
          quick="built once, with 2 jobs; by hand it builds with 1 job too"),
    # bench/render.py (rendering against a bare ReportLab script) where the checkout has it.
    Bench("render", "render.py", ("--repeats", "3"), ("--repeats", "1")),
    Bench("fuzz", "fuzz_files.py", ("--cases", "300"), ("--cases", "8"),
          quick="its full run, without --cases, makes 1,000 cases"),
)
# Scripts in bench/ that `make bench` does not run as benchmarks, and why (the page lists
# them; helpers without a __main__, such as benchlib.py and hostile_files.py, need no entry).
NOT_RUN = {
    "offer.py": "measures the offer records, 100 seeds a combination (hours for every type), so `make bench` does "
                "not run it: run it by hand after a change to what a type makes. `make bench` writes "
                "[the measured offer](offer.md) from the records.",
    "offer_page.py": "writes docs/offer.md from the offer records; `make bench` runs it after the benchmarks.",
    "benchmarks_page.py": "writes this page from bench.json; `make bench` runs it after the benchmarks.",
    "record.py": "what a class record adds to a build (a record of 30 children over 40 weeks): run it by hand; "
                 "[a class record](record.md) says what it measures.",
    "render.py": "bookgen's rendering against a bare ReportLab script drawing the same pages (issue 31); "
                 "run it by hand (`python bench/render.py`) until `make bench` runs it and bench.json has its figures.",
}


def commit() -> tuple[str | None, list[str]]:
    """The checkout's commit, and the tracked files of measured code with uncommitted changes."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "bookgen", "engine",
                                 "bench", "pyproject.toml"], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None, []
    return head, sorted(line[3:] for line in status.splitlines() if line.strip())


def machine() -> dict:
    cpu = None
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = " ".join(line.split(":", 1)[1].split())
                break
    except OSError:
        pass
    return {"cores": os.cpu_count(), "cpu": cpu, "system": platform.system() or "unknown",
            "python": platform.python_version()}


def child_env() -> dict[str, str]:
    """The checkout measured first on every process's path, bookgen's own included."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def run_one(bench: Bench, smoke: bool) -> dict:
    args = list(bench.smoke if smoke else bench.args)
    print(f"\n== bench/{bench.script} {' '.join(args)}", flush=True)
    if not (ROOT / "bench" / bench.script).is_file():
        print("   not in this checkout", flush=True)
        return {"script": f"bench/{bench.script}", "args": args, "quick": None, "exit": None, "seconds": 0.0,
                "load_before": load_average(), "load_after": load_average(), "figures": None, "absent": True}
    before, started = load_average(), time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / "bench" / bench.script), *args, "--json"], cwd=ROOT,
                          env=child_env(), stdout=subprocess.PIPE, text=True, check=False)
    took = time.monotonic() - started
    figures = None
    lines = done.stdout.strip().splitlines()
    if lines:
        try:
            figures = json.loads(lines[-1])
        except json.JSONDecodeError:
            figures = None
    print(f"   {took:.0f} s, exit {done.returncode}" + ("" if figures is not None else ", no figures"), flush=True)
    return {"script": f"bench/{bench.script}", "args": args, "quick": bench.quick or None, "exit": done.returncode,
            "seconds": round(took, 1), "load_before": before, "load_after": load_average(), "figures": figures}


def unlisted() -> list[str]:
    """Benchmarks in bench/ that neither run here nor are said not to (a new one forgotten)."""
    known = {bench.script for bench in BENCHES} | set(NOT_RUN) | {"run.py"}
    return [path.name for path in sorted((ROOT / "bench").glob("*.py"))
            if path.name not in known and "__main__" in path.read_text(encoding="utf-8")]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="tiny arguments everywhere, to try the bench itself")
    parser.add_argument("--only", help="comma-separated names of the benchmarks to run: "
                        + ", ".join(bench.name for bench in BENCHES))
    parser.add_argument("--page", type=Path, default=benchmarks_page.PAGE)
    parser.add_argument("--data", type=Path, default=benchmarks_page.DATA)
    args = parser.parse_args(argv)
    chosen = BENCHES
    if args.only:
        names = args.only.split(",")
        unknown = set(names) - {bench.name for bench in BENCHES}
        if unknown:
            parser.error(f"no benchmark named {', '.join(sorted(unknown))}")
        chosen = tuple(bench for bench in BENCHES if bench.name in names)
    partial = args.smoke or args.only
    if partial and (args.page == benchmarks_page.PAGE or args.data == benchmarks_page.DATA):
        parser.error("--smoke and --only write elsewhere: give --page and --data (the committed page is a full run's)")

    head, changed = commit()
    started, before = time.monotonic(), load_average()
    date = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"make bench: {len(chosen)} benchmarks, commit {head}, load average {before}", flush=True)
    sections = {bench.name: run_one(bench, args.smoke) for bench in chosen}
    data = {
        "about": "The figures behind docs/benchmarks.md, written with it by make bench (bench/run.py) in one run; "
                 "bench/benchmarks_page.py makes the page from them. Not edited by hand.",
        "run": {"date": date, "commit": head, "changed": changed, "machine": machine(), "load_before": before,
                "load_after": load_average(), "seconds": round(time.monotonic() - started, 1),
                "smoke": bool(args.smoke)},
        "sections": sections,
        "not_run": NOT_RUN,
    }
    args.data.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    args.page.write_text(benchmarks_page.render(data), encoding="utf-8")
    print(f"\nwrote {args.page} and {args.data} ({benchmarks_page.duration(data['run']['seconds'])}, load average "
          f"{data['run']['load_after']} at the end)")
    forgotten = unlisted()
    if forgotten:
        print(f"not run, and not said why in bench/run.py's NOT_RUN: {', '.join(forgotten)}")
    # The measured offer's page, from the records (nothing measured).
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "offer_page.py")], cwd=ROOT, env=child_env(),
                          check=False)
    failed = [name for name, item in sections.items() if item["figures"] is None and not item.get("absent")]
    if failed:
        print(f"no figures from: {', '.join(failed)} (the page says so)")
    return 1 if done.returncode or forgotten or failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
