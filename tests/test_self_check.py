"""A self-check (`self_check: true`) holds for the answer and gives no square away: at
least three empty squares, whose sum leaves every one of them two values or more, by the
sum alone. Property-tested over answers and givens, and on real puzzles."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from hypothesis import given, settings, strategies as st

from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.worked import worked_steps
from bookgen.self_check import MIN_SQUARES, fixes_none, self_check, values_possible


def _brute_values(total: int, squares: int, low: int, high: int) -> set[int]:
    """Every value the first square can take when `squares` values low..high make `total`."""
    return {combo[0] for combo in product(range(low, high + 1), repeat=squares) if sum(combo) == total}


@given(st.integers(3, 4), st.integers(1, 9), st.integers(0, 40))
def test_the_values_a_sum_allows_are_those_found_by_listing_them(squares: int, high: int, total: int):
    assert set(values_possible(total, squares, 1, high)) == _brute_values(total, squares, 1, high)


@st.composite
def answers(draw: st.DrawFn) -> tuple[list[list[int]], list[tuple[int, int]], int]:
    size = draw(st.sampled_from([4, 6, 9]))
    grid = [[draw(st.integers(1, size)) for _ in range(size)] for _ in range(size)]
    cells = [(r, c) for r in range(size) for c in range(size)]
    empty = draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells)))
    return grid, empty, size


@settings(max_examples=300)
@given(answers())
def test_a_check_holds_for_the_answer_uses_only_empty_squares_and_fixes_none(drawn):
    grid, empty, size = drawn
    check = self_check(grid, empty, 1, size)
    if check is None:  # too few squares, or (where it can be listed) no three or four that fix none
        if len(empty) <= 10:
            assert not any(fixes_none(sum(grid[r][c] for r, c in chosen), k, 1, size)
                           for k in (3, 4) for chosen in combinations(empty, k))
        return
    assert len(check.cells) >= MIN_SQUARES and set(check.cells) <= set(empty)
    assert len(set(check.cells)) == len(check.cells)
    assert check.total == sum(grid[r][c] for r, c in check.cells)
    # No square's value follows from the sum alone: each could hold two values or more.
    assert len(_brute_values(check.total, len(check.cells), 1, size)) >= 2
    assert fixes_none(check.total, len(check.cells), 1, size)


def test_a_check_is_the_same_for_the_same_puzzle():
    grid = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    empty = [(r, c) for r in range(4) for c in range(4)]
    assert self_check(grid, empty, 1, 4) == self_check(grid, list(reversed(empty)), 1, 4)


@pytest.mark.parametrize("kind,params", [("sudoku", {"size": 4, "difficulty": "beginner"}),
                                         ("kenken", {"size": 4, "difficulty": "easy"}),
                                         ("killer", {"size": 6, "difficulty": "easy"})])
def test_real_puzzles_get_a_check_that_holds_and_shades_no_given(kind: str, params: dict):
    ptype = registry.get(kind)
    steps = worked_steps(ptype)
    assert steps is not None
    for seed in range(5):
        puzzle = ptype.generate(ptype.Params(**params), random.Random(seed), Budget(30))
        check = steps.self_check(puzzle)
        assert check is not None
        givens = {(r, c) for r, c, _v in puzzle.board.givens}
        assert not givens & set(check.cells)
        assert check.total == sum(puzzle.solution[r][c] for r, c in check.cells)
        assert fixes_none(check.total, len(check.cells), 1, puzzle.board.rows)


def test_picture_sudoku_has_no_check_as_pictures_do_not_add_up():
    ptype = registry.get("sudoku")
    steps = worked_steps(ptype)
    puzzle = ptype.generate(ptype.Params(size=4, difficulty="beginner", symbols="pictures"), random.Random(1),
                            Budget(30))
    assert steps is not None and steps.self_check(puzzle) is None


def test_every_puzzle_of_a_self_check_section_has_its_line_in_the_pdf(tmp_path):
    import pdfplumber

    from bookgen.build import build
    from bookgen.spec import parse

    spec = parse("title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"
                 "    count: 3\n    self_check: true\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 1\n",
                 str(tmp_path / "s.yaml"), tmp_path)
    build(spec, tmp_path / "s.pdf")
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert text.count("The shaded squares add up to") == 3
