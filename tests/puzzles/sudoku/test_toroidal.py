"""Toroidal sudoku: regions of N cells connected on a torus, some of them wrapping round
the edges; every offered puzzle is unique (by the solver and by SAT from its JSON),
graded as asked, and drawn so that a wrapped region's pieces are seen to be one."""

from __future__ import annotations

import json
import random

import pytest

from bookgen.model import is_connected
from bookgen.puzzles.base import Budget
from bookgen.puzzles.pen import Weight
from bookgen.puzzles.sudoku import jigsaw
from bookgen.puzzles.sudoku.offer import offered
from bookgen.puzzles.sudoku.toroidal import (SIZES, WRAPPED, acceptable, letter_wrapped_regions, pieces,
                                             wrapped_regions, wraps)
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
from bookgen.puzzles.sudoku.variants import filled
from bookgen.solve.engine import is_compact

SEEDS = range(3)


def torus_connected(cells: frozenset, size: int) -> bool:
    """True when the cells form one piece on the torus (rows and columns wrap)."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        r, c = stack.pop()
        for near in (((r - 1) % size, c), ((r + 1) % size, c), (r, (c - 1) % size), (r, (c + 1) % size)):
            if near in remaining:
                remaining.remove(near)
                stack.append(near)
    return not remaining


def regions_of(model) -> list[tuple]:
    return [g.cells for g in model.groups if g.kind == "region"]


@pytest.mark.parametrize("size", SIZES)
def test_layouts_are_n_regions_of_n_cells_connected_on_the_torus_and_some_wrap(size: int):
    for seed in SEEDS:
        model, solution = filled(size, "toroidal", random.Random(seed))
        regions = regions_of(model)
        assert len(regions) == size and all(len(cells) == size for cells in regions)
        assert sorted(cell for cells in regions for cell in cells) == sorted(model.cells)
        assert all(torus_connected(frozenset(cells), size) for cells in regions)
        crossing = [wraps(cells, size) for cells in regions]
        assert WRAPPED <= sum(any(w) for w in crossing) <= size // 2
        assert any(a for a, _d in crossing) and any(d for _a, d in crossing)
        for cells in regions:  # each region holds every digit once in the full grid
            assert sorted(solution[r][c] for r, c in cells) == list(range(1, size + 1))


def test_a_plain_jigsaw_is_not_toroidal_and_a_wrapped_region_is_seen_in_pieces():
    plane = jigsaw.layout(6, random.Random(0))
    assert not acceptable(plane, 6)  # every region connected on the page: no wrap
    band = ((0, 0), (0, 1), (0, 5), (1, 0), (1, 5), (2, 5))  # columns 1-2 and 6 of rows 1-3
    assert len(pieces(band)) == 2 and wraps(band, 6) == (True, False)
    assert not is_connected(band) and torus_connected(frozenset(band), 6)


def test_layouts_are_the_same_for_the_same_seed():
    assert filled(9, "toroidal", random.Random(3)) == filled(9, "toroidal", random.Random(3))


@pytest.mark.parametrize("size", SIZES)
def test_every_level_is_offered_at_6x6_and_9x9(size: int):
    assert offered(PUZZLE_TYPE.offer, "toroidal", size) == ("beginner", "easy", "medium", "hard", "expert")


@pytest.mark.parametrize("size,level", [(6, "beginner"), (6, "medium"), pytest.param(6, "expert", marks=pytest.mark.slow),
                                        (9, "easy"), pytest.param(9, "hard", marks=pytest.mark.slow),
                                        pytest.param(9, "expert", marks=pytest.mark.slow)])
def test_a_made_puzzle_is_unique_graded_as_asked_and_its_answer_obeys_every_region(size: int, level: str):
    params = Params(size=size, difficulty=level, variant="toroidal")
    PUZZLE_TYPE.validate(params)
    puzzle = PUZZLE_TYPE.generate(params, random.Random(11), Budget(60))
    assert PUZZLE_TYPE.certify(puzzle) == []
    assert PUZZLE_TYPE.check(puzzle, puzzle.solution) == []
    assert wrapped_regions(puzzle.board)


@pytest.mark.slow
def test_sat_from_the_json_alone_finds_exactly_the_printed_solution():
    pytest.importorskip("pysat.solvers")
    from test_sat_crosscheck import sat_solutions

    for seed in range(4):
        params = Params(size=9, difficulty="medium", variant="toroidal")
        data = PUZZLE_TYPE.to_json(PUZZLE_TYPE.generate(params, random.Random(seed), Budget(60)))
        found = sat_solutions(data)
        assert len(found) == 1 and found[0] == data["solution"], seed


def test_wrapped_regions_are_scanned_whole_at_beginner_level():
    model, _solution = filled(9, "toroidal", random.Random(2))
    compact = {frozenset(g.cells) for g in model.groups if is_compact(g)}  # what the engine cross-hatches
    assert {frozenset(cells) for cells in regions_of(model)} <= compact
    assert any(len(pieces(cells)) > 1 for cells in regions_of(model))


def test_instructions_say_the_grid_wraps_and_what_the_letters_mean():
    text = PUZZLE_TYPE.instructions_for(Params(size=9, variant="toroidal"))
    assert "bold-edged region" in text and "wraps round" in text and "same small letter" in text


class Recorder:
    cell = None  # no size on paper (the Pen protocol's)

    def __init__(self) -> None:
        self.texts: list = []
        self.lines: dict = {}

    def line(self, a, b, weight):
        self.lines.setdefault(weight, []).append((a, b))

    def outline(self, points, weight, closed=True):
        for a, b in zip(points, points[1:] + points[:1] if closed else points[1:]):
            self.line(a, b, weight)

    def polylines(self, lines, weight):
        for points in lines:
            self.outline(points, weight, closed=False)

    def fill(self, points, gray):
        pass

    def fill_loops(self, loops, gray):
        pass

    def text(self, at, text, size, align="center", bold=False, gray=1.0):
        self.texts.append((at, text, size, align, gray))

    def text_width(self, text, size, bold=False):
        return 0.6 * size * len(text)

    def image(self, image, at, width, height):
        raise AssertionError("no pictures")


def test_the_squares_either_side_of_a_seam_carry_their_regions_letter_and_no_others_do():
    puzzle = PUZZLE_TYPE.generate(Params(size=9, difficulty="easy", variant="toroidal"), random.Random(4), Budget(60))
    pen = Recorder()
    PUZZLE_TYPE.draw(puzzle, pen)
    letters = {(int(at[1]), int(at[0])): text for at, text, _s, align, _g in pen.texts if align == "topleft"}
    region = {cell: k for k, cells in enumerate(regions_of(puzzle.board)) for cell in cells}
    joined = {cell for k in range(9) for a, b in (((k, 0), (k, 8)), ((0, k), (8, k)))
              if region[a] == region[b] for cell in (a, b)}
    assert set(letters) == joined and joined
    for a, b in (((k, 0), (k, 8)) for k in range(9)):
        if a in joined and b in joined and region[a] == region[b]:
            assert letters[a] == letters[b]
    wrapped = {region[cell] for cell in joined}  # every piece of a wrapped region meets a seam
    assert all(len(pieces(regions_of(puzzle.board)[k])) > 1 for k in wrapped)
    assert pen.lines.get(Weight.BOX), "bold borders where regions meet"


def test_a_puzzle_read_back_from_json_is_solved_and_drawn_the_same():
    puzzle = PUZZLE_TYPE.generate(Params(size=6, difficulty="medium", variant="toroidal"), random.Random(5), Budget(60))
    again = PUZZLE_TYPE.from_json(json.loads(json.dumps(PUZZLE_TYPE.to_json(puzzle))))
    result = PUZZLE_TYPE.solve(again)
    assert result.solution == puzzle.solution and result.level == "medium"
    drawn, read = Recorder(), Recorder()
    PUZZLE_TYPE.draw(puzzle, drawn)
    letter_wrapped_regions(read, again.board)
    assert [t for t in drawn.texts if t[3] == "topleft"] == read.texts
