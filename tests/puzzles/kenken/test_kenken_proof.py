"""KenKen's solve and re-proof in one engine call (bookgen/puzzles/kenken/proof.py) answer
exactly as the general grid way (grade, check, count, each a pass of its own) does: on
random cagings (mostly ambiguous), with shown and hidden signs, with wrong answers, and on
made puzzles; a KenKen off its Latin frame takes the general way."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bookgen.errors import EngineRequestError
from bookgen.model import Group
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.grid import GridType
from bookgen.puzzles.kenken.proof import on_latin_frame, prove
from bookgen.puzzles.kenken.generate import LIMITS, _request
from bookgen.puzzles.kenken.rules import LEVELS, Params, kenken_model, latin_structure
from bookgen.puzzles.registry import get
from bookgen.solve import engine
from bookgen.solve.result import Outcome
from tests.puzzles.kenken.kenken_random_caging import mixed_cagings, random_caging

KENKEN = get("kenken")


def both_ways(puzzle: Puzzle) -> None:
    assert KENKEN.solve(puzzle) == GridType.solve(KENKEN, puzzle)
    assert KENKEN.certify(puzzle) == GridType.certify(KENKEN, puzzle)


def test_one_call_solves_and_certifies_random_cagings_as_the_general_way():
    rng = random.Random(31)
    outcomes = set()
    for k, n, solution, cages in mixed_cagings(150, 5, rng):
        if k % 4 == 0:  # a printed answer with two rows swapped: breaks cages, not lines
            solution = (solution[1], solution[0], *solution[2:])
        if k % 7 == 0:  # an answer that breaks a column
            solution = (solution[0], *solution[:-1])
        params = Params(size=n, hide_operations=k % 3 == 0)
        puzzle = Puzzle("kenken", "easy", kenken_model(n, cages), solution, params)
        both_ways(puzzle)
        outcomes.add(KENKEN.solve(puzzle).outcome)
    assert {Outcome.SOLVED, Outcome.AMBIGUOUS} <= outcomes


def test_one_call_certifies_made_puzzles_as_the_general_way():
    for k, (n, level) in enumerate([(4, "easy"), (5, "beginner"), (6, "hard"), (7, "medium"), (6, "expert")]):
        for hidden in (False, True):
            params = Params(size=n, difficulty=level, hide_operations=hidden)
            puzzle = KENKEN.generate(params, random.Random(k), Budget(60))
            assert KENKEN.certify(puzzle) == []
            both_ways(puzzle)


def test_a_kenken_off_its_latin_frame_takes_the_general_way():
    rng = random.Random(5)
    made = None
    while made is None:
        made = random_caging(4, 3, 2, 0.5, ("+", "*"), rng)
    solution, cages = made
    model = kenken_model(4, cages)
    assert on_latin_frame(model)
    # Two of the rows as one more group of their own: no longer the Latin frame alone.
    extra = replace(model, groups=(*model.groups, Group(((0, 0), (1, 1)), "group")))
    assert not on_latin_frame(extra)
    both_ways(Puzzle("kenken", "easy", extra, solution, Params(size=4)))


def test_made_puzzles_come_as_models_made_afresh_cages_by_top_left_cell_and_rows_as_tuples():
    # The generator's model trusts the engine's cage order (it does not sort again): the
    # same model as one sorted from scratch, and its answer a grid of tuples, as parsed ones are.
    for k, (n, level) in enumerate([(3, "easy"), (4, "easy"), (6, "hard"), (9, "medium")]):
        puzzle = KENKEN.generate(Params(size=n, difficulty=level), random.Random(40 + k), Budget(60))
        model = puzzle.board
        assert model == kenken_model(n, list(reversed(model.cages)))
        assert [min(cage.cells) for cage in model.cages] == sorted(min(cage.cells) for cage in model.cages)
        assert all(isinstance(cage.cells, tuple) for cage in model.cages)
        assert isinstance(puzzle.solution, tuple) and all(isinstance(row, tuple) for row in puzzle.solution)
        proved = prove(KENKEN.solving_model(puzzle), KENKEN.grading, always_count=True)
        assert proved.graded == puzzle.solution and isinstance(proved.graded, tuple)
        assert proved.count is not None and proved.count.solutions == (puzzle.solution,)
        # The cages are made of the grid's own cell tuples (the engine hands them back).
        grid_cells = {id(cell) for cell in latin_structure(n).cells}
        assert all(id(cell) in grid_cells for cage in model.cages for cell in cage.cells)


def test_the_engine_refuses_a_request_whose_cells_are_not_the_grids():
    params = Params(size=4, difficulty="easy")
    assert isinstance(_request(params), engine.KenKenRequest)  # made once a section, kept
    with pytest.raises(EngineRequestError):
        engine.kenken_request(size=4, levels=LEVELS, level=1, operations=list(params.operations), hidden=False,
                              cage_limit=4, single_cap=1, size_decay=0.5, giveaway_weight=0.4, limits=LIMITS,
                              cells=latin_structure(5).cells)


def test_certify_refuses_a_made_puzzle_with_a_wrong_label_or_answer_as_the_general_way_does():
    # certify's common case reads the engine's answer directly; anything off goes the
    # general way and says the same as GridType.certify.
    puzzle = KENKEN.generate(Params(size=4, difficulty="easy"), random.Random(3), Budget(60))
    relabelled = replace(puzzle, difficulty="medium")
    swapped = replace(puzzle, solution=(puzzle.solution[1], puzzle.solution[0], *puzzle.solution[2:]))
    as_lists = replace(puzzle, solution=[list(row) for row in puzzle.solution])
    for wrong in (relabelled, swapped):
        assert KENKEN.certify(wrong) and KENKEN.certify(wrong) == GridType.certify(KENKEN, wrong)
    assert KENKEN.certify(as_lists) == GridType.certify(KENKEN, as_lists)
