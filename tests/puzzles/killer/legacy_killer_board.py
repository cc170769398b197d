"""The Python killer grader as it was before the engine took it over, kept only as the
other side of the differential check (killer_differential.py) while both exist; nothing
in bookgen imports it.

The killer grader's board: sum cages without repeats, and their digit combinations.

`KillerBoard` adds to the shared Board what a person knows about each cage: the digit
sets ("combinations") of its size that make its sum, e.g. a two-cell 4 is {1,3}. A
combination is a bitmask over symbol indices, so a cage has at most C(9,4) = 126 of them
(tables per size and sum, built once); whether one still fits the cage's pencil marks is
a small matching over at most 2**|combination| partial assignments, never a walk over
permutations. Cage-mates are peers (no repeats in a cage), so placing a digit strikes it
from the rest of its cage as from its row.

The techniques that use it: legacy_killer_techniques (cages, and cages with houses) and
legacy_killer_rule45 (innies and outies).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bookgen.model import GridModel
from legacy_grader import Board, Contradiction, Detail, bit_values


# --- combination tables ------------------------------------------------------------------


@lru_cache(maxsize=None)
def _subsets_by_sum(values: tuple[int, ...], size: int) -> dict[int, tuple[int, ...]]:
    """Every set of `size` different symbols, as a bitmask, grouped by its sum."""
    found: dict[int, list[int]] = {}
    for combo in combinations(range(len(values)), size):
        found.setdefault(sum(values[i] for i in combo), []).append(sum(1 << i for i in combo))
    return {total: tuple(masks) for total, masks in found.items()}


def cage_combinations(values: tuple[int, ...], size: int, target: int) -> tuple[int, ...]:
    """The digit sets (bitmasks over symbol indices) a cage of `size` cells summing to
    `target` can hold without repeats."""
    if not 1 <= size <= len(values):
        return ()
    return _subsets_by_sum(values, size).get(target, ())


@lru_cache(maxsize=1 << 16)
def fit(cands: tuple[int, ...], subset: int) -> tuple[int, ...] | None:
    """Per cell, the digits it can take when the cells hold exactly `subset`, one digit
    each and each digit of the subset once; None when no such assignment exists.

    Forward: the digit sets the first j cells can use. Backward: the sets the last cells
    can use. A digit fits cell j when a forward set before it and a backward set after it
    make up the subset with it. At most 2**|subset| sets per step.
    """
    k = len(cands)
    options = [c & subset for c in cands]
    union = 0
    for o in options:
        if not o:
            return None
        union |= o
    if union != subset:
        return None
    forward: list[set[int]] = [{0}]
    for o in options:
        step = {m | b for m in forward[-1] for b in bit_values(o & ~m)}
        if not step:
            return None
        forward.append(step)
    if subset not in forward[k]:
        return None
    backward: list[set[int]] = [set() for _ in range(k + 1)]
    backward[k] = {0}
    for j in range(k - 1, -1, -1):
        backward[j] = {b | r for r in backward[j + 1] for b in bit_values(options[j] & ~r)}
    support = []
    for j, o in enumerate(options):
        d = 0
        for m in forward[j]:
            for b in bit_values(o & ~m):
                if subset & ~(m | b) in backward[j + 1]:
                    d |= b
        support.append(d)
    return tuple(support)


# --- the board -------------------------------------------------------------------------


@dataclass(frozen=True)
class SumCage:
    """A cage compiled for the board: its cells (board indices) and sum."""

    cells: tuple[int, ...]
    target: int


class KillerBoard(Board):
    """The grader's board for sum cages without repeats."""

    def __init__(self, model: GridModel) -> None:
        super().__init__(model)
        index = model.index
        summed = [k for k in model.cages if k.op in ("+", "=")]
        self.cages = [SumCage(tuple(index[c] for c in k.cells), k.target) for k in summed]
        self.model_cages = summed  # the same cages as the model has them (for worked steps)
        self.cage_of = [-1] * self.n  # -1: in no cage (typed-in puzzles may leave cells out)
        for k, cage in enumerate(self.cages):
            for c in cage.cells:
                self.cage_of[c] = k
        values = model.symbols
        self.alive: list[list[int]] = [
            list(cage_combinations(values, len(cage.cells), cage.target)) for cage in self.cages
        ]
        self._key: list[tuple[int, ...] | None] = [None] * len(self.cages)
        self._support: list[tuple[int, ...]] = [()] * len(self.cages)
        self._add_cage_peers()

    def _add_cage_peers(self) -> None:
        """No repeats in a cage: cage-mates are peers, also of the givens already placed."""
        peers = [set(p) for p in self.peers]
        for cage in self.cages:
            for a in cage.cells:
                peers[a].update(b for b in cage.cells if b != a)
        self.peers = [tuple(sorted(p)) for p in peers]
        for i in range(self.n):
            if self.placed[i]:
                for p in self.peers[i]:
                    self.eliminate(p, self.cand[i])

    def value(self, bit: int) -> int:
        return self.model.symbols[bit.bit_length() - 1]

    def note_cage(self, k: int, **more) -> None:
        """Note (when recording) that the step is about cage k: its sum, the digit sets
        that make it and those still fitting the pencil marks, and `more`."""
        if self.recording:
            self.support(k)
            cage, values = self.cages[k], self.model.symbols
            self.note(Detail(cage=self.model_cages[k], ways=self._sets(cage_combinations(values, len(cage.cells),
                                                                                         cage.target)),
                             fit=self._sets(self.alive[k]), **more))

    def _sets(self, subsets) -> tuple[tuple[int, ...], ...]:
        return tuple(sorted(tuple(self.value(b) for b in bit_values(m)) for m in subsets))

    def support(self, k: int) -> tuple[int, ...]:
        """Per cell of cage k, the digits some still-possible combination puts there.

        Drops the combinations the pencil marks no longer allow (always sound)."""
        cage = self.cages[k]
        cands = tuple(self.cand[c] for c in cage.cells)
        if self._key[k] == cands:
            return self._support[k]
        live, union = [], [0] * len(cands)
        for subset in self.alive[k]:
            found = fit(cands, subset)
            if found is not None:
                live.append(subset)
                for j, d in enumerate(found):
                    union[j] |= d
        if not live:
            raise Contradiction
        self.alive[k] = live
        self._key[k] = cands
        self._support[k] = tuple(union)
        return self._support[k]

    def strike(self, k: int, keep: list[int]) -> bool:
        """Keep only these combinations of cage k and restrict its cells to what they
        allow; True when a candidate went (combinations change only with the pencil
        marks, so progress is always visible on paper)."""
        if not keep:
            raise Contradiction
        before = tuple(self.cand[c] for c in self.cages[k].cells)
        self.alive[k] = keep
        self._key[k] = None
        for c, d in zip(self.cages[k].cells, self.support(k)):
            self.restrict(c, d)
        return before != tuple(self.cand[c] for c in self.cages[k].cells)

    def required(self, k: int) -> int:
        """Digits every still-possible combination of cage k holds."""
        self.support(k)
        common = self.full
        for subset in self.alive[k]:
            common &= subset
        return common
