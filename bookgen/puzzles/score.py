"""A difficulty score within a level: a number from the grader's log of steps, for
ordering a book from easiest to hardest (`order: ramp`) and for a publisher's list.

Each technique weighs 1 + its level's place in the type's level table (beginner 0,
easy 1, ...), plus up to 0.8 for its place within the level (the tables list a level's
techniques easiest first: for sudoku, Sudoku Explainer's order, hidden single 1.5 below
naked single 2.3). A puzzle scores

    10 x (the weight of its hardest step) + (the sum over all its steps of weight - 1) / 5

so the hardest technique decides the tens and the amount of work beyond the simplest
steps the rest: a sudoku needing only full houses and cross-hatching scores about 10-12,
one that needs pairs about 30-40, chains 50 and more. A puzzle the grader's techniques
do not finish scores as if its next step weighed one level more than the hardest.

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

WITHIN_LEVEL = 0.8
WORK_SHARE = 5.0


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
    return round(10 * hardest + sum(w - 1 for w in used) / WORK_SHARE, 1)


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
