"""The difficulty score rises with an outside grading: 24 sudoku made by Simon Tatham's
Solo at his six levels (tests/fixtures/tatham-solo-graded.txt). Measured when written:
Spearman's rank correlation 0.98 (the acceptance asks at least 0.7)."""

from __future__ import annotations

from pathlib import Path

from bookgen.puzzles import readers
from bookgen.puzzles.score import score, score_steps, weights
from bookgen.puzzles.sudoku.type import LEVELS
from bookgen.solve.grader import Step

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "tatham-solo-graded.txt"
LEAST_CORRELATION = 0.9


def outside_levels() -> list[int]:
    """Solo's level of each puzzle of the fixture (0 Trivial ... 5 Unreasonable), in order."""
    levels, level = [], -1
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if line.startswith("# level:"):
            level += 1
        elif line.strip() and not line.startswith("#"):
            levels.append(level)
    return levels


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda k: values[k])
    found = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in order[start:end + 1]:
            found[k] = (start + end) / 2 + 1
        start = end + 1
    return found


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    return cov / (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5


def test_the_scores_rise_with_tathams_levels():
    found = readers.read_file(FIXTURE)
    assert len(found) == 24 and all(f.puzzle is not None for f in found)
    scores = [score(f.puzzle) for f in found]
    assert spearman([float(x) for x in outside_levels()], scores) >= LEAST_CORRELATION


def test_unreasonable_puzzles_are_printed_as_beyond_the_grader_and_score_highest():
    found = readers.read_file(FIXTURE)
    beyond = [score(f.puzzle) for f in found if f.puzzle.difficulty == readers.BEYOND]
    others = [score(f.puzzle) for f in found if f.puzzle.difficulty != readers.BEYOND]
    assert beyond and min(beyond) > max(others)


def test_a_harder_technique_outweighs_any_amount_of_easy_steps():
    weight = weights(LEVELS)
    assert weight["hidden single"] < weight["naked single"] < weight["pointing and claiming"] < weight["X-chain"]
    easy = [Step("naked single", (), ())] * 80
    hard = [Step("X-wing", (), ())]
    assert score_steps(easy, LEVELS, True) < score_steps(hard, LEVELS, True)
