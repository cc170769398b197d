"""Additive pattern databases for the 15-puzzle: which tables, and where they are kept.

The tiles are split into disjoint patterns (the 4×4's 6-6-3); each pattern's table holds,
for every placement of its tiles, the fewest moves of those tiles that bring them home
while the blank roams freely among the others. The engine builds the tables and looks
them up, on the position and on its mirror image (through bookgen.solve.engine, from
engine/src/sliding/tables.rs and patterns.rs); this module keeps them in the user's
cache, one file a table in bookgen/cache.py's format (kind, version, shape, length and
SHA-256 in a header line), and in memory once loaded.

Bounds: in memory, 32 MiB a process (two tables of 16^6 bytes and one of 16^3), held
once. Loading them reads each file whole and checks its SHA-256 (0.07 s of CPU; 32 MiB
more for that moment); building them takes 5-7 s of CPU once per machine (on the 2-core
development machine under a load of 8), with at most about 80 MB more for that moment
(a bit a state searched, the table, the breadth-first frontiers). Measured: a process
peaked at 92 MiB building, 81 MiB loading, and held 50 MiB after, from 17 MiB before.
A build is said on stderr in one line and never counted against a solve's time: callers
get the tables ready before their clock starts (search.prepare).
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from bookgen import cache, cache_files
from bookgen.solve.engine import PatternTables

log = logging.getLogger("bookgen")

# The 4×4 partition into disjoint patterns (goal cells, blank top-left): the top-right
# 2×3 block, the bottom-right 2×3 block and the left column — compact groups, so most
# linear conflicts fall inside one pattern (the Korf–Felner 6-6-3 shape). The label
# frame (board.label_frame) turns a goal with the blank in any corner so the blank is
# top-left: "blank last" and "blank first" books share these tables.
_PATTERNS_4X4 = ((1, 2, 3, 5, 6, 7), (9, 10, 11, 13, 14, 15), (4, 8, 12))

# Bump when the tables' bytes change: cached tables of another version are rebuilt.
# 3: the tables follow the blank (2 let each tile step into any cell free of its pattern).
_PDB_FORMAT = 3
_KIND = "sliding-pattern-database"


def pattern_partition(rows: int, cols: int, blank: int) -> tuple[tuple[int, ...], ...] | None:
    """The disjoint patterns used for this board and goal blank, or None (no tables)."""
    if (rows, cols) == (4, 4) and blank == 0:
        return _PATTERNS_4X4
    return None


def pattern_cache_dir() -> Path:
    """Where pattern databases are kept between runs (BOOKGEN_CACHE_DIR overrides the root)."""
    return cache.cache_root() / "sliding"


def _shape(rows: int, cols: int, blank: int, pattern: Sequence[int]) -> str:
    return f"{rows}x{cols} blank {blank}:" + "-".join(map(str, pattern))


def _pattern_file(rows: int, cols: int, blank: int, pattern: Sequence[int]) -> Path:
    name = f"pdb-v{_PDB_FORMAT}-{rows}x{cols}-b{blank}-" + "-".join(map(str, pattern)) + ".bin"
    return pattern_cache_dir() / name


def _header(rows: int, cols: int, blank: int, pattern: Sequence[int]) -> dict:
    return cache.table_header(_KIND, _PDB_FORMAT, _shape(rows, cols, blank, pattern), (rows * cols) ** len(pattern))


_loaded: dict[tuple[int, int, int, tuple[tuple[int, ...], ...]], PatternTables] = {}


def pattern_tables(rows: int, cols: int, blank: int, patterns: Sequence[Sequence[int]] | None = None,
                   build: bool = True) -> PatternTables | None:
    """The tables of `patterns` (by default the board's partition), from memory, else the
    disk cache (only files whose header and checksum match), else built once and cached
    when the cache can be written. None where the board has no partition, or when a
    table is not cached and `build` is false."""
    partition = tuple(map(tuple, patterns)) if patterns is not None else pattern_partition(rows, cols, blank)
    if not partition:
        return None
    key = (rows, cols, blank, partition)
    if key in _loaded:
        return _loaded[key]
    tables = _cached_tables(rows, cols, blank, partition)
    if any(table is None for table in tables):
        if not build:
            return None
        with _one_builder():
            # Another process may have built them while this one waited.
            tables = _cached_tables(rows, cols, blank, partition)
            missing = [p for p, table in zip(partition, tables) if table is None]
            if missing:
                built = _build(rows, cols, blank, missing)
                tables = [table if table is not None else built.pop(0) for table in tables]
    loaded = PatternTables.from_tables(rows, cols, blank, [list(p) for p in partition], tables)
    _loaded[key] = loaded
    return loaded


def _cached_tables(rows: int, cols: int, blank: int, partition: Sequence[Sequence[int]]) -> list[bytes | None]:
    return [cache.load_table(_pattern_file(rows, cols, blank, p), _header(rows, cols, blank, p)) for p in partition]


def _build(rows: int, cols: int, blank: int, patterns: Sequence[Sequence[int]]) -> list[bytes]:
    """Build the patterns' tables (saying so on stderr when it takes a while) and cache them."""
    large = any((rows * cols) ** len(p) >= 1 << 20 for p in patterns)
    if large:
        log.warning(f"building the {rows}×{cols} pattern databases, once for this machine "
                    f"(a few seconds; kept in {pattern_cache_dir()})")
    built = PatternTables.build(rows, cols, blank, [list(p) for p in patterns])
    tables = [built.table(i) for i in range(len(patterns))]
    for pattern, table in zip(patterns, tables):
        cache.store_table(_pattern_file(rows, cols, blank, pattern), _header(rows, cols, blank, pattern), table)
    return tables


@contextmanager
def _one_builder() -> Iterator[None]:
    """One process at a time builds tables (a book's workers would otherwise each spend
    the build's CPU): a lock file in the cache folder, never followed through a link nor
    waited on for ever (bookgen.cache_files); without it each builds its own."""
    with cache_files.exclusive(cache.cache_root(), ("sliding",), ".building.lock",
                               "building the sliding pattern databases"):
        yield
