"""Hostile files through the command line: generated layout files, fonts, pictures and
cache entries, each run as a user would run bookgen, in its own process, with a time
bound and its peak memory measured.

Run: python bench/fuzz_files.py [--cases 1000] [--jobs 2] [--seed 22] [--timeout 60] [--json]

The cases are shared equally between the four kinds, each made by bench/hostile_files.py
from its own seeded random generator (the same cases on every run):
- layout: keys of the layout table with hostile values (.nan, 1e999, negatives, huge
  text, placeholders with attributes, control characters, aliases, deep nesting) or
  random bytes, as `layout:` beside a small spec; `check`, and `build` when check
  accepts it;
- font: a subset of Atkinson Hyperlegible with every character the book prints,
  truncated, with flipped bytes (in its table directory or anywhere), with a character
  map of huge groups, or random bytes, as `font:`; `check`, and `build` when accepted;
- picture: a PNG or JPEG truncated, with flipped bytes, with a compressed chunk that
  inflates far, with a header claiming a huge size, or random bytes, as a sliding
  puzzle's `image:`; `check`, and `build` when accepted;
- cache: one entry of a first build's cache (sudoku, KenKen, killer, sliding) edited (a
  field replaced, a list item changed, a key dropped, bytes changed, truncated, a
  pickle) with its checksum recomputed as a forger would; the rebuild must print the
  first book byte for byte.

Every run must end within the bound with exit 0, or exit 2 and one line a problem, each
naming a file (or "bookgen: ..."), with no traceback, and no output left behind by a refused build.
The report counts exits by kind and status, and gives the median and slowest run and the
peak resident memory of any run (from wait4). Exit status 1 when any run broke a rule.
`make bench` runs 100 cases (a quick run) and puts the report in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from benchlib import Report, add_json_flag, load_average, median
from hostile_files import base_font, base_pictures, edited_entry, hostile_font, hostile_layout, hostile_picture

SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"
PICTURE_SECTION = "sections:\n  - type: sliding\n    size: 3\n    difficulty: easy\n    image: pic.png\n"
CACHED_BOOK = """\
seed: 9
sections:
  - {type: sudoku, size: 4, difficulty: beginner, count: 1}
  - {type: kenken, size: 4, difficulty: easy, count: 1}
  - {type: killer, size: 4, difficulty: easy, count: 1}
  - {type: sliding, size: 3, difficulty: easy, count: 1}
"""
KINDS = ("layout", "font", "picture", "cache")


@dataclass(frozen=True)
class Run:
    """One bookgen process: its arguments, exit status, output, time and peak memory."""

    args: tuple[str, ...]
    status: int | None  # None: killed at the time bound
    stderr: str
    seconds: float
    peak_mb: float


@dataclass
class Case:
    kind: str
    index: int
    how: str
    runs: list[Run] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)


# ----- running bookgen

class _MeasuredPopen(subprocess.Popen):
    """A Popen that reaps its child with wait4, keeping the child's peak resident memory
    (the one place the standard library waits for a child is this hook)."""

    peak_kb = 0

    def _try_wait(self, wait_flags):
        try:
            pid, status, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self.peak_kb = usage.ru_maxrss
        return pid, status


def run_bookgen(args: list[str], cwd: Path, timeout: float, cache_dir: Path) -> Run:
    env = {**os.environ, "BOOKGEN_CACHE_DIR": str(cache_dir)}
    started = time.monotonic()
    process = _MeasuredPopen([sys.executable, "-m", "bookgen.cli", *args], cwd=cwd, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        _out, err = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        _out, err = process.communicate()
        status = None
    return Run(tuple(args), status, err.decode("utf-8", "replace"), time.monotonic() - started,
               process.peak_kb / 1024)


def judge(case: Case, run: Run, refused_files: tuple[str, ...]) -> None:
    """The house rules for one run: in time, exit 0 or 2, no traceback, one line a
    problem, each naming a file (or bookgen)."""
    if run.status is None:
        case.broken.append(f"{' '.join(run.args)}: still running after the time bound")
        return
    if "Traceback" in run.stderr or run.status not in (0, 2):
        case.broken.append(f"{' '.join(run.args)}: exit {run.status}: {run.stderr.strip()[-300:]}")
        return
    lines = run.stderr.splitlines()
    if run.status == 2 and not (lines and all(line.startswith(refused_files + ("bookgen: ",)) for line in lines)):
        case.broken.append(f"{' '.join(run.args)}: not a line a problem naming a file: {run.stderr.strip()[:300]}")


def check_then_build(case: Case, folder: Path, timeout: float, cache_dir: Path, files: tuple[str, ...]) -> None:
    """`check`; when it accepts, `build` must make the book; when it refuses, nothing is written."""
    checked = run_bookgen(["check", "book.yaml"], folder, timeout, cache_dir)
    case.runs.append(checked)
    judge(case, checked, files)
    if checked.status == 0:
        built = run_bookgen(["build", "book.yaml", "-o", "book.pdf", "-j", "1", "-q"], folder, timeout, cache_dir)
        case.runs.append(built)
        judge(case, built, files)
        if built.status != 0:
            case.broken.append(f"check accepted, build refused: {built.stderr.strip()[:300]}")
        elif not (folder / "book.pdf").read_bytes().rstrip().endswith(b"%%EOF"):
            case.broken.append("build made an unfinished PDF")
    leftovers = sorted(p.name for p in folder.iterdir() if p.name.endswith(".part") or p.name.startswith(".bookgen"))
    if leftovers:
        case.broken.append(f"left behind: {leftovers}")


# ----- layouts

def layout_case(index: int, seed: int, work: Path, timeout: float, cache_dir: Path) -> Case:
    rng = random.Random(f"{seed}-layout-{index}")
    how, data = hostile_layout(rng)
    case = Case("layout", index, how)
    with tempfile.TemporaryDirectory(dir=work) as folder:
        (Path(folder) / "mine.yaml").write_bytes(data)
        (Path(folder) / "book.yaml").write_text("title: Fuzz\nlayout: mine.yaml\n" + SECTION)
        check_then_build(case, Path(folder), timeout, cache_dir, ("book.yaml", "mine.yaml"))
    return case


# ----- fonts

def font_case(index: int, seed: int, work: Path, timeout: float, cache_dir: Path, font: bytes) -> Case:
    rng = random.Random(f"{seed}-font-{index}")
    how, data = hostile_font(rng, font)
    case = Case("font", index, how)
    with tempfile.TemporaryDirectory(dir=work) as folder:
        (Path(folder) / "mine.ttf").write_bytes(data)
        (Path(folder) / "book.yaml").write_text("title: Fuzz\nfont: mine.ttf\n" + SECTION)
        check_then_build(case, Path(folder), timeout, cache_dir, ("book.yaml", "mine.ttf"))
    return case


# ----- pictures

def picture_case(index: int, seed: int, work: Path, timeout: float, cache_dir: Path,
                 pictures: dict[str, bytes]) -> Case:
    rng = random.Random(f"{seed}-picture-{index}")
    how, data = hostile_picture(rng, pictures)
    case = Case("picture", index, how)
    with tempfile.TemporaryDirectory(dir=work) as folder:
        (Path(folder) / "pic.png").write_bytes(data)
        (Path(folder) / "book.yaml").write_text("title: Fuzz\n" + PICTURE_SECTION)
        check_then_build(case, Path(folder), timeout, cache_dir, ("book.yaml", "pic.png"))
    return case


# ----- cache entries

def first_build(work: Path, timeout: float) -> tuple[Path, bytes, list[Path]]:
    """The cached book built once: its folder (spec and cache), PDF and entries."""
    folder = work / "first"
    folder.mkdir()
    (folder / "book.yaml").write_text(CACHED_BOOK)
    run = run_bookgen(["build", "book.yaml", "-o", "book.pdf", "-j", "1", "-q"], folder, timeout, folder / "cache")
    if run.status != 0:
        raise SystemExit(f"the first build failed: {run.stderr}")
    entries = sorted((folder / "cache" / "puzzles").rglob("*.json"))
    return folder, (folder / "book.pdf").read_bytes(), entries


def cache_case(index: int, seed: int, work: Path, timeout: float, first: tuple[Path, bytes, list[Path]]) -> Case:
    rng = random.Random(f"{seed}-cache-{index}")
    origin, pdf, entries = first
    with tempfile.TemporaryDirectory(dir=work) as name:
        folder = Path(name)
        shutil.copytree(origin / "cache", folder / "cache")
        shutil.copy(origin / "book.yaml", folder / "book.yaml")
        path = folder / "cache" / entries[index % len(entries)].relative_to(origin / "cache")
        header_line, _, body = path.read_bytes().partition(b"\n")
        fields = json.loads(body)
        how, data = edited_entry(rng, fields)
        header = {**json.loads(header_line), "length": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        path.write_bytes(json.dumps(header).encode() + b"\n" + data)
        case = Case("cache", index, f"{fields['type']}: {how}")
        run = run_bookgen(["build", "book.yaml", "-o", "book.pdf", "-j", "1", "-q"], folder, timeout,
                          folder / "cache")
        case.runs.append(run)
        judge(case, run, ("book.yaml",))
        if run.status == 0 and (folder / "book.pdf").read_bytes() != pdf:
            case.broken.append("the rebuilt book differs from the first (an edited entry reached the page?)")
        elif run.status != 0:
            case.broken.append("a cache entry stopped the build")
    return case


# ----- the run

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--kinds", default=",".join(KINDS))
    add_json_flag(parser)
    options = parser.parse_args()
    kinds = options.kinds.split(",")
    # Stopped by a signal, the with-blocks still remove the work folder.
    signal.signal(signal.SIGTERM, lambda number, _frame: sys.exit(128 + number))
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bookgen-fuzz-") as name:
        work = Path(name)
        shared_cache = work / "cache"
        font, pictures = base_font(), base_pictures()
        first = first_build(work, options.timeout) if "cache" in kinds else None
        makers = {
            "layout": lambda k: layout_case(k, options.seed, work, options.timeout, shared_cache),
            "font": lambda k: font_case(k, options.seed, work, options.timeout, shared_cache, font),
            "picture": lambda k: picture_case(k, options.seed, work, options.timeout, shared_cache, pictures),
            "cache": lambda k: cache_case(k, options.seed, work, options.timeout, first),
        }
        jobs = [(kinds[k % len(kinds)], k // len(kinds)) for k in range(options.cases)]
        with ThreadPoolExecutor(options.jobs) as pool:
            cases = list(pool.map(lambda job: makers[job[0]](job[1]), jobs))
    report(cases, time.monotonic() - started, options)
    return 1 if any(case.broken for case in cases) else 0


def summary(cases: list[Case], seconds: float, options: argparse.Namespace) -> dict:
    runs = [run for case in cases for run in case.runs]
    kinds = {}
    for kind in KINDS:
        mine = [case for case in cases if case.kind == kind]
        if not mine:
            continue
        statuses = Counter(("killed" if run.status is None else f"{run.args[0]} exit {run.status}")
                           for case in mine for run in case.runs)
        hows = Counter(case.how.split(": ")[1].split(" ")[0] if kind == "cache" else case.how for case in mine)
        kinds[kind] = {"cases": len(mine), "made": dict(sorted(hows.items())), "exits": dict(sorted(statuses.items()))}
    slowest = max(runs, key=lambda run: run.seconds)
    heaviest = max(runs, key=lambda run: run.peak_mb)
    return {"cases": len(cases), "runs": len(runs), "seconds": round(seconds, 1), "jobs": options.jobs,
            "seed": options.seed, "bound_seconds": options.timeout, "kinds": kinds,
            "median_run_seconds": round(median([run.seconds for run in runs]), 3),
            "slowest_run": {"seconds": round(slowest.seconds, 2), "args": " ".join(slowest.args)},
            "peak_memory": {"mb": round(heaviest.peak_mb, 1), "args": " ".join(heaviest.args)},
            "runs_over_500_mb": sum(run.peak_mb > 500 for run in runs),
            "broken": [_WORK_FOLDER.sub("<work>", f"{case.kind} {case.index} ({case.how}): {'; '.join(case.broken)}")
                       for case in cases if case.broken]}


# The run's temporary folder, as a broken rule's words may name it (not kept in a report).
_WORK_FOLDER = re.compile(r"[^\s'\"]*bookgen-fuzz-[^/\s'\"]*")


def report(cases: list[Case], seconds: float, options: argparse.Namespace) -> None:
    figures = summary(cases, seconds, options)
    out = Report(options.json)
    out.say(f"{figures['cases']} cases, {figures['runs']} bookgen runs in {seconds:.0f} s with {options.jobs} jobs "
            f"(load average {load_average()}), seed {options.seed}, bound {options.timeout:g} s")
    for kind, mine in figures["kinds"].items():
        out.say(f"{kind}: {mine['cases']} cases ({', '.join(f'{n} {h}' for h, n in mine['made'].items())}); "
                + ", ".join(f"{status}: {n}" for status, n in mine["exits"].items()))
    slowest, heaviest = figures["slowest_run"], figures["peak_memory"]
    out.say(f"median run {figures['median_run_seconds']:.2f} s; slowest run {slowest['seconds']:.1f} s "
            f"({slowest['args']}); peak memory {heaviest['mb']:.0f} MB ({heaviest['args']}); "
            f"runs over 500 MB: {figures['runs_over_500_mb']}")
    out.say(f"rules broken: {len(figures['broken'])}")
    for line in figures["broken"]:
        out.say(f"  {line}")
    out.done(figures)


if __name__ == "__main__":
    sys.exit(main())
