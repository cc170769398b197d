"""The Python grader as it was before the engine took it over, kept only as the
reference the differential tests compare the engine with (never imported by the
product): the board a person keeps pencil marks on, each technique a function that
applies itself to it, and the loop that grades with them. The records it writes (Detail,
Step, Grade) are the product's, so its steps compare with the engine's as they are.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Callable, Iterable

from bookgen.model import Cell, GridModel, Group
from bookgen.solve.grader import Contradiction, Detail, Grade, Step, _houses, bits_of
from bookgen.solve.result import Outcome
from legacy_shape import shape_of

__all__ = ["Board", "Contradiction", "Detail", "Level", "Technique", "bit_values", "bits_of", "grade", "grade_board"]


class Board:
    """The grader's mutable state: candidate bitmasks per cell, and the model's shape."""

    def __init__(self, model: GridModel) -> None:
        self.model = model
        index = model.index
        shape = shape_of(model.cells, model.groups, len(model.symbols))
        self.n = len(model.cells)
        self.nsym = len(model.symbols)
        self.full = (1 << self.nsym) - 1
        self.groups = shape.groups
        self.group_kinds = shape.kinds
        self.covering = shape.covering
        self.compact = shape.compact
        self.peers = shape.peers
        self.intersections = shape.intersections
        self.shape = shape
        self._covering_of = shape.covering_of
        # Empty cells left per covering group, and the groups that came down to one (full
        # houses to be written): kept up by `place`, so a full house costs no scan.
        self.open_left = [len(g) for g in shape.covering]
        self.full_houses: list[int] = []
        self.cand = [self.full] * self.n
        self.placed = [False] * self.n
        # Changes since the current step began, when steps are being recorded (None: not):
        # ("place", cell, bit) and ("remove", cell, bits). A placement's own peer upkeep is
        # not logged: it is part of writing the digit, not a step of its own.
        self.log: list[tuple[str, int, int]] | None = None
        self.detail: Detail | None = None  # what the current step looked at (see `note`)
        self._group_index: dict[frozenset[int], Group] | None = None
        # Counts the changes to the pencil marks, so that what is worked out from them
        # (`where`) is kept until they change.
        self.version = 0
        self._where: tuple[int, list[int]] | None = None
        bit = {s: 1 << i for i, s in enumerate(model.symbols)}
        for r, c, v in model.givens:
            self.place(index[(r, c)], bit[v])

    def copy(self) -> Board:
        """An independent board in the same state (the shape's tables are shared): lets
        a generator try a given on a stalled board and keep or drop the result. A
        subclass with state of its own must copy it too."""
        twin = copy.copy(self)
        twin.cand, twin.placed = list(self.cand), list(self.placed)
        twin.open_left, twin.full_houses = list(self.open_left), list(self.full_houses)
        twin.log = None if self.log is None else list(self.log)
        return twin

    def place(self, i: int, b: int) -> None:
        """Write a symbol in a cell and strike it from the cell's peers (pencil-mark upkeep)."""
        cand = self.cand
        if not cand[i] & b:
            raise Contradiction
        cand[i] = b
        self.version += 1
        if not self.placed[i]:
            self.placed[i] = True
            for k in self._covering_of[i]:
                self.open_left[k] -= 1
                if self.open_left[k] == 1:
                    self.full_houses.append(k)
        if self.log is not None:
            self.log.append(("place", i, b))
        # The peers' pencil marks, struck here rather than by `eliminate` (the busiest
        # loop of the grader), and never logged: part of writing the digit.
        keep = ~b
        for p in self.peers[i]:
            d = cand[p]
            if d & b:
                d &= keep
                if not d:
                    raise Contradiction
                cand[p] = d

    def eliminate(self, i: int, bits: int) -> bool:
        """Remove candidates from a cell; True when something was removed."""
        d = self.cand[i]
        if not d & bits:
            return False
        if self.log is not None:
            self.log.append(("remove", i, d & bits))
        d &= ~bits
        if not d:
            raise Contradiction
        self.cand[i] = d
        self.version += 1
        return True

    @property
    def recording(self) -> bool:
        """Whether steps are being recorded (techniques then `note` what they looked at)."""
        return self.log is not None

    def note(self, detail: Detail) -> None:
        """What the step under way looked at, for its sentence; kept only while recording,
        so grading during generation pays nothing for it."""
        if self.log is not None:
            self.detail = detail

    def cells_of(self, indices) -> tuple[Cell, ...]:
        return tuple(self.model.cells[i] for i in indices)

    def group_of(self, indices: tuple[int, ...]) -> Group:
        """The model's group with these cells (kind and all), for a step's sentence."""
        if self._group_index is None:
            self._group_index = {frozenset(g): group for g, group in zip(self.groups, self.model.groups)}
        return self._group_index.get(frozenset(indices)) or Group(self.cells_of(indices))

    def restrict(self, i: int, bits: int) -> bool:
        """Keep only `bits` among a cell's candidates."""
        return self.eliminate(i, self.cand[i] & ~bits)

    def narrow(self, cells: Iterable[int], support: Iterable[int]) -> bool:
        """Keep in each cell only its support (the candidates some way of filling the
        cells together still uses); True when a mark was crossed out."""
        progress = False
        for i, keep in zip(cells, support):
            if self.cand[i] & ~keep:
                self.restrict(i, keep)
                progress = True
        return progress

    def solved(self) -> bool:
        return all(self.placed)

    def where(self) -> list[int]:
        """Per symbol, the open cells that still have it, as a bitset of cell numbers
        (shared between the techniques of one sweep while the board stays the same: do
        not change it)."""
        cand, placed = self.cand, self.placed
        if self._where is not None and self._where[0] == self.version:
            return self._where[1]
        where = [0] * self.nsym
        for i in range(self.n):
            if not placed[i]:
                d, at = cand[i], 1 << i
                while d:
                    b = d & -d
                    where[b.bit_length() - 1] |= at
                    d ^= b
        self._where = (self.version, where)
        return where

    def values(self) -> list[int]:
        return [self.model.symbols[d.bit_length() - 1] for d in self.cand]


@dataclass(frozen=True)
class Technique:
    name: str
    apply: Callable[[Board], bool]  # True when it made progress


@dataclass(frozen=True)
class Level:
    name: str
    techniques: tuple[Technique, ...]


def grade(model: GridModel, levels: tuple[Level, ...], up_to: int | None = None) -> Grade:
    """Solve with the levels' techniques (easiest first, at most level `up_to`)."""
    try:
        board = Board(model)
    except Contradiction:
        return Grade(Outcome.IMPOSSIBLE, -1, ())
    return grade_board(board, levels, up_to)


def grade_board(board: Board, levels: tuple[Level, ...], up_to: int | None = None,
                steps: list[Step] | None = None) -> Grade:
    """`grade` on a board the caller built (a type's Board subclass, or one part-solved);
    the board is left where the techniques stopped. With `steps`, each step is appended."""
    allowed = levels if up_to is None else levels[: up_to + 1]
    hardest, used = -1, []
    if steps is not None:
        board.log = []
    try:
        while not board.solved():
            for li, level in enumerate(allowed):
                step = next((t for t in level.techniques if t.apply(board)), None)
                if step is not None:
                    if steps is not None:
                        steps.append(_step(board, step.name))
                    hardest = max(hardest, li)
                    if step.name not in used:
                        used.append(step.name)
                    break
            else:
                return Grade(Outcome.UNFINISHED, hardest, tuple(used))
    except Contradiction:
        return Grade(Outcome.IMPOSSIBLE, hardest, tuple(used))
    return Grade(Outcome.SOLVED, hardest, tuple(used), board.values())


def _step(board: Board, technique: str) -> Step:
    """The changes logged since the last step, as a Step; the log starts afresh."""
    log, board.log = board.log or [], []
    detail, board.detail = board.detail or Detail(), None
    cells, symbols = board.model.cells, board.model.symbols

    def named(bits: int) -> tuple[int, ...]:
        return tuple(symbols[k] for k in range(board.nsym) if bits >> k & 1)

    placed = tuple((cells[i], named(b)[0]) for kind, i, b in log if kind == "place")
    removed = tuple((cells[i], named(b)) for kind, i, b in log if kind == "remove")
    touched = dict.fromkeys(i for kind, i, _b in log if kind == "remove")
    left = tuple((cells[i], named(board.cand[i])) for i in touched)
    return Step(technique, placed, removed, detail, _houses(board.model), left=left, size=board.nsym,
                layout=(board.model.rows, board.model.cols))


def bit_values(mask: int) -> list[int]:
    """A bitset's bits as values (1, 2, 4...), lowest first: a cell's candidates one by one."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found
