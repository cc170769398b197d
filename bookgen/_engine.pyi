# Every name of the compiled engine (engine/src/py/mod.rs registers them all), typed.
# Only bookgen/solve/engine.py imports the module. tests/solve/test_engine_bridge.py
# checks this stub against the compiled module with mypy's stubtest.

from typing import Callable, final

__all__ = [
    "version", "source_digest",
    "EngineError", "InvalidRequest", "Contradiction", "CageTooLarge", "SearchAborted", "DeadlinePassed", "NotFound",
    "Deadline",
    "Grid", "Ladder", "Board", "value_tuples", "shuffle_regions", "signed_grid", "aim_plain", "plain_prove",
    "KenKenRequest", "kenken_generate", "kenken_random_caging", "kenken_prove", "kenken_certify", "generate_killer",
    "SlidingPatterns", "sliding_search", "sliding_lower_bound", "SlidingLayers", "sliding_count_shortest",
]

def version() -> str: ...
def source_digest() -> str: ...

# --- how a call fails (engine/src/py/errors.rs), and how a long one is stopped (stop.rs)

class EngineError(Exception): ...
class InvalidRequest(EngineError): ...
class Contradiction(EngineError): ...
class CageTooLarge(EngineError): ...
class SearchAborted(EngineError): ...
class DeadlinePassed(EngineError): ...
class NotFound(EngineError): ...

@final
class Deadline:
    def __new__(cls, expired: Callable[[], bool]) -> Deadline: ...

# --- grids, their search, the grader (engine/src/py/grid.rs)

@final
class Grid:
    def __new__(
        cls,
        n: int,
        symbols: list[int],
        groups: list[tuple[list[int], str, bool]],
        cages: list[tuple[list[int], str, int, bool]],
        inequalities: list[tuple[int, int]] = ...,
    ) -> Grid: ...
    def count(
        self, givens: list[tuple[int, int]], limit: int = 2, node_limit: int | None = None,
        deadline: Deadline | None = None,
    ) -> tuple[list[list[int]], bool]: ...
    def narrowed(self, domains: list[int]) -> list[int] | None: ...
    def count_from(
        self, domains: list[int], limit: int = 2, node_limit: int | None = None, deadline: Deadline | None = None,
    ) -> tuple[list[list[int]], bool]: ...
    def random_solution(
        self, seed: int, node_limit: int | None = None, deadline: Deadline | None = None,
    ) -> list[int] | None: ...

@final
class Ladder:
    def __new__(cls, levels: list[list[str]], family: str = "plain") -> Ladder: ...

# One recorded step: (technique, placed (cell, symbol index), removed (cell, mask),
# left (cell, mask), detail by field name).
_Step = tuple[str, list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]], dict[str, object]]

@final
class Board:
    def __new__(cls, grid: Grid, givens: list[tuple[int, int]], family: str = "plain") -> Board: ...
    def copy(self) -> Board: ...
    def place(self, i: int, bit: int) -> None: ...
    def eliminate(self, i: int, bits: int) -> bool: ...
    @property
    def cand(self) -> list[int]: ...
    @property
    def placed(self) -> list[bool]: ...
    def solved(self) -> bool: ...
    def grade(self, ladder: Ladder, up_to: int | None = None, record: bool = False) -> tuple[str, int, list[str], list[_Step]]: ...
    def step(self, ladder: Ladder, up_to: int | None = None) -> bool: ...
    def work_out(self, ladder: Ladder, cells: list[int], up_to: int | None = None) -> bool: ...
    def given(self, cells: list[int], bits: list[int], ladder: Ladder, up_to: int | None = None) -> tuple[Board | None, bool]: ...

def value_tuples(op: str, target: int, symbols: list[int], differ: list[list[bool]]) -> list[list[int]]: ...
def shuffle_regions(size: int, torus: bool, start: list[int], swaps: int, compact: float, seed: int) -> list[int]: ...
def signed_grid(
    grid: Grid, pairs: list[tuple[int, int]], ladder: Ladder, level: int, orbits: list[list[int]], seed: int,
    tries: int, deadline: Deadline | None = None,
) -> tuple[tuple[list[int], int | None] | None, int]: ...
def aim_plain(
    grid: Grid, ladder: Ladder, level: int, floor: int, ceiling: int | None, orbits: list[list[int]], seed: int,
    tries: int, deadline: Deadline | None = None,
) -> tuple[tuple[list[int], list[int]] | None, int]: ...
def plain_prove(
    grid: Grid, ladder: Ladder, cols: int, givens: tuple[tuple[int, int, int], ...] | list[tuple[int, int, int]]
) -> tuple[str, int, tuple[tuple[int, ...], ...] | None, tuple[tuple[tuple[int, ...], ...], ...]]: ...

# --- the families' generators (engine/src/py/kenken_generate.rs, killer/generate/python.rs)

# A cage: its cells as (row, column), its sign, its target; a puzzle: cages (by top-left
# cell), solution rows.
_KenKenCage = tuple[tuple[tuple[int, int], ...], str, int]
_KenKenPuzzle = tuple[list[_KenKenCage], tuple[tuple[int, ...], ...]]

@final
class KenKenRequest:
    def __new__(
        cls,
        *,
        size: int,
        level: int,
        operations: list[str],
        hidden: bool,
        cage_limit: int,
        single_cap: int,
        size_decay: float,
        giveaway_weight: float,
        limits: tuple[int, int, int, int, int, float, int, int],
        ladder: Ladder,
        cells: tuple[tuple[int, int], ...] | None = None,
    ) -> KenKenRequest: ...

def kenken_generate(request: KenKenRequest, deadline: Deadline, seed: int) -> _KenKenPuzzle: ...
def kenken_random_caging(
    *, size: int, max_cage: int, single_cap: int, size_decay: float, operations: list[str], seed: int
) -> _KenKenPuzzle | None: ...
def kenken_prove(
    *, size: int, cages: list[tuple[tuple[tuple[int, int], ...], str, int]], ladder: Ladder, always_count: bool
) -> tuple[str, int, tuple[tuple[int, ...], ...] | None, tuple[tuple[tuple[int, ...], ...], ...] | None]: ...
def kenken_certify(size: int, cages: tuple[object, ...], ladder: Ladder, answer: object) -> int | None: ...
def generate_killer(
    grid: Grid,
    ladder: Ladder,
    level: int,
    sizes: list[int],
    weights: list[float],
    single_cap: int,
    givens: int,
    max_cage: int,
    seed: int,
    deadline: Deadline,
) -> tuple[list[list[int]], list[int], list[int]]: ...

# --- sliding tiles (engine/src/sliding/python.rs, python_layers.rs)

@final
class SlidingPatterns:
    @staticmethod
    def build(
        rows: int, cols: int, blank: int, patterns: list[list[int]], deadline: Deadline | None = None
    ) -> SlidingPatterns: ...
    @staticmethod
    def from_tables(
        rows: int, cols: int, blank: int, patterns: list[list[int]], tables: list[bytes]
    ) -> SlidingPatterns: ...
    def table(self, i: int) -> bytes: ...
    def lookup(self, labels: list[int]) -> tuple[int, int]: ...

def sliding_search(
    labels: list[int],
    rows: int,
    cols: int,
    blank: int,
    weight: int = 1,
    patterns: SlidingPatterns | None = None,
    deadline: Deadline | None = None,
) -> tuple[list[int], int]: ...
def sliding_lower_bound(labels: list[int], rows: int, cols: int, blank: int) -> int: ...

@final
class SlidingLayers:
    @staticmethod
    def build(goal: list[int], rows: int, cols: int, deadline: Deadline | None = None) -> SlidingLayers: ...
    def __len__(self) -> int: ...
    @property
    def goal(self) -> tuple[int, ...]: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    def size(self, distance: int) -> int: ...
    def position(self, distance: int, k: int) -> tuple[int, ...]: ...
    def distance(self, position: list[int]) -> int | None: ...

def sliding_count_shortest(
    start: list[int],
    goal: list[int],
    rows: int,
    cols: int,
    length: int,
    budget: int | None = None,
    layers: SlidingLayers | None = None,
    deadline: Deadline | None = None,
) -> int | None: ...
