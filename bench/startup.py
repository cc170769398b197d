"""Start-up: the CPU time (user + system) of whole `bookgen` commands run from the shell,
each the median of several runs, beside issue 31's goals: `--version` under 40 ms,
`solve` of a 4x4 KenKen under 60 ms, `check` of a small spec under 100 ms; and
`generate` of one 4x4 KenKen, which is start-up plus one puzzle made and proved.

Run with compiled bytecode, as an installed package runs: a private bytecode folder
(PYTHONPYCACHEPREFIX, so the checkout gains no files) filled by one run of each command
before the timed ones, whatever PYTHONDONTWRITEBYTECODE says here.

Not a test: nothing here asserts a time.

    python bench/startup.py [--repeats 15] [--against CHECKOUT] [--json]

With --against, the same commands of another checkout (its own .venv's Python, its own
source) are timed too, each run beside one of this checkout's: before and after a
change, at the same load.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import ROOT, Report, add_json_flag, load_average, median

SMALL_SPEC = "seed: 1\nsections:\n  - type: kenken\n    size: 4\n    difficulty: easy\n    count: 4\n"
# (what, arguments after `bookgen`, the goal in ms of CPU or None)
COMMANDS = (
    ("`bookgen --version`", ["--version"], 40.0),
    ("`bookgen solve` of a 4x4 KenKen", ["solve", "{puzzle}"], 60.0),
    ("`bookgen check` of a one-section spec", ["check", "{spec}"], 100.0),
    ("`bookgen generate` of one 4x4 KenKen", ["generate", "kenken", "--size", "4", "--difficulty", "easy",
                                             "--seed", "1", "-j", "1"], None),
)


def cpu_ms(command: list[str], env: dict[str, str], cwd: Path = ROOT) -> float:
    """The CPU time of one run of `command` and its children, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15, help="timed runs of each command")
    parser.add_argument("--against", type=Path, help="another checkout, timed beside this one (its .venv's Python)")
    add_json_flag(parser)
    args = parser.parse_args()
    report = Report(args.json)
    report.say(f"{os.cpu_count()} cores, load average {load_average()}; {args.repeats} runs a command")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")
        spec = Path(folder) / "small.yaml"
        spec.write_text(SMALL_SPEC, encoding="utf-8")
        puzzle = Path(folder) / "small.json"
        made = subprocess.run([sys.executable, "-m", "bookgen", "generate", "kenken", "--size", "4", "--difficulty",
                               "easy", "--seed", "0", "-j", "1"], env=env, cwd=ROOT, capture_output=True, text=True,
                              check=True)
        puzzle.write_text(made.stdout, encoding="utf-8")
        for what, arguments, goal in COMMANDS:
            # The shell's entry point, as `bookgen` on PATH runs it.
            command = [sys.executable, "-c", "import sys; from bookgen.__main__ import run; sys.argv[0] = 'bookgen'; "
                       "run()", *(a.format(puzzle=puzzle, spec=spec) for a in arguments)]
            other = [str(args.against / ".venv" / "bin" / "python"), *command[1:]] if args.against else None
            cpu_ms(command, env)  # fills the bytecode folder
            if other:
                cpu_ms(other, env, args.against)
            times, others = [], []
            for _ in range(args.repeats):
                times.append(cpu_ms(command, env))
                if other:
                    others.append(cpu_ms(other, env, args.against))
            row = {"work": what, "cpu_ms": round(median(times), 2), "min_ms": round(min(times), 2),
                   "goal_ms": goal, "repeats": args.repeats}
            rows.append(row)
            said = f", goal {goal:g} ms: {median(times) / goal:.2f}x" if goal else ""
            report.say(f"{what}: median {median(times):.1f} ms CPU (least {min(times):.1f}){said}")
            if others:
                row["against_ms"] = round(median(others), 2)
                report.say(f"  {args.against}: median {median(others):.1f} ms CPU (least {min(others):.1f})")
    baseline = [cpu_ms([sys.executable, "-c", "pass"], {**os.environ}) for _ in range(args.repeats)]
    report.say(f"python -c pass: median {median(baseline):.1f} ms; load average at the end {load_average()}")
    report.done({"commands": rows, "python_ms": round(median(baseline), 2)})


if __name__ == "__main__":
    main()
