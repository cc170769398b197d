"""(The legacy Python copy, kept for the differential tests only.) What the grader needs of a grid's shape, worked out once per shape and shared by every
board of it: the cell numbers of every group, which groups hold every symbol, which are
pieces scanned as a whole, peers, intersections for pointing and claiming, and the two
ways round for fish. Profiled on 9x9 generation: building these per board (above all the
intersections) was two thirds of the generator's time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from bookgen.model import Group, is_connected


@dataclass(frozen=True)
class Shape:
    """What the grader needs of a grid's shape (see the module's docstring)."""

    groups: tuple[tuple[int, ...], ...]  # cell numbers of every group
    kinds: tuple[str, ...]
    covering: tuple[tuple[int, ...], ...]  # groups that hold every symbol
    compact: tuple[tuple[int, ...], ...]  # covering boxes and regions (see `_is_compact`)
    peers: tuple[tuple[int, ...], ...]
    covering_of: tuple[tuple[int, ...], ...]  # per cell, the indices of the covering groups it is in
    intersections: tuple[tuple[tuple[int, ...], frozenset, tuple[int, ...]], ...]
    # Per intersection (A, A∩B, B∖A): the cells of A∩B and of A∖B, so pointing and
    # claiming need not test membership cell by cell.
    splits: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    covering_masks: tuple[int, ...]  # each covering group's cells as a bitset
    covering_ascending: tuple[bool, ...]  # each covering group listed by increasing cell number
    # The fish's two ways round, rows on columns and columns on rows (see `_fish_axis`).
    fish_axes: tuple[FishAxis, ...]
    # What is known to find nothing, per technique and size (see fish_wings._known_fruitless).
    fruitless: dict[tuple[str, int], set] = field(default_factory=dict, compare=False, hash=False)


@lru_cache(maxsize=64)
def shape_of(cells: tuple, groups: tuple, nsym: int) -> Shape:
    index = {cell: i for i, cell in enumerate(cells)}
    numbered = tuple(tuple(index[c] for c in g.cells) for g in groups)
    covering = tuple(g for g in numbered if len(g) == nsym)
    compact = tuple(n for n, g in zip(numbered, groups) if len(n) == nsym and _is_compact(g))
    peer_sets: list[set[int]] = [set() for _ in cells]
    for g in numbered:
        for a in g:
            peer_sets[a].update(g)
    for i, p in enumerate(peer_sets):
        p.discard(i)
    covering_of = tuple(tuple(k for k, g in enumerate(covering) if i in g) for i in range(len(cells)))
    intersections = tuple(_intersections(list(numbered), nsym))
    splits = tuple((tuple(i for i in a if i in common), tuple(i for i in a if i not in common))
                   for a, common, _rest in intersections)
    kinds = tuple(g.kind for g in groups)
    rows, cols = (tuple(g for g, k in zip(numbered, kinds) if k == kind and len(g) == nsym) for kind in ("row", "column"))
    fish_axes = (_fish_axis(rows, cols, len(cells)), _fish_axis(cols, rows, len(cells)))
    return Shape(numbered, kinds, covering, compact,
                 tuple(tuple(sorted(p)) for p in peer_sets), covering_of,
                 intersections, splits, tuple(_mask(g) for g in covering),
                 tuple(list(g) == sorted(g) for g in covering), fish_axes)


@dataclass(frozen=True)
class FishAxis:
    base: tuple[tuple[int, ...], ...]  # the lines a fish's symbol is confined in
    masks: tuple[int, ...]  # each base line's cells as a bitset
    cover: tuple[tuple[int, ...], ...]  # the lines it is barred from the rest of
    cover_bit: tuple[int, ...]  # per cell, its cover line's index as a bit (0: none)
    apart: bool  # base lines pairwise disjoint, and cover lines too (every fish proves something)


def _fish_axis(base: tuple[tuple[int, ...], ...], cover: tuple[tuple[int, ...], ...], n: int) -> FishAxis:
    cover_bit = [0] * n
    for ci, g in enumerate(cover):
        for i in g:
            cover_bit[i] = 1 << ci
    disjoint = lambda lines: sum(map(len, lines)) == len(set().union(*lines))
    return FishAxis(base, tuple(_mask(g) for g in base), cover, tuple(cover_bit), disjoint(base) and disjoint(cover))


def _mask(cells: Iterable[int]) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


# Kinds of group that are pieces of the grid a child scans as a whole (cross-hatching),
# as opposed to lines: boxes, jigsaw regions (on a torus too), hyper windows.
COMPACT_KINDS = ("box", "region", "window")


def _is_compact(group: Group) -> bool:
    """A box or region, as opposed to a line: by its kind, or, for a group of no known
    kind (read from a file without kinds), by its shape: connected and spanning more than
    one row and more than one column. The kind decides first because a region of a
    toroidal sudoku may leave the grid on one side and come back on the other: it is
    not connected on the page, yet it is scanned as one piece like any region."""
    if group.kind != "group":
        return group.kind in COMPACT_KINDS
    cells = group.cells
    return len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1 and is_connected(cells)


def _intersections(groups: list[tuple[int, ...]], nsym: int) -> list[tuple[tuple[int, ...], frozenset, tuple[int, ...]]]:
    """(covering group A, A∩B, B∖A) for every pair of groups meeting in 2+ cells."""
    found = []
    for a in groups:
        if len(a) != nsym:
            continue
        sa = set(a)
        for b in groups:
            if b is a:
                continue
            common = sa.intersection(b)
            if len(common) >= 2 and len(common) < len(b):
                found.append((a, frozenset(common), tuple(i for i in b if i not in sa)))
    return found
