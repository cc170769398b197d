"""Tredoku: the figures' faces and lines, puzzles unique and at their level on every figure,
lines shorter than nine that rule out repeats but are no houses, the measured offer, and
the interchange form read back (hostile files refused in one line)."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.errors import PuzzleFormatError
from bookgen.model import GridModel, Group
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.grid import check_grid, solve_grid
from bookgen.puzzles.sudoku.type import LEVELS
from bookgen.puzzles.tredoku import draw, figures
from bookgen.puzzles.tredoku.type import LEVEL_NAMES, Params
from bookgen.solve.grader import grade_board
from bookgen.solve.engine import Board
from bookgen.solve.result import Outcome
from bookgen.solve.search import count_solutions
from offers import with_row

TREDOKU = registry.get("tredoku")
DIGITS = list(range(1, 10))


def made_puzzle(figure: str, level: str, seed: int = 1):
    return TREDOKU.generate(Params(figure=figure, difficulty=level), random.Random(seed), Budget(120))


@pytest.fixture(scope="module", params=[(figure, level) for figure in figures.NAMES
                                        for level in ("easy", "medium", "hard")])
def made(request):
    return made_puzzle(*request.param)


# --- the figures -------------------------------------------------------------------------


@pytest.mark.parametrize("name", figures.NAMES)
def test_every_face_is_a_box_of_nine_and_every_line_crosses_faces_and_is_at_most_nine(name: str):
    model = figures.structure(name)
    boxes = [g for g in model.groups if g.kind == "box"]
    lines = [g for g in model.groups if g.kind != "box"]
    assert len(boxes) == len(figures.faces(name)) and all(len(b.cells) == 9 for b in boxes)
    assert set(model.cells) == {cell for b in boxes for cell in b.cells} and len(model.cells) == 9 * len(boxes)
    face_of = {cell: k for k, b in enumerate(boxes) for cell in b.cells}
    assert lines and all(len({face_of[c] for c in line.cells}) >= 2 for line in lines)
    assert all(len(line.cells) in (6, 9) for line in lines)
    assert all(len(set(line.cells)) == len(line.cells) for line in lines)


@pytest.mark.parametrize("name", figures.NAMES)
def test_consecutive_squares_of_a_line_share_an_edge_in_space_and_go_straight_on(name: str):
    faces = figures.faces(name)
    for line in (g for g in figures.structure(name).groups if g.kind != "box"):
        for a, b, c in zip(line.cells, line.cells[1:], line.cells[2:]):
            corners = [_corners(faces, cell) for cell in (a, b, c)]
            assert len(corners[0] & corners[1]) == 2 and len(corners[1] & corners[2]) == 2
            # Straight on: the middle square is entered and left by opposite edges.
            assert not corners[0] & corners[1] & corners[2]


def _corners(faces, cell) -> set:
    k, r, c = figures.place(cell)
    face = faces[k]
    return {tuple(round(v) for v in figures.corner_point(face, r + dr, c + dc)) for dr in (0, 1) for dc in (0, 1)}


def test_the_staircases_steps_make_lines_of_nine_over_tread_riser_and_tread():
    model = figures.structure("staircase")
    assert sorted(len(g.cells) for g in model.groups if g.kind != "box") == [6] * 9 + [9] * 9


@pytest.mark.parametrize("name", figures.NAMES)
def test_no_two_faces_overlap_on_paper(name: str):
    outlines = [[figures.project(figures.corner_point(f, r, c)) for r, c in ((0, 0), (0, 3), (3, 3), (3, 0))]
                for f in figures.faces(name)]
    for a, b in combinations(outlines, 2):
        middle = (sum(p[0] for p in a) / 4, sum(p[1] for p in a) / 4)
        assert not draw._inside(middle, b, margin=-0.01)


@pytest.mark.parametrize("name", figures.NAMES)
def test_faces_are_lettered_in_reading_order_on_paper(name: str):
    middles = [figures.project(figures.corner_point(f, 1.5, 1.5)) for f in figures.faces(name)]
    assert middles == sorted(middles, key=lambda p: (round(p[1], 6), round(p[0], 6)))


# --- lines shorter than nine ------------------------------------------------------------


def test_a_line_of_six_rules_out_repeats_but_is_no_house_to_the_search_or_the_grader():
    """Five of a six-square line written 1-5: the sixth may be 6, 7, 8 or 9. Taking the
    line for a house (a hidden single: "6 has one place left") would call it unique."""
    line = next(g for g in figures.structure("star").groups if g.kind != "box" and len(g.cells) == 6)
    model = GridModel(3, 24, tuple(DIGITS), tuple(sorted(line.cells)), (Group(line.cells, "group"),),
                      givens=tuple(sorted((r, c, v) for (r, c), v in zip(line.cells[:5], range(1, 6)))))
    assert count_solutions(model, limit=5).count == 4
    assert solve_grid(model, LEVELS).outcome is Outcome.AMBIGUOUS
    board = Board(model)
    assert grade_board(board, LEVELS).outcome is not Outcome.SOLVED


def test_the_grader_uses_only_lines_of_nine_as_houses(made):
    """Hidden singles and subsets, the last square and chains' strong links need a group
    that holds every digit: on a tredoku, a face or a line of nine."""
    houses_only = ("hidden single", "hidden single in a box", "full house", "hidden pair", "hidden triple")
    for step in TREDOKU.steps(made):
        if step.technique in houses_only:
            assert all(len(g.cells) == 9 for g in step.detail.groups), step


# --- puzzles -----------------------------------------------------------------------------


def test_a_made_puzzle_is_unique_by_search_alone_and_graded_at_its_level(made):
    count = count_solutions(made.board, limit=2)
    assert count.count == 1 and count.solutions[0] == made.solution
    assert TREDOKU.solve(made).level == made.difficulty
    assert TREDOKU.certify(made) == []


def test_the_answer_keeps_every_rule_read_straight_from_the_figure(made):
    grid = made.solution
    model = figures.structure(made.params.figure)
    for group in model.groups:
        values = [grid[r][c] for r, c in group.cells]
        assert len(set(values)) == len(values) and set(values) <= set(DIGITS)
        if len(values) == 9:
            assert sorted(values) == DIGITS
    assert all(grid[r][c] == v for r, c, v in made.board.givens)


def test_the_checker_finds_a_digit_repeated_along_a_line(made):
    line = next(g for g in made.board.groups if g.kind != "box")
    a, b = line.cells[0], line.cells[-1]
    broken = [list(row) for row in made.solution]
    broken[b[0]][b[1]] = broken[a[0]][a[1]]
    assert any("repeats in a group" in v.rule for v in check_grid(made.board, tuple(map(tuple, broken))))


def test_a_figure_made_twice_from_one_seed_is_the_same_puzzle():
    assert TREDOKU.to_json(made_puzzle("star", "medium", 5)) == TREDOKU.to_json(made_puzzle("star", "medium", 5))


@pytest.mark.slow
@pytest.mark.parametrize("figure", figures.NAMES)
def test_every_offered_level_is_made_and_certified(figure: str):
    for level in TREDOKU.offer.values("difficulty", LEVEL_NAMES, figure=figure):
        puzzle = made_puzzle(figure, level, 11)
        assert TREDOKU.certify(puzzle) == [], (figure, level)


# --- the offer ---------------------------------------------------------------------------


def test_every_figure_is_offered_at_least_easy_medium_and_hard_and_types_lists_it():
    for figure in figures.NAMES:
        offered = TREDOKU.offer.values("difficulty", LEVEL_NAMES, figure=figure)
        assert {"easy", "medium", "hard"} <= set(offered)
        for level in offered:
            TREDOKU.validate(Params(figure=figure, difficulty=level))
    lines = TREDOKU.offered_lines()
    assert [line.split(":")[0] for line in lines] == list(figures.NAMES)


def test_a_level_not_measured_is_refused_with_what_was_measured(monkeypatch):
    key = {"figure": "star", "difficulty": "expert"}
    monkeypatch.setattr(TREDOKU, "offer", with_row(TREDOKU.offer, key, made=93, seeds=100))
    refused = TREDOKU.refusal(Params(figure="star", difficulty="expert"))
    assert refused is not None and "93 of the 100" in str(refused) and "star" in str(refused)


# --- the interchange form -----------------------------------------------------------------


def test_json_carries_the_figure_its_faces_and_groups_and_reads_back(made):
    data = json.loads(json.dumps({"type": "tredoku", **TREDOKU.to_json(made)}))
    assert data["figure"] == made.params.figure
    assert len(data["faces"]) == len(figures.faces(made.params.figure))
    assert all(len(face["cells"]) == 9 and len(face["corners"]) == 4 for face in data["faces"])
    kinds = data["group_kinds"]
    assert kinds.count("box") == len(data["faces"]) and set(kinds) == {"box", "group"}
    back = TREDOKU.from_json(data, "t.json")
    assert back.board == made.board and back.solution == made.solution and back.params.figure == made.params.figure


def test_an_outside_checker_verifies_the_answer_from_the_json_alone(made):
    data = json.loads(json.dumps(TREDOKU.to_json(made)))
    solution = data["solution"]
    for group in data["groups"]:
        values = [solution[r][c] for r, c in group]
        assert None not in values and len(set(values)) == len(values)
    assert all(solution[r][c] == v for r, c, v in data["givens"])
    # Each face's squares are a group, and its corners a parallelogram in space.
    groups = {frozenset(map(tuple, g)) for g in data["groups"]}
    for face in data["faces"]:
        assert frozenset(map(tuple, face["cells"])) in groups
        a, b, c, d = face["corners"]
        assert [b[k] - a[k] for k in range(3)] == [c[k] - d[k] for k in range(3)]


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.pop("figure"), "figure"),
    (lambda d: d.update(figure="pyramid"), "figure"),
    (lambda d: d.update(figure=["star"]), "figure"),
    (lambda d: (d["groups"].pop(), d["group_kinds"].pop()), "groups"),
    (lambda d: d["groups"][-1].pop(), "groups"),
    (lambda d: d.update(symbols=list(range(1, 11))), "symbols"),
    (lambda d: d.update(cages=[{"cells": [[0, 0]], "op": "=", "target": 1}]), "cages"),
    (lambda d: d.update(rows=10 ** 9), "rows"),
])
def test_a_hostile_file_is_refused_naming_its_field(edit, field):
    data = TREDOKU.to_json(made_puzzle("block", "easy"))
    edit(data)
    with pytest.raises(PuzzleFormatError) as caught:
        TREDOKU.from_json(data, "t.json")
    said = str(caught.value)
    assert said.startswith(f"t.json: {field}") and "\n" not in said


def test_bookgen_solve_reads_a_tredoku_back_and_refuses_a_broken_one_in_one_line(tmp_path):
    puzzle = made_puzzle("staircase", "medium")
    good = tmp_path / "t.json"
    good.write_text(json.dumps({"type": "tredoku", **{k: v for k, v in TREDOKU.to_json(puzzle).items()
                                                       if k != "solution"}}))
    result = CliRunner().invoke(main, ["solve", str(good), "--json"])
    assert result.exit_code == 0, result.output
    said = json.loads(result.output)
    assert said["solutions"] == 1 and said["difficulty"] == "medium"
    assert tuple(map(tuple, said["solution"])) == puzzle.solution
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"type": "tredoku", **{**TREDOKU.to_json(puzzle), "figure": "pyramid"}}))
    refused = CliRunner().invoke(main, ["solve", str(bad)])
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    assert "figure" in refused.output and "Traceback" not in refused.output


def test_bookgen_solve_says_the_answer_face_by_face_as_the_drawing_letters_them():
    puzzle = made_puzzle("block", "medium")
    said = TREDOKU.result_text(puzzle, TREDOKU.solve(puzzle)).splitlines()
    assert said[:2] == ["one solution", "difficulty: medium"]
    assert len(said) == 2 + len(figures.faces("block"))
    for k, line in enumerate(said[2:]):
        face, rows = line.split(": ")
        assert face == f"face {'ABCDEFGH'[k]}"
        box = next(g for g in puzzle.board.groups if g.kind == "box" and figures.place(g.cells[0])[0] == k)
        assert [int(v) for v in rows.replace("/", " ").split()] == [puzzle.solution[r][c] for r, c in box.cells]


def test_a_contradictory_file_is_no_solution_not_a_crash():
    puzzle = made_puzzle("star", "easy")
    line = next(g for g in puzzle.board.groups if g.kind != "box")
    (r1, c1), (r2, c2) = line.cells[0], line.cells[-1]
    data = TREDOKU.to_json(puzzle)
    data["givens"] = [[r1, c1, 1], [r2, c2, 1]]
    data.pop("solution")
    assert TREDOKU.solve(TREDOKU.from_json(data)).solutions == 0
