"""Exhaustive search over a GridModel: propagation plus most-constrained-cell-first
branching, in the compiled engine (engine/src/search). `count_solutions(model, limit=2)`
is the uniqueness check every printed puzzle passes.

Domains are masks over symbol indices (bit i = model.symbols[i]). Propagation removes a
placed symbol from every peer, places hidden singles in groups that must hold every
symbol and runs the cage propagators, to a fixpoint that does not depend on the order it
runs in; search branches on the first cell with the fewest candidates, symbols in
increasing order (or shuffled by the engine's random source, seeded from the caller's rng,
for random full grids).
Searches run without holding the GIL and look for a pending Ctrl-C or SIGTERM every few
thousand branchings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from bookgen.model import Grid, GridModel
from bookgen.solve.engine import SearchAborted, compiled, grid_of, structure_of

if TYPE_CHECKING:  # only named: the engine draws from the caller's rng
    import random

__all__ = ["Count", "SearchAborted", "Solver", "count_solutions", "solver_for", "structure_of"]


@dataclass(frozen=True)
class Count:
    """How many solutions were found (stopping at the limit) and the first ones."""

    count: int
    solutions: tuple[Grid, ...]
    complete: bool = True  # False when the node limit stopped the search early


class Solver:
    """A model compiled for repeated solving; givens vary per call."""

    def __init__(self, model: GridModel) -> None:
        self.model = model
        self.grid = compiled(structure_of(model))
        self._position = {s: k for k, s in enumerate(model.symbols)}

    def _numbered(self, givens: Sequence[tuple[int, int, int]] | None) -> list[tuple[int, int]] | None:
        """(cell number, symbol index) per given; None when a given is no symbol of the
        puzzle (then nothing can solve it)."""
        index, found = self.model.index, []
        for r, c, v in self.model.givens if givens is None else givens:
            if v not in self._position:
                return None
            found.append((index[(r, c)], self._position[v]))
        return found

    def count(self, givens: Sequence[tuple[int, int, int]] | None = None, limit: int = 2,
              node_limit: int | None = None) -> Count:
        numbered = self._numbered(givens)
        if numbered is None:
            return Count(0, ())
        return self._count(*self.grid.count(numbered, limit, node_limit))

    def count_from(self, domains: Sequence[int], limit: int = 2, node_limit: int | None = None) -> Count:
        """`count`, starting from domains already narrowed by sound reasoning (e.g. where a
        human-technique grader got stuck): a much smaller search than from scratch."""
        return self._count(*self.grid.count_from(list(domains), limit, node_limit))

    def _count(self, solutions: list[list[int]], complete: bool) -> Count:
        return Count(len(solutions), tuple(grid_of(self.model, s) for s in solutions), complete)

    def random_solution(self, rng: random.Random, node_limit: int | None = None) -> Grid | None:
        """One solution chosen at random (each branching's symbols shuffled by the engine's
        own random source, seeded from `rng`: one draw a search), or None if there is none.
        With `node_limit`, raises SearchAborted past that many branchings: a shape drawn at
        random (a jigsaw layout) may have no solution, and proving it can take long, while
        drawing another shape is cheap."""
        found = self.grid.random_solution(rng.getrandbits(64), node_limit)
        return None if found is None else grid_of(self.model, found)


@lru_cache(maxsize=64)
def solver_for(structure: GridModel) -> Solver:
    """A compiled solver per model structure (the model with its givens stripped)."""
    return Solver(structure)


def count_solutions(model: GridModel, limit: int = 2, node_limit: int | None = None) -> Count:
    """Solutions of the model with its givens, counting up to `limit`."""
    return solver_for(structure_of(model)).count(model.givens, limit, node_limit)
