"""What makes two puzzles one puzzle, as digests a book, a class record or a cache can
keep: the puzzle's clues in its type's canonical form (`Making.identity`: what a solver
is given, whatever the display — printed symbols, pictures, a KenKen's signs shown or
hidden, multiply-only) and its answer.

`puzzle_digest` is the one identity of a puzzle: equal digests are the same puzzle
printed twice. `answer_digest` is the answer alone (two children handed different clues
for one answer grid of a tiny puzzle soon notice). `answers_at_least` says whether a
shape has enough answers for every child of a class set to get one of their own.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bookgen.model import GridModel
from bookgen.puzzles import registry
from bookgen.puzzles.base import Puzzle
from bookgen.solve.search import count_solutions

# Branchings allowed while counting a shape's answers: an empty grid's answers come one
# after another without backtracking, so this only stops a shape with none.
_COUNT_NODES = 2_000_000


# Types whose canonical text is their repr (exactly these: a subclass may repr otherwise).
_PLAIN = frozenset({int, bool, str, type(None)})


def canonical(value: Any) -> str:
    """A text of `value` that is the same in every process and Python version: tuples
    and lists in order, sets sorted, frozen dataclasses by their name and fields."""
    if isinstance(value, (tuple, list)):
        if all(type(v) in _PLAIN for v in value):  # a cell or a row: each item its repr, as below
            return "(" + ",".join(map(repr, value)) + ")"
        return "(" + ",".join(canonical(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(v) for v in value)) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__name__ + canonical(dataclasses.astuple(value))
    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)
    raise TypeError(f"no canonical form for {type(value).__name__}")


def _digest(*parts: Any) -> str:
    import hashlib  # here, not at start-up: `bookgen solve` names no puzzle (issue 31)

    return hashlib.sha256(canonical(parts).encode()).hexdigest()


def puzzle_digest(puzzle: Puzzle) -> str:
    """The puzzle's identity, as a hex digest of its type, its canonical clues and its
    answer: the same for the same puzzle however it is printed (a KenKen with its signs
    shown or hidden, a sudoku in letters or pictures), different for different clues."""
    return _digest("puzzle", puzzle.type, registry.get(puzzle.type).identity(puzzle), puzzle.solution)


def answer_digest(puzzle: Puzzle) -> str:
    """The puzzle's answer alone, as a hex digest (with its type: a 4x4 sudoku and a 4x4
    KenKen may share a grid of digits without a child noticing)."""
    return _digest("answer", puzzle.type, puzzle.solution)


def answers_at_least(shape: GridModel, enough: int) -> bool:
    """Whether the empty `shape` (its givens left out) has at least `enough` answers,
    counted by the search and stopping there."""
    empty = dataclasses.replace(shape, givens=())
    return count_solutions(empty, limit=enough, node_limit=_COUNT_NODES).count >= enough
