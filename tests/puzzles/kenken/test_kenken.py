from __future__ import annotations

import random

import pytest

from bookgen.errors import ParamsError, PuzzleFormatError
from bookgen.model import is_connected, outline
from bookgen.options import ParseContext, declared
from bookgen.puzzles.registry import get
from bookgen.puzzles.base import Budget, PuzzleType
from bookgen.puzzles.pen import LINE_RATIO, Weight
from bookgen.puzzles.kenken.offer import offered_levels
from bookgen.puzzles.kenken.type import PUZZLE_TYPE, Params, solving_model
from bookgen.solve.result import Outcome
from bookgen.solve.search import Solver
from cage_arithmetic import makes_target
from offers import with_row, without
from pens import PolylinesByParts

# 29 (size, level) cases x 7 seeds = 203 generated puzzles; about 15 s in all.
CASES = [(size, level) for size in range(3, 10) for level in offered_levels(PUZZLE_TYPE.offer, size)]
SEEDS = range(7)
# From a quarter of a second to seconds each (seven seeds): left out of make test-fast.
SLOW_CASES = {(size, level) for size, level in CASES
              if size >= 7 or (size >= 5 and level in ("hard", "expert")) or (size, level) == (6, "medium")}


def generate(seed: int = 0, **options):
    """The generator on any well-formed request, offered or not (what is offered is
    measured by bench/offer.py and tested below)."""
    params = Params(**options)
    params.validate()
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(120))


def assert_well_formed(puzzle, params: Params) -> None:
    model = puzzle.board
    covered = sorted(cell for cage in model.cages for cell in cage.cells)
    assert covered == sorted(model.cells)
    for cage in model.cages:
        assert is_connected(cage.cells)
        assert len(cage.cells) <= params.cage_limit
        values = [puzzle.solution[r][c] for r, c in cage.cells]
        assert makes_target(cage.op, cage.target, values)
        if cage.op in "-/":
            assert len(cage.cells) == 2
        if cage.op == "/":
            assert max(values) % min(values) == 0
        if cage.op == "=":
            assert len(cage.cells) == 1
        else:
            assert len(cage.cells) > 1 and cage.op in params.operations
    assert sum(1 for cage in model.cages if len(cage.cells) == 1) <= params.single_cap
    assert PUZZLE_TYPE.check(puzzle, puzzle.solution) == []


@pytest.mark.parametrize("size,level", [pytest.param(*case, marks=pytest.mark.slow) if case in SLOW_CASES else case
                                        for case in CASES])
def test_generated_kenken_is_unique_graded_as_asked_and_well_formed(size: int, level: str):
    for seed in SEEDS:
        puzzle = generate(seed, size=size, difficulty=level)
        count = Solver(puzzle.board).count(limit=2)
        assert count.count == 1 and count.solutions[0] == puzzle.solution
        result = PUZZLE_TYPE.solve(puzzle)
        assert (result.outcome, result.level) == (Outcome.SOLVED, level)
        assert_well_formed(puzzle, puzzle.params)
        assert PUZZLE_TYPE.certify(puzzle) == []


@pytest.mark.parametrize("level", ["beginner", "medium", "hard"])
def test_hidden_operations_are_unique_under_the_hidden_rules(level: str):
    for seed in range(3):
        puzzle = generate(seed, size=6, difficulty=level, hide_operations=True)
        count = Solver(solving_model(puzzle.board, hidden=True)).count(limit=2)
        assert count.count == 1 and count.solutions[0] == puzzle.solution
        assert PUZZLE_TYPE.solve(puzzle).level == level
        assert_well_formed(puzzle, puzzle.params)


@pytest.mark.parametrize("operations", [("+",), ("*",), ("-",), ("-", "/"), ("+", "-")])
def test_only_the_requested_operations_appear(operations):
    for seed in range(2):
        puzzle = generate(seed, size=6, difficulty="easy", operations=operations)
        assert_well_formed(puzzle, puzzle.params)
        assert PUZZLE_TYPE.solve(puzzle).level == "easy"


def test_all_operations_are_used_in_a_mixed_book():
    seen = {cage.op for seed in range(8) for cage in generate(seed, size=6, difficulty="medium").board.cages}
    assert seen >= {"+", "-", "*", "/"}


def test_max_cage_and_single_cell_cap_are_honoured():
    puzzle = generate(3, size=7, difficulty="medium", max_cage=3, max_single_cells=2)
    assert max(len(cage.cells) for cage in puzzle.board.cages) <= 3
    assert sum(1 for cage in puzzle.board.cages if len(cage.cells) == 1) <= 2


def test_same_seed_same_puzzle():
    assert generate(11, size=6, difficulty="hard") == generate(11, size=6, difficulty="hard")


@pytest.mark.slow  # a 10×10 medium (the frozen record makes a 10×10 in make test-fast)
def test_two_digit_sizes_generate():
    puzzle = generate(1, size=10, difficulty="medium")
    assert PUZZLE_TYPE.solve(puzzle).level == "medium"
    assert_well_formed(puzzle, puzzle.params)


def test_operation_aliases_and_multiply_only_parse():
    kind = dict((name, info.kind) for name, info, _ in declared(Params))["operations"]
    ctx = ParseContext()
    assert kind.parse(["×", "÷", "−", "+"], ctx) == ("+", "-", "*", "/")
    assert kind.parse(["x", ":"], ctx) == ("*", "/")
    assert kind.parse("multiply_only", ctx) == ("*",)


@pytest.mark.parametrize(
    "options,field",
    [
        ({"operations": ("/",)}, "operations"),
        ({"size": 3, "operations": ("/",)}, "operations"),
        ({"size": 3, "difficulty": "hard"}, "difficulty"),
        ({"size": 4, "max_single_cells": 17}, "max_single_cells"),
        ({"size": 5, "operations": ("-",), "max_single_cells": 0}, "max_single_cells"),
    ],
)
def test_impossible_requests_are_refused_up_front(options, field):
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(**options))
    assert caught.value.field == field


def test_registered_under_its_names_with_every_protocol_member():
    assert get("kenken") is PUZZLE_TYPE and get("calcudoku") is PUZZLE_TYPE
    members = [name for name in dir(PuzzleType) if not name.startswith("_")]
    members += list(PuzzleType.__annotations__)
    assert all(hasattr(PUZZLE_TYPE, name) for name in members)
    assert callable(PUZZLE_TYPE.from_text)


# --- typed-in puzzles ---------------------------------------------------------------------

SIX = """\
# a 6x6 from the paper
a a b c c d
e f b g d d
e f h g i j
k k h l i j
m n n l o o
m p p q q r

a 11+
b 2/
c 20x
d 6*
e 3-
f 3/
g 240×
h 6*
i 6×
j 7+
k 30*
l 6*
m 9+
n 8+
o 2/
p 2÷
q 6−
r 5
"""


def typed(grid: list[str], clues: list[str]) -> str:
    return "\n".join(grid + [""] + clues) + "\n"


def text_of(puzzle) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = {cell: letters[k] for k, cage in enumerate(puzzle.board.cages) for cell in cage.cells}
    n = puzzle.board.rows
    grid = ["".join(name[(r, c)] for c in range(n)) for r in range(n)]
    clues = [f"{letters[k]} {cage.target}{'' if cage.op == '=' else cage.op}" for k, cage in enumerate(puzzle.board.cages)]
    return typed(grid, clues)


def test_a_typed_in_generated_puzzle_solves_to_its_answer():
    puzzle = generate(4, size=6, difficulty="medium")
    again = PUZZLE_TYPE.from_text(text_of(puzzle), "typed.txt")
    result = PUZZLE_TYPE.solve(again)
    assert result.outcome is Outcome.SOLVED and result.solution == puzzle.solution
    assert "one solution" in PUZZLE_TYPE.result_text(again, result)


def test_newspaper_layout_with_signs_comments_and_spaces_reads():
    puzzle = PUZZLE_TYPE.from_text(SIX, "six.txt")
    ops = {cage.op for cage in puzzle.board.cages}
    assert ops == {"+", "-", "*", "/", "="} and puzzle.board.rows == 6
    assert len(puzzle.board.cages) == 18


def test_ambiguous_typed_puzzle_gives_two_different_solutions():
    puzzle = PUZZLE_TYPE.from_text(typed(["aa", "aa"], ["a 6+"]), "two.txt")
    result = PUZZLE_TYPE.solve(puzzle)
    assert result.outcome is Outcome.AMBIGUOUS
    assert result.solution != result.other
    for grid in (result.solution, result.other):
        assert PUZZLE_TYPE.check(puzzle, grid) == []
    report = PUZZLE_TYPE.result_json(puzzle, result)
    assert report["solutions"] == 2 and report["two_solutions"][0] != report["two_solutions"][1]


def test_impossible_typed_puzzle_says_so():
    puzzle = PUZZLE_TYPE.from_text(typed(["ab", "ab"], ["a 3+", "b 4+"]), "none.txt")
    result = PUZZLE_TYPE.solve(puzzle)
    assert result.outcome is Outcome.IMPOSSIBLE
    assert "impossible" in PUZZLE_TYPE.result_text(puzzle, result)


@pytest.mark.parametrize(
    "text,line,words",
    [
        (typed(["ab", "ab"], ["a 3+", "c 3+"]), 5, "not in the grid"),
        (typed(["ab", "ab"], ["a 3+"]), 1, "no clue"),
        (typed(["ab", "ba"], ["a 3+", "b 3+"]), 1, "not one connected"),
        (typed(["ab", "ab"], ["a 3+", "b 3%"]), 5, "operation"),
        (typed(["aab", "acb", "ccb"], ["a 6/", "b 6+", "c 6+"]), 5, "two cells"),
        (typed(["aab", "acb", "cc"], ["a 6+", "b 6+", "c 6+"]), 3, "not square"),
        (typed(["ab", "ab"], ["a 3+", "b"]), 5, "expected"),
        (typed(["ab", "ab"], ["a 3+", "b 3+", "a 4+"]), 6, "already"),
        (typed(["ab", "ab"], ["a 3+", "b 3"]), 5, "needs an operation"),
    ],
)
def test_malformed_typed_puzzle_names_its_line(text, line, words):
    with pytest.raises(PuzzleFormatError) as caught:
        PUZZLE_TYPE.from_text(text, "bad.txt")
    message = str(caught.value)
    assert message.startswith(f"bad.txt:{line}:") and words in message and "\n" not in message


# --- interchange JSON ---------------------------------------------------------------------


@pytest.mark.parametrize("hidden", [False, True])
def test_json_round_trip_keeps_the_puzzle(hidden: bool):
    puzzle = generate(2, size=5, difficulty="easy", hide_operations=hidden)
    data = PUZZLE_TYPE.to_json(puzzle)
    assert data["type"] == "kenken" and data["hide_operations"] is hidden
    assert all(cage["distinct"] is False for cage in data["cages"])
    again = PUZZLE_TYPE.from_json(data)
    assert PUZZLE_TYPE.to_json(again) == data
    assert again.board.cages == puzzle.board.cages and again.solution == puzzle.solution


def test_json_with_a_division_cage_of_three_cells_is_refused():
    data = PUZZLE_TYPE.to_json(generate(2, size=5, difficulty="easy"))
    data["cages"] = [dict(cage) for cage in data["cages"]]
    big = next(cage for cage in data["cages"] if len(cage["cells"]) >= 3)
    big["op"] = "/"
    with pytest.raises(PuzzleFormatError):
        PUZZLE_TYPE.from_json(data)


def test_certify_refuses_a_wrong_label_and_a_wrong_answer():
    puzzle = generate(1, size=5, difficulty="easy")
    relabelled = PUZZLE_TYPE.from_json({**PUZZLE_TYPE.to_json(puzzle), "difficulty": "expert"})
    assert any("labelled expert" in p for p in PUZZLE_TYPE.certify(relabelled))
    swapped = tuple(tuple(row) for row in puzzle.solution[1:] + puzzle.solution[:1])
    wrong = PUZZLE_TYPE.from_json({**PUZZLE_TYPE.to_json(puzzle), "solution": [list(r) for r in swapped]})
    assert "the printed answer is not the unique solution" in PUZZLE_TYPE.certify(wrong)


def test_checker_catches_a_broken_answer():
    puzzle = generate(1, size=5, difficulty="easy")
    broken = [list(row) for row in puzzle.solution]
    broken[0][0], broken[0][1] = broken[0][1], broken[0][0]
    rules = " ".join(v.rule for v in PUZZLE_TYPE.check(puzzle, tuple(map(tuple, broken))))
    assert "column" in rules


# --- drawing ------------------------------------------------------------------------------


class RecordingPen(PolylinesByParts):
    def __init__(self) -> None:
        self.lines: list[tuple] = []
        self.outlines: list[tuple] = []
        self.texts: list[dict] = []

    def line(self, a, b, weight):
        self.lines.append((a, b, weight))

    def outline(self, points, weight, closed=True):
        self.outlines.append((list(points), weight))

    def fill(self, points, gray):
        raise AssertionError("KenKen draws no fills")

    def fill_loops(self, loops, gray):
        raise AssertionError("KenKen draws no fills")

    def text(self, at, text, size, align="center", bold=False, gray=1.0):
        self.texts.append({"at": at, "text": text, "size": size, "align": align, "gray": gray})

    def text_width(self, text, size, bold=False):
        return 0.6 * size * len(text)

    def image(self, image, at, width, height):
        raise AssertionError("KenKen draws no images")

    def bold_edges(self) -> set[tuple]:
        edges = set()
        for points, weight in self.outlines:
            if LINE_RATIO[weight] >= 3 * LINE_RATIO[Weight.THIN] - 1e-12:
                for a, b in zip(points, points[1:] + points[:1]):
                    edges |= unit_edges(a, b)
        return edges


def shared_edges(cells_a: frozenset, cells_b: frozenset) -> list[tuple]:
    """Unit grid edges (x=col, y=row) where a cell of A meets a cell of B."""
    found = []
    for r, c in cells_a:
        if (r, c + 1) in cells_b:
            found.append(((c + 1, r), (c + 1, r + 1)))
        if (r + 1, c) in cells_b:
            found.append(((c, r + 1), (c + 1, r + 1)))
        if (r, c - 1) in cells_b:
            found.append(((c, r), (c, r + 1)))
        if (r - 1, c) in cells_b:
            found.append(((c, r), (c + 1, r)))
    return found


def unit_edges(a, b) -> set[tuple]:
    (x1, y1), (x2, y2) = a, b
    if x1 == x2:
        lo, hi = sorted((y1, y2))
        return {((x1, y), (x1, y + 1)) for y in range(int(lo), int(hi))}
    lo, hi = sorted((x1, x2))
    return {((x, y1), (x + 1, y1)) for x in range(int(lo), int(hi))}


def test_clues_sit_top_left_in_the_anchor_cell_with_true_signs():
    puzzle = generate(5, size=6, difficulty="medium")
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    signs = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "=": ""}
    assert len(pen.texts) == len(puzzle.board.cages)
    by_cell = {(int(item["at"][1]), int(item["at"][0])): item for item in pen.texts}
    for cage in puzzle.board.cages:
        r, c = cage.anchor
        item = by_cell[(r, c)]
        x, y = item["at"]
        assert item["text"] == f"{cage.target}{signs[cage.op]}"
        assert item["align"] == "topleft"
        assert c < x < c + 0.2 and r < y < r + 0.2
        assert x + pen.text_width(item["text"], item["size"]) <= c + 1
        assert 0.15 <= item["size"] <= 0.3


def test_cage_lines_are_bold_exactly_where_two_cages_meet_and_on_the_border():
    puzzle = generate(6, size=5, difficulty="easy")
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    assert any(weight is Weight.CAGE for _, weight in pen.outlines)
    cages = [frozenset(cage.cells) for cage in puzzle.board.cages]
    between = {tuple(sorted(e)) for i, a in enumerate(cages) for b in cages[i + 1:] for e in shared_edges(a, b)}
    border = {tuple(sorted(e)) for loop in outline(frozenset(puzzle.board.cells))
              for a, b in zip(loop, loop[1:] + loop[:1]) for e in unit_edges(a, b)}
    bold = {tuple(sorted(e)) for e in pen.bold_edges()}
    assert bold == between | border
    thin = {tuple(sorted((a, b))) for a, b, weight in pen.lines if weight is Weight.THIN}
    assert len(thin) == 2 * 5 * 6


def test_answer_key_shows_every_digit_clear_of_the_clue():
    puzzle = generate(7, size=4, difficulty="easy")
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)
    digits = [item for item in pen.texts if item["align"] == "center"]
    clues = {(int(item["at"][1]), int(item["at"][0])): item for item in pen.texts if item["align"] == "topleft"}
    assert len(digits) == 16 and clues
    for item in digits:
        x, y = item["at"]
        r, c = int(y), int(x)
        assert item["text"] == str(puzzle.solution[r][c])
        clue = clues.get((r, c))
        assert clue is None or y - item["size"] / 2 >= clue["at"][1] + clue["size"] - 1e-9


def test_answer_digits_are_centred_when_the_key_leaves_the_clues_out():
    puzzle = generate(7, size=4, difficulty="easy")
    pen = RecordingPen()
    pen.cell = 10.0  # points a cell: clues would print under MIN_CLUE_POINTS
    PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)
    assert all(item["align"] == "center" for item in pen.texts)
    assert {round(item["at"][1] % 1, 6) for item in pen.texts} == {0.5}


def test_hidden_operations_print_only_targets():
    puzzle = generate(1, size=4, difficulty="easy", hide_operations=True)
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    assert sorted(item["text"] for item in pen.texts) == sorted(str(k.target) for k in puzzle.board.cages)


def test_candidates_are_small_light_in_a_band_at_the_foot_and_not_in_one_cell_cages():
    puzzle = generate(1, size=6, difficulty="beginner", candidates=True)
    singles = {cage.cells[0] for cage in puzzle.board.cages if len(cage.cells) == 1}
    assert singles
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    small = [item for item in pen.texts if item["align"] == "center"]
    assert len(small) == (36 - len(singles)) * 6
    for item in small:
        x, y = item["at"]
        assert (int(y), int(x)) not in singles
        assert 0.5 <= item["gray"] < 1 and item["size"] <= 0.1
        # The middle of the cell (where the answer is written) stays free.
        assert y - item["size"] / 2 > int(y) + 0.7
    pen_answer = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen_answer, puzzle.solution)
    assert all(item["gray"] == 1.0 for item in pen_answer.texts)


def test_every_clue_of_a_grid_prints_at_one_size():
    puzzle = generate(2, size=9, difficulty="hard", operations=("*",))
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    clues = [item for item in pen.texts if item["align"] == "topleft"]
    assert len({item["size"] for item in clues}) == 1


def test_two_digit_clues_shrink_to_fit_their_cell():
    puzzle = generate(1, size=10, difficulty="medium")
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    for item in pen.texts:
        x, _ = item["at"]
        assert x + pen.text_width(item["text"], item["size"]) <= int(x) + 1


def test_instructions_explain_only_the_signs_a_section_uses():
    sums = PUZZLE_TYPE.instructions_for(Params(size=4, difficulty="beginner", operations=("+",)))
    assert "+ adds" in sums and "÷" not in sums and "×" not in sums
    hidden = PUZZLE_TYPE.instructions_for(Params(size=6, difficulty="hard", hide_operations=True))
    assert "shows only its target" in hidden
    every = PUZZLE_TYPE.instructions_for(Params(size=6))
    assert all(sign in every for sign in "+−×÷")


# --- options that used to fail: generation aimed at the level ----------------------------


def assert_clues_follow_the_level(puzzle, params: Params) -> None:
    """One-cell cages within the level's cap (a one-cell cage is a free digit); above
    beginner at most half the multi-cell clues are giveaways (with × alone every two-cell
    product of a small grid has one factorisation, so the share cannot be as low as with
    all four signs, where the bench measures about 5-11%)."""
    from bookgen.puzzles.kenken.rules import is_giveaway

    cages = puzzle.board.cages
    assert sum(1 for cage in cages if len(cage.cells) == 1) <= params.single_cap
    if params.difficulty != "beginner":
        multi = [cage for cage in cages if len(cage.cells) > 1]
        giveaways = sum(1 for cage in multi if is_giveaway(cage, params.size, params.hide_operations))
        assert 2 * giveaways <= len(multi)


@pytest.mark.parametrize(
    "options",
    [
        {"size": 7, "difficulty": "hard", "operations": ("*",)},
        pytest.param({"size": 9, "difficulty": "hard", "operations": ("*",)}, marks=pytest.mark.slow),
        {"size": 6, "difficulty": "expert", "operations": ("*",)},
        pytest.param({"size": 9, "difficulty": "expert", "operations": ("*",)}, marks=pytest.mark.slow),
        {"size": 9, "difficulty": "beginner", "hide_operations": True},
        {"size": 6, "difficulty": "beginner", "hide_operations": True},
    ],
)
def test_multiply_only_hard_and_expert_and_hidden_beginner_are_unique_and_graded_at_the_level(options):
    for seed in range(2):
        puzzle = generate(seed, **options)
        hidden = options.get("hide_operations", False)
        count = Solver(solving_model(puzzle.board, hidden)).count(limit=2)
        assert count.count == 1 and count.solutions[0] == puzzle.solution
        assert PUZZLE_TYPE.solve(puzzle).level == options["difficulty"]
        assert_well_formed(puzzle, puzzle.params)
        assert_clues_follow_the_level(puzzle, puzzle.params)
        assert PUZZLE_TYPE.certify(puzzle) == []


def test_hidden_beginner_allows_more_one_cell_cages_than_shown_beginner():
    shown, hidden = Params(size=9, difficulty="beginner"), Params(size=9, difficulty="beginner", hide_operations=True)
    assert (shown.single_cap, hidden.single_cap) == (10, 16)
    assert Params(size=9, difficulty="hard", hide_operations=True).single_cap == 2


# --- what is offered: the measured record ------------------------------------------------


def key(**options):
    return PUZZLE_TYPE.offer_key(Params(**options))


def test_every_level_is_offered_at_5x5_to_12x12_with_all_four_signs_or_multiply_only_shown_or_hidden():
    from bookgen.puzzles.kenken.rules import LEVEL_NAMES, OPERATIONS

    for size in range(5, 13):
        for operations in (OPERATIONS, ("*",)):
            assert offered_levels(PUZZLE_TYPE.offer, size, operations) == LEVEL_NAMES
            assert offered_levels(PUZZLE_TYPE.offer, size, operations, hidden=True) == LEVEL_NAMES


@pytest.mark.parametrize("operations", [("+", "-", "*", "/"), ("*",)])
def test_a_12x12_expert_with_hidden_signs_is_made_unique_at_its_level(operations):
    """What the record offers at the largest size and hardest level is delivered: made,
    and certified (one solution by the grader and by the search, at its level, the
    answer accepted by the independent checker)."""
    params = Params(size=12, difficulty="expert", operations=operations, hide_operations=True)
    PUZZLE_TYPE.validate(params)
    puzzle = PUZZLE_TYPE.generate(params, random.Random(3), Budget(60))
    assert PUZZLE_TYPE.certify(puzzle) == []


@pytest.mark.parametrize(
    "options",
    [
        {"size": 9, "difficulty": "hard", "operations": ("*",)},
        {"size": 9, "difficulty": "expert", "operations": ("*",)},
        {"size": 9, "difficulty": "beginner", "hide_operations": True},
        {"size": 6, "difficulty": "beginner", "hide_operations": True},
    ],
)
def test_multiply_only_hard_and_expert_and_hidden_beginner_are_offered(options):
    PUZZLE_TYPE.validate(Params(**options))


def test_check_refuses_what_was_not_delivered_with_the_reason(monkeypatch):
    multiply_hard = key(size=9, difficulty="hard", operations=("*",))
    monkeypatch.setattr(PUZZLE_TYPE, "offer", with_row(PUZZLE_TYPE.offer, multiply_hard, 41, 42))
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", operations=("*",)))
    assert caught.value.field == "difficulty"
    assert "made one in time from only 41 of the 42 seeds tried" in str(caught.value) and "multiply_only" in str(caught.value)
    monkeypatch.setattr(PUZZLE_TYPE, "offer", without(PUZZLE_TYPE.offer, multiply_hard))
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", operations=("*",)))
    assert "not yet tried on 100 seeds" in str(caught.value)


def test_check_refuses_an_unmeasured_cage_option_with_the_reason(monkeypatch):
    offer = without(PUZZLE_TYPE.offer, key(size=9, difficulty="hard", max_cage=6))
    monkeypatch.setattr(PUZZLE_TYPE, "offer", with_row(offer, key(size=9, difficulty="hard", max_single_cells=0), 12, 13))
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", max_cage=6))
    assert caught.value.field == "max_cage"
    assert "max_cage 6 is not offered: not yet tried on 100 seeds" in str(caught.value)
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", max_single_cells=0))
    assert caught.value.field == "max_single_cells"
    assert "max_single_cells 0 is not offered: bookgen made one in time from only 12 of the 13 seeds tried" in str(caught.value)


def test_check_accepts_a_cage_option_measured_100_of_100(monkeypatch):
    options = dict(size=7, difficulty="easy", hide_operations=True, max_cage=3, max_single_cells=0)
    monkeypatch.setattr(PUZZLE_TYPE, "offer", with_row(PUZZLE_TYPE.offer, key(**options), 100, 100))
    PUZZLE_TYPE.validate(Params(**options))


def test_cage_options_that_change_nothing_need_no_measurement_of_their_own():
    # A one-cell cap equal to the level's own, and a largest cage with only − and ÷
    # (every cage has two cells anyway), generate exactly what the defaults do.
    assert Params(size=9, difficulty="hard", max_single_cells=2).options_key is None
    assert Params(size=6, operations=("-", "/"), max_cage=6).options_key is None
    assert Params(size=9, difficulty="hard", max_cage=3).options_key == (3, None)
    PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", max_single_cells=Params(size=9, difficulty="hard").single_cap))


# --- the beginner level, defined once ----------------------------------------------------


def test_beginner_is_defined_once_as_one_or_two_open_cells_in_docstring_readme_and_grader():
    from pathlib import Path

    from bookgen.puzzles.kenken import type as kenken

    assert "cage with one or two empty cells" in kenken.__doc__
    root = Path(__file__).resolve().parents[3]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "a cage with one or two empty squares" in readme
    grader = (root / "engine" / "src" / "kenken" / "mod.rs").read_text(encoding="utf-8")
    assert "pub const BEGINNER_OPEN_CELLS: usize = 2;" in grader


def _beginner_board(open_cells: int):
    """A 4x4 whose answer is row r, column c = (r + c) mod 4 + 1, with a + cage on the
    last `open_cells` squares of the top row and one-cell cages everywhere else."""
    from bookgen.model import Cage
    from bookgen.puzzles.kenken.rules import kenken_model
    from bookgen.solve import engine

    top = [(0, c) for c in range(4 - open_cells, 4)]
    rest = [(0, c) for c in range(4 - open_cells)]
    cages = [Cage(tuple(top), "+", 7 if open_cells == 2 else 10)]
    cages += [Cage(((r, c),), "=", ((r + c) % 4) + 1) for r in range(1, 4) for c in range(4)]
    cages += [Cage((cell,), "=", cell[1] + 1) for cell in rest]
    return engine.Board(kenken_model(4, cages), "kenken")


@pytest.mark.parametrize("open_cells,forced", [(2, True), (3, False)])
def test_a_beginner_cage_single_works_on_two_open_cells_not_three(open_cells, forced):
    from bookgen.puzzles.kenken.rules import CAGE_SINGLE

    board = _beginner_board(open_cells)
    # Fill every one-cell cage, so only the + cage along the top row is open.
    for i, cell in enumerate(board.model.cells):
        if cell[0] > 0 or cell[1] < 4 - open_cells:
            board.place(i, 1 << ((cell[0] + cell[1]) % 4))
    assert CAGE_SINGLE.apply(board) == forced


def test_instructions_explain_the_pencil_marks_only_when_printed():
    assert "cross out" in PUZZLE_TYPE.instructions_for(Params(size=6, candidates=True))
    assert "cross out" not in PUZZLE_TYPE.instructions_for(Params(size=6))
