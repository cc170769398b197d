"""Worked steps are the grader's real steps: replayed on the puzzle each is sound (a
digit written is the solution's, a pencil mark crossed out is not), and they say so in
plain words with cells named by row and column."""

from __future__ import annotations

import random

import pytest

from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.language import ENGLISH
from bookgen.puzzles.hint_names import cell_name
from bookgen.puzzles.hints import sentences
from worked_steps import answer_of, replay_soundly


def made(size: int, difficulty: str, seed: int):
    sudoku = registry.get("sudoku")
    return sudoku, sudoku.generate(sudoku.Params(size=size, difficulty=difficulty), random.Random(seed), Budget(60))


@pytest.mark.parametrize("size,difficulty,seed", [(4, "beginner", 1), (6, "easy", 2), (9, "easy", 3),
                                                  pytest.param(9, "medium", 4, marks=pytest.mark.slow),
                                                  pytest.param(9, "hard", 5, marks=pytest.mark.slow)])
def test_every_recorded_step_is_sound_and_they_finish_the_grid(size: int, difficulty: str, seed: int):
    sudoku, puzzle = made(size, difficulty, seed)
    steps = sudoku.steps(puzzle)
    assert steps
    assert replay_soundly(puzzle, steps) == answer_of(puzzle)


def test_a_hard_puzzle_records_a_technique_beyond_singles():
    sudoku, puzzle = made(9, "hard", 5)
    assert {s.technique for s in sudoku.steps(puzzle)} - {"naked single", "hidden single"}


def test_steps_read_as_plain_sentences_naming_row_and_column():
    sudoku, puzzle = made(4, "beginner", 1)
    step = sudoku.steps(puzzle)[0]
    (r, c), digit = step.placed[0]
    words = sentences(step)[0]
    assert f"row {r + 1}, column {c + 1}" in words.lower() and str(digit) in words
    assert cell_name((2, 4), ENGLISH).it == "row 3, column 5"


def _naked_single_step(size: int):
    from bookgen.solve.grader import Step
    return Step("naked single", (((0, 0), 3),), (), houses=("row", "column", "box"), size=size)


@pytest.mark.parametrize("label,size,noun", [
    (str, 9, "number"),
    (lambda v: "ABCDEF"[v - 1], 6, "letter"),
    (lambda v: "123456789ABCDEFG"[v - 1], 16, "symbol"),
])
def test_sentences_call_the_symbols_what_the_grid_prints(label, size: int, noun: str):
    said = sentences(_naked_single_step(size), label)[0]
    assert f"Every other {noun} is already" in said
    assert said.startswith(f"Row 1, column 1 can only be {label(3)}")


@pytest.mark.parametrize("layout,cells,name", [
    ((9, 9), tuple((0, c) for c in range(9)), "in row 1."),
    ((21, 21), tuple((0, c) for c in range(12, 21)), "in row 1, columns 13–21."),
    ((21, 21), tuple((r, 0) for r in range(12, 21)), "in column 1, rows 13–21."),
])
def test_a_line_of_one_grid_in_a_samurai_layout_is_named_by_its_span_too(layout, cells, name: str):
    from bookgen.model import Group
    from bookgen.solve.grader import Detail, Step
    kind = "row" if len({r for r, _c in cells}) == 1 else "column"
    step = Step("hidden single", ((cells[0], 7),), (), Detail(groups=(Group(cells, kind),)), size=9, layout=layout)
    assert sentences(step)[0].endswith(name)


@pytest.mark.parametrize("name", ["sudoku", "kenken", "killer", "samurai"])
def test_every_sentence_of_every_type_names_only_placeholders_the_words_fill(name: str):
    """A template naming a placeholder `_words` does not fill would fail only on the one
    step that uses it; read every template of every type's table instead."""
    from string import Formatter

    from bookgen.model import Cage
    from bookgen.puzzles.hints import GENERAL, GENERAL_PLACE, _words
    from bookgen.solve.grader import Detail, Step

    cage = Cage(((0, 0), (0, 1)), "+", 3, distinct=True)
    step = Step("naked single", (((0, 0), 1),), (), Detail(cage=cage, other=cage, ways=((1, 2),), fit=((1, 2),)),
                size=9)
    filled = set(_words(step)) | {"digit", "cell", "Cell", "in_cell"}
    for key, template in {**registry.get(name).sentences, "general": GENERAL, "general place": GENERAL_PLACE}.items():
        named = {field for _text, field, _spec, _conv in Formatter().parse(template) if field}
        assert named <= filled, (key, named - filled)
