"""Greater-than sudoku: signs between every two neighbours of a box, read off the answer;
the search's count against brute force and SAT; the grader's sign techniques sound on
made puzzles; the checker, the interchange form and `bookgen solve`; the instructions and
the hint sentences."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.errors import PuzzleFormatError
from bookgen.model import Inequality
from bookgen.puzzles.base import Budget
from bookgen.puzzles.grid import check_grid
from bookgen.puzzles.grid_json import model_from_json, model_to_json
from bookgen.puzzles.hints import sentences
from bookgen.puzzles.sudoku.greater_than import box_neighbours, signs_of
from bookgen.puzzles.sudoku.offer import offered
from bookgen.puzzles.sudoku.shapes import fixed_structure
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
from bookgen.solve.search import count_solutions

SIGNS_PER_BOX = {4: 4, 6: 7, 9: 12}


def made(size: int, level: str, seed: int = 0):
    params = Params(size=size, difficulty=level, variant="greater-than")
    params.validate()
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(60))


def with_signs(size: int, signs) -> object:
    return dataclasses.replace(fixed_structure(size), inequalities=tuple(signs))


def value(grid, cell) -> int:
    return grid[cell[0]][cell[1]]


def test_a_model_without_signs_keeps_the_interchange_form_it_had():
    form = model_to_json(fixed_structure(4))
    assert "inequalities" not in form
    assert model_from_json(json.loads(json.dumps(form))) == fixed_structure(4)


@pytest.mark.parametrize("size,level", [(4, "beginner"), (6, "medium"), (9, "hard")])
def test_every_two_neighbours_of_a_box_get_one_sign_pointing_the_way_the_answer_goes(size: int, level: str):
    puzzle = made(size, level, 3)
    signs = puzzle.board.inequalities
    assert len(signs) == SIGNS_PER_BOX[size] * size
    assert {frozenset((e.smaller, e.larger)) for e in signs} == {frozenset(p) for p in box_neighbours(size)}
    assert all(value(puzzle.solution, e.smaller) < value(puzzle.solution, e.larger) for e in signs)


@pytest.mark.parametrize("size,level,seed", [(4, "beginner", 0), (4, "beginner", 1), (6, "easy", 2), (6, "medium", 3),
                                             (6, "expert", 4), (9, "medium", 5), (9, "expert", 6)])
def test_a_made_puzzle_is_unique_graded_as_asked_and_passes_the_checker(size: int, level: str, seed: int):
    puzzle = made(size, level, seed)
    assert PUZZLE_TYPE.certify(puzzle) == []
    assert PUZZLE_TYPE.misfit(puzzle, puzzle.params) is None


def test_medium_and_harder_puzzles_have_few_givens_and_lean_on_the_signs():
    puzzle = made(9, "medium", 1)
    assert len(puzzle.board.givens) <= 12
    used = {step.technique for step in PUZZLE_TYPE.steps(puzzle)}
    assert {"inequality", "inequality chain"} <= used


def test_the_checker_finds_a_sign_the_grid_breaks():
    puzzle = made(4, "beginner", 0)
    first = puzzle.board.inequalities[0]
    turned = dataclasses.replace(puzzle.board, inequalities=(Inequality(first.larger, first.smaller),)
                                 + puzzle.board.inequalities[1:])
    problems = check_grid(turned, puzzle.solution)
    assert [p.where for p in problems] == [(first.larger, first.smaller)]
    assert "is not smaller than" in str(problems[0])
    assert check_grid(puzzle.board, puzzle.solution) == []


def test_the_search_counts_exactly_the_4x4_sudokus_that_meet_the_signs():
    every = count_solutions(fixed_structure(4), limit=1000)
    assert every.complete and every.count == 288
    rng = random.Random(23)
    pairs = box_neighbours(4)
    for grid in rng.sample(every.solutions, 12):
        signs = signs_of(grid, 4)
        for kept in (signs, tuple(rng.sample(signs, 6)), tuple(rng.sample(signs, 3))):
            meeting = [g for g in every.solutions if all(value(g, e.smaller) < value(g, e.larger) for e in kept)]
            counted = count_solutions(with_signs(4, kept), limit=1000)
            assert counted.complete and sorted(counted.solutions) == sorted(meeting)
    assert len(pairs) == 16


def test_the_search_and_sat_agree_on_6x6_boards_with_some_signs():
    pytest.importorskip("pysat.solvers")
    from test_sat_crosscheck import sat_solutions

    rng = random.Random(6)
    for _ in range(6):
        grid = made(6, "easy", rng.randrange(99)).solution
        signs = tuple(rng.sample(signs_of(grid, 6), 24))
        model = with_signs(6, signs)
        counted = count_solutions(model, limit=300)
        by_sat = sat_solutions(model_to_json(model), limit=300)
        assert 1 <= counted.count == len(by_sat) < 300  # every solution, counted both ways
        assert sorted([list(row) for row in g] for g in counted.solutions) == sorted(by_sat)


@pytest.mark.parametrize("size,level,seed", [(4, "beginner", 7), (6, "medium", 8), (6, "hard", 9), (9, "expert", 10)])
def test_every_step_of_the_grader_is_sound(size: int, level: str, seed: int):
    puzzle = made(size, level, seed)
    for step in PUZZLE_TYPE.steps(puzzle):
        assert all(value(puzzle.solution, cell) == v for cell, v in step.placed), step
        assert all(value(puzzle.solution, cell) not in gone for cell, gone in step.removed), step


SIDES = {(0, 1): "to its right", (0, -1): "to its left", (-1, 0): "above it", (1, 0): "below it"}


def test_a_sign_s_hint_names_the_square_the_side_and_what_goes():
    puzzle = made(6, "medium", 1)
    steps = [s for s in PUZZLE_TYPE.steps(puzzle) if s.technique == "inequality"]
    assert steps
    for step in steps[:6]:
        (r1, c1), (r2, c2) = step.detail.cells
        said = sentences(step, table=PUZZLE_TYPE.sentences)[0]
        assert said.startswith(f"Row {r1 + 1}, column {c1 + 1} is {step.detail.kind} than the square "
                               f"{SIDES[(r2 - r1, c2 - c1)]}, which is at {'most' if step.detail.kind == 'smaller' else 'least'} "
                               f"{step.detail.total}. So ")
        crossed = sorted(d for _cell, ds in step.removed for d in ds)
        assert all(d >= step.detail.total if step.detail.kind == "smaller" else d <= step.detail.total
                   for d in crossed)


def test_a_chain_s_hint_says_the_squares_it_follows_and_their_house():
    puzzle = made(9, "medium", 1)
    step = next(s for s in PUZZLE_TYPE.steps(puzzle) if s.technique == "inequality chain")
    said = sentences(step, table=PUZZLE_TYPE.sentences)[0]
    assert said.startswith("Follow the signs: row ")
    assert "so they are all different" in said
    assert any(f"They are all in {house}" in said for house in ("the box of", "row", "column"))


def test_the_instructions_say_which_way_a_sign_points():
    text = PUZZLE_TYPE.instructions_for(Params(size=6, variant="greater-than"))
    assert "every bold box" in text and "points at the smaller number" in text


def test_the_instructions_do_not_promise_givens_a_puzzle_may_not_have():
    # Above easy a greater-than sudoku often has no givens at all (the signs are enough).
    text = PUZZLE_TYPE.instructions_for(Params(size=6, variant="greater-than", difficulty="medium"))
    assert "Some digits are given" not in text and "or none at all" in text
    assert "Some digits are given" in PUZZLE_TYPE.instructions_for(Params(size=6, difficulty="medium"))


def test_every_level_but_4x4_easy_and_harder_is_offered():
    assert offered(PUZZLE_TYPE.offer, "greater-than", 4) == ("beginner",)
    for size in (6, 9):
        assert offered(PUZZLE_TYPE.offer, "greater-than", size) == ("beginner", "easy", "medium", "hard", "expert")


def test_a_puzzle_read_back_is_the_same_puzzle_and_a_sign_short_is_no_greater_than_sudoku():
    puzzle = made(6, "hard", 2)
    data = {**json.loads(json.dumps(PUZZLE_TYPE.to_json(puzzle))), "difficulty": "hard"}
    assert len(data["inequalities"]) == 42
    back = PUZZLE_TYPE.from_json(data)
    assert back.board == puzzle.board and back.solution == puzzle.solution
    assert PUZZLE_TYPE.misfit(back, puzzle.params) is None
    short = dataclasses.replace(back, board=dataclasses.replace(back.board, inequalities=back.board.inequalities[1:]))
    assert PUZZLE_TYPE.misfit(short, puzzle.params) is not None
    assert PUZZLE_TYPE.misfit(back, Params(size=6, difficulty="hard")) is not None  # a classic has no signs


HOSTILE = [
    ([[[0, 0], [0, 2]]], "inequalities[0]", "neighbouring"),
    ([[[0, 0], [9, 0]]], "inequalities[0]", "outside"),
    ([[[0, 0]]], "inequalities[0]", "expected [[row, col], [row, col]]"),
    ([[0, 1]], "inequalities[0]", "expected"),
    ("<", "inequalities", "expected a list"),
]


@pytest.mark.parametrize("signs,field,words", HOSTILE)
def test_a_bad_sign_in_a_puzzle_file_is_refused_naming_its_field(signs, field: str, words: str):
    data = {**model_to_json(fixed_structure(4)), "inequalities": signs}
    with pytest.raises(PuzzleFormatError) as caught:
        model_from_json(data, "p.json")
    assert field in str(caught.value) and words in str(caught.value)


def test_signs_over_symbols_listed_out_of_order_are_refused():
    data = {**model_to_json(fixed_structure(4)), "symbols": [2, 1, 3, 4], "inequalities": [[[0, 0], [0, 1]]]}
    with pytest.raises(PuzzleFormatError, match="symbols"):
        model_from_json(data, "p.json")


def test_bookgen_solve_reads_the_signs_and_refuses_a_bad_one_in_one_line(tmp_path):
    puzzle = made(4, "beginner", 4)
    data = {k: v for k, v in PUZZLE_TYPE.to_json(puzzle).items() if k != "solution"}
    data["type"] = "sudoku"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    answer = CliRunner().invoke(main, ["solve", str(good), "--json"])
    assert answer.exit_code == 0, answer.output
    assert json.loads(answer.output)["solution"] == [list(row) for row in puzzle.solution]
    # Without its givens the signs alone still fix it or not: the count is the search's.
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps({**data, "givens": []}))
    alone = CliRunner().invoke(main, ["solve", str(bare), "--json"])
    assert alone.exit_code == 0 and json.loads(alone.output)["solutions"] == count_solutions(
        dataclasses.replace(puzzle.board, givens=())).count
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "inequalities": [[[0, 0], [3, 3]]]}))
    refused = CliRunner().invoke(main, ["solve", str(bad)])
    assert refused.exit_code == 2
    assert refused.output.strip().count("\n") == 0 and "inequalities[0]" in refused.output


def test_signs_that_go_round_in_a_circle_have_no_solution():
    circle = [Inequality((0, 0), (0, 1)), Inequality((0, 1), (1, 1)), Inequality((1, 1), (1, 0)),
              Inequality((1, 0), (0, 0))]
    assert count_solutions(with_signs(4, circle)).count == 0
    result = PUZZLE_TYPE.solve(dataclasses.replace(made(4, "beginner", 0), board=with_signs(4, circle)))
    assert result.solutions == 0


def test_pairs_of_box_neighbours_stay_inside_their_box():
    for size, (rows, cols) in ((4, (2, 2)), (6, (2, 3)), (9, (3, 3))):
        pairs = box_neighbours(size)
        assert len(pairs) == SIGNS_PER_BOX[size] * size
        for (r1, c1), (r2, c2) in pairs:
            assert abs(r1 - r2) + abs(c1 - c2) == 1
            assert (r1 // rows, c1 // cols) == (r2 // rows, c2 // cols)
    assert list(itertools.islice(box_neighbours(4), 2)) == [((0, 0), (0, 1)), ((0, 0), (1, 0))]


def test_a_hint_grid_s_numbered_squares_keep_clear_of_the_signs(recording_pen):
    from bookgen.puzzles.hint import StepMarks
    from bookgen.puzzles.pen import LINE_RATIO
    from bookgen.puzzles.sudoku.greater_than import BADGE_SIDE, SPREAD, WEIGHT
    from bookgen.puzzles.worked_draw import MARK_INSET, MARK_SIZE

    def badge_side(puzzle) -> float:
        """The side of the black square the type draws for a step's number."""
        pen = recording_pen()
        PUZZLE_TYPE.draw_worked(puzzle, pen, StepMarks(badges=(((0, 0), "1"),)))
        return [area for area, gray in pen.fills if gray == 1.0][-1] ** 0.5

    assert badge_side(made(4, "beginner", 0)) == pytest.approx(BADGE_SIDE)
    assert badge_side(PUZZLE_TYPE.generate(Params(size=4, difficulty="beginner"), random.Random(0),
                                           Budget(60))) == pytest.approx(MARK_SIZE)
    # The square's top (and left) edge, from the cell's corner, against the chevron's ink
    # on the cell's right (and lower) edge, from the edge's middle.
    assert 1 - MARK_INSET - BADGE_SIDE > 0.5 + SPREAD / 2 + LINE_RATIO[WEIGHT] / 2 + 0.02


def test_check_refuses_a_level_a_4x4_does_not_reach_saying_what_was_measured(tmp_path):
    spec = tmp_path / "g.yaml"
    spec.write_text("title: G\nsections:\n  - type: sudoku\n    variant: greater-than\n    size: 4\n"
                    "    difficulty: medium\n    count: 1\n")
    refused = CliRunner().invoke(main, ["check", str(spec)])
    assert refused.exit_code == 2
    assert refused.output.count("\n") == 1
    assert "a 4x4 greater-than sudoku can be beginner; medium ones are not offered" in refused.output
    assert "every 4x4 falls to the beginner's techniques" in refused.output
    listed = CliRunner().invoke(main, ["types"]).output
    assert "9x9 greater-than: beginner, easy, medium, hard, expert" in listed
