"""A sudoku's re-proof in one engine call (bookgen/puzzles/sudoku/proof.py) says exactly
what the general grid way (grade, check, count, each a pass of its own) says: it passes
made puzzles of every variant, and refuses, as the general way does, a puzzle with a
given removed (two solutions), a wrong answer and a wrong label; its independent checker
finds fault exactly where bookgen.puzzles.grid.check_grid does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bookgen.errors import EngineRequestError
from bookgen.model import Cage
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.grid import GridType, check_grid
from bookgen.puzzles.sudoku.ladder import LEVELS
from bookgen.puzzles.sudoku.proof import frame_of, kept, proved
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params, structure
from bookgen.solve import engine
from bookgen.solve.search import count_solutions

SUDOKU = PUZZLE_TYPE
MADE = [(9, "easy", "classic"), (9, "beginner", "classic"), (6, "medium", "classic"), (4, "beginner", "classic"),
        (9, "medium", "x"), (9, "easy", "jigsaw"), (9, "easy", "hyper"), (6, "easy", "toroidal"),
        (6, "easy", "greater-than")]


def general(puzzle: Puzzle) -> list[str]:
    return GridType.certify(SUDOKU, puzzle)


def made(size: int, level: str, variant: str, seed: int) -> Puzzle:
    return SUDOKU.generate(Params(size=size, difficulty=level, variant=variant), random.Random(seed), Budget(60))


@pytest.mark.parametrize(("size", "level", "variant"), MADE)
def test_made_puzzles_are_proved_in_one_call_as_the_general_way_proves_them(size: int, level: str,
                                                                             variant: str) -> None:
    for seed in range(3):
        puzzle = made(size, level, variant, seed)
        assert proved(puzzle, LEVELS)
        assert SUDOKU.certify(puzzle) == general(puzzle) == []


def test_a_given_removed_that_leaves_two_solutions_is_refused_as_the_general_way_refuses_it() -> None:
    puzzle = made(9, "easy", "classic", 4)
    model = puzzle.board
    for k in range(len(model.givens)):
        fewer = model.with_givens(model.givens[:k] + model.givens[k + 1:])
        if count_solutions(fewer, limit=2).count > 1:
            break
    else:
        pytest.fail("no given of this puzzle leaves two solutions when removed")
    ambiguous = replace(puzzle, board=fewer)
    assert not proved(ambiguous, LEVELS)
    problems = SUDOKU.certify(ambiguous)
    assert problems == general(ambiguous) and "more than one solution" in problems


def test_a_wrong_answer_or_label_is_refused_as_the_general_way_refuses_it() -> None:
    puzzle = made(9, "easy", "classic", 5)
    answer = puzzle.solution
    swapped_rows = (answer[1], answer[0], *answer[2:])  # still a sudoku grid, its givens moved
    swapped_cells = ((answer[0][1], answer[0][0], *answer[0][2:]), *answer[1:])  # breaks two columns
    relabelled = {v: 10 - v for v in range(1, 10)}  # a valid grid, not this puzzle's: givens changed
    other = tuple(tuple(relabelled[v] for v in row) for row in answer)
    wrong = [replace(puzzle, solution=swapped_rows), replace(puzzle, solution=swapped_cells),
             replace(puzzle, solution=other), replace(puzzle, difficulty="medium"),
             replace(puzzle, difficulty="beginner")]
    for each in wrong:
        assert not proved(each, LEVELS)
        problems = SUDOKU.certify(each)
        assert problems and problems == general(each)
    # An answer held as lists (not a grid as the model holds them): what the general way says.
    as_lists = replace(puzzle, solution=[list(row) for row in answer])
    assert SUDOKU.certify(as_lists) == general(as_lists)


@pytest.mark.parametrize(("size", "variant"), [(9, "classic"), (9, "x"), (6, "greater-than"), (9, "jigsaw")])
def test_the_checker_finds_fault_exactly_where_check_grid_does(size: int, variant: str) -> None:
    rng = random.Random(size)
    puzzle = made(size, "easy", variant, 6)
    model, answer = puzzle.board, puzzle.solution
    frame = frame_of(model.structure)
    assert frame is not None
    faults = 0
    for _ in range(300):
        grid = [list(row) for row in answer]
        for _change in range(rng.randint(0, 2)):  # a cell changed, or two swapped
            r, c = rng.randrange(size), rng.randrange(size)
            if rng.random() < 0.5:
                grid[r][c] = rng.choice([*model.symbols, 0, size + 1])
            else:
                r2, c2 = rng.randrange(size), rng.randrange(size)
                grid[r][c], grid[r2][c2] = grid[r2][c2], grid[r][c]
        filled = tuple(tuple(row) for row in grid)
        fine = not check_grid(model, filled)
        faults += not fine
        assert kept(frame, model, filled) == fine
    assert faults > 100
    assert not kept(frame, model, answer[:-1]) and check_grid(model, answer[:-1])  # a row short


def test_a_shape_with_cages_takes_the_general_way_and_the_engine_refuses_it() -> None:
    base = structure(4)
    caged = replace(base, cages=(Cage(((0, 0), (0, 1)), "+", 3),))
    assert frame_of(caged) is None
    grid = engine.compiled(caged).grid
    with pytest.raises(EngineRequestError):
        engine.plain_prove(grid, engine.ladder(LEVELS), 4, [])
    plain = engine.compiled(base).grid
    with pytest.raises(EngineRequestError):  # a given that is no symbol
        engine.plain_prove(plain, engine.ladder(LEVELS), 4, [(0, 0, 7)])
