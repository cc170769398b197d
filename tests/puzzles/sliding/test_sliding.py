"""The sliding-puzzle type: options, generation, checking, interchange and drawing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bookgen.errors import GenerationError, ParamsError, PuzzleFormatError
from bookgen.options import OptionValueError, ParseContext, declared
from bookgen.puzzles.registry import get
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.sliding.type import PUZZLE_TYPE as SLIDING
from bookgen.puzzles.sliding.rules import Params, SlidingBoard, exact_limit, move_ranges
from bookgen.puzzles.sliding import board as sliding_board
from bookgen.puzzles.sliding import scramble as sliding_scramble
from bookgen.puzzles.sliding import search as sliding_search
from bookgen.solve.result import Outcome


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Never touch the user's cache directory from a test."""
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path / "cache"))


def make(seed: int = 1, **options) -> Puzzle:
    params = Params(**options)
    params.validate()
    return SLIDING.generate(params, random.Random(seed), Budget(120))


# ----- options


def test_registered_under_its_name_and_aliases():
    assert get("sliding") is SLIDING and get("15-puzzle") is SLIDING and get("slide") is SLIDING


@pytest.mark.parametrize(
    "options,field",
    [
        ({"rows": 1, "cols": 5}, "rows"),
        ({"size": 7}, "size"),
        ({"rows": 3, "cols": 7}, "cols"),
        ({"size": 2}, "size"),
        ({"size": 3, "rows": 4}, "size"),
        ({"size": 3, "moves": 32}, "moves"),
    ],
)
def test_impossible_boards_are_refused_with_the_field(options, field):
    with pytest.raises(ParamsError) as caught:
        Params(**options).validate()
    assert caught.value.field == field
    assert "\n" not in str(caught.value)


def test_unreadable_picture_is_refused(tmp_path):
    bogus = tmp_path / "picture.png"
    bogus.write_text("not a picture")
    with pytest.raises(ParamsError) as caught:
        Params(size=3, image=bogus).validate()
    assert caught.value.field == "image" and "picture.png" in str(caught.value)


def test_missing_picture_is_an_option_error(tmp_path):
    kind = {name: info.kind for name, info, _ in declared(Params)}["image"]
    with pytest.raises(OptionValueError, match="not found"):
        kind.parse("missing.png", ParseContext(tmp_path))
    (tmp_path / "boat.png").write_bytes(b"")
    assert kind.parse("boat.png", ParseContext(tmp_path)) == tmp_path / "boat.png"


def test_rows_alone_means_a_square_and_default_is_four():
    assert Params(rows=3).dims() == (3, 3)
    assert Params().dims() == (4, 4)
    assert Params(rows=3, cols=5).dims() == (3, 5)


# ----- generation

BOARDS = [(2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 3), (4, 4), (3, 5), (2, 6), (5, 5), (4, 6), (6, 6)]


@pytest.mark.parametrize("rows,cols", [pytest.param(*b, marks=pytest.mark.slow) if b == (3, 3) else b for b in BOARDS])
def test_every_scramble_is_solvable_and_its_moves_reach_the_goal(rows, cols, replay):
    for seed in range(4):
        for blank in ("last", "first"):
            puzzle = make(seed, rows=rows, cols=cols, blank=blank, difficulty="easy")
            board = puzzle.board
            assert sliding_board.is_solvable(board.start, board.goal, cols)
            assert replay(board.start, puzzle.solution, cols) == board.goal
            assert SLIDING.check(puzzle, puzzle.solution) == []
            lo, hi = move_ranges(rows, cols)["easy"]
            assert lo <= len(puzzle.solution) <= hi and board.optimal
            assert board.goal.index(0) == (0 if blank == "first" else rows * cols - 1)


@pytest.mark.slow  # every level's 8-puzzles against a 181,440-position BFS
@pytest.mark.parametrize("blank", ["last", "first"])
def test_every_8_puzzle_answer_claimed_optimal_is_optimal(blank, bfs_distances, replay):
    goal = sliding_board.standard_goal(3, 3, blank_first=blank == "first")
    distances = bfs_distances(goal, 3, 3)
    for level in SLIDING.levels:
        for seed in range(12):
            puzzle = make(seed, size=3, blank=blank, difficulty=level)
            assert puzzle.board.optimal and puzzle.difficulty == level
            assert len(puzzle.solution) == distances[puzzle.board.start]
            assert replay(puzzle.board.start, puzzle.solution, 3) == goal


def test_moves_option_gives_exactly_that_many_moves_at_best():
    puzzle = make(3, size=4, moves=24)
    assert len(puzzle.solution) == 24
    found = sliding_search.solve_optimal(puzzle.board.start, puzzle.board.goal, 4)
    assert len(found.moves) == 24
    assert SLIDING.describe(puzzle) == "4×4"  # the count is printed once, under the board


def test_medium_medium_and_hard_pick_longer_scrambles():
    lengths = {level: len(make(2, size=3, difficulty=level).solution) for level in SLIDING.levels}
    assert lengths["easy"] < lengths["medium"] < lengths["hard"]


def test_generation_depends_only_on_the_seed():
    first = make(17, rows=3, cols=4, difficulty="medium")
    again = make(17, rows=3, cols=4, difficulty="medium")
    other = make(18, rows=3, cols=4, difficulty="medium")
    assert first == again
    assert SLIDING.identity(first) == SLIDING.identity(again) != SLIDING.identity(other)


def test_a_book_of_8_puzzles_draws_distinct_positions():
    seen = {SLIDING.identity(make(seed, size=3, difficulty="medium")) for seed in range(30)}
    assert len(seen) == 30


@pytest.mark.parametrize("size", [4, 5])
def test_moves_beyond_what_can_be_proved_shortest_are_refused(size: int):
    with pytest.raises(ParamsError) as caught:
        Params(size=size, moves=exact_limit(size, size) + 1).validate()
    assert caught.value.field == "moves"
    assert str(caught.value) == (f"moves: a {size}×{size} scramble is proved shortest up to "
                                 f"{exact_limit(size, size)} moves; ask for at most {exact_limit(size, size)}")


def test_budget_exhausted_is_a_generation_error():
    class Spent(Budget):
        def expired(self) -> bool:
            return True

    with pytest.raises(GenerationError):
        SLIDING.generate(Params(size=5, moves=38), random.Random(1), Spent(0))


# ----- checking and solving


def test_check_finds_a_tile_away_from_the_blank_and_a_wrong_ending():
    puzzle = make(1, size=3, difficulty="easy")
    far = next(t for t in range(1, 9) if t not in _next_to_blank(puzzle.board))
    assert "not next to the blank" in str(SLIDING.check(puzzle, [far])[0])
    assert "do not end at the goal" in str(SLIDING.check(puzzle, puzzle.solution[:-1])[0])
    assert "no tile 42" in str(SLIDING.check(puzzle, [42])[0])


def _next_to_blank(board: SlidingBoard) -> set[int]:
    hole = board.start.index(0)
    near = sliding_board.neighbours(board.rows, board.cols)[hole]
    return {board.start[c] for c in near}


def test_unsolvable_start_is_reported_by_parity_at_once():
    data = {"type": "sliding", "start": [[2, 1, 3], [4, 5, 6], [7, 8, 0]], "goal": [[1, 2, 3], [4, 5, 6], [7, 8, 0]]}
    puzzle = SLIDING.from_json(data)
    result = SLIDING.solve(puzzle, timeout=0.0)
    assert result.outcome is Outcome.IMPOSSIBLE
    assert SLIDING.result_json(puzzle, result)["solvable"] is False
    assert "No solution" in SLIDING.result_text(puzzle, result)


def test_solve_answers_shortest_for_any_goal(bfs_distances):
    data = {"start": [[0, 1, 3], [4, 2, 5], [7, 8, 6]], "goal": [[0, 1, 2], [3, 4, 5], [6, 7, 8]]}
    puzzle = SLIDING.from_json(data)
    result = SLIDING.solve(puzzle, timeout=10)
    answer = SLIDING.result_json(puzzle, result)
    distances = bfs_distances((0, 1, 2, 3, 4, 5, 6, 7, 8), 3, 3)
    assert answer["solvable"] and answer["optimal"]
    assert answer["length"] == len(answer["moves"]) == distances[puzzle.board.start]
    assert "the shortest possible" in SLIDING.result_text(puzzle, result)


def test_solve_out_of_time_gives_a_verified_solution_not_claimed_shortest(replay):
    goal = sliding_board.standard_goal(6, 6)
    start, _ = sliding_scramble.random_walk(goal, 6, 300, random.Random(2))
    puzzle = Puzzle("sliding", "", SlidingBoard(6, 6, start, goal), None)
    result = SLIDING.solve(puzzle, timeout=0.0)
    answer = SLIDING.result_json(puzzle, result)
    assert answer["solvable"] and not answer["optimal"]
    assert replay(start, answer["moves"], 6) == goal
    assert "not proved shortest" in SLIDING.result_text(puzzle, result)


# ----- interchange


def test_json_round_trip_keeps_the_puzzle():
    puzzle = make(5, rows=2, cols=4, difficulty="medium")
    data = SLIDING.to_json(puzzle)
    assert set(data) == {"type", "rows", "cols", "start", "goal", "moves", "length", "optimal"}
    assert data["length"] == len(data["moves"]) and data["optimal"] is True
    back = SLIDING.from_json(data)
    assert back.board == SlidingBoard(2, 4, puzzle.board.start, puzzle.board.goal)
    assert back.solution == puzzle.solution


@pytest.mark.parametrize(
    "data,field",
    [
        ({"start": [[1, 2], [3, 0]], "goal": [[1, 2], [3, 4]]}, "goal"),
        ({"start": [[1, 2, 3], [4, 0]]}, "start"),
        ({"start": [[1, 2, 0]]}, "start"),
        ({"start": [[1, 1], [2, 0]]}, "start"),
        ({"start": [[1, 2], [3, 4]]}, "start"),
        ({"start": [[1, "x"], [3, 0]]}, "start"),
        ({"start": [[1, 2], [3, 0]], "goal": [[1, 2, 3, 0]]}, "goal"),
        ({"start": [[1, 2], [3, 0]], "rows": 3}, "rows"),
        ({"start": [[1, 2], [3, 0]], "moves": [3], "length": 2}, "length"),
        ({"start": [[1, 2], [3, 0]], "moves": "3 2"}, "moves"),
        ({"type": "sudoku", "start": [[1, 2], [3, 0]]}, "type"),
    ],
)
def test_malformed_json_is_refused_naming_the_field(data, field):
    with pytest.raises(PuzzleFormatError) as caught:
        SLIDING.from_json(data, "input.json")
    assert caught.value.problems[0].field == field
    assert str(caught.value).startswith("input.json")


def test_an_optimal_answer_that_does_not_reach_the_goal_is_never_called_shortest(monkeypatch):
    puzzle = make(2, size=3, moves=12)
    lying = sliding_search.OptimalSearch((1, 2, 3), 0, "patterns")  # what a corrupt table could give
    monkeypatch.setattr(sliding_search, "solve_optimal", lambda *args, **kwargs: lying)
    result = SLIDING.solve(dataclasses.replace(puzzle, solution=None), timeout=5)
    assert result.outcome is Outcome.SOLVED and not result.detail["optimal"]
    assert SLIDING.check(puzzle, result.solution) == []
    assert "not proved shortest" in SLIDING.result_text(puzzle, result)


@pytest.mark.parametrize("options, count, allowed", [
    ({"size": 3, "moves": 31}, 2, 1),
    ({"size": 3, "moves": 30}, 111, 110),
    ({"rows": 2, "cols": 3, "difficulty": "hard"}, 44, 43),
])
def test_more_puzzles_than_half_the_distinct_positions_are_refused(options, count, allowed):
    params = Params(**options)
    SLIDING.refuse_count(params, allowed)
    with pytest.raises(ParamsError) as caught:
        SLIDING.refuse_count(params, count)
    assert caught.value.field == "count" and f"at most half of them ({allowed})" in caught.value.message

