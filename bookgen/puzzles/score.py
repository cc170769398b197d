"""A difficulty score within a level: a number from the grader's log of steps, for
ordering a book from easiest to hardest (`order: ramp`) and for a publisher's list.

Each technique weighs 1 + its level's place in the type's level table (beginner 0,
easy 1, ...) + up to 0.4 for its place within the level (the tables list a level's
techniques easiest first: for sudoku, Sudoku Explainer's order, hidden single before
naked single). A puzzle scores

    10 x (the weight of its hardest step) + 5 x s / (s + 25),  s = the sum over its steps of (weight - 1)

so the tens are the level of the hardest technique it needs (a sudoku of singles
scores in the 20s, one that needs pairs in the 30s, chains in the 50s), the units
where in that level it sits and how much work beyond the simplest steps it takes (the
work's part grows with the steps but never reaches the next level's). A puzzle the
grader's techniques do not finish scores one level above the hardest.

Calibrated against an outside grading: 24 sudoku Simon Tatham's Solo made at its six
levels, Trivial to Unreasonable (tests/fixtures/tatham-solo-graded.txt); the scores'
Spearman rank correlation with Solo's levels is measured in tests/puzzles/test_score.py.
"""

from __future__ import annotations

from bookgen.model import GridModel
from bookgen.puzzles import registry
from bookgen.puzzles.base import Puzzle
from bookgen.puzzles.grid import GridType
from bookgen.solve.grader import Contradiction, Level, Step, grade_board
from bookgen.solve.result import Outcome

WITHIN_LEVEL = 0.4
WORK_MOST = 5.0  # the work's share of a score stays below this
WORK_HALF = 25.0  # the work (sum of weight - 1) that earns half of it


def weights(levels: tuple[Level, ...]) -> dict[str, float]:
    """Each technique's weight, from its place in the level table."""
    found: dict[str, float] = {}
    for rank, level in enumerate(levels):
        for k, technique in enumerate(level.techniques):
            found.setdefault(technique.name, 1.0 + rank + WITHIN_LEVEL * k / max(1, len(level.techniques)))
    return found


def score_steps(steps: list[Step], levels: tuple[Level, ...], finished: bool) -> float:
    """The score of a grader's log (see the module's note)."""
    weight = weights(levels)
    used = [weight.get(step.technique, 1.0) for step in steps]
    hardest = max(used, default=1.0)
    if not finished:
        hardest = max(hardest, 1.0 + len(levels))
    work = sum(w - 1 for w in used)
    return round(10 * hardest + WORK_MOST * work / (work + WORK_HALF), 1)


def score(puzzle: Puzzle) -> float | None:
    """The puzzle's score, or None for a type the grader does not grade step by step (a
    sliding puzzle is measured in moves) or givens that contradict each other."""
    ptype = registry.get(puzzle.type)
    if not isinstance(ptype, GridType) or not isinstance(puzzle.board, GridModel):
        return None
    try:
        board = ptype.new_board(ptype.solving_model(puzzle))
        steps: list[Step] = []
        grade = grade_board(board, ptype.grading, None, steps)
    except Contradiction:
        return None
    return score_steps(steps, ptype.grading, grade.outcome is Outcome.SOLVED)
