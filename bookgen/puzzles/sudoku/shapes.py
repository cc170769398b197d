"""The shapes of the sudoku variants: which cells must hold different symbols, and what a
variant is.

Every variant is the one GridModel with rows and columns, plus its own all-different
groups, each tagged with a kind that drawing and the interchange JSON use (the grader
never looks at kinds other than row and column):
- classic: the boxes ("box"), on sizes with a box shape;
- x: the boxes and both main diagonals ("diagonal");
- hyper (windoku, 9x9): the boxes and four extra 3x3 windows ("window") whose top-left
  corners are rows/columns 1 and 5 (counting from 0);
- jigsaw and toroidal: no boxes but irregular regions of N cells ("region"), drawn at
  random for each puzzle from the puzzle's rng (bookgen.puzzles.sudoku.jigsaw);
- greater-than: the boxes, and signs between neighbours in a box read off each full
  grid (bookgen.puzzles.sudoku.greater_than).

Pure functions of (size, rng): no drawing, no generation of givens. The variants
themselves are listed in bookgen.puzzles.sudoku.variants.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from bookgen.model import Grid, GridModel, Group, full_cells, line_groups
from bookgen.puzzles.pen import Pen
from bookgen.solve.search import SearchAborted, solver_for

# Box shape (rows, cols) per grid size: the wider side across, as published.
BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
HYPER_SIZE = 9
HYPER_CORNERS = (1, 5)  # rows and columns where the four windows start
# Full solutions: the first search may branch FIRST_NODES times, each restart twice as
# often. Measured on 60 seeds of 9x9 jigsaw: 57 layouts had a solution found within five
# searches from 100 nodes (one search of 2000 nodes: 42).
FIRST_NODES = 100

Filled = tuple[GridModel, Grid]


@dataclass(frozen=True)
class Variant:
    """A sudoku variant: its groups, the words for it, how its shapes and full grids are
    drawn. Adding one is a module that makes a Variant and a line in variants.py."""

    name: str  # the `variant:` value
    title: str  # how messages name a puzzle of it: "X-sudoku"
    help: str  # for `bookgen types`: what the variant adds
    houses: str  # where the instructions ask each digit once (a message: bookgen.language)
    sizes: tuple[int, ...]
    size_refusal: Callable[[int], str]  # why a size not in `sizes` has no shape
    # The shape every puzzle of a size shares: the whole shape for a fixed one, the rows
    # and columns for one drawn per puzzle (the generator sizes its givens on it).
    base: Callable[[int], GridModel]
    # A shape and a full grid of it, drawn from the rng for each attempt; None: random
    # solutions of `base` by one search each (classic).
    filled: Callable[[int, random.Random], Filled] | None = None
    note: str = ""  # one more sentence for the instructions (a message)
    # The sentence on givens, instead of the family's "some digits are given" (a message):
    # for a variant whose puzzles may have none.
    start: str = ""
    # Drawn over the grid, puzzle and answer alike, when the model is one of this
    # variant's (it is told by the model alone, so a puzzle read back is drawn the same).
    decorate: Callable[[Pen, GridModel], None] | None = None
    # The letters that drawing prints on groups, by the group's cells (told by the model
    # alone, as `decorate`): worked steps name those groups by their letters.
    marks: Callable[[GridModel], dict[frozenset[tuple[int, int]], str]] | None = None
    # Whether the rules only ask values to differ, never compare them: then any symbols
    # may stand for the values, pictures too. A variant whose rules compare values (a
    # greater-than sign between two squares) keeps the default, and `symbols: pictures`
    # is refused for it: a circle is not greater than a star.
    only_differ: bool = False
    # A sign between every two neighbouring squares of a box (greater-than sudoku):
    # what a puzzle read back must have to be one of this variant's.
    signed: bool = False


def boxes(size: int) -> tuple[Group, ...]:
    """The boxes of a classic sudoku of this size, in reading order."""
    box_rows, box_cols = BOX_SHAPES[size]
    return tuple(
        Group(tuple((r0 + r, c0 + c) for r in range(box_rows) for c in range(box_cols)), "box")
        for r0 in range(0, size, box_rows)
        for c0 in range(0, size, box_cols)
    )


def diagonals(size: int) -> tuple[Group, Group]:
    """The two main diagonals, top-left to bottom-right and top-right to bottom-left."""
    return (
        Group(tuple((i, i) for i in range(size)), "diagonal"),
        Group(tuple((i, size - 1 - i) for i in range(size)), "diagonal"),
    )


def windows() -> tuple[Group, ...]:
    """The four extra 3x3 windows of a hyper sudoku."""
    return tuple(
        Group(tuple((r0 + r, c0 + c) for r in range(3) for c in range(3)), "window")
        for r0 in HYPER_CORNERS
        for c0 in HYPER_CORNERS
    )


def square_model(size: int, extra: tuple[Group, ...]) -> GridModel:
    """A size x size grid of the values 1..size: its rows and columns, and `extra` groups."""
    return GridModel(size, size, tuple(range(1, size + 1)), full_cells(size, size), line_groups(size, size) + extra)


@lru_cache(maxsize=None)
def lines_only(size: int) -> GridModel:
    """Rows and columns alone: what every variant of a size shares (the stand-in for a
    shape drawn per puzzle before its regions are drawn)."""
    return square_model(size, ())


@lru_cache(maxsize=None)
def fixed_structure(size: int, variant: str = "classic") -> GridModel:
    """The empty sudoku of a variant whose shape does not vary (classic, x, hyper)."""
    if variant == "classic":
        return square_model(size, boxes(size))
    if variant == "x":
        return square_model(size, boxes(size) + diagonals(size))
    if variant == "hyper":
        if size != HYPER_SIZE:
            raise ValueError(f"a hyper sudoku is {HYPER_SIZE}x{HYPER_SIZE}")
        return square_model(size, boxes(size) + windows())
    raise ValueError(f"the {variant} variant has no fixed shape")


def random_solution(model: GridModel, rng: random.Random, tries: int | None = None) -> Grid | None:
    """A random full solution, by short searches restarted with a doubling node limit
    (None when there is none, or none was found in `tries` searches).

    A random search's running time is heavy-tailed: one 12x12 X-sudoku seed of 100 took
    137 s in one search where the median is 8 ms; restarts cut the tail off.
    """
    solver = solver_for(model)
    limit = FIRST_NODES
    for _ in range(tries) if tries is not None else iter(int, 1):
        try:
            return solver.random_solution(rng, limit)
        except SearchAborted:
            limit *= 2
    return None
