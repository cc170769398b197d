"""What the benchmarks share (a helper, not a benchmark): the checkout they measure, a
median, the load average, and the one way each reports.

Every benchmark run by `make bench` prints its figures for a person when run by hand,
and with `--json` prints them as one JSON object on stdout instead (its progress lines
going to stderr), which bench/run.py collects to write docs/benchmarks.md and bench.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
# The checkout these files are in is the one measured, whatever else is installed.
if str(ROOT) not in sys.path:
    sys.path.insert(1, str(ROOT))


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages, rounded; None where the system has none."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def cpu_times(run: Callable[[int], Any], count: int) -> list[float]:
    """The CPU time of run(0), run(1), ... run(count - 1), each in seconds
    (time.process_time: the clock least moved by other work on the machine)."""
    times = []
    for i in range(count):
        start = time.process_time()
        run(i)
        times.append(time.process_time() - start)
    return times


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object on stdout (progress on stderr), for bench/run.py")


class Report:
    """Lines for a person (stdout, or stderr under --json) and the figures for run.py."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def say(self, text: str = "") -> None:
        print(text, file=sys.stderr if self.as_json else sys.stdout, flush=True)

    def done(self, figures: dict[str, Any]) -> None:
        if self.as_json:
            print(json.dumps(figures), flush=True)


# Simon Tatham's Keen and Solo, built for bench/versus.py by bench/tatham/build.sh: the
# folder BOOKGEN_TATHAM names, else out/tatham in this checkout (out/ is not committed).
TATHAM_DEFAULT = ROOT / "out" / "tatham"
TATHAM_PROGRAMS = ("keen", "solo")


def tatham_dir() -> Path | None:
    """The folder holding keen-timing and solo-timing, when both are there."""
    folder = Path(os.environ.get("BOOKGEN_TATHAM") or TATHAM_DEFAULT)
    if all((folder / f"{name}-timing").is_file() for name in TATHAM_PROGRAMS):
        return folder
    return None
