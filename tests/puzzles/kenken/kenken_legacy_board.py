"""The Python KenKen board as it was before the engine graded KenKen, kept only as the
reference the differential test (test_kenken_engine.py) compares the engine with; it
goes with that test. The shared grader's Board plus what a person knows about each cage.

`CageBoard` keeps the digit combinations that can still make each cage's target in its
cells. Combinations come from the shared cache in bookgen.solve.cages (keyed by
operation, target, digits and which cells share a row or column), packed here one integer per
combination, `nsym` bits per cell. A combination is alive while every cell's digit is
still a candidate there; techniques that reason beyond single cells (a line forcing a
digit into a cage, two cages that cannot agree) strike combinations out directly. The
techniques themselves are in kenken_legacy_techniques.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bookgen.model import GridModel
from bookgen.solve.cages import Differ, value_tuples
from legacy_grader import Board, Contradiction, Detail


def differ_matrix(cells: tuple[int, ...], must_differ, distinct: bool = False) -> Differ:
    """Which pairs of the cage's cells may not hold the same symbol."""
    return tuple(
        tuple(a != b and (distinct or bool(must_differ(cells[a], cells[b]))) for b in range(len(cells)))
        for a in range(len(cells))
    )


@lru_cache(maxsize=8192)
def packed_tuples(op: str, target: int, symbols: tuple[int, ...], differ: Differ) -> tuple[int, ...]:
    """`value_tuples`, each packed into one integer: `len(symbols)` bits per cell, first
    cell lowest, one bit set in each (the symbol's index)."""
    bit = {s: 1 << i for i, s in enumerate(symbols)}
    width = len(symbols)
    return tuple(sum(bit[v] << (j * width) for j, v in enumerate(t))
                 for t in value_tuples(op, target, symbols, differ))


@dataclass(frozen=True)
class CageShape:
    """A cage compiled for the board: its cells, packed combinations and lines."""

    cells: tuple[int, ...]
    shifts: tuple[int, ...]
    combinations: tuple[int, ...]
    lines: tuple[tuple[int, tuple[int, ...]], ...]  # (covering line index, positions in the cage)


class CageBoard(Board):
    """The grader's board for arithmetic-cage puzzles."""

    def __init__(self, model: GridModel) -> None:
        super().__init__(model)
        index = model.index
        width = self.nsym
        self.mask = self.full
        peer_sets = [set(p) for p in self.peers]
        line_of: list[list[int]] = [[] for _ in range(self.n)]
        for li, g in enumerate(self.covering):
            for i in g:
                line_of[i].append(li)
        self.line_of = line_of
        shapes = []
        for cage in model.cages:
            cells = tuple(index[c] for c in cage.cells)
            differ = differ_matrix(cells, lambda a, b: b in peer_sets[a])
            combos = packed_tuples(cage.op, cage.target, model.symbols, differ)
            lines: dict[int, list[int]] = {}
            for j, c in enumerate(cells):
                for li in line_of[c]:
                    lines.setdefault(li, []).append(j)
            shapes.append(
                CageShape(cells, tuple(j * width for j in range(len(cells))), combos,
                          tuple((li, tuple(js)) for li, js in sorted(lines.items())))
            )
        self.shapes: list[CageShape] = shapes
        self.alive: list[list[int]] = [list(s.combinations) for s in shapes]
        self._fit_key: list[int | None] = [None] * len(shapes)
        self._fit_support: list[tuple[int, ...]] = [()] * len(shapes)
        self.cage_of = [-1] * self.n  # -1: in no cage (only in hand-made test boards)
        for k, s in enumerate(shapes):
            for c in s.cells:
                self.cage_of[c] = k
        self.singles = [k for k, s in enumerate(shapes) if len(s.cells) == 1]

    def packed(self, k: int) -> int:
        cand = self.cand
        shape = self.shapes[k]
        current = 0
        for c, s in zip(shape.cells, shape.shifts):
            current |= cand[c] << s
        return current

    def support(self, k: int) -> tuple[int, ...]:
        """Per cell of cage k, the digits some live combination puts there.

        Drops the combinations the candidates no longer allow (always sound)."""
        current = self.packed(k)
        if self._fit_key[k] == current:
            return self._fit_support[k]
        alive = [c for c in self.alive[k] if c & current == c]
        if not alive:
            raise Contradiction
        self.alive[k] = alive
        union = 0
        for c in alive:
            union |= c
        shape, mask = self.shapes[k], self.mask
        found = tuple((union >> s) & mask for s in shape.shifts)
        self._fit_key[k] = current
        self._fit_support[k] = found
        return found

    def strike(self, k: int, keep: list[int]) -> bool:
        """Keep only these combinations of cage k and restrict its cells to them; True when
        a candidate went. The combinations change only when candidates do, so a technique
        counts as progress exactly when the pencil marks change."""
        if not keep:
            raise Contradiction
        shape, mask = self.shapes[k], self.mask
        union = 0
        for c in keep:
            union |= c
        changed = any(self.cand[c] & ~((union >> s) & mask) for c, s in zip(shape.cells, shape.shifts))
        if not changed:
            return False
        self.alive[k] = keep
        self._fit_key[k] = None
        for c, s in zip(shape.cells, shape.shifts):
            self.restrict(c, (union >> s) & mask)
        return True

    def value(self, bit: int) -> int:
        return self.model.symbols[bit.bit_length() - 1]

    def note_cage(self, k: int, **more) -> None:
        """Note (when recording) that the step is about cage k: its clue, its digit sets
        by the clue alone and those still fitting the pencil marks, and `more`."""
        if self.recording:
            self.support(k)
            self.note(Detail(cage=self.model.cages[k], ways=self._sets(k, self.shapes[k].combinations),
                             fit=self._sets(k, self.alive[k]), **more))

    def _sets(self, k: int, combos) -> tuple[tuple[int, ...], ...]:
        shifts, mask = self.shapes[k].shifts, self.mask
        found = {tuple(sorted(self.value((c >> s) & mask) for s in shifts)) for c in combos}
        return tuple(sorted(found))
