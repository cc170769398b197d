"""Worked steps for KenKen and killer are the grader's real steps: replayed on the puzzle
each is sound (a digit written is the solution's, a pencil mark crossed out is not), the
facts a sentence states are true of the solution (the cage's ways include the one the
solution uses; a rule of 45 or a line rule's total is what the cells hold), and every
step reads as a plain sentence with no placeholder left."""

from __future__ import annotations

import random
from math import prod

import pytest

from bookgen.puzzles import registry
from bookgen.model import Cage, Group
from bookgen.puzzles.base import Budget
from bookgen.language import ENGLISH
from bookgen.puzzles.hint_names import Name, cage_name, clue, house_name, ways_name
from bookgen.puzzles.hints import sentences
from bookgen.puzzles.killer.hints import SENTENCES as KILLER_SENTENCES
from bookgen.solve.grader import Detail, Step

KENKEN_CASES = [(4, "beginner", 1, False), (6, "easy", 2, False), (6, "medium", 3, False), (6, "hard", 4, False),
                (6, "expert", 5, False), (6, "expert", 8, False), (5, "medium", 6, True), (6, "hard", 7, True)]
KILLER_CASES = [(4, "easy", 1), (6, "beginner", 2), (9, "medium", 3), (9, "hard", 4), (9, "expert", 5),
                (6, "expert", 6)]


def made(name: str, seed: int, **params):
    ptype = registry.get(name)
    return ptype, ptype.generate(ptype.Params(**params), random.Random(seed), Budget(120))


def cases():
    for size, level, seed, hidden in KENKEN_CASES:
        yield pytest.param("kenken", seed, dict(size=size, difficulty=level, hide_operations=hidden),
                           id=f"kenken-{size}-{level}-{seed}{'-hidden' if hidden else ''}")
    for size, level, seed in KILLER_CASES:
        yield pytest.param("killer", seed, dict(size=size, difficulty=level), id=f"killer-{size}-{level}-{seed}",
                           marks=pytest.mark.slow if size == 9 or level == "expert" else ())


def _check_facts(step, solution: dict) -> None:
    """What the step's sentence states is true of the solution."""
    detail = step.detail
    if detail.cage is not None and detail.fit:
        used = tuple(sorted(solution[c] for c in detail.cage.cells))
        assert used in detail.fit and used in detail.ways, (step.technique, used, detail.fit)
    if detail.kind in ("innies", "outies", "mixed", "sum"):
        made_ = sum(solution[c] for c in detail.cells) - sum(solution[c] for c in detail.minus)
        assert made_ == detail.need, step
    if detail.kind == "product":
        assert prod(solution[c] for c in detail.cells) == detail.need, step
    if detail.kind in ("innies", "sum"):
        assert detail.total - detail.known >= detail.need or detail.kind == "sum"


@pytest.mark.parametrize("name,seed,params", list(cases()))
def test_every_recorded_step_is_sound_states_true_facts_and_finishes_the_grid(name: str, seed: int, params: dict):
    ptype, puzzle = made(name, seed, **params)
    model = puzzle.board
    solution = {cell: puzzle.solution[cell[0]][cell[1]] for cell in model.cells}
    written = {(r, c): v for r, c, v in model.givens}
    steps = ptype.steps(puzzle)
    assert steps
    for step in steps:
        assert step.placed or step.removed
        for cell, digit in step.placed:
            assert digit == solution[cell] and cell not in written, step
            written[cell] = digit
        for cell, digits in step.removed:
            assert solution[cell] not in digits, step
        for cell, stay in step.left:  # "row 3, column 1 can only be 1 or 2" keeps the answer
            assert solution[cell] in stay, step
        _check_facts(step, solution)
        for sentence in sentences(step, table=ptype.sentences):
            assert "{" not in sentence and "}" not in sentence and not sentence.startswith("Using "), sentence
            assert (sentence[0].isupper() or sentence[0].isdigit()) and sentence.endswith("."), sentence
    assert written == solution


@pytest.mark.parametrize("name", ["sudoku", "kenken", "killer", "samurai"])
def test_every_technique_of_every_level_has_its_own_sentence(name):
    ptype = registry.get(name)
    names = {technique.name for level in ptype.grading for technique in level.techniques}
    keyed = {key.split("/")[0] for key in ptype.sentences}
    assert names <= keyed, names - keyed


def test_cages_are_named_by_clue_and_place_and_their_ways_listed_as_a_child_says_them():
    three_minus = Cage(((0, 0), (0, 1)), "-", 3)
    assert cage_name(three_minus, ENGLISH) == Name("the 3\u2212 cage (row 1, columns 1 and 2)",
                                                   "in the 3\u2212 cage (row 1, columns 1 and 2)")
    assert ways_name(((1, 4), (2, 5), (3, 6)), three_minus, ENGLISH) == "1 and 4, 2 and 5 or 3 and 6"
    assert cage_name(Cage(((1, 2), (1, 3)), "*", 12), ENGLISH).it == "the 12\u00d7 cage (row 2, columns 3 and 4)"
    assert cage_name(Cage(((1, 2), (2, 2), (3, 2)), "?", 12), ENGLISH).it == "the 12 cage (column 3, rows 2\u20134)"
    killer = Cage(((4, 4), (4, 5), (5, 4)), "+", 17, distinct=True)
    assert clue(killer) == "17" and cage_name(killer, ENGLISH).it == "the 17 cage (from row 5, column 5)"
    assert ways_name(((8, 9),), Cage(((0, 0), (0, 1)), "+", 17, distinct=True), ENGLISH) == "8 and 9"
    three = ((0, 0), (0, 1), (1, 0))
    assert ways_name(((1, 2, 3),), Cage(three, "*", 6), ENGLISH) == "1\u00d72\u00d73"  # the clue's own sign, though 1+2+3 is 6
    assert ways_name(((1, 1, 4), (1, 2, 3)), Cage(three, "?", 6), ENGLISH) == "1+1+4 or 1+2+3"
    assert ways_name(((1, 2, 4),), Cage(three, "?", 8), ENGLISH) == "1\u00d72\u00d74"


def test_a_killer_cage_combinations_step_names_the_cage_and_its_ways():
    ptype, puzzle = made("killer", 2, size=9, difficulty="easy")
    step = next(s for s in ptype.steps(puzzle) if s.technique == "cage combinations")
    said = sentences(step, table=ptype.sentences)[0]
    assert said.startswith(f"The {step.detail.cage.target} cage ") and "cross out" in said
    assert ways_name(step.detail.fit, step.detail.cage, ENGLISH) in said


def test_kenken_first_sentences_start_from_the_one_square_cages_then_cage_arithmetic():
    ptype, puzzle = made("kenken", 0, size=6, difficulty="easy")
    said = [hint.text for hint in ptype.hints(puzzle, 4)]
    assert said[0].startswith("A cage of one square holds just its clue. Write ")
    assert any("cage" in s and "can" in s and "cross out" in s for s in said[1:])


def test_hidden_sign_kenken_sentences_print_the_clue_without_a_sign():
    ptype, puzzle = made("kenken", 6, size=5, difficulty="medium", hide_operations=True)
    cage_steps = [s for s in ptype.steps(puzzle) if s.detail.cage is not None and len(s.detail.cage.cells) > 1]
    assert cage_steps
    for step in cage_steps:
        assert f"the {step.detail.cage.target} cage" in " ".join(sentences(step, table=ptype.sentences)).lower()


def test_pencil_marks_are_crossed_out_or_when_few_stay_the_ones_left_are_named():
    cage = Cage(((0, 0), (0, 1)), "+", 3, distinct=True)
    step = Step("cage combinations", (), (((0, 0), (3, 4, 5, 6, 7, 8, 9)), ((0, 1), (3, 4, 5, 6, 7, 8, 9)),
                                          ((2, 0), (9,))),
                Detail(cage=cage, ways=((1, 2),), fit=((1, 2),)), ("row", "column", "box", "cage"),
                left=(((0, 0), (1, 2)), ((0, 1), (1, 2)), ((2, 0), (1, 2, 3, 4, 5, 6, 7, 8))), size=9)
    assert sentences(step, table=KILLER_SENTENCES) == ["The 3 cage (row 1, columns 1 and 2) can only be 1 and 2. So "
                                                       "cross out 9 in row 3, column 1; row 1, columns 1 and 2 can "
                                                       "only be 1 or 2."]


def test_houses_are_named_by_place_or_by_kind():
    assert house_name(Group(tuple((3, c) for c in range(9)), "row"), 9, ENGLISH).it == "row 4"
    assert house_name(Group(tuple((r, 1) for r in range(9)), "group"), 9, ENGLISH).it == "column 2"
    box = Group(tuple((r, c) for r in range(3) for c in range(3, 6)), "box")
    assert house_name(box, 9, ENGLISH).it == "the box of rows 1\u20133, columns 4\u20136"
    assert house_name(Group(tuple((r, c) for r in range(4, 6) for c in range(3)), "group"), 6, ENGLISH).it == \
        "the box of rows 5 and 6, columns 1\u20133"
    assert house_name(Group(tuple((i, 8 - i) for i in range(9)), "diagonal"), 9, ENGLISH).it == "the diagonal from the top right"
    window = Group(tuple((r, c) for r in range(1, 4) for c in range(1, 4)), "window")
    assert house_name(window, 9, ENGLISH).it == "the shaded window through row 2, column 2"
