from __future__ import annotations

import json
import random
import re

import pytest

from bookgen.errors import ParamsError, PuzzleFormatError
from bookgen.puzzles.base import Budget
from bookgen.puzzles.sudoku.shapes import BOX_SHAPES
from bookgen.puzzles.sudoku.targets import givens_range
from bookgen.puzzles.sudoku.type import LEVELS, PUZZLE_TYPE, Params
from bookgen.puzzles.sudoku.offer import LEVEL_NAMES, offered, sudoku_key, symmetry_offer
from bookgen.solve.search import count_solutions
from offers import without

CASES = [(size, level) for size in BOX_SHAPES for level in offered(PUZZLE_TYPE.offer, "classic", size)]
# Medium and up above 4×4: up to seconds each (three seeds), left out of make test-fast.
SLOW_CASES = {(size, level) for size, level in CASES if size > 4 and level in ("medium", "hard", "expert")}


@pytest.mark.parametrize("size,level", [pytest.param(*case, marks=pytest.mark.slow) if case in SLOW_CASES else case
                                        for case in CASES])
def test_generated_sudoku_is_unique_graded_as_asked_and_its_answer_obeys_every_rule(size: int, level: str):
    for seed in range(3 if size <= 9 else 1):
        puzzle = PUZZLE_TYPE.generate(Params(size=size, difficulty=level), random.Random(seed), Budget(120))
        count = count_solutions(puzzle.board, limit=2)
        assert count.count == 1 and count.solutions[0] == puzzle.solution
        assert PUZZLE_TYPE.solve(puzzle).level == level
        assert PUZZLE_TYPE.check(puzzle, puzzle.solution) == []
        fewest, most = givens_range(size * size, level)
        assert fewest <= len(puzzle.board.givens) <= (most or size * size)


def test_givens_are_rotationally_symmetric_by_default():
    puzzle = PUZZLE_TYPE.generate(Params(size=9, difficulty="easy"), random.Random(5), Budget(60))
    cells = {(r, c) for r, c, _v in puzzle.board.givens}
    assert cells == {(8 - r, 8 - c) for r, c in cells}


def test_the_offer_names_the_graders_levels_in_order():
    assert tuple(level.name for level in LEVELS) == LEVEL_NAMES


def test_other_symmetries_are_offered_for_every_level_offered_with_them():
    for symmetry in ("mirror", "none"):
        for (variant, size), levels in symmetry_offer(PUZZLE_TYPE.offer, symmetry).items():
            for level in levels:
                PUZZLE_TYPE.validate(Params(size=size, difficulty=level, variant=variant, symmetry=symmetry))


def test_an_unmeasured_symmetry_is_refused_with_the_reason(monkeypatch):
    # Every level offered is now measured with mirror and none; take one measurement away.
    offer = without(PUZZLE_TYPE.offer, sudoku_key("x", 9, "hard", "mirror"))
    monkeypatch.setattr(PUZZLE_TYPE, "offer", offer)
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", variant="x", symmetry="mirror"))
    message = str(caught.value)
    assert caught.value.field == "symmetry" and "a 9x9 X-sudoku at hard is not (not yet tried on 100 seeds)" in message
    assert "mirror givens are offered for" in message


def test_mirror_symmetry_is_honoured():
    puzzle = PUZZLE_TYPE.generate(Params(size=6, difficulty="easy", symmetry="mirror"), random.Random(5), Budget(60))
    cells = {(r, c) for r, c, _v in puzzle.board.givens}
    assert cells == {(r, 5 - c) for r, c in cells}


def test_same_seed_same_puzzle():
    make = lambda: PUZZLE_TYPE.generate(Params(size=9, difficulty="medium"), random.Random(11), Budget(60))
    assert make() == make()


def test_checker_catches_a_broken_answer():
    puzzle = PUZZLE_TYPE.generate(Params(size=4, difficulty="beginner"), random.Random(1), Budget(60))
    broken = [list(row) for row in puzzle.solution]
    broken[0][0], broken[0][1] = broken[0][1], broken[0][0]
    rules = {v.rule.split()[-1] for v in PUZZLE_TYPE.check(puzzle, tuple(map(tuple, broken)))}
    assert "column" in rules or "box" in rules


def test_unreachable_levels_are_refused_up_front_saying_why():
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=4, difficulty="medium"))
    assert caught.value.field == "difficulty"
    assert "can be beginner;" in caught.value.message and "beginner's techniques" in caught.value.message


def test_nine_by_nine_offers_all_five_levels():
    assert offered(PUZZLE_TYPE.offer, "classic", 9) == ("beginner", "easy", "medium", "hard", "expert")


def test_beginner_and_easy_nine_by_nine_have_generous_givens():
    assert givens_range(81, "beginner") == (36, 40)
    assert givens_range(81, "easy") == (30, 36)


def test_json_round_trip_keeps_the_puzzle():
    puzzle = PUZZLE_TYPE.generate(Params(size=6, difficulty="easy"), random.Random(2), Budget(60))
    again = PUZZLE_TYPE.from_json(PUZZLE_TYPE.to_json(puzzle))
    cells = lambda model: sorted(g.cells for g in model.groups)
    assert (again.board.givens, cells(again.board)) == (puzzle.board.givens, cells(puzzle.board))


class TextPen:
    """Records the text drawn; lines are ignored."""

    cell = None  # no size on paper (the Pen protocol's)

    def __init__(self) -> None:
        self.texts: list[str] = []

    def line(self, a, b, weight):
        pass

    def outline(self, points, weight, closed=True):
        pass

    def polylines(self, lines, weight):
        pass

    def fill(self, points, gray):
        pass

    def fill_loops(self, loops, gray):
        pass

    def text(self, at, text, size, align="center", bold=False, gray=1.0):
        self.texts.append(text)


def test_symbols_option_prints_its_letters_and_keeps_the_values_in_the_model():
    params = Params(size=6, difficulty="easy", symbols="ABCDEF")
    params.validate()
    puzzle = PUZZLE_TYPE.generate(params, random.Random(1), Budget(60))
    assert puzzle.board.symbols == (1, 2, 3, 4, 5, 6)
    pen = TextPen()
    PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)
    assert set(pen.texts) == set("ABCDEF")
    data = PUZZLE_TYPE.to_json(puzzle)
    assert data["labels"] == list("ABCDEF") and data["symbols"] == [1, 2, 3, 4, 5, 6]
    assert "symbol (A, B, C, D, E, F)" in PUZZLE_TYPE.instructions_for(params)


@pytest.mark.parametrize("symbols", ["ABCDE", "ABCDEA", "AB DEF"])
def test_symbols_of_the_wrong_length_or_repeated_are_refused_with_the_field(symbols: str):
    with pytest.raises(ParamsError) as caught:
        Params(size=6, difficulty="easy", symbols=symbols).validate()
    assert caught.value.field == "symbols" and "6 different symbols" in caught.value.message


def _lettered_six():
    return PUZZLE_TYPE.generate(Params(size=6, difficulty="medium", symbols="ABCDEF"), random.Random(1), Budget(60))


@pytest.mark.slow  # _lettered_six takes seconds to make
def test_solve_text_and_hint_sentences_use_the_symbols_letters():
    puzzle = _lettered_six()
    back = PUZZLE_TYPE.from_json(json.loads(json.dumps(PUZZLE_TYPE.to_json(puzzle))))
    text = PUZZLE_TYPE.result_text(back, PUZZLE_TYPE.solve(back))
    rows = text.splitlines()[2:]
    assert rows == [" ".join("ABCDEF"[v - 1] for v in row) for row in puzzle.solution]
    said = " ".join(hint.text for hint in PUZZLE_TYPE.hints(puzzle, 40))
    assert re.search(r"\b[A-F] goes in row", said) and not re.search(r"\b[1-6] goes in row", said)
    crossed = re.findall(r"cross out ([^;.]*?) in row", said)
    assert crossed and all(set(re.findall(r"\w+", marks)) - {"and"} <= set("ABCDEF") for marks in crossed)


@pytest.mark.slow  # _lettered_six takes seconds to make
def test_json_labels_read_back_and_bad_labels_name_the_field():
    data = PUZZLE_TYPE.to_json(_lettered_six())
    assert PUZZLE_TYPE.labels(PUZZLE_TYPE.from_json(data)) == tuple("ABCDEF")
    plain = {k: v for k, v in data.items() if k != "labels"}
    assert PUZZLE_TYPE.labels(PUZZLE_TYPE.from_json(plain)) == tuple("123456")
    for bad in (list("ABCDE"), list("ABCDEA"), ["A", "B", "C", "D", "E", 6], ["A", "B", "C", "D", "E", "long one"]):
        with pytest.raises(PuzzleFormatError) as caught:
            PUZZLE_TYPE.from_json({**data, "labels": bad})
        assert "labels:" in str(caught.value)


def test_sixteen_by_sixteen_prints_digits_then_letters_a_to_g():
    puzzle = PUZZLE_TYPE.generate(Params(size=16, difficulty="beginner"), random.Random(0), Budget(120))
    pen = TextPen()
    PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)
    assert set(pen.texts) == set("123456789ABCDEFG")
    assert PUZZLE_TYPE.to_json(puzzle)["labels"][9:] == list("ABCDEFG")


def test_nine_by_nine_json_has_no_labels():
    puzzle = PUZZLE_TYPE.generate(Params(size=9, difficulty="beginner"), random.Random(0), Budget(60))
    assert "labels" not in PUZZLE_TYPE.to_json(puzzle)


def test_a_four_by_four_is_beginner_only_and_check_says_why():
    # Every 4x4 falls to cross-hatching: none needs an easy technique (issue 34).
    puzzle = PUZZLE_TYPE.generate(Params(size=4, difficulty="beginner"), random.Random(2), Budget(60))
    assert len(puzzle.board.givens) == 8 and PUZZLE_TYPE.solve(puzzle).level == "beginner"
    with pytest.raises(ParamsError, match="every 4x4 falls to the beginner's techniques"):
        PUZZLE_TYPE.validate(Params(size=4, difficulty="easy"))


def test_boxes_have_the_shape_of_their_size():
    from bookgen.puzzles.sudoku.type import structure

    for size, (rows, cols) in BOX_SHAPES.items():
        boxes = [g.cells for g in structure(size).groups if g.kind == "box"]
        assert len(boxes) == size
        assert all(len({r for r, _ in b}) == rows and len({c for _, c in b}) == cols for b in boxes)


@pytest.mark.slow  # _lettered_six takes seconds to make
def test_solve_json_gives_the_solution_as_printed_beside_the_values():
    puzzle = _lettered_six()
    back = PUZZLE_TYPE.from_json(json.loads(json.dumps(PUZZLE_TYPE.to_json(puzzle))))
    report = PUZZLE_TYPE.result_json(back, PUZZLE_TYPE.solve(back))
    assert report["solution"] == [list(row) for row in puzzle.solution]
    assert report["solution_labels"] == [["ABCDEF"[v - 1] for v in row] for row in puzzle.solution]


def test_solve_json_of_a_puzzle_printed_with_its_values_has_no_labels_field():
    puzzle = PUZZLE_TYPE.generate(Params(size=4, difficulty="beginner"), random.Random(2), Budget(60))
    assert "solution_labels" not in PUZZLE_TYPE.result_json(puzzle, PUZZLE_TYPE.solve(puzzle))
