"""A sudoku proved again before print in one engine call (its `certify`'s common case).

The engine grades the puzzle from its givens with every level and counts its solutions
by the search from the same givens (engine/src/py/sudoku_proof.rs), and hands back both
grids as Python's grids are (rows of symbols), so they are compared with the printed
answer as they come. The printed answer is then checked here by an independent checker
that shares no code with the engine: its shape, its symbols, the givens kept, every
group all different, every sign met. A 9x9 easy sudoku paid more for the long way round
(a board made from a model, the grid's values read back cell by cell, the general
checker run twice over dictionaries) than for the proofs themselves.

`proved` says True exactly when the general way (GridType.certify) finds nothing wrong;
on anything else the caller goes the general way, which says what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Callable

from bookgen.by_identity import remembered_by_identity
from bookgen.model import Grid, GridModel, full_cells
from bookgen.puzzles.base import Puzzle
from bookgen.solve import engine
from bookgen.solve.ladder import Level


@dataclass(frozen=True)
class Frame:
    """What the proof of every puzzle of one shape shares: the engine's grid, and the
    checker's groups and signs as positions in the answer read row by row."""

    grid: engine.CompiledGrid
    # Whether every row is a group, and every column: then each is checked as the answer
    # holds it (a row is a tuple already, the columns one zip away), the cheapest way.
    rows: bool
    columns: bool
    # The other groups: each picks its values from the answer read row by row.
    groups: tuple[tuple[Callable[[list[int]], tuple[int, ...]], int], ...]  # (its values, its size)
    signs: tuple[tuple[int, int], ...]  # (smaller, larger)
    symbols: frozenset[int]


@remembered_by_identity(64)  # a book proves many puzzles of one shape
def frame_of(structure: GridModel) -> Frame | None:
    """The shape's frame; None when the proof here does not take it (cages, or cells that
    are not the whole grid row by row: the general way proves those)."""
    return _frame(structure)


def _frame(structure: GridModel) -> Frame | None:
    cols = structure.cols
    if structure.cages or structure.cells != full_cells(structure.rows, cols):
        return None
    rows_, at = structure.rows, {(r, c): r * cols + c for r, c in structure.cells}
    row_groups = {tuple((r, c) for c in range(cols)) for r in range(rows_)}
    column_groups = {tuple((r, c) for r in range(rows_)) for c in range(cols)}
    # Groups of one cell break no rule (and itemgetter of one position gives no tuple).
    cells_of = {g.cells for g in structure.groups if len(g.cells) > 1}
    rows, columns = row_groups <= cells_of, column_groups <= cells_of
    others = cells_of - (row_groups if rows else set()) - (column_groups if columns else set())
    groups = tuple((itemgetter(*[at[cell] for cell in cells]), len(cells)) for cells in sorted(others))
    signs = tuple((at[e.smaller], at[e.larger]) for e in structure.inequalities)
    return Frame(engine.compiled(structure), rows, columns, groups, signs, frozenset(structure.symbols))


def proved(puzzle: Puzzle, levels: tuple[Level, ...]) -> bool:
    """Whether the puzzle is fit to print, shown the short way: the grader solves it from
    its givens to the printed answer at the labelled level, the search finds that answer
    and no other, and the independent checker accepts it. False: not shown this way
    (the general way says what is wrong, or proves a shape this way does not take)."""
    model: GridModel = puzzle.board
    frame = frame_of(model.structure)
    if frame is None:
        return False
    ending, level, graded, solutions = engine.plain_prove(frame.grid.grid, engine.ladder(levels), model.cols,
                                                          model.givens)
    answer = puzzle.solution
    return (ending == "solved" and graded == answer and solutions == (answer,)
            and levels[max(level, 0)].name == puzzle.difficulty and kept(frame, model, answer))


def kept(frame: Frame, model: GridModel, answer: Grid) -> bool:
    """The independent check of a filled grid, sharing no code with the engine: the
    model's shape, its symbols alone, its givens kept, no symbol twice in a group, every
    sign met. What bookgen.puzzles.grid.check_grid finds no fault with, on the models a
    frame takes."""
    if len(answer) != model.rows or any(len(row) != model.cols for row in answer):
        return False
    flat = list(chain.from_iterable(answer))
    try:
        if not frame.symbols.issuperset(flat):
            return False
    except TypeError:  # a value no symbol could be (read from a file)
        return False
    if any(answer[r][c] != v for r, c, v in model.givens):
        return False
    if frame.rows and any(len(set(row)) != model.cols for row in answer):
        return False
    if frame.columns and any(len(set(column)) != model.rows for column in zip(*answer)):
        return False
    if any(len(set(pick(flat))) != size for pick, size in frame.groups):
        return False
    return all(flat[low] < flat[high] for low, high in frame.signs)
