"""Optimal and weighted search for sliding-tile puzzles, by the engine's IDA*.

The search itself is compiled (engine/src/sliding/, through bookgen.solve.engine): IDA* with a fixed
child order, so the first solution found in the last iteration is the lexicographically
first shortest path whatever admissible heuristic prunes the tree — the answer depends
on the position only, never on which tables happened to be available. The heuristic is
Manhattan distance plus linear conflict on every board, and on the 4×4 additive 6-6-3
pattern databases looked up on the position and its mirror image (`patterns`).

This module puts a position in the label frame the engine searches in (`board`), says
which heuristic, and turns the engine's answer back into tiles. The engine releases
Python's lock while it searches and, every 65,536 nodes (about a millisecond), runs
the signal handlers (Ctrl-C, SIGTERM, `bookgen solve`'s alarm) and asks `expired()`.

Measured on the 2-core development machine (`bench/sliding_korf.py`): Korf's 100
15-puzzles all proved optimal in about 6 s of CPU in total, where the pure-Python IDA*
before it solved 89 of them in 600 s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from bookgen.errors import DeadlinePassed
from bookgen.puzzles.sliding.board import Frame, label_frame
from bookgen.puzzles.sliding.constructive import constructive_solve
from bookgen.puzzles.sliding.patterns import pattern_partition, pattern_tables
from bookgen.solve.engine import PatternTables, sliding_lower_bound, sliding_search
from bookgen.stopping import deadline_after


__all__ = ["OptimalSearch", "SearchTimeout", "deadline_after", "lower_bound", "prepare", "solve_optimal",
           "solve_quickly", "solve_weighted"]


class SearchTimeout(Exception):
    """The deadline passed before the search finished."""


# Below this lower bound the 4×4 needs no tables, and a book of easy or medium puzzles
# never pays their one-off build (about 5 s of CPU). Measured on the 2-core development
# machine under a load of 9, engine on 4×4 random walks: at a Manhattan + linear
# conflict bound of 28-29 that heuristic alone takes 8 ms median, 1 s at most (tables:
# 0.5 ms, after 0.07 s to load them from the cache); at 30-31, 19 ms median and 1 s at
# most; beyond, up to several seconds. Re-measure by timing `sliding_search` with and
# without the tables on positions grouped by `lower_bound`.
PATTERNS_PAY_FROM = 30


@dataclass(frozen=True)
class OptimalSearch:
    """A shortest solution found, and what finding it took."""

    moves: tuple[int, ...]  # tiles to slide, shortest possible
    nodes: int  # nodes expanded by IDA*
    heuristic: str  # "patterns" or "manhattan+conflict"


def _frame(start: Sequence[int], goal: Sequence[int], cols: int) -> tuple[Frame, int]:
    rows = len(start) // cols
    return label_frame(start, goal, rows, cols), rows


def _tables_pay(frame: Frame, rows: int, cols: int) -> bool:
    """Whether this position is searched with pattern databases: the board has them, and
    Manhattan + linear conflict already says PATTERNS_PAY_FROM moves or more."""
    return (pattern_partition(rows, cols, frame.blank) is not None
            and sliding_lower_bound(list(frame.perm), rows, cols, frame.blank) >= PATTERNS_PAY_FROM)


def prepare(start: Sequence[int], goal: Sequence[int], cols: int) -> None:
    """Load or build the tables the optimal search of this position will use, so their
    one-off build is not counted against the search's deadline."""
    frame, rows = _frame(start, goal, cols)
    if _tables_pay(frame, rows, cols):
        pattern_tables(rows, cols, frame.blank)


def _search(frame: Frame, rows: int, cols: int, weight: int, tables: PatternTables | None,
            expired: Callable[[], bool] | None) -> tuple[tuple[int, ...], int]:
    """The engine's IDA* in the frame: (tiles slid, nodes); SearchTimeout once `expired()`."""
    try:
        labels, nodes = sliding_search(list(frame.perm), rows, cols, frame.blank, weight, tables, expired)
    except DeadlinePassed:
        raise SearchTimeout from None
    return tuple(frame.tile_of_label[t] for t in labels), nodes


def solve_optimal(
    start: Sequence[int],
    goal: Sequence[int],
    cols: int,
    expired: Callable[[], bool] | None = None,
    build_patterns: bool = True,
) -> OptimalSearch:
    """A shortest solution (the caller has checked solvability); SearchTimeout once `expired()`.

    Pattern databases are used where the board has them and they pay (`_tables_pay`);
    `build_patterns=False` uses them only if already built. The path found is the same
    either way (see the module docstring); only the time differs.
    """
    frame, rows = _frame(start, goal, cols)
    tables = pattern_tables(rows, cols, frame.blank, build=build_patterns) if _tables_pay(frame, rows, cols) else None
    moves, nodes = _search(frame, rows, cols, 1, tables, expired)
    return OptimalSearch(moves, nodes, "patterns" if tables is not None else "manhattan+conflict")


def solve_weighted(
    start: Sequence[int], goal: Sequence[int], cols: int, weight: int, expired: Callable[[], bool] | None = None
) -> tuple[int, ...]:
    """A solution, not necessarily shortest, by IDA* on f = g + weight·h.

    Inflating an admissible h trades length for speed: the solution is at most `weight`
    times the shortest, and in practice much closer. The pattern databases are used if
    already built, never built for this. SearchTimeout once `expired()`.
    """
    frame, rows = _frame(start, goal, cols)
    tables = pattern_tables(rows, cols, frame.blank, build=False)
    return _search(frame, rows, cols, weight, tables, expired)[0]


def solve_quickly(start: Sequence[int], goal: Sequence[int], cols: int, expired: Callable[[], bool] | None) -> tuple[int, ...]:
    """A verified solution, as short as time allows: the constructive one, then weighted
    searches (weight 4, then 2: slower and shorter) while `expired()` is false."""
    best = constructive_solve(start, goal, cols)
    for weight in (4, 2):
        try:
            moves = solve_weighted(start, goal, cols, weight, expired)
        except SearchTimeout:
            break
        if len(moves) < len(best):
            best = moves
    return best


def lower_bound(start: Sequence[int], goal: Sequence[int], cols: int) -> int:
    """Manhattan distance + linear conflict: no solution is shorter."""
    frame, rows = _frame(start, goal, cols)
    return sliding_lower_bound(list(frame.perm), rows, cols, frame.blank)
