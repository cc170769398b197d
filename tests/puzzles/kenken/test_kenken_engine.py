"""The engine's KenKen grader grades exactly as the Python one it replaces: on the same
boards, the same ending, level, techniques used, final pencil marks and step log (every
step's digits written, marks crossed out, marks left and detail), at every level limit,
and the same marks after every single step.

Boards: generated puzzles of every size and level, shown and hidden signs, operation
subsets; random cagings of a random Latin square (mostly ambiguous); and each of those
perturbed (digits given, a wrong digit given, a clue changed, two cages merged) so some
are easier, impossible, ambiguous or stuck. The pytest case runs a small share; the large
run is this file as a script:

    PYTHONPATH=tests/legacy_grader python tests/puzzles/kenken/test_kenken_engine.py [seeds]

The Python grader compared with is a copy of KenKen's board and techniques as they were
before the switch (kenken_legacy_board.py, kenken_legacy_techniques.py beside this file),
on the legacy copy of the Python grader (tests/legacy_grader/).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from typing import Iterator

import legacy_grader
import pytest

from bookgen.errors import GenerationError
from bookgen.model import Cage, GridModel
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.generate import generate_kenken
from bookgen.puzzles.kenken.rules import LEVEL_NAMES, LEVELS, Params, kenken_model, solving_model
from bookgen.solve import engine, grader
from bookgen.solve.result import Outcome
from bookgen.solve.cages import CageTooLarge
from cage_arithmetic import cage_value
from kenken_legacy_board import CageBoard
from kenken_legacy_techniques import LEGACY_LEVELS
from kenken_random_caging import random_caging

OPERATION_SETS = (("+", "-", "*", "/"), ("+",), ("*",), ("+", "-"), ("-", "/", "*"))
LIMITS = (None, 0, 1, 2, 3)


@dataclass
class Tally:
    boards: int = 0
    comparisons: int = 0
    mismatches: list[str] = field(default_factory=list)
    legacy: float = 0.0
    engine: float = 0.0


def generated(sizes, seeds: int) -> Iterator[tuple[GridModel, tuple]]:
    """Generated puzzles (as printed, signs shown) with their solutions and whether the
    signs are hidden; a combination the generator cannot make (3x3 expert) gives up after
    a few seconds of CPU."""
    for n in sizes:
        for li, level in enumerate(LEVEL_NAMES):
            for seed in range(seeds):
                ops = OPERATION_SETS[(n + li + seed) % len(OPERATION_SETS)]
                hidden = (n + seed) % 3 == 0
                try:
                    params = Params(size=n, difficulty=level, operations=ops, hide_operations=hidden)
                    params.validate()
                    model, solution = generate_kenken(params, random.Random(seed), Budget(5))
                except (GenerationError, ValueError):
                    continue
                yield model, solution, hidden


def cagings(sizes, seeds: int) -> Iterator[tuple[GridModel, tuple, bool]]:
    """Random cagings with random clues of a random Latin square: mostly ambiguous."""
    for n in sizes:
        for seed in range(seeds):
            rng = random.Random(1000 * n + seed)
            ops = OPERATION_SETS[seed % len(OPERATION_SETS)]
            made = None
            while made is None:
                made = random_caging(n, 2 + seed % 5, n * n, 0.4 + 0.1 * (seed % 5), ops, rng)
            solution, cages = made
            yield kenken_model(n, cages), solution, seed % 3 == 0


def fitting_ops(values: list[int], allowed: tuple[str, ...]) -> list[str]:
    """The allowed operations that fit these digits (− and ÷ on two cells, ÷ exact)."""
    if len(values) == 2:
        return [op for op in allowed if op != "/" or max(values) % min(values) == 0]
    return [op for op in allowed if op in ("+", "*")]


def make_cage(cells: tuple, op: str, solution) -> Cage:
    return Cage(tuple(sorted(cells)), op, cage_value(op, [solution[r][c] for r, c in cells]))


def perturbed(model: GridModel, solution, rng: random.Random) -> Iterator[GridModel]:
    """The model and variations of it: digits given, a wrong digit given, one clue
    changed, two neighbouring cages merged."""
    yield model
    cells = list(model.cells)
    picked = rng.sample(cells, rng.randint(1, max(1, len(cells) // 5)))
    yield model.with_givens(tuple((r, c, solution[r][c]) for r, c in picked))
    r, c = rng.choice(cells)
    yield model.with_givens(((r, c, rng.choice([v for v in model.symbols if v != solution[r][c]] or [1])),))
    cages = list(model.cages)
    k = rng.randrange(len(cages))
    cage = cages[k]
    others = [op for op in fitting_ops([solution[r][c] for r, c in cage.cells], ("+", "-", "*", "/")) if op != cage.op]
    new = make_cage(cage.cells, rng.choice(others), solution) if others else Cage(cage.cells, cage.op, cage.target + 1)
    yield kenken_model(model.rows, cages[:k] + cages[k + 1:] + [new])
    yield kenken_model(model.rows, cages[:k] + cages[k + 1:] + [Cage(cage.cells, cage.op, cage.target + 1)])
    owner = {cell: j for j, x in enumerate(cages) for cell in x.cells}
    near = sorted({owner[(r + dr, c + dc)] for r, c in cage.cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                   if (r + dr, c + dc) in owner} - {k})
    if near:
        j = rng.choice(near)
        merged = make_cage(tuple(sorted(cage.cells + cages[j].cells)), rng.choice(("+", "*")), solution)
        yield kenken_model(model.rows, [x for i, x in enumerate(cages) if i not in (k, j)] + [merged])


def canon(steps: list[grader.Step]) -> list[tuple]:
    found = []
    for s in steps:
        d = s.detail
        found.append((s.technique, s.placed, s.removed, s.left, s.houses, s.size,
                      (d.kind, d.cage, d.other, d.ways, d.fit, d.groups, d.region, d.cells, d.minus, d.digits,
                       d.total, d.known, d.need)))
    return found


def boards_of(model: GridModel):
    """(legacy board or the exception's kind, engine board or the exception's kind)."""
    try:
        legacy = CageBoard(model)
    except grader.Contradiction:
        legacy = "contradiction"
    except CageTooLarge:
        legacy = "too large"
    try:
        ported = engine.Board(model, "kenken")
    except engine.Contradiction:
        ported = "contradiction"
    except engine.CageTooLarge:
        ported = "too large"
    return legacy, ported


def compare(model: GridModel, tally: Tally, limits=LIMITS, steps: int = 400) -> None:
    """Every comparison on one board, counted into `tally`."""
    tally.boards += 1
    where = f"{model.rows}x{model.rows} {len(model.cages)} cages {len(model.givens)} givens"
    for up_to in limits:
        tally.comparisons += 1
        legacy, ported = boards_of(model)
        if isinstance(legacy, str) or isinstance(ported, str):
            if legacy != ported:
                tally.mismatches.append(f"{where}: board {legacy!r} against {ported!r}")
            return
        ls, es = [], []
        t0 = time.process_time()
        lg = legacy_grader.grade_board(legacy, LEGACY_LEVELS, up_to, ls)
        t1 = time.process_time()
        eg = grader.grade_board(ported, LEVELS, up_to, es)
        t2 = time.process_time()
        tally.legacy += t1 - t0
        tally.engine += t2 - t1
        if (lg.outcome, lg.level, lg.used, lg.values) != (eg.outcome, eg.level, eg.used, eg.values):
            tally.mismatches.append(f"{where} up to {up_to}: {lg} against {eg}")
        elif legacy.cand != ported.cand or list(legacy.placed) != list(ported.placed):
            tally.mismatches.append(f"{where} up to {up_to}: final pencil marks differ")
        elif canon(ls) != canon(es):
            first = next(i for i, (a, b) in enumerate(zip(canon(ls) + [None], canon(es) + [None])) if a != b)
            tally.mismatches.append(f"{where} up to {up_to}: step {first} differs: "
                                    f"{(canon(ls) + [None])[first]} against {(canon(es) + [None])[first]}")
        elif up_to is not None and lg.outcome is Outcome.UNFINISHED:
            # A part-solved board graded on with every level, as the generator does when
            # a level stalls: the cages' live combinations carry over.
            tally.comparisons += 1
            lg, eg = legacy_grader.grade_board(legacy, LEGACY_LEVELS), grader.grade_board(ported, LEVELS)
            if (lg.outcome, lg.level, lg.used, lg.values) != (eg.outcome, eg.level, eg.used, eg.values) or (
                    legacy.cand != ported.cand):
                tally.mismatches.append(f"{where} up to {up_to}, then on: {lg} against {eg}")
    # Step by step without recording, the marks compared after each step.
    legacy, ported = boards_of(model)
    up_to = limits[tally.boards % len(limits)]
    allowed = LEGACY_LEVELS if up_to is None else LEGACY_LEVELS[: up_to + 1]
    for _ in range(steps):
        try:
            a = any(t.apply(legacy) for level in allowed for t in level.techniques)
        except grader.Contradiction:
            a = "contradiction"
        try:
            b = ported.step(LEVELS, up_to)
        except engine.Contradiction:
            b = "contradiction"
        tally.comparisons += 1
        if a != b or (a is True and (legacy.cand != ported.cand or list(legacy.placed) != list(ported.placed))):
            tally.mismatches.append(f"{where} step by step up to {up_to}: {a} against {b}")
            return
        if a is not True:
            return


def models(sizes, seeds: int) -> Iterator[GridModel]:
    for source in (generated(sizes, max(1, seeds // 2)), cagings(sizes, seeds)):
        for model, solution, hidden in source:
            rng = random.Random(len(model.cages) * 31 + model.rows)
            for variant in perturbed(model, solution, rng):
                yield solving_model(variant, hidden)
                if not hidden and rng.random() < 0.3:
                    yield solving_model(variant, True)


def run(sizes, seeds: int, tally: Tally | None = None) -> Tally:
    tally = tally or Tally()
    for model in models(sizes, seeds):
        compare(model, tally)
    return tally


def test_the_ladder_names_the_techniques_the_python_grader_used_level_by_level():
    assert [(lv.name, [t.name for t in lv.techniques]) for lv in LEVELS] == [
        (lv.name, [t.name for t in lv.techniques]) for lv in LEGACY_LEVELS
    ]


@pytest.mark.slow
def test_engine_grades_kenken_exactly_as_the_python_grader():
    tally = run(range(3, 8), 2)
    assert tally.boards > 150
    assert tally.mismatches == []


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    start = time.process_time()
    tally = Tally()
    for n in range(3, 13):
        run((n,), seeds, tally)
        print(f"up to {n}x{n}: {tally.boards} boards, {tally.comparisons} comparisons, "
              f"{len(tally.mismatches)} mismatches, {time.process_time() - start:.0f} s", flush=True)
    for line in tally.mismatches[:10]:
        print(line)
    print(f"{tally.boards} boards, {tally.comparisons} comparisons, {len(tally.mismatches)} mismatches; "
          f"grading: legacy {tally.legacy:.2f} s, engine {tally.engine:.2f} s; "
          f"{time.process_time() - start:.0f} s in all")


if __name__ == "__main__":
    main()
