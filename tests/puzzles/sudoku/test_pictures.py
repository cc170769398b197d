"""`symbols: pictures`: shapes instead of digits for children who cannot read yet. The same
puzzles as with digits, drawn with the Pen, named in words in the book's language,
refused where there are too few pictures or where the rules compare values."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.errors import ParamsError, PuzzleFormatError
from bookgen.language import LANGUAGES, words_for
from bookgen.puzzles.base import Budget
from bookgen.puzzles.hint import StepMarks
from bookgen.puzzles.sudoku import pictures
from bookgen.puzzles.sudoku.type import PUZZLE_TYPE, Params
from bookgen.puzzles.sudoku.variants import VARIANTS, X


def make(size: int, level: str, seed: int, symbols: str | None = "pictures", variant: str = "classic"):
    params = Params(size=size, difficulty=level, symbols=symbols, variant=variant)
    params.validate()
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(60))


@pytest.mark.parametrize("size,level,variant", [(4, "beginner", "classic"), (6, "easy", "x"),
                                                (5, "easy", "jigsaw"), (6, "easy", "toroidal")])
def test_a_pictures_puzzle_is_the_same_puzzle_as_with_digits(size: int, level: str, variant: str):
    drawn, digits = make(size, level, 3, variant=variant), make(size, level, 3, None, variant)
    assert (drawn.board, drawn.solution) == (digits.board, digits.solution)


@pytest.mark.parametrize("size,variant", [(9, "classic"), (8, "classic"), (9, "hyper"), (7, "jigsaw")])
def test_pictures_past_six_values_are_refused_naming_symbols_and_the_size(size: int, variant: str):
    with pytest.raises(ParamsError) as caught:
        Params(size=size, difficulty="easy", symbols="pictures", variant=variant).validate()
    assert caught.value.field == "symbols" and f"not {size}x{size}" in caught.value.message


def test_greater_than_sudoku_is_refused_pictures_naming_symbols():
    # Its signs compare values: a circle is not greater than a star.
    with pytest.raises(ParamsError) as caught:
        Params(size=6, difficulty="easy", symbols="pictures", variant="greater-than").validate()
    assert caught.value.field == "symbols" and "compares its values" in caught.value.message
    Params(size=6, difficulty="easy", symbols="ABCDEF", variant="greater-than").validate()  # letters may stand


def test_a_variant_refuses_pictures_unless_it_says_its_rules_only_ask_values_to_differ():
    only_differ = next(f for f in dataclasses.fields(X) if f.name == "only_differ")
    assert only_differ.default is False
    comparing = [v.name for v in VARIANTS if not v.only_differ]
    assert comparing == ["greater-than"], comparing


SPEC = """\
title: Pictures
seed: 3
sections:
  - type: {type}
    size: {size}
    symbols: pictures
    difficulty: easy
    count: 1
"""


@pytest.mark.parametrize("kind,size,said", [("sudoku", 9, "symbols: there are 6 pictures"),
                                            ("kenken", 4, "symbols: unknown key 'symbols'"),
                                            ("killer", 4, "symbols: unknown key 'symbols'")])
def test_check_refuses_pictures_where_they_make_no_sense_in_one_line(tmp_path: Path, kind: str, size: int, said: str):
    spec = tmp_path / "p.yaml"
    spec.write_text(SPEC.format(type=kind, size=size), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(spec)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{spec}:6:5: sections[0].") and said in lines[0]


def test_the_interchange_json_names_the_pictures_and_solve_reads_them_back(tmp_path: Path):
    puzzle = make(4, "beginner", 1)
    data = PUZZLE_TYPE.to_json(puzzle)
    assert data["labels"] == ["circle", "square", "triangle", "star"] and data["symbols"] == [1, 2, 3, 4]
    back = PUZZLE_TYPE.from_json(json.loads(json.dumps(data)))
    assert PUZZLE_TYPE.pictured(back) and PUZZLE_TYPE.print_size(back) == PUZZLE_TYPE.print_size(puzzle)
    del data["solution"]
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"type": "sudoku", **data}), encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()[2:]]
    assert rows == [[data["labels"][v - 1] for v in row] for row in puzzle.solution]
    answer = json.loads(CliRunner().invoke(main, ["solve", str(path), "--json"]).output)
    assert answer["solution_labels"] == rows


@pytest.mark.parametrize("labels", [["circle", "square", "triangle", "triangle"], ["circle", "square", "A", "parrot"],
                                    ["circle", "square", "triangle"]])
def test_labels_that_are_neither_short_texts_nor_different_pictures_are_refused(labels):
    data = PUZZLE_TYPE.to_json(make(4, "beginner", 1))
    data["labels"] = labels
    with pytest.raises(PuzzleFormatError) as caught:
        PUZZLE_TYPE.from_json(data, "p.json")
    assert "labels" in str(caught.value)


def test_the_instructions_list_the_pictures_in_the_book_language():
    params = Params(size=4, difficulty="beginner", symbols="pictures")
    english = PUZZLE_TYPE.instructions_for(params)
    assert "each picture (circle, square, triangle, star) appears exactly once" in english
    german = PUZZLE_TYPE.instructions_for(dataclasses.replace(params, size=6), words_for("de"))
    assert "(Kreis, Quadrat, Dreieck, Stern, Herz, Mond)" in german


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_names_the_six_pictures_apart(code: str):
    words = words_for(code)
    for forms in ([p.noun for p in pictures.PICTURES], [p.said for p in pictures.PICTURES]):
        said = [words.gettext(form) for form in forms]
        assert len(set(said)) == len(said) and all(said), (code, said)


@pytest.mark.slow  # makes and grades a 6x6 medium (about a second)
def test_worked_steps_name_the_pictures_and_their_pencil_marks_are_pictures():
    # Seed 0 at medium: the fourth step crosses the moon out (checked by eye on the page).
    puzzle = PUZZLE_TYPE.generate(Params(size=6, difficulty="medium", symbols="pictures"),
                                  random.Random(0), Budget(60))
    said = PUZZLE_TYPE.hints(puzzle, 40)
    text = " ".join(hint.text for hint in said)
    assert "the circle" in text and " goes in row " in text and not re.search(r"\b[1-6] goes in row", text)
    marked = [marks for hint in said for marks in hint.pencil]
    assert marked and all(set(m.marks) <= set(pictures.NAMES) and set(m.crossed) <= set(m.marks) for m in marked)
    german = " ".join(hint.text for hint in PUZZLE_TYPE.hints(puzzle, 40, words_for("de")))
    assert "Kreis" in german and "circle" not in german


def test_every_other_picture_is_said_where_a_single_has_no_other_place():
    from bookgen.puzzles import hints as wording
    from bookgen.solve.grader import Detail, Step

    step = Step("naked single", (((0, 0), 1),), (), detail=Detail(), size=4, houses=("row", "column", "box"))
    name = PUZZLE_TYPE.value_name(make(4, "beginner", 1))
    said = [hint.text for hint in wording.hints(step, name, noun="picture")]
    assert said == ["Row 1, column 1 can only be the circle. Every other picture is already in its row, column "
                    "or box, or crossed out."]


def _loops_by_centre(pen) -> list[tuple[float, float]]:
    centres = []
    for loops, _gray in pen.loops:
        xs, ys = [x for x, _ in loops[0]], [y for _, y in loops[0]]
        centres.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    return centres


def test_the_puzzle_shows_the_strip_above_its_grid_and_the_answer_and_worked_grid_do_not(recording_pen):
    puzzle = make(6, "easy", 2)
    n, givens = 6, len(puzzle.board.givens)
    assert PUZZLE_TYPE.print_size(puzzle) == (6.0, 6 + pictures.STRIP)
    assert PUZZLE_TYPE.print_size(puzzle, answer=True) == PUZZLE_TYPE.worked_size(puzzle) == (6.0, 6.0)
    assert PUZZLE_TYPE.planned_size(puzzle.params) == PUZZLE_TYPE.print_size(puzzle)
    pen = recording_pen()
    PUZZLE_TYPE.draw(puzzle, pen)
    centres = _loops_by_centre(pen)
    strip, grid = centres[:n], centres[n:]
    assert len(grid) == givens and all(y < pictures.STRIP_BAND for _x, y in strip)
    assert all(pictures.STRIP <= y <= 6 + pictures.STRIP for _x, y in grid)
    assert [round(x, 6) for x, _ in strip] == sorted(round(x, 6) for x, _ in strip)
    answer = recording_pen()
    PUZZLE_TYPE.draw(puzzle, answer, puzzle.solution)
    assert len(answer.loops) == n * n and all(0 <= y <= n for _x, y in _loops_by_centre(answer))
    worked = recording_pen()
    PUZZLE_TYPE.draw_worked(puzzle, worked, StepMarks())
    assert len(worked.loops) == givens and not worked.texts


def test_each_picture_fits_its_box_and_rings_hold_their_hole_inside():
    for picture in pictures.PICTURES:
        points = [p for loop in picture.loops for p in loop]
        assert all(abs(x) <= 0.56 and abs(y) <= 0.56 for x, y in points), picture.name
        if len(picture.loops) == 2:  # a ring: its hole inside its outline
            outer, inner = picture.loops
            span = lambda loop, k: (min(p[k] for p in loop), max(p[k] for p in loop))
            for k in (0, 1):
                assert span(outer, k)[0] < span(inner, k)[0] and span(inner, k)[1] < span(outer, k)[1]
    rings = {p.name for p in pictures.PICTURES if len(p.loops) == 2}
    assert rings == {"circle", "triangle", "heart"}
