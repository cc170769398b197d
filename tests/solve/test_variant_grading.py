"""The grader (the engine's) on the variants' shapes: it knows nothing of diagonals, windows or jigsaw
regions, yet its techniques must use them (locked candidates between any two groups)
and stay sound where groups overlap beyond rows, columns and boxes."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles.sudoku import shapes, variants
from bookgen.solve import techniques as t
from bookgen.solve.engine import Board
from bookgen.solve.search import count_solutions
from bookgen.solve.grader import Contradiction

TECHNIQUES = (
    t.HIDDEN_SINGLE, t.LOCKED_CANDIDATES, t.NAKED_PAIR, t.HIDDEN_PAIR, t.NAKED_TRIPLE, t.HIDDEN_TRIPLE,
    t.X_WING, t.SWORDFISH, t.XY_WING, t.XYZ_WING, *t.CHAINS,
)
SHAPES = [(9, "x"), (9, "hyper"), (9, "jigsaw"), (6, "x"), (7, "jigsaw")]


def unique_sparse_puzzles(size: int, variant: str, count: int, seed: int):
    """Puzzles with a unique solution and few givens (givens dropped while the search
    still proves uniqueness): positions where the harder techniques get to work."""
    rng = random.Random(seed)
    for _ in range(count):
        base, solution = variants.filled(size, variant, rng)
        givens = {cell: solution[cell[0]][cell[1]] for cell in base.cells}
        for cell in rng.sample(base.cells, len(base.cells)):
            value = givens.pop(cell)
            if count_solutions(base.with_givens(givens)).count != 1:
                givens[cell] = value
        yield base.with_givens(givens), solution


@pytest.mark.parametrize("size,variant", [pytest.param(*shape, marks=pytest.mark.slow)
                                          if shape in ((9, "jigsaw"), (9, "hyper"), (7, "jigsaw")) else shape
                                          for shape in SHAPES])
def test_every_technique_keeps_the_true_value_on_variant_shapes(size: int, variant: str):
    for model, solution in unique_sparse_puzzles(size, variant, 4, seed=size):
        for technique in TECHNIQUES:
            board = Board(model)
            try:
                for _ in range(200):
                    if not technique.apply(board) and not t.NAKED_SINGLE.apply(board):
                        break
            except Contradiction:
                pytest.fail(f"{technique.name} contradicted a unique {variant} puzzle")
            for i, (r, c) in enumerate(model.cells):
                assert board.cand[i] & (1 << (solution[r][c] - 1)), technique.name


def test_locked_candidates_points_from_a_box_into_a_diagonal():
    model = shapes.fixed_structure(9, "x")
    board, index = Board(model), model.index
    # Digit 1 in box 0 only on its diagonal cells: it leaves the rest of the diagonal.
    for cell in [(r, c) for r in range(3) for c in range(3) if r != c]:
        board.eliminate(index[cell], 1)
    assert t.LOCKED_CANDIDATES.apply(board)
    assert all(not board.cand[index[(i, i)]] & 1 for i in range(3, 9))
    assert board.cand[index[(0, 8)]] & 1  # the other diagonal is untouched


def test_locked_candidates_claims_from_a_diagonal_into_a_box():
    model = shapes.fixed_structure(9, "x")
    board, index = Board(model), model.index
    # Digit 1 on the main diagonal only inside box 4: the rest of box 4 loses it.
    for i in (0, 1, 2, 6, 7, 8):
        board.eliminate(index[(i, i)], 1)
    assert t.LOCKED_CANDIDATES.apply(board)
    assert all(not board.cand[index[(r, c)]] & 1 for r in range(3, 6) for c in range(3, 6) if r != c)


def test_locked_candidates_points_from_a_hyper_window_into_a_row():
    model = shapes.fixed_structure(9, "hyper")
    board, index = Board(model), model.index
    # Digit 1 in the window at (1, 1) only in its top row: row 1 loses it elsewhere,
    # although that row crosses two boxes.
    for cell in [(r, c) for r in (2, 3) for c in (1, 2, 3)]:
        board.eliminate(index[cell], 1)
    assert t.LOCKED_CANDIDATES.apply(board)
    assert all(not board.cand[index[(1, c)]] & 1 for c in (0, 4, 5, 6, 7, 8))


def test_locked_candidates_points_from_a_jigsaw_region_into_a_column():
    model, _ = variants.filled(9, "jigsaw", random.Random(2))
    region, column = next(
        (g.cells, col) for g in model.groups if g.kind == "region"
        for col in sorted({c for _, c in g.cells}) if sum(c == col for _, c in g.cells) >= 2
    )
    board, index = Board(model), model.index
    # Digit 1 in the region only in that column: the column loses it outside the region.
    for cell in region:
        if cell[1] != column:
            board.eliminate(index[cell], 1)
    assert t.LOCKED_CANDIDATES.apply(board)
    assert all(not board.cand[index[(r, column)]] & 1 for r in range(9) if (r, column) not in region)
