"""(The legacy Python copy, kept for the differential tests only.) Techniques that look across the whole grid rather than one group: fish (X-wing,
swordfish), over rows and columns, and wings (XY-wing, XYZ-wing), over any groups. The
techniques of one group or two are in bookgen.solve.techniques, the board and the grader
in bookgen.solve.grader."""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from legacy_grader import Board, Technique, bits_of


FRUITLESS_KEPT = 50_000  # entries kept per technique and size, at most


def _known_fruitless(board: Board, technique: str, size: int) -> set:
    """What is known to make no progress with a technique, shared by every board of the
    shape (for a fish: a symbol's places, on which alone it depends). A generator grading
    many boards of one shape meets the same ones again and again (a given written in
    leaves most symbols' places as they were); only work that would find nothing is
    ever skipped. Tried for the subsets too: their groups' keys cost as much to make as
    the search they would save."""
    known = board.shape.fruitless.setdefault((technique, size), set())
    if len(known) > FRUITLESS_KEPT:
        known.clear()
    return known


def _fish(board: Board, size: int) -> bool:
    """A symbol confined, in `size` rows, to the same `size` columns is barred from the
    rest of those columns (X-wing for 2, swordfish for 3; also with rows and columns swapped)."""
    spread, placed = board.where(), board.placed
    for way, axis in enumerate(board.shape.fish_axes):
        cover, cover_bit = axis.cover, axis.cover_bit
        known = _known_fruitless(board, "fish" if way == 0 else "fish (columns)", size)
        for bit_index in range(board.nsym):
            b, at = 1 << bit_index, spread[bit_index]
            if at in known:
                continue
            spans = []  # (cover lines reached as a bitset, places as a bitset, base line)
            for g, m in zip(axis.base, axis.masks):
                hit = at & m
                if 2 <= hit.bit_count() <= size:
                    reach = 0
                    for i in bits_of(hit):
                        if not cover_bit[i]:
                            break
                        reach |= cover_bit[i]
                    else:
                        spans.append((reach, hit, g))
            if len(spans) < size:
                known.add(at)
                continue
            for combo in _fitting([reach for reach, _hit, _g in spans], size):
                union = inside = 0
                for k in combo:
                    union |= spans[k][0]
                    inside |= spans[k][1]
                covered = list(bits_of(union))
                if not axis.apart and not _apart([spans[k][2] for k in combo] + [cover[ci] for ci in covered]):
                    continue
                progress = False
                for ci in covered:
                    for i in cover[ci]:
                        if not inside >> i & 1 and not placed[i]:
                            progress |= board.eliminate(i, b)
                if progress:
                    return True
            known.add(at)
    return False


def _fitting(masks: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """The `size`-combinations of the masks (as index tuples, in the order of
    itertools.combinations) whose union has exactly `size` bits; a prefix already over
    `size` bits is not extended (the fish's lines, by the cover lines they reach)."""

    def more(count: int, start: int, union: int) -> Iterator[tuple[int, ...]]:
        for k in range(start, len(masks) - count + 1):
            joined = union | masks[k]
            if joined.bit_count() > size:
                continue
            if count == 1:
                if joined.bit_count() == size:
                    yield (k,)
                continue
            for rest in more(count - 1, k + 1, joined):
                yield (k, *rest)

    return more(size, 0, 0)


def _apart(base_and_cover: list[tuple[int, ...]]) -> bool:
    """The fish's lines, bases and covers each pairwise disjoint. Overlapping lines (two
    grids of a samurai share cells) could hold one symbol in one cell for two lines, and
    the count behind the elimination fails, so such a fish proves nothing."""
    half = len(base_and_cover) // 2
    return all(
        len(set().union(*lines)) == sum(len(g) for g in lines)
        for lines in (base_and_cover[:half], base_and_cover[half:])
    )


def x_wing(board: Board) -> bool:
    return _fish(board, 2)


def swordfish(board: Board) -> bool:
    return _fish(board, 3)


def xy_wing(board: Board) -> bool:
    """A two-candidate pivot {a,b} seeing pincers {a,c} and {b,c}: whichever way the pivot
    goes, one pincer is c, so no cell seeing both pincers can be c."""
    return _wing(board, with_pivot_c=False)


def xyz_wing(board: Board) -> bool:
    """As the XY-wing, with a pivot {a,b,c}: cells seeing the pivot and both pincers lose c."""
    return _wing(board, with_pivot_c=True)


def _wing(board: Board, with_pivot_c: bool) -> bool:
    cand, placed, peers = board.cand, board.placed, board.peers
    pivot_size = 3 if with_pivot_c else 2
    for pivot in range(board.n):
        pd = cand[pivot]
        if placed[pivot] or pd.bit_count() != pivot_size:
            continue
        pincers = [p for p in peers[pivot] if not placed[p] and cand[p].bit_count() == 2]
        for p1, p2 in combinations(pincers, 2):
            d1, d2 = cand[p1], cand[p2]
            if d1 == d2:
                continue
            c = d1 & d2
            if c.bit_count() != 1:
                continue
            if with_pivot_c:
                if (d1 | d2) != pd:
                    continue
            elif c & pd or (d1 | d2) != (pd | c):
                continue
            seen = set(peers[p1]).intersection(peers[p2])
            if with_pivot_c:
                seen &= set(peers[pivot])
            seen.discard(pivot)
            progress = False
            for i in seen:
                if not placed[i]:
                    progress |= board.eliminate(i, c)
            if progress:
                return True
    return False


X_WING = Technique("X-wing", x_wing)
SWORDFISH = Technique("swordfish", swordfish)
XY_WING = Technique("XY-wing", xy_wing)
XYZ_WING = Technique("XYZ-wing", xyz_wing)
