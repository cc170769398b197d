"""The bridge to the compiled engine (bookgen._engine, the Rust crate in engine/): a grid
model compiled once per shape, the solution-counting search, the grader's board and its
level ladders, and the grader's steps turned back into the records the hint sentences
are written from. Whole boards cross the boundary, never single cells or steps.

Cells are numbered as in `GridModel.cells`; symbols by their index in `GridModel.symbols`
(a candidate set is a mask over those indices); groups and cages by their index in the
model's lists.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from bookgen import _engine
from bookgen.model import Grid, GridModel, Group, grid_from_values, is_connected

Contradiction = _engine.Contradiction
SearchAborted = _engine.SearchAborted
# A KenKen cage with too many ways to make its target to list: not graded.
CageTooLarge = _engine.CageTooLarge

# Kinds of group that are pieces of the grid a child scans as a whole (cross-hatching),
# as opposed to lines: boxes, jigsaw regions (on a torus too), hyper windows.
COMPACT_KINDS = ("box", "region", "window")


def is_compact(group: Group) -> bool:
    """A box or region, as opposed to a line: by its kind, or, for a group of no known
    kind (read from a file without kinds), by its shape: connected and spanning more than
    one row and more than one column. The kind decides first because a region of a
    toroidal sudoku may leave the grid on one side and come back on the other: it is
    not connected on the page, yet it is scanned as one piece like any region."""
    if group.kind != "group":
        return group.kind in COMPACT_KINDS
    cells = group.cells
    return len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1 and is_connected(cells)


# Compiled grids by the structure's identity, in front of the cache by value: finding a
# grid by value hashes the whole shape, and a generator asks thousands of times about one
# shape object (models with givens share theirs: GridModel.structure). The structure is
# kept beside its grid, so a reused id never finds the wrong one.
_BY_IDENTITY: dict[int, tuple[GridModel, _engine.Grid]] = {}
_MOST_BY_IDENTITY = 64


def compiled(structure: GridModel) -> _engine.Grid:
    """The engine's grid for a model's structure (its givens aside): once per shape."""
    known = _BY_IDENTITY.get(id(structure))
    if known is not None and known[0] is structure:
        return known[1]
    if len(_BY_IDENTITY) >= _MOST_BY_IDENTITY:
        _BY_IDENTITY.clear()
    grid = _compiled(structure)
    _BY_IDENTITY[id(structure)] = (structure, grid)
    return grid


@lru_cache(maxsize=64)
def _compiled(structure: GridModel) -> _engine.Grid:
    index = structure.index
    groups = [([index[c] for c in g.cells], g.kind, is_compact(g)) for g in structure.groups]
    cages = [([index[c] for c in k.cells], k.op, k.target, k.distinct) for k in structure.cages]
    signs = [(index[e.smaller], index[e.larger]) for e in structure.inequalities]
    return _engine.Grid(len(structure.cells), list(structure.symbols), groups, cages, signs)


def structure_of(model: GridModel) -> GridModel:
    return model.structure


def givens_of(model: GridModel) -> list[tuple[int, int]]:
    """The model's givens as (cell number, symbol index)."""
    index, position = model.index, {s: k for k, s in enumerate(model.symbols)}
    return [(index[(r, c)], position[v]) for r, c, v in model.givens]


def grid_of(model: GridModel, solution: Sequence[int]) -> Grid:
    """A solution from the engine (symbol indices in cell order) as rows of values."""
    return grid_from_values(model, [model.symbols[k] for k in solution])


# --- the grader ------------------------------------------------------------------------


# Ladders made, by the level table's identity: a table is a module's constant, asked for
# on every grader step, and hashing one (frozen dataclasses all the way down) each time
# cost more than the step. The table is kept beside its ladder, so an id reused after a
# table is gone never finds the wrong one.
_LADDERS: dict[tuple[int, str], tuple[tuple, _engine.Ladder]] = {}
_MOST_LADDERS = 256


def ladder(levels: tuple, family: str = "plain") -> _engine.Ladder:
    """A type's level table (Levels of named techniques) as the engine's ladder, for
    boards of a family of rules ("plain": groups alone; "kenken"; "killer")."""
    key = (id(levels), family)
    known = _LADDERS.get(key)
    if known is not None and known[0] is levels:
        return known[1]
    if len(_LADDERS) >= _MOST_LADDERS:
        _LADDERS.clear()
    made = _engine.Ladder([[t.name for t in level.techniques] for level in levels], family)
    _LADDERS[key] = (levels, made)
    return made


class Board:
    """The grader's board, kept by the engine: candidates per cell (masks over symbol
    indices) and which cells are written in, with a family's own rules beyond groups
    (KenKen's and killer's cage combinations). The grader works on it in place."""

    def __init__(self, model: GridModel, family: str = "plain") -> None:
        self.model, self.family = model, family
        self._board = _engine.Board(compiled(structure_of(model)), givens_of(model), family)

    def copy(self) -> Board:
        """An independent board in the same state (the shape's tables are shared)."""
        twin = Board.__new__(Board)
        twin.model, twin.family, twin._board = self.model, self.family, self._board.copy()
        return twin

    @property
    def cand(self) -> list[int]:
        return self._board.cand

    @property
    def placed(self) -> list[bool]:
        return self._board.placed

    @property
    def nsym(self) -> int:
        return len(self.model.symbols)

    def place(self, i: int, bit: int) -> None:
        self._board.place(i, bit)

    def solved(self) -> bool:
        return self._board.solved()

    def eliminate(self, i: int, bits: int) -> bool:
        """Cross candidates (a mask) out of a cell by hand, as a test setting up a
        position does: True when one went; raises Contradiction."""
        return self._board.eliminate(i, bits)

    def restrict(self, i: int, bits: int) -> bool:
        """Keep only `bits` among a cell's candidates."""
        return self.eliminate(i, self.cand[i] & ~bits)

    def values(self) -> list[int]:
        return [self.model.symbols[d.bit_length() - 1] for d in self.cand]

    def step(self, levels: tuple, up_to: int | None = None) -> bool:
        """One step of the grader (the easiest technique that makes progress, within
        `up_to`); raises Contradiction."""
        return self._board.step(ladder(levels, self.family), up_to)

    def work_out(self, levels: tuple, cells: list[int], up_to: int | None = None) -> bool:
        """Steps (within `up_to`) until every one of `cells` is written in: false when no
        technique makes progress first; raises Contradiction."""
        return self._board.work_out(ladder(levels, self.family), cells, up_to)

    def grade(self, levels: tuple, up_to: int | None = None, record: bool = False) -> tuple[str, int, list, list]:
        return self._board.grade(ladder(levels, self.family), up_to, record)


def shuffle_regions(size: int, torus: bool, start: list[int], swaps: int, compact: float, seed: int) -> list[int]:
    """A jigsaw layout shuffled from the partition `start` (a region index per cell in
    reading order) by the engine: see engine/src/regions.rs."""
    return _engine.shuffle_regions(size, torus, start, swaps, compact, seed)
