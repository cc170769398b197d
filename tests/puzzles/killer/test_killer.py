from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.errors import ParamsError, PuzzleFormatError
from bookgen.model import is_connected
from bookgen.puzzles.registry import get
from bookgen.model import outline
from bookgen.puzzles.base import Budget
from bookgen.puzzles.pen import LINE_INK, LINE_RATIO, Weight
from bookgen.puzzles.killer.offer import OPTION_DEFAULTS, offered, offered_values
from bookgen.puzzles.killer.type import LEVEL_NAMES, PUZZLE_TYPE, SIZES, Params, single_cap
from bookgen.puzzles.killer.draw import DASH, GAP, INSET, SHORTEST
from bookgen.solve.result import Outcome
from bookgen.solve.search import count_solutions
from pens import PolylinesByParts

CASES = [(size, level) for size in SIZES for level in offered(PUZZLE_TYPE.offer, size)]
SEEDS = range(3)
# A second or more each (three seeds): left out of make test-fast.
SLOW_CASES = {(size, level) for size, level in CASES
              if level in ("hard", "expert") or (size == 9 and level in ("easy", "medium"))}


def generate(seed: int = 0, **options):
    params = Params(**options)
    params.validate()
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(120))


def assert_well_formed(puzzle, params: Params) -> None:
    model = puzzle.board
    covered = sorted(cell for cage in model.cages for cell in cage.cells)
    assert covered == sorted(model.cells)
    for cage in model.cages:
        digits = [puzzle.solution[r][c] for r, c in cage.cells]
        assert is_connected(cage.cells) and len(cage.cells) <= params.max_cage
        assert len(set(digits)) == len(digits) and sum(digits) == cage.target
        assert cage.op == "+" and cage.distinct
    assert sum(1 for cage in model.cages if len(cage.cells) == 1) <= single_cap(params.size, params.difficulty)
    assert len(model.givens) <= params.givens
    assert PUZZLE_TYPE.check(puzzle, puzzle.solution) == []


@pytest.mark.parametrize("size,level", [pytest.param(*case, marks=pytest.mark.slow) if case in SLOW_CASES else case
                                        for case in CASES])
def test_generated_killer_is_unique_graded_as_asked_and_well_formed(size: int, level: str):
    for seed in SEEDS:
        puzzle = generate(seed, size=size, difficulty=level)
        count = count_solutions(puzzle.board)
        assert count.count == 1 and count.solutions[0] == puzzle.solution
        result = PUZZLE_TYPE.solve(puzzle)
        assert (result.outcome, result.level) == (Outcome.SOLVED, level)
        assert_well_formed(puzzle, puzzle.params)
        assert PUZZLE_TYPE.certify(puzzle) == []


@pytest.mark.slow  # two 9×9 killers
def test_no_givens_by_default_and_some_when_asked():
    assert generate(1, size=9, difficulty="easy").board.givens == ()
    puzzle = generate(1, size=9, difficulty="easy", givens=4)
    assert_well_formed(puzzle, puzzle.params)
    assert PUZZLE_TYPE.certify(puzzle) == []


@pytest.mark.slow  # a 9×9 medium killer
def test_max_cage_is_honoured():
    puzzle = generate(2, size=9, difficulty="medium", max_cage=4)
    assert max(len(cage.cells) for cage in puzzle.board.cages) <= 4
    assert PUZZLE_TYPE.certify(puzzle) == []


def test_same_seed_same_puzzle():
    assert generate(5, size=6, difficulty="easy") == generate(5, size=6, difficulty="easy")


def test_levels_not_offered_are_refused_with_the_reason():
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=4, difficulty="medium"))
    assert "4x4 killer sudoku can be beginner, easy" in str(caught.value)
    assert "seeds tried" in str(caught.value)


def test_the_offer_names_the_levels_as_the_grader_does():
    from bookgen.puzzles.killer.offer import LEVEL_NAMES as OFFER_LEVELS

    assert OFFER_LEVELS == LEVEL_NAMES


def test_cages_too_small_for_the_level_are_refused_with_the_reason():
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="hard", max_cage=2))
    assert caught.value.field == "max_cage" and "cages of up to 3 cells" in str(caught.value)


def test_every_offered_level_takes_the_default_options_and_the_values_offered_for_it():
    for size, level in CASES:
        for name, default in OPTION_DEFAULTS.items():
            allowed = offered_values(PUZZLE_TYPE.offer, size, level, name)
            assert default in allowed
            for value in allowed:
                PUZZLE_TYPE.validate(Params(size=size, difficulty=level, **{name: value}))


def test_an_unmeasured_option_value_is_refused_with_the_reason():
    unmeasured = [(size, level, value) for size, level in CASES for value in (2, 3, 4, 6)
                  if value not in offered_values(PUZZLE_TYPE.offer, size, level, "max_cage")
                  and value >= {"beginner": 2, "easy": 2, "medium": 3, "hard": 3, "expert": 4}[level]]
    size, level, value = unmeasured[0]
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=size, difficulty=level, max_cage=value))
    message = str(caught.value)
    assert caught.value.field == "max_cage" and f"{value} is not offered" in message
    assert "offered with max_cage" in message


def test_two_changed_options_together_are_refused():
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=9, difficulty="easy", max_cage=4, givens=4))
    assert caught.value.field == "givens" and "set one of them" in str(caught.value)


def test_registered_as_killer():
    assert get("killer") is PUZZLE_TYPE and get("killer-sudoku") is PUZZLE_TYPE


# --- interchange JSON and `bookgen solve` ----------------------------------------------------


def test_json_exports_sum_cages_without_repeats_and_reads_back():
    puzzle = generate(3, size=6, difficulty="medium")
    data = PUZZLE_TYPE.to_json(puzzle)
    assert data["type"] == "killer" and data["difficulty"] == "medium"
    assert all(cage["op"] == "+" and cage["distinct"] is True for cage in data["cages"])
    assert len(data["groups"]) == 18  # rows, columns, boxes: checkable knowing nothing of killer
    again = PUZZLE_TYPE.from_json(json.loads(json.dumps(data)))
    assert again.board == puzzle.board and again.solution == puzzle.solution
    assert PUZZLE_TYPE.certify(again) == []


def typed(cages, rows: int = 4) -> dict:
    return {"type": "killer", "rows": rows, "cages": [{"cells": cells, "target": t} for cells, t in cages]}


# A 4x4 killer typed by hand (solution rows 4231 / 3124 / 2413 / 1342).
FOUR = [
    ([[0, 0], [0, 1]], 6), ([[0, 2], [0, 3]], 4), ([[1, 0], [2, 0], [3, 0]], 6), ([[1, 1], [2, 1]], 5),
    ([[1, 2], [1, 3], [2, 2]], 7), ([[2, 3], [3, 3]], 5), ([[3, 1], [3, 2]], 7),
]


def run_solve(tmp_path, data) -> tuple[int, str]:
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["solve", str(path), "--json"])
    return result.exit_code, result.output


def test_solve_reads_a_hand_typed_killer_and_grades_it(tmp_path):
    code, out = run_solve(tmp_path, typed(FOUR))
    report = json.loads(out)
    assert code == 0 and report["solutions"] == 1
    assert report["solution"] == [[4, 2, 3, 1], [3, 1, 2, 4], [2, 4, 1, 3], [1, 3, 4, 2]]
    assert report["difficulty"] == "easy"


def test_solve_says_several_and_none(tmp_path):
    loose = [([[r, c] for r in range(2) for c in range(4)], 20), ([[r, c] for r in range(2, 4) for c in range(4)], 20)]
    code, out = run_solve(tmp_path, typed([(cells[:4], 10) for cells, _ in loose]
                                          + [(cells[4:], 10) for cells, _ in loose]))
    assert code == 0 and json.loads(out)["solutions"] == 2
    wrong = [(cells, t + 1 if i == 0 else t) for i, (cells, t) in enumerate(FOUR)]
    code, out = run_solve(tmp_path, typed(wrong))
    assert code == 0 and json.loads(out)["solutions"] == 0


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda d: d.pop("rows"), "rows"),
        (lambda d: d["cages"][1].pop("target"), "cages[1].target"),
        (lambda d: d["cages"][2].update(op="*"), "cages[2].op"),
        (lambda d: d["cages"][2].update(distinct=False), "cages[2].distinct"),
        (lambda d: d["cages"][3].update(cells=[[0, 0], [0, 1]]), "cages[3].cells"),
        (lambda d: d["cages"][0].update(cells=[[0, 0], [1, 1]]), "cages[0].cells"),
    ],
)
def test_malformed_typed_killer_is_one_line_naming_the_field(tmp_path, change, field):
    data = typed(FOUR)
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and field in lines[0]
    with pytest.raises(PuzzleFormatError):
        PUZZLE_TYPE.from_json(data)


# --- drawing ----------------------------------------------------------------------------------


class RecordingPen(PolylinesByParts):
    """Records straight lines and every side of an open or closed outline as lines, with
    their weight; `cell`, when given, is the points a cell (as the PDF pen says)."""

    def __init__(self, cell: float | None = None) -> None:
        self.lines, self.texts, self.bent = [], [], []
        if cell is not None:
            self.cell = cell

    def line(self, a, b, weight):
        self.lines.append((a, b, weight))

    def outline(self, points, weight, closed=True):
        if not closed:
            self.bent.append((tuple(points), weight))
        ends = points[1:] + points[:1] if closed else points[1:]
        for a, b in zip(points, ends):
            self.lines.append((a, b, weight))

    def fill(self, points, gray):
        pass

    def fill_loops(self, loops, gray):
        pass

    def text(self, at, text, size, align="center", bold=False, gray=1.0):
        self.texts.append((at, text, size, align))

    def text_width(self, text, size, bold=False):
        return 0.6 * size * len(text)

    def image(self, image, at, width, height):
        pass


MM = 72 / 25.4


def dashes_of(pen: RecordingPen):
    return [(a, b) for a, b, w in pen.lines if w in (Weight.THIN, Weight.LIGHT) and (a[0] % 1 or a[1] % 1)]


def sum_boxes(pen: RecordingPen):
    """(x0, y0, x1, y1) of every sum, as drawn (its top-left and its cap height)."""
    return [(at[0], at[1], at[0] + pen.text_width(text, size), at[1] + size)
            for at, text, size, align in pen.texts if align == "topleft"]


def test_cage_lines_are_inset_inside_the_cells_never_on_grid_lines():
    puzzle = generate(0, size=6, difficulty="easy")
    pen = RecordingPen()
    PUZZLE_TYPE.draw(puzzle, pen)
    segments = dashes_of(pen)
    assert segments
    for a, b in segments:
        fixed = a[0] if a[0] == b[0] else a[1]  # a dash is vertical or horizontal
        assert a[0] == b[0] or a[1] == b[1]
        assert min(fixed % 1, 1 - fixed % 1) == pytest.approx(INSET)


@pytest.mark.parametrize("cell_mm", [9.0, 11.5, 17.0])
def test_each_sum_is_top_left_in_its_first_cell_at_least_1_5_mm_from_every_line(cell_mm: float):
    puzzle = generate(0, size=6, difficulty="easy")
    pen = RecordingPen(cell_mm * MM)
    PUZZLE_TYPE.draw(puzzle, pen)
    boxes = sum_boxes(pen)
    assert len(boxes) == len(puzzle.board.cages)
    anchors = {(int(y), int(x)) for x, y, _x1, _y1 in boxes}
    assert anchors == {cage.anchor for cage in puzzle.board.cages}
    clear = 1.5 / cell_mm  # in cells
    for x0, y0, x1, y1 in boxes:
        for a, b, weight in pen.lines:
            # The ink: half the width either side; past the ends too for square-capped
            # (thick) lines, not for the butt-capped thin and dashed ones.
            half = LINE_RATIO[weight] / 2
            along = 0.0 if weight in (Weight.THIN, Weight.LIGHT) else half
            hx, hy = (along, half) if a[1] == b[1] else (half, along)
            lx0, lx1 = sorted((a[0], b[0]))
            ly0, ly1 = sorted((a[1], b[1]))
            dx = max(lx0 - hx - x1, x0 - lx1 - hx, 0.0)
            dy = max(ly0 - hy - y1, y0 - ly1 - hy, 0.0)
            assert (dx * dx + dy * dy) ** 0.5 >= clear - 1e-9, (x0, y0, a, b, weight)
    for a, b in dashes_of(pen):  # no stump of a cut dash is left to print as a stray dot
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) >= SHORTEST - 1e-9


def test_every_corner_of_a_cage_is_one_dash_bent_round_it_and_the_gaps_are_even():
    puzzle = generate(3, size=6, difficulty="medium")
    pen = RecordingPen(4.6 * MM)
    PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)  # a key at answer size: no sum cuts a dash
    corners = sum(len(loop) for cage in puzzle.board.cages for loop in outline(cage.cells))
    assert len(pen.bent) == corners
    for points, _weight in pen.bent:
        (ax, ay), (cx, cy), (bx, by) = points
        assert abs(ax - cx) + abs(ay - cy) == pytest.approx(DASH / 2)
        assert abs(bx - cx) + abs(by - cy) == pytest.approx(DASH / 2)
        assert (ax == cx) != (bx == cx)  # a right angle
    straight = [(a, b) for a, b, w in pen.lines if w is Weight.LIGHT and (a, b) not in
                {seg for points, _w in pen.bent for seg in zip(points, points[1:])}]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == pytest.approx(DASH) for a, b in straight)
    # Along each side the gaps between dashes stay near GAP: nothing touches, nothing drifts apart.
    by_line: dict = {}
    for a, b, w in pen.lines:
        if w is Weight.LIGHT:
            key = ("h", round(a[1], 6)) if a[1] == b[1] else ("v", round(a[0], 6))
            lo, hi = sorted((a[0], b[0])) if key[0] == "h" else sorted((a[1], b[1]))
            by_line.setdefault(key, []).append((lo, hi))
    for spans in by_line.values():
        spans.sort()
        for (_lo, hi), (lo, _hi) in zip(spans, spans[1:]):
            if lo > hi + 1e-9 and lo - hi < 0.2:  # a gap within one side (not between two cages)
                assert GAP / 2 <= lo - hi <= GAP * 1.5


def test_the_answer_key_puts_digits_first_light_cages_and_no_sums_too_small_to_read():
    puzzle = generate(0, size=4, difficulty="easy")
    pen = RecordingPen(4.6 * MM)  # the book's answer cell
    PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)
    digits = [(at, size) for at, text, size, align in pen.texts if align == "center"]
    assert len(digits) == 16
    assert all(size >= 0.5 and at[1] % 1 == pytest.approx(0.5) for at, size in digits)
    assert not sum_boxes(pen)  # 0.19 of a 4.6 mm cell: under a 6 pt font
    cages = [w for a, b, w in pen.lines if (a[0] % 1 or a[1] % 1)]
    assert cages and set(cages) == {Weight.LIGHT} and LINE_INK[Weight.LIGHT] <= 0.5
    big = RecordingPen(30 * MM)  # a key drawn big enough keeps its sums
    PUZZLE_TYPE.draw(puzzle, big, puzzle.solution)
    assert len(sum_boxes(big)) == len(puzzle.board.cages)
