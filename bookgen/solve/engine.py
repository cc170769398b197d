"""The bridge to the compiled engine (bookgen._engine, the Rust crate in engine/): the only
module that imports it. Everything else asks this module, in bookgen's own terms: a grid
model compiled once per shape and its solution-counting search, the grader's board and
level ladders, the families' generators, the sliding searches. Whole boards cross the
boundary, never single cells or steps; every name that crosses is typed in
bookgen/_engine.pyi, which a test checks against the compiled module (mypy's stubtest).

One way to fail: an engine call returns its answer or raises, and what it raises is
turned here into the matching exception of bookgen.errors (EngineError and its kinds).
One way to stop: a long call takes a Deadline (the caller's `expired()`) and runs
Python's signal handlers now and then, so Ctrl-C, SIGTERM and `bookgen solve --timeout`
stop it as they stop Python code; what a handler raises comes through unchanged.

Cells are numbered as in `GridModel.cells`; symbols by their index in `GridModel.symbols`
(a candidate set is a mask over those indices); groups and cages by their index in the
model's lists.
"""

from __future__ import annotations

from functools import lru_cache, wraps
from typing import Any, Callable, Sequence, TypeVar

from bookgen import _engine, errors
from bookgen.by_identity import remembered_by_identity
from bookgen.errors import CageTooLarge, Contradiction, SearchAborted
from bookgen.model import Grid, GridModel, grid_from_values, is_compact

# The exceptions callers catch are bookgen.errors' own, re-exported here for them.
__all__ = ["Board", "CageTooLarge", "CompiledGrid", "Contradiction", "DistanceLayers", "KenKenRequest",
           "PatternTables", "SearchAborted", "bridged", "compiled", "count_shortest", "deadline", "generate_kenken",
           "generate_killer", "givens_of", "grid_of", "is_compact", "kenken_certify", "kenken_prove", "kenken_request",
           "ladder", "plain_prove", "random_kenken_caging", "shuffle_regions", "sliding_lower_bound", "sliding_search",
           "source_digest", "structure_of", "value_tuples"]

# The engine's exceptions, class for class, as bookgen.errors names them.
_ERRORS: dict[type[BaseException], type[errors.EngineError]] = {
    _engine.InvalidRequest: errors.EngineRequestError,
    _engine.Contradiction: errors.Contradiction,
    _engine.CageTooLarge: errors.CageTooLarge,
    _engine.SearchAborted: errors.SearchAborted,
    _engine.DeadlinePassed: errors.DeadlinePassed,
    _engine.NotFound: errors.NothingFound,
    _engine.EngineError: errors.EngineError,
}

Call = TypeVar("Call", bound=Callable[..., Any])


def bridged(call: Call) -> Call:
    """`call`, raising bookgen.errors' exception wherever the engine raised its own."""

    @wraps(call)
    def translated(*args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except _engine.EngineError as error:
            raise _ERRORS[type(error)](*error.args) from None

    return translated  # type: ignore[return-value]


Expired = Callable[[], bool]


def deadline(expired: Expired | None) -> _engine.Deadline | None:
    """The engine's Deadline for a caller's `expired()` (a Budget's, a wall-clock limit's)."""
    return None if expired is None else _engine.Deadline(expired)


def source_digest() -> str:
    """A digest of the engine's source at build time (part of every cached puzzle's key)."""
    return _engine.source_digest()


# --- grids and their search ----------------------------------------------------------

class CompiledGrid:
    """A model's structure compiled by the engine: its search (propagation and solution
    counting) and the grader's shape tables. Givens vary per call."""

    def __init__(self, structure: GridModel) -> None:
        index = structure.index
        groups = [([index[c] for c in g.cells], g.kind, is_compact(g)) for g in structure.groups]
        cages = [([index[c] for c in k.cells], k.op, k.target, k.distinct) for k in structure.cages]
        signs = [(index[e.smaller], index[e.larger]) for e in structure.inequalities]
        self.grid = bridged(_engine.Grid)(len(structure.cells), list(structure.symbols), groups, cages, signs)

    @bridged
    def count(self, givens: list[tuple[int, int]], limit: int = 2,
              node_limit: int | None = None) -> tuple[list[list[int]], bool]:
        """Solutions with these givens ((cell, symbol index)), up to `limit`: (solutions
        as symbol indices per cell, whether the search ran to its end)."""
        return self.grid.count(givens, limit, node_limit)

    @bridged
    def count_from(self, domains: list[int], limit: int = 2,
                   node_limit: int | None = None) -> tuple[list[list[int]], bool]:
        """`count` from candidates (masks per cell) already narrowed by sound reasoning."""
        return self.grid.count_from(domains, limit, node_limit)

    @bridged
    def narrowed(self, domains: list[int]) -> list[int] | None:
        """Candidates narrowed by propagation to its fixpoint; None when they contradict."""
        return self.grid.narrowed(domains)

    @bridged
    def random_solution(self, seed: int, node_limit: int | None = None) -> list[int] | None:
        """One solution, each branching's symbols shuffled by the engine's random source
        seeded with `seed`; None when there is none; SearchAborted past `node_limit`."""
        return self.grid.random_solution(seed, node_limit)

    @bridged
    def signed_grid(self, pairs: list[tuple[int, int]], levels: tuple, level: int, orbits: list[list[int]], seed: int,
                    tries: int, expired: Expired | None = None) -> tuple[tuple[list[int], int | None] | None, int]:
        return _engine.signed_grid(self.grid, pairs, ladder(levels), level, orbits, seed, tries, deadline(expired))

    @bridged
    def aim_plain(self, levels: tuple, level: int, floor: int, ceiling: int | None, orbits: list[list[int]], seed: int,
                  tries: int, expired: Expired | None = None) -> tuple[tuple[list[int], list[int]] | None, int]:
        return _engine.aim_plain(self.grid, ladder(levels), level, floor, ceiling, orbits, seed, tries, deadline(expired))


# Compiled grids by the structure's identity, in front of the cache by value: finding a
# grid by value hashes the whole shape, and a generator asks thousands of times about one
# shape object (models with givens share theirs: GridModel.structure).
@remembered_by_identity(64)
def compiled(structure: GridModel) -> CompiledGrid:
    """The engine's grid for a model's structure (its givens aside): once per shape."""
    return _compiled(structure)


@lru_cache(maxsize=64)
def _compiled(structure: GridModel) -> CompiledGrid:
    return CompiledGrid(structure)


def structure_of(model: GridModel) -> GridModel:
    return model.structure


def givens_of(model: GridModel) -> list[tuple[int, int]]:
    """The model's givens as (cell number, symbol index)."""
    index, position = model.index, {s: k for k, s in enumerate(model.symbols)}
    return [(index[(r, c)], position[v]) for r, c, v in model.givens]


def grid_of(model: GridModel, solution: Sequence[int]) -> Grid:
    """A solution from the engine (symbol indices in cell order) as rows of values."""
    return grid_from_values(model, [model.symbols[k] for k in solution])


# --- levels and the grader -----------------------------------------------------------

# Ladders made, by the level table's identity: a table and its techniques cross to the
# engine once, as one Ladder, handed to every grading and generation of that table. The
# table is kept beside its ladder, so an id reused after it is gone finds no wrong one.
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
    made = bridged(_engine.Ladder)([[t.name for t in level.techniques] for level in levels], family)
    _LADDERS[key] = (levels, made)
    return made


# Made once: a wrapper made for each board cost more than the board (generators make many).
_new_board = bridged(_engine.Board)


class Board:
    """The grader's board, kept by the engine: candidates per cell (masks over symbol
    indices) and which cells are written in, with a family's own rules beyond groups
    (KenKen's and killer's cage combinations). The grader works on it in place. With
    `givens` ((cell number, symbol index), written in in that order), those instead of the
    model's: a generator's try without making a model for it (which cost more)."""

    def __init__(self, model: GridModel, family: str = "plain", givens: list[tuple[int, int]] | None = None) -> None:
        self.model, self.family = model, family
        grid = compiled(structure_of(model)).grid
        self._board = _new_board(grid, givens_of(model) if givens is None else givens, family)

    def copy(self) -> Board:
        """An independent board in the same state (the shape's tables are shared)."""
        return self._holding(self._board.copy())

    def _holding(self, made: _engine.Board) -> Board:
        twin = Board.__new__(Board)
        twin.model, twin.family, twin._board = self.model, self.family, made
        return twin

    @property
    def cand(self) -> list[int]:
        return self._board.cand

    @property
    def placed(self) -> list[bool]:
        return self._board.placed

    @bridged
    def place(self, i: int, bit: int) -> None:
        self._board.place(i, bit)

    @bridged
    def given(self, cells: list[int], bits: list[int], levels: tuple, up_to: int | None = None) -> tuple[Board, bool]:
        """A copy with `bits` (a symbol each) written in `cells` (bar those written in already;
        none: this board), graded within `up_to`, and whether that solved it. One crossing."""
        made, solved = self._board.given(cells, bits, ladder(levels, self.family), up_to)
        return (self, solved) if made is None else (self._holding(made), solved)

    def solved(self) -> bool:
        return self._board.solved()

    @bridged
    def eliminate(self, i: int, bits: int) -> bool:
        """Cross candidates (a mask) out of a cell by hand, as a test setting up a
        position does: True when one went; raises Contradiction."""
        return self._board.eliminate(i, bits)

    def values(self) -> list[int]:
        return [self.model.symbols[d.bit_length() - 1] for d in self.cand]

    @bridged
    def step(self, levels: tuple, up_to: int | None = None) -> bool:
        """One step of the grader (the easiest technique that makes progress, within
        `up_to`); raises Contradiction."""
        return self._board.step(ladder(levels, self.family), up_to)

    @bridged
    def work_out(self, levels: tuple, cells: list[int], up_to: int | None = None) -> bool:
        """Steps (within `up_to`) until every one of `cells` is written in: false when no
        technique makes progress first; raises Contradiction."""
        return self._board.work_out(ladder(levels, self.family), cells, up_to)

    def grade(self, levels: tuple, up_to: int | None = None, record: bool = False) -> tuple[str, int, list, list]:
        return self._board.grade(ladder(levels, self.family), up_to, record)


# --- what several types share: cages and jigsaw layouts ------------------------------


@bridged
def value_tuples(op: str, target: int, symbols: list[int], differ: list[list[bool]]) -> list[list[int]]:
    """Every assignment of symbols to a cage's cells that makes its target, in the
    engine's listing order (engine/src/search/cages.rs); CageTooLarge when too many."""
    return _engine.value_tuples(op, target, symbols, differ)


@bridged
def shuffle_regions(size: int, torus: bool, start: list[int], swaps: int, compact: float, seed: int) -> list[int]:
    """A jigsaw layout shuffled from the partition `start` (a region index per cell in
    reading order) by the engine: see engine/src/regions.rs."""
    return _engine.shuffle_regions(size, torus, start, swaps, compact, seed)


# --- the families' generators --------------------------------------------------------

KenKenCage = tuple[tuple[tuple[int, int], ...], str, int]
KenKenRequest = _engine.KenKenRequest


@bridged
def kenken_request(*, size: int, levels: tuple, level: int, operations: list[str], hidden: bool, cage_limit: int,
                   single_cap: int, size_decay: float, giveaway_weight: float, limits: tuple,
                   cells: tuple[tuple[int, int], ...]) -> _engine.KenKenRequest:
    """A section's KenKen request, checked and compiled once; the cages made of `cells`."""
    return KenKenRequest(size=size, level=level, operations=operations, hidden=hidden, cage_limit=cage_limit,
                         single_cap=single_cap, size_decay=size_decay, giveaway_weight=giveaway_weight, limits=limits,
                         ladder=ladder(levels, "kenken"), cells=cells)


def generate_kenken(request: _engine.KenKenRequest, expired: Expired, seed: int) -> tuple[list[KenKenCage], Grid]:
    """A KenKen: (cages, solution rows), or NothingFound or DeadlinePassed; `expired` first asked 2 ms in."""
    try:
        return _engine.kenken_generate(request, _engine.Deadline(expired), seed)
    except _engine.EngineError as error:
        raise _ERRORS[type(error)](*error.args) from None


@bridged
def random_kenken_caging(*, size: int, max_cage: int, single_cap: int, size_decay: float, operations: list[str],
                         seed: int) -> tuple[list[KenKenCage], Grid] | None:
    """A random caging of a random Latin square, never graded (tests' fodder); None when
    the layout left more than `single_cap` one-cell cages."""
    return _engine.kenken_random_caging(size=size, max_cage=max_cage, single_cap=single_cap, size_decay=size_decay,
                                        operations=operations, seed=seed)


# Graded and counted in one call: a KenKen (or compared too: bookgen/puzzles/kenken/proof.py),
# a puzzle of groups and signs (bookgen/puzzles/sudoku/proof.py).
kenken_prove, kenken_certify = bridged(_engine.kenken_prove), bridged(_engine.kenken_certify)
plain_prove = bridged(_engine.plain_prove)


@bridged
def generate_killer(base: GridModel, levels: tuple, level: int, sizes: list[int], weights: list[float],
                    single_cap: int, givens: int, max_cage: int, seed: int,
                    expired: Expired) -> tuple[list[list[int]], list[int], list[int]]:
    """A killer on the bare sudoku `base` graded at `levels[level]` (engine/src/killer/
    generate): (cages as cell numbers, given cells, solution as symbol indices).
    NothingFound when every attempt failed, DeadlinePassed when time ran out while cages
    were being shaped."""
    return _engine.generate_killer(compiled(structure_of(base)).grid, ladder(levels, "killer"), level, sizes,
                                   weights, single_cap, givens, max_cage, seed, _engine.Deadline(expired))


# --- sliding tiles (engine/src/sliding) ----------------------------------------------


class PatternTables:
    """Additive pattern databases held by the engine: a table a pattern of tiles."""

    def __init__(self, tables: _engine.SlidingPatterns) -> None:
        self.tables = tables

    @staticmethod
    @bridged
    def build(rows: int, cols: int, blank: int, patterns: list[list[int]]) -> PatternTables:
        return PatternTables(_engine.SlidingPatterns.build(rows, cols, blank, patterns))

    @staticmethod
    @bridged
    def from_tables(rows: int, cols: int, blank: int, patterns: list[list[int]], tables: list[bytes]) -> PatternTables:
        return PatternTables(_engine.SlidingPatterns.from_tables(rows, cols, blank, patterns, tables))

    @bridged
    def table(self, i: int) -> bytes:
        return self.tables.table(i)

    @bridged
    def lookup(self, labels: list[int]) -> tuple[int, int]:
        """The tables' sums on a position and on its mirror image."""
        return self.tables.lookup(labels)


@bridged
def sliding_search(labels: list[int], rows: int, cols: int, blank: int, weight: int = 1,
                   tables: PatternTables | None = None, expired: Expired | None = None) -> tuple[list[int], int]:
    """IDA* to the identity in the label frame: (labels slid, nodes expanded);
    DeadlinePassed once `expired()`."""
    return _engine.sliding_search(labels, rows, cols, blank, weight, None if tables is None else tables.tables,
                                  deadline(expired))


@bridged
def sliding_lower_bound(labels: list[int], rows: int, cols: int, blank: int) -> int:
    """Manhattan distance + linear conflict of a position: no solution is shorter."""
    return _engine.sliding_lower_bound(labels, rows, cols, blank)


class DistanceLayers:
    """Every position of a small board by its exact distance from a goal (engine/src/sliding/layers.rs)."""

    @bridged
    def __init__(self, goal: list[int], rows: int, cols: int) -> None:
        self.layers = _engine.SlidingLayers.build(goal, rows, cols)
        self.goal, self.rows, self.cols = self.layers.goal, rows, cols

    def __len__(self) -> int:
        return len(self.layers)

    @bridged
    def size(self, distance: int) -> int:
        return self.layers.size(distance)

    @bridged
    def position(self, distance: int, k: int) -> tuple[int, ...]:
        return self.layers.position(distance, k)

    @bridged
    def distance(self, position: list[int]) -> int | None:
        return self.layers.distance(position)


@bridged
def count_shortest(start: list[int], goal: list[int], rows: int, cols: int, length: int, budget: int | None = None,
                   layers: DistanceLayers | None = None) -> int | None:
    """How many shortest solutions (engine/src/sliding/count.rs); None when `budget`
    counts were not enough."""
    return _engine.sliding_count_shortest(start, goal, rows, cols, length, budget,
                                          None if layers is None else layers.layers)
