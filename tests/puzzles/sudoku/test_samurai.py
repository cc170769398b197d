from __future__ import annotations

import json
import random

import pytest

from bookgen.puzzles import registry
from bookgen.puzzles.sudoku import samurai
from bookgen.errors import ParamsError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.pen import Weight
from bookgen.puzzles.sudoku.targets import givens_range
from bookgen.solve.search import count_solutions
from bookgen.solve.engine import Board

SAMURAI = registry.get("samurai")


@pytest.fixture(scope="module", params=[pytest.param(level, marks=pytest.mark.slow)
                                        if level in ("medium", "hard", "expert") else level
                                        for level in SAMURAI.offer.values("difficulty", samurai.LEVEL_NAMES,
                                                                          symmetry="rotational")])
def made(request):
    """One puzzle a level, from a fixed seed (samurai are slow to make: a few seconds)."""
    return SAMURAI.generate(samurai.Params(difficulty=request.param), random.Random(3), Budget(120))


def _grid_cells(r0: int, c0: int) -> set:
    return {(r0 + r, c0 + c) for r in range(9) for c in range(9)}


def test_the_layout_is_five_grids_sharing_four_boxes():
    model = samurai.structure()
    grids = [_grid_cells(r0, c0) for r0, c0 in samurai.ORIGINS]
    assert set(model.cells) == set().union(*grids) and len(model.cells) == 5 * 81 - 4 * 9
    centre = grids[-1]
    for corner in grids[:-1]:
        shared = corner & centre
        assert len(shared) == 9
        rows, cols = {r for r, _ in shared}, {c for _, c in shared}
        assert len(rows) == 3 and len(cols) == 3 and min(rows) % 3 == 0 and min(cols) % 3 == 0
    boxes = [g for g in model.groups if g.kind == "box"]
    assert len(boxes) == 5 * 9 - 4 and len({g.cells for g in boxes}) == len(boxes)
    assert len(model.groups) == 5 * 27 - 4


def test_made_puzzle_is_unique_answered_and_at_its_level(made):
    count = count_solutions(made.board)
    assert count.count == 1 and count.solutions[0] == made.solution
    # The family's rating: the grader's level, and beginner only with a beginner's givens.
    assert SAMURAI.solve(made).level == made.difficulty
    assert SAMURAI.certify(made) == []


def test_made_puzzle_has_its_levels_givens(made):
    fewest, most = givens_range(len(made.board.cells), made.difficulty)
    assert fewest <= len(made.board.givens) <= (most or len(made.board.cells))
    if made.difficulty == "beginner":
        assert (fewest, most) == (162, 184)
    if made.difficulty == "easy":
        assert (fewest, most) == (137, 166)


def test_every_grid_of_the_answer_is_a_sudoku_and_shared_boxes_agree(made):
    grid = made.solution
    for r0, c0 in samurai.ORIGINS:
        block = [[grid[r0 + r][c0 + c] for c in range(9)] for r in range(9)]
        for line in block + [list(col) for col in zip(*block)]:
            assert sorted(line) == list(range(1, 10))
        for br in range(0, 9, 3):
            for bc in range(0, 9, 3):
                assert sorted(block[br + r][bc + c] for r in range(3) for c in range(3)) == list(range(1, 10))
    cells = set(made.board.cells)
    assert all((grid[r][c] is None) == ((r, c) not in cells) for r in range(21) for c in range(21))


def test_json_has_every_group_and_null_off_the_grids_and_reads_back(made):
    data = json.loads(json.dumps({"type": "samurai", **SAMURAI.to_json(made)}))
    assert len(data["groups"]) == 5 * 27 - 4
    assert data["solution"][0][10] is None and data["solution"][10][0] is None
    back = SAMURAI.from_json(data)
    assert back.board == made.board
    result = SAMURAI.solve(back)
    assert result.solutions == 1 and result.solution == made.solution and result.level == made.difficulty


def test_json_without_group_kinds_reads_as_the_same_samurai():
    model = samurai.structure().with_givens({(0, 0): 5})
    data = {"rows": 21, "cols": 21, "symbols": list(range(1, 10)), "givens": [[0, 0, 5]],
            "groups": [[list(c) for c in g.cells] for g in reversed(model.groups)]}
    assert SAMURAI.from_json(data).board == model


def test_rotational_givens_are_symmetric(made):
    given = {(r, c) for r, c, _ in made.board.givens}
    assert given == {(20 - r, 20 - c) for r, c in given}


def _sides(edge):
    """The two cells (row, col) on either side of a unit edge."""
    (x0, y0), (x1, y1) = edge
    if y0 == y1:
        return {(int(y0) - 1, int(x0)), (int(y0), int(x0))}
    return {(int(y0), int(x0) - 1), (int(y0), int(x0))}


def test_drawing_aligns_the_grids_on_shared_boxes_and_leaves_the_rest_empty(made, recording_pen):
    pen = recording_pen()
    SAMURAI.draw(made, pen, made.solution)
    assert pen.fills == []  # a samurai shades nothing
    cells = set(made.board.cells)
    drawn = set().union(*pen.edges.values())
    assert all(_sides(edge) & cells for edge in drawn)  # nothing between two non-cells
    thick = pen.edges[Weight.BOX] | pen.edges[Weight.BORDER]
    for r0, c0 in samurai.ORIGINS:  # every box edge of every grid is a thick line
        for r in range(r0, r0 + 10, 3):
            assert {((c, r), (c + 1, r)) for c in range(c0, c0 + 9)} <= thick
        for c in range(c0, c0 + 10, 3):
            assert {((c, r), (c, r + 1)) for r in range(r0, r0 + 9)} <= thick
    texts = {(int(x), int(y)) for (x, y), _ in pen.texts}
    assert texts == {(c, r) for r, c in cells}  # the key fills every cell, and only cells
    assert SAMURAI.print_size(made) == SAMURAI.planned_size(made.params) == (21.0, 21.0)


def test_no_technique_removes_a_solution_digit_on_samurai_groups(made):
    # Graded again with every technique, each step checked against the unique solution
    # as it is taken. Fish over two grids' rows, which overlap, once removed true digits.
    assert count_solutions(made.board).count == 1
    truth = [1 << (made.solution[r][c] - 1) for r, c in made.board.cells]
    steps = 0

    board = Board(made.board)
    while board.step(samurai.LEVELS):  # one technique's step at a time, easiest first
        steps += 1
        assert all(d & b for d, b in zip(board.cand, truth)), f"step {steps}"
    assert board.solved()
    assert steps > 20


def test_other_symmetries_are_offered_only_at_measured_levels():
    for symmetry in ("mirror", "none"):
        levels = SAMURAI.offer.values("difficulty", samurai.LEVEL_NAMES, symmetry=symmetry)
        assert levels, symmetry
        for level in samurai.LEVEL_NAMES:
            params = samurai.Params(difficulty=level, symmetry=symmetry)
            if level in levels:
                SAMURAI.validate(params)
            else:
                with pytest.raises(ParamsError) as caught:
                    SAMURAI.validate(params)
                assert caught.value.field == "symmetry" and f"{level} is not (" in str(caught.value)
