"""The independent check of a KenKen's answer and caging, in one pass, for the common
case every proof before print meets: a KenKen on its own Latin frame whose answer keeps
every rule. It tests, in plain Python and without the engine, what `check_grid` and
`layout_violations` test together (every row and column holds 1..N once, every cage
makes its target, the cages tile the grid, are connected and not distinct, − and ÷ on
two cells), and where it is not sure (anything broken, or a form it does not take, such
as a one-cell cage with a sign) it hands over to those two, which say what is wrong. So
it may refuse more than they do, never accept less.

Measured on 4x4 easy (load 5.7): the two as before 27 µs a puzzle, this pass about a third.
Then (callgrind, instructions a 4x4 easy puzzle): 72 k to 34 k, with each set or lookup
made in C over a whole line or grid (a 4x4 answer found among the 576 Latin squares at
once), the tiling as one mask of cell numbers, and the values of a cage of three cells or
more read by a remembered getter. (Remembering two-cell cages as well saved 2.6 k more on
a 4x4 and cost 4 k a cage on a 9x9, where the same shapes in the same places seldom come
back: certify 1.58 M to 1.72 M.) From 7x7 up the pass goes by sets, as before (below).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, permutations
from math import prod
from operator import itemgetter, ne
from typing import Any, Callable

from bookgen.model import Cell, Grid, GridModel, is_connected
from bookgen.puzzles.base import Violation
from bookgen.puzzles.grid import check_grid
from bookgen.puzzles.kenken.rules import latin_structure, layout_violations

# Up to this side the whole answer is looked up among every Latin square of its side
# (576 at 4), and up to the next its lines among every ordering of 1..N (720 at 6).
SQUARES_UP_TO = 4
ORDERINGS_UP_TO = 6

_BIT = (1).__lshift__  # a cell number's bit in a mask of cells


def kenken_violations(model: GridModel, grid: Grid) -> list[Violation]:
    """Every rule of the grid and of the caging that the answer or the cages break."""
    if all_kept(model, grid):
        return []
    return check_grid(model, grid) + layout_violations(model)


def all_kept(model: GridModel, grid: Grid) -> bool:
    """True only when the model is on its Latin frame and the answer and the caging keep
    every rule (False: not sure; `kenken_violations` then asks the full checks)."""
    return _on_frame(model) and _all_kept(model, grid)


def kept_on_frame(model: GridModel, grid: Grid) -> bool:
    """`all_kept` of a model the caller found on its Latin frame (a KenKen's `certify`)."""
    return _all_kept(model, grid)


def _on_frame(model: GridModel) -> bool:
    frame = latin_structure(model.rows)
    return (model.cols == model.rows and not model.givens and not model.inequalities
            and model.groups is frame.groups and model.cells is frame.cells and model.symbols == frame.symbols)


@lru_cache(maxsize=None)
def _frame(n: int) -> tuple[frozenset[int], frozenset[Grid] | None, frozenset[tuple[int, ...]] | None]:
    """The digits 1..n, every Latin square of side n up to SQUARES_UP_TO (as rows), and
    every ordering of the digits up to ORDERINGS_UP_TO (the rows a Latin square may have)."""
    digits = tuple(range(1, n + 1))
    orderings = tuple(permutations(digits)) if n <= ORDERINGS_UP_TO else None
    squares = frozenset(_squares(n, orderings)) if orderings is not None and n <= SQUARES_UP_TO else None
    return frozenset(digits), squares, None if orderings is None else frozenset(orderings)


def _squares(n: int, orderings: tuple[tuple[int, ...], ...]) -> list[Grid]:
    """Every n x n grid whose rows are orderings of 1..n and whose columns repeat no digit:
    row by row, each row one that clashes with none above (clashes listed once a pair)."""
    fits = [frozenset(j for j, other in enumerate(orderings) if all(map(ne, row, other))) for row in orderings]
    made: list[tuple[tuple[int, ...], frozenset[int]]] = [((), frozenset(range(len(orderings))))]
    for _ in range(n):
        made = [((*rows, k), left & fits[k]) for rows, left in made for k in left]
    return [tuple(orderings[k] for k in rows) for rows, _ in made]


@lru_cache(maxsize=1 << 16)
def _shape(cells: tuple[Cell, ...], n: int) -> tuple[int, Callable[[tuple[Any, ...]], tuple[Any, ...]]] | None:
    """A cage of three cells or more as a mask of its cell numbers (row * n + column) and
    the getter of their values from the grid read row by row; None unless the cells are
    different, in the n x n grid and connected. Remembered by the cells (the same cage
    shapes in the same places come back puzzle after puzzle)."""
    numbers = [r * n + c for r, c in cells if 0 <= r < n and 0 <= c < n]
    mask = sum(map(_BIT, numbers))  # one bit a cell: fewer bits when a cell repeats
    if len(numbers) != len(cells) or mask.bit_count() != len(cells) or not _joined(mask, n):
        return None
    return mask, itemgetter(*numbers)


def _joined(mask: int, n: int) -> bool:
    """Whether the cells of `mask` are orthogonally connected: grown from its lowest cell,
    a step each way at a time, until it stops growing. (A shape's first look is most of
    a cold check's cost: callgrind, 4x4 easy seeds 0-29 each checked once, 86 k to 70 k
    instructions a puzzle against `is_connected`'s walk over a set of cells.)"""
    right, left = _steps(n)
    reach = mask & -mask
    while True:
        grown = (reach | (reach & right) << 1 | (reach & left) >> 1 | reach << n | reach >> n) & mask
        if grown == reach:
            return reach == mask
        reach = grown


@lru_cache(maxsize=None)
def _steps(n: int) -> tuple[int, int]:
    """The cells (as masks) that have a neighbour to their right, and to their left."""
    every = (1 << n * n) - 1
    last = sum(1 << r * n + n - 1 for r in range(n))
    first = sum(1 << r * n for r in range(n))
    return every & ~last, every & ~first


def _lines_kept(grid: Grid, n: int) -> tuple[Any, ...] | None:
    """The answer's values row by row when every row and column holds 1..n once, else None."""
    digits, squares, orderings = _frame(n)
    try:
        if squares is not None:  # the whole grid, a tuple of tuples, looked up at once
            return sum(grid, ()) if grid in squares else None
        if len(grid) != n:
            return None
        if orderings is not None:  # rows (tuples n long, their columns likewise) in C
            kept = orderings.issuperset(grid) and orderings.issuperset(zip(*grid))
            return sum(grid, ()) if kept else None
        one = {digits}
        if (set(map(len, grid)) == {n} and set(map(frozenset, grid)) == one
                and set(map(frozenset, zip(*grid))) == one):
            return tuple(chain.from_iterable(grid))
    except TypeError:  # rows that are not tuples of numbers: the full check says what
        pass
    return None


def _all_kept(model: GridModel, grid: Grid) -> bool:
    """True only when every rule holds (False: not sure, the full checks decide)."""
    n = model.rows
    if n > ORDERINGS_UP_TO:
        return _all_kept_by_sets(model, grid)
    values = _lines_kept(grid, n)
    if values is None:
        return False
    caged = 0
    for cage in model.cages:
        where, op, target = cage.cells, cage.op, cage.target
        if cage.distinct:
            return False
        if len(where) == 2:  # most cages: read here, not remembered
            (r, c), (r2, c2) = where
            if not (0 <= r < n and 0 <= c < n and 0 <= r2 < n and 0 <= c2 < n and abs(r - r2) + abs(c - c2) == 1):
                return False
            at, at2 = r * n + c, r2 * n + c2
            mask = 1 << at | 1 << at2
            a, b = values[at], values[at2]
            if a > b:
                a, b = b, a
            if op == "+":
                kept = a + b == target
            elif op == "*":
                kept = a * b == target
            elif op == "-":
                kept = b - a == target
            else:
                kept = op == "/" and b == a * target
        elif len(where) == 1:
            (r, c), = where
            if not (0 <= r < n and 0 <= c < n):
                return False
            at = r * n + c
            mask = 1 << at
            kept = op == "=" and values[at] == target
        else:
            shape = _shape(where, n)
            if shape is None:
                return False
            mask, get = shape
            got = get(values)
            kept = op == "+" and sum(got) == target or op == "*" and prod(got) == target
        if not kept or caged & mask:  # a cage not met, or a cell in two cages
            return False
        caged |= mask
    return caged == (1 << n * n) - 1  # every cell in a cage


# From 7 up (9x9 easy and hard, callgrind, each answer checked once): the masks and
# remembered getters above cost more than these sets, 437 k to 504 k and 554 k to 644 k
# instructions a puzzle (a cage's shape in its place seldom comes back; 6x6 hard: about
# the same, 241 k and 234 k; 4x4 easy: 87 k to 63 k).


@lru_cache(maxsize=None)
def _digits_cells(n: int) -> tuple[frozenset[int], frozenset[Cell]]:
    """The digits 1..n and the cells of an n x n grid."""
    return frozenset(range(1, n + 1)), frozenset(latin_structure(n).cells)


@lru_cache(maxsize=1 << 16)
def _connected(cells: tuple[Cell, ...]) -> bool:
    """`is_connected`, remembered by the cells."""
    return is_connected(cells)


def _all_kept_by_sets(model: GridModel, grid: Grid) -> bool:
    """`_all_kept` by sets of digits and of cells, for the larger grids."""
    n = model.rows
    digits, cells = _digits_cells(n)
    rows: Any = grid  # digits once the lines are checked
    if len(grid) != n or any(len(row) != n or set(row) != digits for row in grid):
        return False
    if any(set(column) != digits for column in zip(*grid)):
        return False
    caged: set[Cell] = set()
    count = 0
    for cage in model.cages:
        where, op, target = cage.cells, cage.op, cage.target
        if cage.distinct:
            return False
        caged.update(where)
        count += len(where)
        if len(where) == 1:
            (r, c), = where
            if op != "=" or rows[r][c] != target:
                return False
            continue
        if len(where) == 2:
            (r, c), (r2, c2) = where
            if abs(r - r2) + abs(c - c2) != 1:
                return False
            a, b = rows[r][c], rows[r2][c2]
            if a > b:
                a, b = b, a
            if not (op == "+" and a + b == target or op == "*" and a * b == target
                    or op == "-" and b - a == target or op == "/" and b == a * target):
                return False
            continue
        if not _connected(where):
            return False
        values = [rows[r][c] for r, c in where]
        if not (op == "+" and sum(values) == target or op == "*" and prod(values) == target):
            return False
    return count == len(cells) and caged == cells
