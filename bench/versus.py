"""The compiled engine's figures (issue 19's table): generation per type and level, an
in-process KenKen solve and the command line's start-up, each a median, and, when
Simon Tatham's Keen and Solo are built (bench/tatham/build.sh, into out/tatham or the
folder BOOKGEN_TATHAM names), his figures measured in the same run beside ours with
the ratio; `make bench` runs the pairs only when his programs are there. Korf's 100 and
the book builds are bench/sliding_korf.py and bench/book.py.

Not a test: nothing here asserts a time. CPU medians (time.process_time here, the
process's CPU clock in timing.c), the two sides interleaved seed by seed (ours, then his
with the same seed number) so the machine's load moves both alike; the load average is
printed. Ours is given twice: generation alone, and with the re-proof every puzzle gets
before it is printed (the type's `certify`: graded again and counted by the search), the
figure a book build pays.

    python bench/versus.py [--seeds 30] [--only kenken|sudoku|killer|solve|startup ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchlib import Report, add_json_flag, load_average, tatham_dir

from bookgen.model import GridModel
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.registry import get

TATHAM = tatham_dir()
BOOKGEN = Path(sys.executable).with_name("bookgen")


@dataclass(frozen=True)
class Pair:
    """One line of the table: a bookgen generation and Tatham's nearest one."""

    work: str
    type: str
    params: dict[str, Any]
    program: str  # keen or solo
    tatham: str  # his parameter string


PAIRS = (
    Pair("KenKen 4x4 easy", "kenken", {"size": 4, "difficulty": "easy"}, "keen", "4de"),
    Pair("KenKen 6x6 hard", "kenken", {"size": 6, "difficulty": "hard"}, "keen", "6dh"),
    Pair("KenKen 9x9 easy", "kenken", {"size": 9, "difficulty": "easy"}, "keen", "9de"),
    Pair("KenKen 9x9 medium", "kenken", {"size": 9, "difficulty": "medium"}, "keen", "9dn"),
    Pair("KenKen 9x9 hard", "kenken", {"size": 9, "difficulty": "hard"}, "keen", "9dh"),
    Pair("KenKen 9x9 expert", "kenken", {"size": 9, "difficulty": "expert"}, "keen", "9dx"),
    Pair("sudoku 9x9 easy", "sudoku", {"size": 9, "difficulty": "easy"}, "solo", "3x3db"),
    Pair("sudoku 9x9 medium", "sudoku", {"size": 9, "difficulty": "medium"}, "solo", "3x3di"),
    Pair("sudoku 9x9 hard", "sudoku", {"size": 9, "difficulty": "hard"}, "solo", "3x3da"),
    Pair("sudoku 9x9 expert", "sudoku", {"size": 9, "difficulty": "expert"}, "solo", "3x3de"),
    Pair("killer 9x9 easy", "killer", {"size": 9, "difficulty": "easy"}, "solo", "3x3kdb"),
    Pair("killer 9x9 medium", "killer", {"size": 9, "difficulty": "medium"}, "solo", "3x3kdi"),
    Pair("killer 9x9 hard", "killer", {"size": 9, "difficulty": "hard"}, "solo", "3x3kda"),
    Pair("X 9x9 hard", "sudoku", {"size": 9, "difficulty": "hard", "variant": "x"}, "solo", "3x3xda"),
    Pair("jigsaw 9x9 hard", "sudoku", {"size": 9, "difficulty": "hard", "variant": "jigsaw"}, "solo", "9jda"),
)

# The KenKens solved in process: sizes 4-9 at three levels, fixed seeds.
SOLVE_SIZES = (4, 5, 6, 7, 8, 9)
SOLVE_LEVELS = ("easy", "medium", "hard")
SOLVE_COUNT = 68


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def bookgen_generation_ms(pair: Pair, seed: int) -> tuple[float, float]:
    """One puzzle's CPU time: made, and made and re-proved (the build's `certify`)."""
    ptype = get(pair.type)
    params = ptype.Params(**pair.params)
    start = time.process_time()
    puzzle = ptype.generate(params, random.Random(seed), Budget(300))
    made = time.process_time()
    problems = ptype.certify(puzzle)
    proved = time.process_time()
    if problems:
        raise SystemExit(f"{pair.work} seed {seed} fails its re-proof: {problems}")
    return (made - start) * 1000, (proved - start) * 1000


def tatham_program(name: str) -> Path | None:
    return TATHAM / f"{name}-timing" if TATHAM else None


def tatham_generation_ms(pair: Pair, seed: int) -> float | None:
    """His generator's CPU time for one seed (timed inside his process, by timing.c)."""
    program = tatham_program(pair.program)
    if program is None:
        return None
    out = subprocess.run([str(program), "gen", pair.tatham, "1", str(seed)], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.split()[1])


def row(work: str, ours: float, theirs: float | None, proved: float | None = None) -> str:
    with_proof = "" if proved is None else f"{proved:.2f}"
    if theirs is None:
        return f"| {work} | {ours:.2f} | {with_proof} | | | |"
    ratio_proved = "" if proved is None else f"{proved / theirs:.2f}x"
    return f"| {work} | {ours:.2f} | {with_proof} | {theirs:.2f} | {ours / theirs:.2f}x | {ratio_proved} |"


def figures(work: str, ours: float, theirs: float | None) -> dict:
    return {"work": work, "bookgen_ms": round(ours, 4), "tatham_ms": None if theirs is None else round(theirs, 4)}


def generation(types: set[str], seeds: int, report: Report) -> list[dict]:
    rows = []
    for pair in PAIRS:
        if pair.type not in types:
            continue
        made, proved, theirs = [], [], []
        for seed in range(seeds):  # interleaved: both sides of a seed under the same load
            ours = bookgen_generation_ms(pair, seed)
            made.append(ours[0])
            proved.append(ours[1])
            his = tatham_generation_ms(pair, seed)
            if his is not None:
                theirs.append(his)
        ours_ms, proved_ms = median(made), median(proved)
        rows.append({**figures(pair.work, ours_ms, median(theirs) if theirs else None),
                     "bookgen_certified_ms": round(proved_ms, 4), "tatham_params": pair.tatham})
        report.say(row(f"{pair.work} / `{pair.tatham}`", ours_ms, rows[-1]["tatham_ms"], proved_ms))
    return rows


def keen_description(model: GridModel) -> str:
    """The puzzle as Keen writes it: the cage walls as runs of open edges (the
    vertical inner edges row by row, then the horizontal ones column by column), a comma,
    and each cage's clue in the order of its first cell."""
    n = model.rows
    cage_of = {cell: i for i, cage in enumerate(model.cages) for cell in cage.cells}
    edges = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    edges += [((r, c), (r + 1, c)) for c in range(n) for r in range(n - 1)]
    walls = []
    run = 0
    for edge in [*edges, None]:  # None: the closing wall after the last edge
        if edge is not None and cage_of[edge[0]] == cage_of[edge[1]]:
            run += 1
            continue
        while run > 25:
            walls.append("z")
            run -= 25
        walls.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    letter = {"+": "a", "=": "a", "-": "s", "*": "m", "/": "d"}
    first = sorted(model.cages, key=lambda cage: min(r * n + c for r, c in cage.cells))
    clues = "".join(f"{letter[cage.op]}{cage.target}" for cage in first)
    return "".join(walls) + "," + clues


def solve_set() -> list[Puzzle]:
    kenken = get("kenken")
    puzzles = []
    for i in range(SOLVE_COUNT):
        size = SOLVE_SIZES[i % len(SOLVE_SIZES)]
        level = SOLVE_LEVELS[(i // len(SOLVE_SIZES)) % len(SOLVE_LEVELS)]
        params = kenken.Params(size=size, difficulty=level)
        puzzles.append(kenken.generate(params, random.Random(1000 + i), Budget(300)))
    return puzzles


def in_process_solve(report: Report) -> dict:
    """Each of the KenKens solved by ours, then by his (interleaved, as the generations
    are), his answer checked against ours."""
    kenken = get("kenken")
    puzzles = solve_set()
    program = tatham_program("keen")
    ours, theirs = [], []
    for puzzle in puzzles:
        start = time.process_time()
        result = kenken.solve(puzzle)
        ours.append((time.process_time() - start) * 1000)
        assert result.solution == puzzle.solution, "the solve must find the checked answer"
        if program is None:
            continue
        line = f"{puzzle.board.rows}:{keen_description(puzzle.board)}\n"
        out = subprocess.run([str(program), "solve"], input=line, capture_output=True, text=True, check=True)
        fields = out.stdout.split()
        # The same answer, which also proves the description was written right.
        expected = "S" + "".join(str(v) for row_ in puzzle.solution for v in row_)
        if fields[1:] != ["ok", expected]:
            raise SystemExit(f"Keen's answer differs on a {puzzle.board.rows}x{puzzle.board.rows}: {fields}")
        theirs.append(float(fields[0]))
    his = median(theirs) if theirs else None
    work = f"solve one of {len(puzzles)} KenKen (4x4-9x9), in process"
    report.say(row(work, median(ours), his))
    return figures(work, median(ours), his)


def startup(report: Report) -> list[dict]:
    """Wall time of the command line from the shell: `--version`, and `solve` of a
    small KenKen (the figure a user feels)."""
    kenken = get("kenken")
    puzzle = kenken.generate(kenken.Params(size=4, difficulty="easy"), random.Random(0), Budget(60))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "small.json"
        path.write_text(json.dumps(kenken.to_json(puzzle)))
        for label, args in (("`bookgen --version`", ["--version"]),
                            ("`bookgen solve` of a 4x4 KenKen", ["solve", str(path)])):
            times = []
            for _ in range(11):
                start = time.perf_counter()
                subprocess.run([str(BOOKGEN), *args], capture_output=True, check=True)
                times.append((time.perf_counter() - start) * 1000)
            rows.append({**figures(label, median(times), None), "repeats": len(times)})
            report.say(row(f"{label}, wall from the shell", median(times), None))
    return rows


PARTS = ("kenken", "sudoku", "killer", "solve", "startup")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30, help="puzzles per generation pair (seeds 0..N-1)")
    parser.add_argument("--only", choices=PARTS, action="append", help="only these parts (may be repeated)")
    add_json_flag(parser)
    args = parser.parse_args()
    parts = set(args.only or PARTS)
    report = Report(args.json)
    side = "Tatham's built" if TATHAM else "Tatham's not built (bench/tatham/build.sh)"
    report.say(f"{os.cpu_count()} cores, load average {load_average()}; {args.seeds} seeds a pair; {side}")
    report.say("| work | bookgen ms | with re-proof | Tatham ms | ratio | with re-proof |\n|---|---|---|---|---|---|")
    out: dict[str, Any] = {"tatham": TATHAM is not None, "seeds": args.seeds}
    if parts & {"kenken", "sudoku", "killer"}:
        out["generation"] = generation(parts, args.seeds, report)
    if "solve" in parts:
        out["solve"] = in_process_solve(report)
    if "startup" in parts:
        out["startup"] = startup(report)
    report.say(f"load average at the end {load_average()}")
    report.done(out)


if __name__ == "__main__":
    main()
