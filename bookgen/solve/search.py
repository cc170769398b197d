"""Exhaustive search over a GridModel: propagation plus most-constrained-cell-first.

Domains are bitmasks (bit i = model.symbols[i]). Propagation removes a placed symbol
from every peer, places hidden singles in groups that must hold every symbol, and runs
the cage propagators to a fixpoint; search then branches on the cell with the fewest
candidates. `count_solutions(model, limit=2)` is the uniqueness check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from bookgen.model import Grid, GridModel, grid_from_values
from bookgen.solve.cages import compile_cage


@dataclass(frozen=True)
class Count:
    """How many solutions were found (stopping at the limit) and the first ones."""

    count: int
    solutions: tuple[Grid, ...]
    complete: bool = True  # False when the node limit stopped the search early


class SearchAborted(Exception):
    """The node limit ran out before the search could finish."""


class Solver:
    """A model compiled for repeated solving; givens vary per call."""

    def __init__(self, model: GridModel) -> None:
        self.model = model
        self.n = len(model.cells)
        self.nsym = len(model.symbols)
        self.full = (1 << self.nsym) - 1
        self.bit = {s: 1 << i for i, s in enumerate(model.symbols)}
        index = model.index
        self.groups = [tuple(index[c] for c in g.cells) for g in model.groups]
        # Only a group with as many cells as symbols must contain every symbol.
        self.covering = [g for g in self.groups if len(g) == self.nsym]
        self.covering_of: list[list[int]] = [[] for _ in range(self.n)]
        for gi, g in enumerate(self.covering):
            for i in g:
                self.covering_of[i].append(gi)
        peer_sets: list[set[int]] = [set() for _ in range(self.n)]
        for g in self.groups + [tuple(index[c] for c in k.cells) for k in model.cages if k.distinct]:
            for a in g:
                peer_sets[a].update(g)
        for i, peers in enumerate(peer_sets):
            peers.discard(i)
        self.peers = [tuple(sorted(p)) for p in peer_sets]
        self.cages = [compile_cage(model, k, index, lambda a, b: b in peer_sets[a]) for k in model.cages]
        self.cages_of = [[] for _ in range(self.n)]
        for ci, k in enumerate(self.cages):
            for c in k.cells:
                self.cages_of[c].append(ci)

    def initial(self, givens: tuple[tuple[int, int, int], ...] | None = None) -> list[int] | None:
        """Domains after placing the givens and propagating; None if they contradict."""
        dom = [self.full] * self.n
        index = self.model.index
        placed = []
        for r, c, v in self.model.givens if givens is None else givens:
            i = index[(r, c)]
            bit = self.bit.get(v, 0)
            if not dom[i] & bit:
                return None
            dom[i] = bit
            placed.append(i)
        if not self.propagate(dom, placed, range(len(self.cages)), range(len(self.covering))):
            return None
        return dom

    def propagate(self, dom: list[int], singles: list[int], dirty_cages, dirty_groups=()) -> bool:
        """Narrow `dom` in place to a fixpoint; False on a contradiction.

        `dom` must be a fixpoint already except for the cells in `singles` (just set),
        the cages in `dirty_cages` and the covering groups in `dirty_groups`: hidden
        singles are looked for only in groups where a domain changed. Measured on 9x9
        KenKen uniqueness searches this halves the time spent in hidden singles.
        """
        dirty = set(dirty_cages)
        groups = set(dirty_groups)
        covering_of = self.covering_of
        for i in singles:
            groups.update(covering_of[i])
        stack = list(singles)
        while True:
            if not self._eliminate(dom, stack, dirty, groups):
                return False
            placed = self._hidden_singles(dom, groups)
            if placed is None:
                return False
            if placed:
                stack = placed
                continue
            narrowed = False
            while dirty and not stack:
                ci = dirty.pop()
                changed = self.cages[ci].prune(dom)
                if changed is None:
                    return False
                for c in changed:
                    narrowed = True
                    dirty.update(self.cages_of[c])
                    groups.update(covering_of[c])
                    d = dom[c]
                    if not d & (d - 1):
                        stack.append(c)
            if not narrowed and not stack:
                return True

    def _eliminate(self, dom: list[int], stack: list[int], dirty: set[int], groups: set[int]) -> bool:
        """Remove each placed symbol from its peers, following new singles."""
        peers, cages_of, covering_of = self.peers, self.cages_of, self.covering_of
        while stack:
            i = stack.pop()
            b = dom[i]
            dirty.update(cages_of[i])
            for p in peers[i]:
                d = dom[p]
                if d & b:
                    d &= ~b
                    if not d:
                        return False
                    dom[p] = d
                    dirty.update(cages_of[p])
                    groups.update(covering_of[p])
                    if not d & (d - 1):
                        stack.append(p)
        return True

    def _hidden_singles(self, dom: list[int], groups: set[int]) -> list[int] | None:
        """Place every symbol that has one possible cell in a covering group (of those in
        `groups`, which is emptied)."""
        placed: list[int] = []
        full = self.full
        covering = self.covering
        while groups:
            g = covering[groups.pop()]
            once = twice = 0
            for i in g:
                d = dom[i]
                twice |= once & d
                once |= d
            if once != full:
                return None
            unique = once & ~twice
            if unique:
                for i in g:
                    d = dom[i]
                    hit = d & unique
                    if hit & (hit - 1):
                        # The only place of two symbols: whichever it takes, the other has
                        # none (checked whether or not they are all the cell holds, so the
                        # contradiction is found in whatever order the groups are looked at).
                        return None
                    if hit and d != hit:
                        dom[i] = hit
                        placed.append(i)
        for i in placed:
            groups.update(self.covering_of[i])
        return placed

    def search(
        self,
        dom: list[int],
        limit: int,
        found: list[list[int]],
        rng: random.Random | None = None,
        nodes: list[int] | None = None,
    ) -> None:
        """Depth-first search appending complete domain lists to `found` up to `limit`."""
        best, best_count = -1, 99
        for i, d in enumerate(dom):
            if d & (d - 1):
                k = d.bit_count()
                if k < best_count:
                    best, best_count = i, k
                    if k == 2:
                        break
        if best < 0:
            found.append(dom)
            return
        if nodes is not None:
            nodes[0] -= 1
            if nodes[0] < 0:
                raise SearchAborted
        d = dom[best]
        bits = []
        while d:
            b = d & -d
            bits.append(b)
            d ^= b
        if rng is not None:
            rng.shuffle(bits)
        for b in bits:
            child = dom[:]
            child[best] = b
            if self.propagate(child, [best], self.cages_of[best]):
                self.search(child, limit, found, rng, nodes)
                if len(found) >= limit:
                    return

    def values(self, dom: list[int]) -> list[int]:
        return [self.model.symbols[d.bit_length() - 1] for d in dom]

    def count(
        self,
        givens: tuple[tuple[int, int, int], ...] | None = None,
        limit: int = 2,
        node_limit: int | None = None,
    ) -> Count:
        dom = self.initial(givens)
        if dom is None:
            return Count(0, ())
        return self._count_search(dom, limit, node_limit)

    def count_from(self, domains: list[int], limit: int = 2, node_limit: int | None = None) -> Count:
        """`count`, starting from domains already narrowed by sound reasoning (e.g. where a
        human-technique grader got stuck): a much smaller search than from scratch."""
        dom = list(domains)
        singles = [i for i, d in enumerate(dom) if d and not d & (d - 1)]
        if any(not d for d in dom) or not self.propagate(
            dom, singles, range(len(self.cages)), range(len(self.covering))
        ):
            return Count(0, ())
        return self._count_search(dom, limit, node_limit)

    def _count_search(self, dom: list[int], limit: int, node_limit: int | None) -> Count:
        found: list[list[int]] = []
        nodes = None if node_limit is None else [node_limit]
        try:
            self.search(dom, limit, found, None, nodes)
        except SearchAborted:
            return Count(len(found), tuple(self._grid(f) for f in found), complete=False)
        return Count(len(found), tuple(self._grid(f) for f in found))

    def random_solution(self, rng: random.Random, node_limit: int | None = None) -> Grid | None:
        """One solution chosen at random (value order shuffled), or None if there is none.

        With `node_limit`, raises SearchAborted when the search needs more branchings than
        that: a shape drawn at random (a jigsaw layout) may have no solution, and proving
        it can take long, while drawing another shape is cheap."""
        dom = self.initial(())
        if dom is None:
            return None
        found: list[list[int]] = []
        self.search(dom, 1, found, rng, None if node_limit is None else [node_limit])
        return self._grid(found[0]) if found else None

    def _grid(self, dom: list[int]) -> Grid:
        return grid_from_values(self.model, self.values(dom))


@lru_cache(maxsize=64)
def solver_for(structure: GridModel) -> Solver:
    """A compiled solver per model structure (the model with its givens stripped)."""
    return Solver(structure)


def structure_of(model: GridModel) -> GridModel:
    return model.with_givens(()) if model.givens else model


def count_solutions(model: GridModel, limit: int = 2, node_limit: int | None = None) -> Count:
    """Solutions of the model with its givens, counting up to `limit`."""
    return solver_for(structure_of(model)).count(model.givens, limit, node_limit)
