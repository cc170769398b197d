"""The engine's KenKen generator on fixed seeds, across every size 3 to 12, every level,
the operation sets and shown or hidden signs the offer covers: each puzzle has exactly
one solution by the SAT cross-check (no code shared with bookgen's solver) and it is the
printed answer, the grader puts it at exactly the level asked, the cage and one-cell caps
and the operations asked for hold, and the same seed makes the same puzzle."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.rules import LEVEL_NAMES, is_giveaway
from bookgen.puzzles.kenken.type import PUZZLE_TYPE, Params
from bookgen.solve.result import Outcome

pytest.importorskip("pysat.solvers")
from test_sat_crosscheck import sat_solutions  # noqa: E402  (after the skip: it needs pysat)

OPERATION_SETS = (("+", "-", "*", "/"), ("*",), ("+",), ("+", "-"))


def cases() -> list[tuple[int, str, tuple[str, ...], bool]]:
    """Per size and level, the first two offered of the operation sets with signs shown
    or hidden, starting at a place that turns with size and level, so every set and both
    sign modes come up across the sizes."""
    combos = [(ops, hidden) for hidden in (False, True) for ops in OPERATION_SETS]
    found = []
    for n in range(3, 13):
        for li, level in enumerate(LEVEL_NAMES):
            start = 3 * n + li
            offered = [(ops, hidden) for ops, hidden in (combos[(start + k) % len(combos)] for k in range(len(combos)))
                       if PUZZLE_TYPE.refusal(Params(size=n, difficulty=level, operations=ops,
                                                     hide_operations=hidden)) is None]
            found.extend((n, level, ops, hidden) for ops, hidden in offered[:2])
    return found


CASES = cases()


def slow(n: int, level: str) -> bool:
    return n >= 10 or (n >= 8 and level in ("hard", "expert"))


@pytest.mark.parametrize(
    "n,level,ops,hidden",
    [pytest.param(*case, marks=pytest.mark.slow) if slow(*case[:2]) else case for case in CASES],
    ids=lambda v: "".join(v) if isinstance(v, tuple) else str(v),
)
def test_generated_kenken_is_unique_by_sat_at_its_level_within_its_caps(n, level, ops, hidden):
    params = Params(size=n, difficulty=level, operations=ops, hide_operations=hidden)
    seed = 7 * n + LEVEL_NAMES.index(level)
    puzzle = PUZZLE_TYPE.generate(params, random.Random(seed), Budget(120))
    assert sat_solutions(PUZZLE_TYPE.to_json(puzzle)) == [[list(row) for row in puzzle.solution]]
    result = PUZZLE_TYPE.solve(puzzle)
    assert (result.outcome, result.level) == (Outcome.SOLVED, level)
    cages = puzzle.board.cages
    assert max(len(cage.cells) for cage in cages) <= params.cage_limit
    assert sum(1 for cage in cages if len(cage.cells) == 1) <= params.single_cap
    assert {cage.op for cage in cages if len(cage.cells) > 1} <= set(ops)
    assert PUZZLE_TYPE.certify(puzzle) == []
    again = PUZZLE_TYPE.generate(params, random.Random(seed), Budget(120))
    assert (again.board, again.solution) == (puzzle.board, puzzle.solution)


def test_the_cases_cover_every_size_level_operation_set_and_both_sign_modes():
    assert {case[0] for case in CASES} == set(range(3, 13))
    assert {case[1] for case in CASES} == set(LEVEL_NAMES)
    assert {case[2] for case in CASES} == set(OPERATION_SETS)
    assert {case[3] for case in CASES} == {False, True}


def test_giveaways_follow_the_level():
    """Beginner clues give their digits away often (weight 3), harder levels rarely (the
    engine draws clues with the level's giveaway weight): over 6x6 seeds 0..5, beginner's
    share of giveaways is well above medium's."""
    def share(level: str) -> float:
        multi = giveaways = 0
        for seed in range(6):
            puzzle = PUZZLE_TYPE.generate(Params(size=6, difficulty=level), random.Random(seed), Budget(60))
            for cage in puzzle.board.cages:
                if len(cage.cells) > 1:
                    multi += 1
                    giveaways += is_giveaway(cage, 6, False)
        return giveaways / multi

    assert share("beginner") > 2 * share("medium")
