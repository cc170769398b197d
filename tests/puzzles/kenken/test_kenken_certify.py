"""certify's common case in one engine call (bookgen/puzzles/kenken/proof.py's
`certified_level`, engine/src/py/kenken_proof.rs): the model's cages read as they are and
the printed answer compared in the engine. It must accept exactly what the full proof
(`prove_raw`: the grader's grid and the search's solutions, compared here) accepts, and
refuse a changed clue that lets in a second solution, a wrong answer and a wrong grade."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bookgen.errors import EngineRequestError
from bookgen.model import Cage
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.grid import GridType
from bookgen.puzzles.kenken.proof import certified_level, prove_raw
from bookgen.puzzles.kenken.rules import LEVELS, Params, kenken_model
from bookgen.puzzles.registry import get
from bookgen.solve import engine
from tests.puzzles.kenken.kenken_random_caging import mixed_cagings

KENKEN = get("kenken")


def full_proof_level(puzzle: Puzzle) -> int | None:
    """What `certified_level` must answer, from the full proof compared in Python."""
    model = KENKEN.solving_model(puzzle)
    _, level, graded, solutions = prove_raw(model, LEVELS, always_count=True)
    answer = puzzle.solution
    return level if graded == answer and solutions == (answer,) else None


def test_certified_level_agrees_with_the_full_proof_on_random_cagings_and_wrong_answers():
    rng = random.Random(77)
    accepted = refused = 0
    for k, n, solution, cages in mixed_cagings(120, 5, rng):
        if k % 4 == 1:  # two rows swapped: breaks cages, not lines
            solution = (solution[1], solution[0], *solution[2:])
        params = Params(size=n, hide_operations=k % 3 == 0)
        puzzle = Puzzle("kenken", "easy", kenken_model(n, cages), solution, params)
        expected = full_proof_level(puzzle)
        assert certified_level(KENKEN.solving_model(puzzle), LEVELS, solution) == expected
        accepted += expected is not None
        refused += expected is None
    assert accepted and refused  # both sides met


@pytest.mark.parametrize("n, level", [(4, "easy"), (4, "beginner"), (6, "hard"), (9, "medium")])
def test_made_puzzles_are_certified_at_their_label(n, level):
    for seed in range(3):
        for hidden in (False, True):
            puzzle = KENKEN.generate(Params(size=n, difficulty=level, hide_operations=hidden),
                                     random.Random(seed), Budget(60))
            got = certified_level(KENKEN.solving_model(puzzle), LEVELS, puzzle.solution)
            assert got is not None and got == full_proof_level(puzzle)
            assert LEVELS[max(got, 0)].name == level
            assert KENKEN.certify(puzzle) == []


def _loosened(puzzle: Puzzle) -> tuple[Puzzle, tuple[tuple[int, ...], ...]] | None:
    """The puzzle with clues changed so that a second answer fits, and that answer: two
    digits a, b at the corners of a rectangle on rows r, r + 1 (a b over b a) swap to give
    another Latin square; the cages over those four cells become two upright a+b pairs
    (met by both) and one-cell cages elsewhere, the other cages stay. None when the
    answer has no such rectangle."""
    n, rows, model = puzzle.board.rows, puzzle.solution, puzzle.board
    for r in range(n - 1):
        for c in range(n):
            for c2 in range(c + 1, n):
                a, b = rows[r][c], rows[r][c2]
                if (rows[r + 1][c], rows[r + 1][c2]) != (b, a):
                    continue
                corners = {(r, c), (r + 1, c), (r, c2), (r + 1, c2)}
                kept = [k for k in model.cages if not corners & set(k.cells)]
                freed = {cell for k in model.cages if corners & set(k.cells) for cell in k.cells} - corners
                cages = [*kept, Cage(((r, c), (r + 1, c)), "+", a + b), Cage(((r, c2), (r + 1, c2)), "+", a + b),
                         *(Cage((cell,), "=", rows[cell[0]][cell[1]]) for cell in sorted(freed))]
                other = [list(row) for row in rows]
                other[r][c], other[r][c2], other[r + 1][c], other[r + 1][c2] = b, a, a, b
                changed = replace(puzzle, board=kenken_model(n, cages))
                return changed, tuple(tuple(row) for row in other)
    return None


def test_a_changed_clue_that_lets_in_a_second_solution_is_refused():
    refused = 0
    for seed in range(12):
        puzzle = KENKEN.generate(Params(size=4, difficulty="easy"), random.Random(seed), Budget(60))
        loosened = _loosened(puzzle)
        if loosened is None:
            continue
        changed, other = loosened
        _, _, _, solutions = prove_raw(changed.board, LEVELS, always_count=True)
        assert solutions is not None and set(solutions) == {changed.solution, other}
        assert certified_level(changed.board, LEVELS, changed.solution) is None
        assert certified_level(changed.board, LEVELS, other) is None
        problems = KENKEN.certify(changed)
        assert problems and problems == GridType.certify(KENKEN, changed)
        refused += 1
    assert refused >= 3


def test_a_wrong_answer_or_a_wrong_grade_is_refused():
    puzzle = KENKEN.generate(Params(size=4, difficulty="easy"), random.Random(3), Budget(60))
    level = certified_level(puzzle.board, LEVELS, puzzle.solution)
    assert level is not None
    rows = puzzle.solution
    for wrong in ((rows[1], rows[0], *rows[2:]),  # breaks cages, keeps lines
                  tuple(tuple(v % 4 + 1 for v in row) for row in rows),  # another Latin square
                  (rows[0], rows[0], *rows[2:]),  # breaks a column
                  [list(row) for row in rows], None, rows[:3]):  # not a grid of tuples
        assert certified_level(puzzle.board, LEVELS, wrong) is None
    for label in ("beginner", "medium"):
        relabelled = replace(puzzle, difficulty=label)
        problems = KENKEN.certify(relabelled)
        assert problems and problems == GridType.certify(KENKEN, relabelled)


def test_certified_level_refuses_cages_outside_the_grid_or_with_an_unknown_sign():
    puzzle = KENKEN.generate(Params(size=4, difficulty="easy"), random.Random(1), Budget(60))
    ladder = engine.ladder(LEVELS, "kenken")
    outside = (Cage(((4, 0), (3, 0)), "+", 3), *puzzle.board.cages[1:])
    unknown = (Cage(puzzle.board.cages[0].cells, "^", 3), *puzzle.board.cages[1:])
    for cages in (outside, unknown):
        with pytest.raises(EngineRequestError):
            engine.kenken_certify(4, cages, ladder, puzzle.solution)
