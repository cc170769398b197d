"""Sudoku variants (X, hyper, jigsaw): the one sudoku type with extra groups."""

from __future__ import annotations

import json
import random

import pytest

from bookgen.errors import ParamsError, PuzzleFormatError
from bookgen.model import is_connected
from bookgen.puzzles.base import Budget
from bookgen.puzzles.pen import Weight
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, SIZES, Params
from bookgen.puzzles.sudoku.offer import offered
from bookgen.puzzles.sudoku.jigsaw import is_rectangle
from bookgen.solve.search import count_solutions

VARIANTS = ("x", "hyper", "jigsaw")
CASES = [(variant, size, level) for variant in VARIANTS for size in SIZES
         for level in offered(PUZZLE_TYPE.offer, variant, size)]


def make(variant: str, size: int, level: str, seed: int):
    return PUZZLE_TYPE.generate(Params(size=size, difficulty=level, variant=variant), random.Random(seed), Budget(120))


def kinds(model) -> dict[str, list[tuple]]:
    found: dict[str, list[tuple]] = {}
    for g in model.groups:
        found.setdefault(g.kind, []).append(g.cells)
    return found


def test_every_variant_is_offered_somewhere():
    assert {variant for variant, _size, _level in CASES} == set(VARIANTS)


@pytest.mark.parametrize("variant,size,level", [pytest.param(*case, marks=pytest.mark.slow)  # up to a second each
                                                if (case[0] == "jigsaw" and case[2] in ("medium", "hard", "expert"))
                                                or (case[1] >= 8 and case[2] in ("hard", "expert")) else case
                                                for case in CASES])
def test_offered_variant_is_unique_graded_as_asked_and_its_answer_obeys_every_group(variant: str, size: int, level: str):
    for seed in range(2 if size <= 9 else 1):
        puzzle = make(variant, size, level, seed)
        count = count_solutions(puzzle.board, limit=2)
        assert count.count == 1 and count.solutions[0] == puzzle.solution
        assert PUZZLE_TYPE.solve(puzzle).level == level
        assert PUZZLE_TYPE.check(puzzle, puzzle.solution) == []
        if variant == "jigsaw":
            regions = kinds(puzzle.board)["region"]
            assert len(regions) == size and all(len(r) == size and is_connected(r) for r in regions)
            assert not all(is_rectangle(r) for r in regions)


def test_jigsaw_regions_are_drawn_anew_for_each_puzzle():
    layouts = {tuple(kinds(make("jigsaw", 6, "easy", seed).board)["region"]) for seed in range(4)}
    assert len(layouts) == 4


def test_jigsaw_puzzle_is_the_same_for_the_same_seed():
    assert make("jigsaw", 7, "medium", 3) == make("jigsaw", 7, "medium", 3)


def test_puzzles_on_other_jigsaw_regions_are_different_puzzles():
    a, b = make("jigsaw", 6, "easy", 1), make("jigsaw", 6, "easy", 2)
    same_givens = type(a)(a.type, a.difficulty, a.board.with_givens(b.board.givens), a.solution, a.params)
    assert PUZZLE_TYPE.identity(same_givens) != PUZZLE_TYPE.identity(b)


@pytest.mark.parametrize("params,field,words", [
    (dict(variant="hyper", size=6), "size", "a hyper sudoku is 9x9"),
    (dict(variant="jigsaw", size=4), "size", "a jigsaw sudoku is 5x5 to 9x9"),
    (dict(variant="jigsaw", size=12), "size", "a jigsaw sudoku is 5x5 to 9x9"),
    (dict(variant="x", size=7), "size", "has no boxes"),
    (dict(variant="classic", size=5), "size", "or variant: jigsaw"),
])
def test_impossible_variant_shapes_are_refused_up_front(params, field, words):
    with pytest.raises(ParamsError) as caught:
        Params(difficulty="easy", **params).validate()
    assert caught.value.field == field and words in str(caught.value)


def test_unmeasured_level_is_refused_with_the_reason():
    unoffered = [(v, s, lv) for v in VARIANTS for s in SIZES for lv in PUZZLE_TYPE.levels
                 if lv not in offered(PUZZLE_TYPE.offer, v, s) and _has_shape(v, s)]
    if not unoffered:
        pytest.skip("every variant level is offered")
    variant, size, level = unoffered[0]
    with pytest.raises(ParamsError) as caught:
        PUZZLE_TYPE.validate(Params(size=size, difficulty=level, variant=variant))
    assert caught.value.field == "difficulty" and "not offered" in str(caught.value)


def _has_shape(variant: str, size: int) -> bool:
    try:
        Params(size=size, variant=variant, difficulty="easy").validate()
    except ParamsError as e:
        return e.field == "difficulty"
    return True


@pytest.mark.parametrize("variant,words", [("x", "both shaded diagonals"), ("hyper", "four shaded windows"),
                                           ("jigsaw", "bold-edged region")])
def test_instructions_name_the_variant_houses(variant: str, words: str):
    size = 6 if variant == "jigsaw" else 9
    assert words in PUZZLE_TYPE.instructions_for(Params(size=size, variant=variant))


def test_json_exports_every_group_and_solve_reads_it_back_unique_at_the_same_level():
    for variant, size, level in (("x", 9, "medium"), ("hyper", 9, "hard"), ("jigsaw", 7, "medium")):
        puzzle = make(variant, size, level, 5)
        data = json.loads(json.dumps(PUZZLE_TYPE.to_json(puzzle)))
        exported = sorted(tuple(map(tuple, cells)) for cells in data["groups"])
        assert exported == sorted(g.cells for g in puzzle.board.groups)
        again = PUZZLE_TYPE.from_json({k: v for k, v in data.items() if k != "solution"})
        result = PUZZLE_TYPE.solve(again)
        assert (result.solutions, result.solution, result.level) == (1, puzzle.solution, level)


def _shared_edges(regions) -> set:
    """Unit edges between two different regions."""
    region_of = {cell: i for i, cells in enumerate(regions) for cell in cells}
    edges = set()
    for (r, c), i in region_of.items():
        if region_of.get((r, c + 1), i) != i:
            edges.add(((c + 1, r), (c + 1, r + 1)))
        if region_of.get((r + 1, c), i) != i:
            edges.add(((c, r + 1), (c + 1, r + 1)))
    return edges


def test_x_and_hyper_shade_their_extra_groups_lightly_under_the_lines(recording_pen):
    for variant, shaded in (("x", 17), ("hyper", 36)):
        puzzle = make(variant, 9, "easy", 1)
        pen = recording_pen()
        PUZZLE_TYPE.draw(puzzle, pen, puzzle.solution)
        assert sum(area for area, _ in pen.fills) == shaded
        assert all(0.1 <= gray <= 0.25 for _, gray in pen.fills)
        assert pen.order.index("line") > max(i for i, what in enumerate(pen.order) if what == "fill")
        assert pen.strokes[Weight.MARK]  # and marked in black too (tested through a copier in tests/render)


def test_jigsaw_draws_thick_lines_exactly_on_region_borders_and_shades_nothing(recording_pen):
    puzzle = make("jigsaw", 8, "easy", 2)
    pen = recording_pen()
    PUZZLE_TYPE.draw(puzzle, pen)
    regions = kinds(puzzle.board)["region"]
    assert pen.edges[Weight.BOX] == {tuple(sorted(((float(a[0]), float(a[1])), (float(b[0]), float(b[1])))))
                                     for a, b in _shared_edges(regions)}
    assert pen.fills == []


def test_answer_key_keeps_the_variant_markings(recording_pen):
    puzzle = make("x", 6, "easy", 0)
    blank, answer = recording_pen(), recording_pen()
    PUZZLE_TYPE.draw(puzzle, blank)
    PUZZLE_TYPE.draw(puzzle, answer, puzzle.solution)
    assert blank.fills == answer.fills and blank.edges == answer.edges and blank.strokes == answer.strokes
    assert len(answer.texts) == 36


def test_json_round_trip_keeps_group_kinds_and_draws_the_same_markings(recording_pen):
    for variant, size in (("x", 9), ("hyper", 9), ("jigsaw", 7)):
        puzzle = make(variant, size, "easy", 3)
        data = json.loads(json.dumps(PUZZLE_TYPE.to_json(puzzle)))
        assert len(data["group_kinds"]) == len(data["groups"])
        back = PUZZLE_TYPE.from_json(data)
        assert back.board == puzzle.board  # kinds included
        drawn, redrawn = recording_pen(), recording_pen()
        PUZZLE_TYPE.draw(puzzle, drawn, puzzle.solution)
        PUZZLE_TYPE.draw(back, redrawn, puzzle.solution)
        assert (redrawn.fills, redrawn.edges, redrawn.strokes) == (drawn.fills, drawn.edges, drawn.strokes)
        assert redrawn.fills or variant == "jigsaw"


def test_json_without_group_kinds_still_reads_and_solves():
    puzzle = make("x", 9, "medium", 4)
    data = {k: v for k, v in PUZZLE_TYPE.to_json(puzzle).items() if k not in ("group_kinds", "solution")}
    back = PUZZLE_TYPE.from_json(data)
    assert [g.cells for g in back.board.groups] == [g.cells for g in puzzle.board.groups]
    assert {g.kind for g in back.board.groups} == {"row", "column", "group"}  # rows and columns by their shape
    result = PUZZLE_TYPE.solve(back)
    assert (result.solutions, result.solution) == (1, puzzle.solution)


@pytest.mark.parametrize("change,field", [(lambda kinds: kinds[:-1], "group_kinds"),
                                          (lambda kinds: ["circle"] + kinds[1:], "group_kinds[0]"),
                                          (lambda kinds: ["row"] * len(kinds), "group_kinds[6]")])  # 6: the first column
def test_bad_group_kinds_name_the_field(change, field):
    data = PUZZLE_TYPE.to_json(make("x", 6, "easy", 1))
    with pytest.raises(PuzzleFormatError) as caught:
        PUZZLE_TYPE.from_json({**data, "group_kinds": change(data["group_kinds"])})
    assert f"{field}:" in str(caught.value)
