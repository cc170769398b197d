"""The sudoku family's grader (the engine's), technique by technique: on a small
hand-made position where exactly that technique makes progress, every technique before
it in the level table makes none, and the technique does what it should (each applied
alone, one engine step)."""

from __future__ import annotations

from bookgen.puzzles.sudoku.type import LEVELS, structure
from bookgen.solve import techniques as t
from bookgen.solve.engine import Board
from bookgen.solve.grader import Technique
from positions import restrict

ORDER = [tech for level in LEVELS for tech in level.techniques]


def empty(size: int = 9) -> Board:
    return Board(structure(size))


def at(r: int, c: int, size: int = 9) -> int:
    return r * size + c


def bits(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def only(board: Board, technique: Technique) -> None:
    """Every technique before `technique` in the table makes no progress; it does."""
    before = list(board.cand)
    for tech in ORDER[: ORDER.index(technique)]:
        assert not tech.apply(board), f"{tech.name} made progress before {technique.name}"
    assert board.cand == before
    assert technique.apply(board), f"{technique.name} made no progress"


def keep_only_in(board: Board, digit: int, cells: list[tuple[int, int]], line: list[tuple[int, int]]) -> None:
    """Cross `digit` out of every cell of `line` but `cells`."""
    for r, c in line:
        if (r, c) not in cells:
            board.eliminate(at(r, c), bits(digit))


def row(r: int) -> list[tuple[int, int]]:
    return [(r, c) for c in range(9)]


def test_table_order_is_the_levels_easiest_first():
    assert [level.name for level in LEVELS] == ["beginner", "easy", "medium", "hard", "expert"]
    assert ORDER[:5] == [t.FULL_HOUSE, t.HIDDEN_SINGLE_BOX, t.INEQUALITY, t.HIDDEN_SINGLE, t.NAKED_SINGLE]
    assert ORDER.index(t.INEQUALITY_CHAIN) == ORDER.index(t.LOCKED_CANDIDATES) - 1  # medium's first


def test_full_house_fills_the_last_cell_of_a_row():
    board = Board(structure(4).with_givens({(0, 0): 1, (0, 1): 2, (0, 2): 3}))
    only(board, t.FULL_HOUSE)
    assert board.placed[3] and board.cand[3] == bits(4)


def test_hidden_single_in_a_box_by_cross_hatching():
    # 1 in rows 1 and 2 and in columns 1 and 2 leaves box 0 one place for 1: (0, 0).
    board = Board(structure(9).with_givens({(1, 4): 1, (2, 7): 1, (4, 1): 1, (7, 2): 1}))
    only(board, t.HIDDEN_SINGLE_BOX)
    assert board.placed[at(0, 0)] and board.cand[at(0, 0)] == bits(1)


def test_hidden_single_in_a_row_where_no_box_has_one():
    board = empty()
    keep_only_in(board, 1, [(0, 0)], row(0))
    only(board, t.HIDDEN_SINGLE)
    assert board.placed[at(0, 0)] and board.cand[at(0, 0)] == bits(1)


def test_naked_single_where_no_hidden_single_exists():
    board = empty()
    restrict(board, at(4, 4), bits(5))
    only(board, t.NAKED_SINGLE)
    assert board.placed[at(4, 4)]


def test_locked_candidates_claiming_from_a_row_into_its_box():
    board = empty()
    keep_only_in(board, 1, [(0, 0), (0, 1)], row(0))
    only(board, t.LOCKED_CANDIDATES)
    assert not any(board.cand[at(r, c)] & bits(1) for r in (1, 2) for c in range(3))


def test_naked_pair_clears_its_digits_from_the_row():
    board = empty()
    restrict(board, at(0, 0), bits(1, 2))
    restrict(board, at(0, 4), bits(1, 2))
    only(board, t.NAKED_PAIR)
    assert not any(board.cand[at(0, c)] & bits(1, 2) for c in range(9) if c not in (0, 4))


def test_hidden_pair_keeps_only_its_digits_in_its_two_cells():
    board = empty()
    for digit in (1, 2):
        keep_only_in(board, digit, [(0, 0), (0, 4)], row(0))
    only(board, t.HIDDEN_PAIR)
    assert board.cand[at(0, 0)] == board.cand[at(0, 4)] == bits(1, 2)


def test_naked_triple_clears_its_digits_from_the_row():
    board = empty()
    for c, digits in ((0, (1, 2)), (4, (2, 3)), (8, (1, 3))):
        restrict(board, at(0, c), bits(*digits))
    only(board, t.NAKED_TRIPLE)
    assert not any(board.cand[at(0, c)] & bits(1, 2, 3) for c in range(9) if c not in (0, 4, 8))


def test_hidden_triple_keeps_only_its_digits_in_its_three_cells():
    board = empty()
    for digit in (1, 2, 3):
        keep_only_in(board, digit, [(0, 0), (0, 4), (0, 8)], row(0))
    only(board, t.HIDDEN_TRIPLE)
    assert all(board.cand[at(0, c)] == bits(1, 2, 3) for c in (0, 4, 8))


def test_x_wing_clears_its_columns():
    board = empty()
    for r in (0, 4):
        keep_only_in(board, 1, [(r, 0), (r, 4)], row(r))
    only(board, t.X_WING)
    assert not any(board.cand[at(r, c)] & bits(1) for r in range(9) if r not in (0, 4) for c in (0, 4))


def test_swordfish_clears_its_columns_where_no_x_wing_exists():
    board = empty()
    for r, cols in ((0, (0, 3)), (3, (3, 6)), (6, (0, 6))):
        keep_only_in(board, 1, [(r, c) for c in cols], row(r))
    only(board, t.SWORDFISH)
    assert not any(board.cand[at(r, c)] & bits(1) for r in range(9) if r not in (0, 3, 6) for c in (0, 3, 6))


def test_xy_wing_clears_the_cell_seeing_both_pincers():
    board = empty()
    restrict(board, at(4, 4), bits(1, 2))  # pivot
    restrict(board, at(4, 0), bits(1, 3))  # pincer in its row
    restrict(board, at(0, 4), bits(2, 3))  # pincer in its column
    only(board, t.XY_WING)
    assert not board.cand[at(0, 0)] & bits(3)


def test_xyz_wing_clears_cells_seeing_pivot_and_both_pincers():
    board = empty()
    restrict(board, at(4, 4), bits(1, 2, 3))  # pivot
    restrict(board, at(3, 3), bits(1, 3))  # pincer in its box
    restrict(board, at(4, 7), bits(2, 3))  # pincer in its row
    only(board, t.XYZ_WING)
    assert not board.cand[at(4, 3)] & bits(3) and not board.cand[at(4, 5)] & bits(3)
    assert board.cand[at(4, 6)] & bits(3)  # sees the pivot and one pincer only
