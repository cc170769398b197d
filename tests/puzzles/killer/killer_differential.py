"""Differential check while killer's grader exists twice: the Python KillerBoard with its
techniques, as they were before the engine took them over (legacy_killer_*.py, kept only
for this), against the engine's killer board (Rust), on many boards.

Boards: every puzzle the killer generator makes at sizes 4, 6 and 9 at every level and
option (its rounds grade inside the engine, out of reach here, so the puzzles it makes
are compared, at its level as it graded them and, every few, in full); each finished
puzzle perturbed (givens dropped, added or wrong, a cage's sum off by one, two cages
merged, a cage dropped, one-cell cages as "="), so some are ambiguous, stuck or
impossible; and random cage layouts over random grids (mostly ambiguous).

Each board is compared on: how grading ends, the level, the techniques used, the final
pencil marks and written cells, the step logs (technique, digits written, marks crossed
out, marks left, every detail field), at several level limits, recorded and not; and
step by step, the marks after every step. The marks crossed out are compared in the
order logged; a step listing the same marks in another order (the Python code walked
some cells and houses from a set) is counted apart, and nothing else may differ.

    PYTHONPATH=tests/legacy_grader python tests/puzzles/killer/killer_differential.py [seeds] [random boards per size]
"""

from __future__ import annotations

import random
import sys
from collections import Counter
import time
from dataclasses import dataclass, field
from typing import Any

from bookgen.errors import GenerationError
from bookgen.model import Cage, GridModel
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.killer.generate import killer_model
from bookgen.puzzles.killer.type import LEVELS
from bookgen.puzzles.sudoku.shapes import fixed_structure
from bookgen.solve import engine, grader
from bookgen.solve.search import solver_for
from legacy_killer_board import KillerBoard
from random_cages import random_cages
import legacy_killer_rule45 as r45
import legacy_killer_techniques as k
import legacy_chains as chains
import legacy_fish_wings as fw
import legacy_grader
import legacy_techniques as t

# The killer type's level table with the Python techniques, level for level and in order
# (see same_ladders).
LEGACY_LEVELS: tuple[legacy_grader.Level, ...] = (
    legacy_grader.Level("beginner", (k.ONE_CELL_CAGE, t.NAKED_SINGLE, t.HIDDEN_SINGLE, k.CAGE_LAST_CELL)),
    legacy_grader.Level("easy", (k.CAGE_COMBINATIONS,)),
    legacy_grader.Level("medium", (t.LOCKED_CANDIDATES, k.CAGE_CLAIMS, r45.RULE_45_HOUSE, k.HOUSE_PINS, t.NAKED_PAIR,
                            t.HIDDEN_PAIR)),
    legacy_grader.Level("hard", (r45.RULE_45, t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, fw.X_WING, fw.XY_WING, fw.XYZ_WING,
                          fw.SWORDFISH)),
    legacy_grader.Level("expert", (r45.INNIES_OUTIES, k.CAGES_IN_HOUSE, chains.X_CHAIN, chains.XY_CHAIN)),
)


def same_ladders() -> bool:
    """The legacy table names the type's techniques, level for level, in the same order."""
    return [[(level.name, x.name) for x in level.techniques] for level in LEGACY_LEVELS] == \
        [[(level.name, x.name) for x in level.techniques] for level in LEVELS]

# (size, level, more options): every size, every level, the smallest and largest cages, givens.
CASES: tuple[tuple[int, str, dict[str, Any]], ...] = (
    (4, "beginner", {}), (4, "beginner", {"givens": 4}), (4, "easy", {}), (4, "easy", {"max_cage": 2}),
    (6, "beginner", {"max_cage": 2}), (6, "easy", {"max_cage": 3}), (6, "medium", {}),
    (6, "medium", {"givens": 8}), (6, "hard", {}), (6, "expert", {}),
    (9, "beginner", {}), (9, "easy", {"givens": 4}), (9, "easy", {"max_cage": 2}), (9, "medium", {"max_cage": 3}),
    (9, "medium", {"givens": 8}), (9, "hard", {"max_cage": 4}), (9, "hard", {}), (9, "expert", {"max_cage": 4}),
    (9, "expert", {"max_cage": 6}),
)
RECORDED_LIMITS = (None, 0, 1, 2, 3)
UNRECORDED_LIMITS = (None, 1, 3)
MAX_STEPS = 400


@dataclass
class Tally:
    boards: int = 0
    comparisons: int = 0
    mismatches: list[str] = field(default_factory=list)
    reordered: Counter[str] = field(default_factory=Counter)  # see reordered_steps
    legacy_seconds: float = 0.0
    engine_seconds: float = 0.0

    def differ(self, what: str) -> None:
        self.mismatches.append(what)
        if len(self.mismatches) <= 10:
            print("MISMATCH", what, file=sys.stderr)

    def line(self) -> str:
        return (f"{self.boards} boards, {self.comparisons} comparisons, {len(self.mismatches)} mismatches "
                f"(steps listing the same marks in another order: {dict(sorted(self.reordered.items()))}); "
                f"grading: legacy {self.legacy_seconds:.2f} s, engine {self.engine_seconds:.2f} s")


def legacy_board(model: GridModel) -> KillerBoard | None:
    try:
        return KillerBoard(model)
    except grader.Contradiction:
        return None


def engine_board(model: GridModel) -> engine.Board | None:
    try:
        return engine.Board(model, "killer")
    except engine.Contradiction:
        return None


def canon(steps: list[grader.Step], ordered: bool = False) -> list[tuple]:
    """Everything a step records; the marks crossed out and left in the order logged, or
    (not `ordered`) sorted."""
    found = []
    for s in steps:
        d = s.detail
        removed, left = (s.removed, s.left) if ordered else (tuple(sorted(s.removed)), tuple(sorted(s.left)))
        found.append((s.technique, s.placed, removed, left,
                       (d.kind, d.cage, d.other, d.ways, d.fit, d.groups, d.region, d.cells, d.minus, d.digits,
                        d.total, d.known, d.need)))
    return found


# Known differences in order only: where the Python code walked cells or houses from a
# set (CPython's slot order: "cage claims a digit in a house" over the houses its spots
# share, the wings over the cells both pincers see), the engine walks them in ascending
# order. The same marks go in the same step; only the order they are listed in differs,
# which nothing prints (a hint's sentence names cells in order and the hint grid sorts
# them). Such steps are counted apart, per technique; any other difference is a mismatch.


def reordered_steps(a: list[grader.Step], b: list[grader.Step]) -> Counter[str] | None:
    """Per technique, how many steps list the same crossings out in another order; None
    when some step differs otherwise."""
    count: Counter[str] = Counter()
    for x, y in zip(canon(a, ordered=True), canon(b, ordered=True)):
        if x != y:
            if canon_one(x) != canon_one(y):
                return None
            count[x[0]] += 1
    return count


def canon_one(step: tuple) -> tuple:
    return step[:2] + (tuple(sorted(step[2])), tuple(sorted(step[3]))) + step[4:]


def first_difference(a: list, b: list) -> str:
    for x, y in zip(a, b):
        if x != y:
            return f"{x} / {y}"
    return f"{len(a)} steps / {len(b)} steps"


def compare_boards(lb, eb, up_to: int | None, record: bool, tally: Tally, label: str) -> None:
    """Grade both boards alike and compare everything the grading leaves."""
    ls = [] if record else None
    es = [] if record else None
    t0 = time.process_time()
    lg = legacy_grader.grade_board(lb, LEGACY_LEVELS, up_to, ls)
    t1 = time.process_time()
    eg = grader.grade_board(eb, LEVELS, up_to, es)
    t2 = time.process_time()
    tally.legacy_seconds += t1 - t0
    tally.engine_seconds += t2 - t1
    tally.comparisons += 1
    ending = (lg.outcome, lg.level, lg.used, lg.values) == (eg.outcome, eg.level, eg.used, eg.values)
    marks = lb.cand == eb.cand and list(lb.placed) == list(eb.placed)
    logs = not record or canon(ls) == canon(es)
    if record and logs:
        reordered = reordered_steps(ls, es)
        if reordered is None:
            logs = False
        else:
            tally.reordered += reordered
    if not (ending and marks and logs):
        why = [] if ending else [f"{lg.outcome}/{eg.outcome} level {lg.level}/{eg.level} {lg.used}/{eg.used}"]
        if not marks:
            why.append("marks differ")
        if not logs:
            why.append("steps: " + first_difference(canon(ls), canon(es)))
        tally.differ(f"{label} up_to={up_to} record={record}: " + "; ".join(why))


def compare_model(model: GridModel, tally: Tally, label: str) -> None:
    """Every limit, recorded and not, then step by step."""
    tally.boards += 1
    for up_to, record in [(u, True) for u in RECORDED_LIMITS] + [(u, False) for u in UNRECORDED_LIMITS]:
        lb, eb = legacy_board(model), engine_board(model)
        if (lb is None) != (eb is None):
            tally.comparisons += 1
            tally.differ(f"{label}: set-up {'legacy' if lb is None else 'engine'} contradicts, the other not")
            return
        if lb is None:
            tally.comparisons += 1
            return
        compare_boards(lb, eb, up_to, record, tally, label)
    compare_steps(model, tally, label)


def compare_steps(model: GridModel, tally: Tally, label: str) -> None:
    """Step by step (not recorded): the same progress, the same marks after each step."""
    lb, eb = legacy_board(model), engine_board(model)
    if lb is None or eb is None:
        return
    for n in range(MAX_STEPS):
        try:
            a = any(x.apply(lb) for level in LEGACY_LEVELS for x in level.techniques)
        except grader.Contradiction:
            a = "contradiction"
        try:
            b = eb.step(LEVELS)
        except engine.Contradiction:
            b = "contradiction"
        tally.comparisons += 1
        if a != b or (a is True and (lb.cand != eb.cand or list(lb.placed) != list(eb.placed))):
            tally.differ(f"{label}: step {n}: {a} / {b}")
            return
        if a is not True:
            return


# --- boards ----------------------------------------------------------------------------


def perturbed(model: GridModel, solution, rng: random.Random) -> list[tuple[str, GridModel]]:
    """The puzzle and variations of it that are ambiguous, stuck or impossible."""
    found = [("as made", model)]
    givens = list(model.givens)
    cells = list(model.cells)
    if givens:
        keep = rng.sample(givens, max(0, len(givens) - rng.randint(1, 4)))
        found.append(("fewer givens", model.with_givens(tuple(keep))))
    extra = {(r, c): solution[r][c] for r, c in rng.sample(cells, rng.randint(2, 6))}
    found.append(("more givens", model.with_givens({**{(r, c): v for r, c, v in givens}, **extra})))
    r, c = rng.choice(cells)
    wrong = rng.choice([s for s in model.symbols if s != solution[r][c]])
    found.append(("a wrong given", model.with_givens({**{(x, y): v for x, y, v in givens}, (r, c): wrong})))
    cages = list(model.cages)
    k = rng.randrange(len(cages))
    off = Cage(cages[k].cells, cages[k].op, cages[k].target + rng.choice((-1, 1)), True)
    found.append(("a sum off by one", _with_cages(model, cages[:k] + [off] + cages[k + 1:])))
    found.append(("a cage dropped", _with_cages(model, cages[:k] + cages[k + 1:])))
    touching = [j for j in range(len(cages)) if j != k and _touch(cages[k], cages[j])]
    if touching:
        j = rng.choice(touching)
        merged = Cage(tuple(sorted(cages[k].cells + cages[j].cells)), "+", cages[k].target + cages[j].target, True)
        rest = [cage for i, cage in enumerate(cages) if i not in (j, k)]
        found.append(("two cages merged", _with_cages(model, rest + [merged])))
    if any(len(cage.cells) == 1 for cage in cages):
        equal = [Cage(cage.cells, "=", cage.target, True) if len(cage.cells) == 1 else cage for cage in cages]
        found.append(("one-cell cages as =", _with_cages(model, equal)))
    return found


def _with_cages(model: GridModel, cages: list[Cage]) -> GridModel:
    return GridModel(model.rows, model.cols, model.symbols, model.cells, model.groups, tuple(cages), model.givens)


def _touch(a: Cage, b: Cage) -> bool:
    near = {(r + dr, c + dc) for r, c in a.cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return bool(near & set(b.cells))


def random_killer(seed: int, n: int) -> tuple[GridModel, Any]:
    """Random cages over a random grid: often ambiguous, stuck at every level."""
    rng = random.Random(seed)
    base = fixed_structure(n)
    solution = solver_for(base).random_solution(rng)
    return killer_model(base, random_cages(solution, rng), solution), solution


def compare_at_level(model: GridModel, up_to: int, tally: Tally, label: str) -> None:
    """How grading ends, the level, the techniques and the final marks, graded by both up
    to `up_to`, unrecorded (as the generator grades)."""
    board, twin = engine_board(model), legacy_board(model)
    tally.boards += 1
    tally.comparisons += 1
    if board is None or twin is None:
        tally.differ(f"{label}: a generated puzzle set up on one side only")
        return
    start = time.process_time()
    graded = grader.grade_board(board, LEVELS, up_to)
    middle = time.process_time()
    twin_graded = legacy_grader.grade_board(twin, LEGACY_LEVELS, up_to, None)
    tally.engine_seconds += middle - start
    tally.legacy_seconds += time.process_time() - middle
    same = (graded.outcome, graded.level, graded.used, graded.values) == \
        (twin_graded.outcome, twin_graded.level, twin_graded.used, twin_graded.values) \
        and board.cand == twin.cand and list(board.placed) == list(twin.placed)
    if not same:
        tally.differ(f"{label}: the grading at level {up_to}")


def run_generation(seeds: int, tally: Tally, every: int = 7) -> list[tuple[str, GridModel, Any]]:
    """Make puzzles of every case; each is graded by both at every level limit (not
    recorded; the generator grades at its own), and every `every`-th compared in full."""
    killer = registry.get("killer")
    sampled: list[tuple[str, GridModel]] = []
    made: list[tuple[str, GridModel, Any]] = []
    for size, level, more in CASES:
        for seed in range(seeds):
            label = f"killer {size} {level} {more} seed {seed}"
            params = killer.Params(size=size, difficulty=level, **more)
            try:
                puzzle = killer.generate(params, random.Random(seed), Budget(120))
            except GenerationError:
                continue
            made.append((label, puzzle.board, puzzle.solution))
            for up_to in range(len(LEVELS)):
                compare_at_level(puzzle.board, up_to, tally, f"{label}, limit {up_to}")
            if len(made) % every == 1 or every == 1:
                sampled.append((label, puzzle.board))
    for name, model in sampled:
        compare_model(model, tally, name)
    return made


def run(seeds: int, randoms: int) -> Tally:
    tally = Tally()
    made = run_generation(seeds, tally)
    for label, model, solution in made:
        rng = random.Random(len(model.cages) * 1000 + len(model.givens))
        for how, variant in perturbed(model, solution, rng):
            compare_model(variant, tally, f"{label}, {how}")
    for seed in range(randoms):
        for n in (4, 6, 9):
            model, solution = random_killer(seed, n)
            compare_model(model, tally, f"random {n}x{n} seed {seed}")
            rng = random.Random(seed)
            extra = {(r, c): solution[r][c] for r, c in rng.sample(list(model.cells), n)}
            compare_model(model.with_givens(extra), tally, f"random {n}x{n} seed {seed} with givens")
    return tally


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    randoms = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    if not same_ladders():
        sys.exit("the legacy level table no longer names the killer type's techniques")
    start = time.time()
    tally = run(seeds, randoms)
    print(tally.line() + f"; {time.time() - start:.0f} s in all")
    sys.exit(1 if tally.mismatches else 0)


if __name__ == "__main__":
    main()
