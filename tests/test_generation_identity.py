"""A book never holds one puzzle twice, however it is printed (issue 34, item 11): the
identity of a puzzle is its clues and its answer (bookgen.puzzles.identity), not its
display; and within a class set of tiny grids, no two children share an answer grid
where the shape has answers to spare."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from bookgen import generation, spec as spec_module
from bookgen.generation import generate_all
from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget
from bookgen.puzzles.identity import answer_digest, canonical, puzzle_digest

KENKEN = registry.get("kenken")


def book(text: str):
    return spec_module.parse(text, "book.yaml")


def test_a_kenken_shown_or_hidden_is_one_puzzle():
    params = KENKEN.Params(size=3, difficulty="easy", operations=("*",))
    shown = KENKEN.generate(params, random.Random(5), Budget(60))
    hidden = dataclasses.replace(shown, params=dataclasses.replace(params, hide_operations=True))
    assert puzzle_digest(shown) == puzzle_digest(hidden)


def test_different_clues_are_different_puzzles():
    params = KENKEN.Params(size=5, difficulty="easy")
    one, two = (KENKEN.generate(params, random.Random(seed), Budget(60)) for seed in (1, 2))
    assert puzzle_digest(one) != puzzle_digest(two)
    assert answer_digest(one) != answer_digest(two)


def test_the_canonical_text_sorts_sets_and_names_dataclasses():
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int

    assert canonical(frozenset({(2, 1), (1, 2)})) == canonical(frozenset({(1, 2), (2, 1)}))
    assert canonical((Point(1, 2), None, "a")) == "(Point(1,2),None,'a')"


MULTIPLY_TWICE = """
title: Twice
seed: 424242
sections:
  - type: kenken
    size: 3
    difficulty: easy
    operations: multiply_only
    count: 4
  - type: kenken
    size: 3
    difficulty: easy
    operations: multiply_only
    hide_operations: true
    count: 4
"""


def test_a_multiply_only_kenken_shown_and_hidden_never_repeats_in_a_book(monkeypatch):
    """Both sections first make the same grid (as seed 424242 did in the audit); the
    book replaces the second one, from the seed."""
    first = KENKEN.generate(KENKEN.Params(size=3, difficulty="easy", operations=("*",)), random.Random(0), Budget(60))

    def same_grid(task):
        return dataclasses.replace(first, params=task.params), True

    monkeypatch.setattr(generation, "obtain", same_grid)
    entries = generate_all(book(MULTIPLY_TWICE))
    grids = {(entry.puzzle.board, canonical(entry.puzzle.solution)) for entry in entries}
    assert len(entries) == len(grids) == 8
    assert generate_all(book(MULTIPLY_TWICE)) == entries  # the replacements come from the seed


CLASS_OF_30 = """
title: Class
seed: 7
students: [{names}]
sections:
  - type: sudoku
    variant: greater-than
    size: 4
    difficulty: beginner
    count: 1
"""


def test_thirty_children_never_share_a_tiny_answer_grid():
    names = ", ".join(f"Child{k}" for k in range(30))
    entries = generate_all(book(CLASS_OF_30.format(names=names)))
    answers = Counter(answer_digest(entry.puzzle) for entry in entries)
    assert len(entries) == 30 and max(answers.values()) == 1


TINY_KENKEN_CLASS = """
title: Class
seed: 3
students: [{names}]
sections:
  - type: kenken
    size: 3
    difficulty: beginner
    count: 1
"""


def test_a_shape_with_too_few_answers_for_the_class_may_share_them():
    """A 3x3 KenKen has 12 answers: 8 children would need 32, so answers may repeat
    (the puzzles still differ)."""
    names = ", ".join(f"Child{k}" for k in range(8))
    entries = generate_all(book(TINY_KENKEN_CLASS.format(names=names)))
    assert len({puzzle_digest(e.puzzle) for e in entries}) == 8
    assert not KENKEN.answers_at_least(KENKEN.Params(size=3), 32)
    assert KENKEN.answers_at_least(KENKEN.Params(size=4), 32)
