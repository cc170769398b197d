"""(The legacy Python copy, kept for the differential tests only.) Chains: the expert techniques, as alternating chains of strong and weak links.

A candidate is a (cell, symbol) pair. A *strong* link joins two candidates of which at
least one is true: the only two places of a symbol in a group that must hold every
symbol (a conjugate pair), or the two candidates of a cell with two left (a bivalue
cell). A *weak* link joins two candidates of which at most one is true: the same symbol
in two cells that share a group. Following a chain from a candidate assumed false,
strong and weak links in turn, every candidate reached over a strong link is true, so
one of the two ends is true:

- X-chain: one symbol, conjugate pairs as strong links. A cell seeing both ends loses
  the symbol. Simple colouring's traps are short X-chains.
- XY-chain: bivalue cells as strong links, the same symbol between cells as weak links.
  When it ends on the symbol it started from, a cell seeing both ends loses it.

In both, a chain that comes back to contradict its own assumption (a candidate reached
both true and false) proves the start true. Groups are generic all-different sets: the
techniques know nothing of rows, columns or boxes, so they serve every sudoku-family
shape (diagonals, windows, jigsaw regions, samurai overlaps). Chains are searched
breadth-first from each start and cut at MAX_LINKS links, which bounds their cost.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterator

from legacy_grader import Board, Technique

# Links in the longest chain looked for (strong and weak together). Long chains are
# rarely needed by a person and make the search cost grow quickly; 11 links is six
# strong links, beyond what published expert puzzles ask for.
MAX_LINKS = 11

# A candidate node: cell * nsym + symbol index.
Node = int
Links = Callable[[Node], Iterator[Node]]


@lru_cache(maxsize=64)
def _peer_masks(peers: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each cell's peers as a bitset of cell numbers (computed once per shape)."""
    masks = []
    for ps in peers:
        m = 0
        for p in ps:
            m |= 1 << p
        masks.append(m)
    return tuple(masks)


def _cells_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Chains:
    """The board seen as candidate nodes, with the bitsets the link rules need."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.nsym = board.nsym
        self.peer = _peer_masks(tuple(board.peers))
        # where[k]: the open cells that still have symbol k, as a bitset.
        self.where = [0] * board.nsym
        for i, d in enumerate(board.cand):
            if board.placed[i]:
                continue
            for k in range(board.nsym):
                if d >> k & 1:
                    self.where[k] |= 1 << i

    def conjugates(self, k: int) -> dict[int, list[int]]:
        """Cell -> the cells it forms a conjugate pair with, for symbol k."""
        partners: dict[int, list[int]] = {}
        spots = self.where[k]
        for g in self.board.covering:
            places = [i for i in g if spots >> i & 1]
            if len(places) == 2:
                a, b = places
                partners.setdefault(a, []).append(b)
                partners.setdefault(b, []).append(a)
        return partners

    def seen_with(self, k: int, cell: int, among: int) -> Iterator[Node]:
        """The nodes for symbol k in cells of `among` that share a group with `cell`."""
        for p in _cells_of(self.peer[cell] & among):
            yield p * self.nsym + k


def _chase(start: Node, strong: Links, weak: Links) -> Iterator[tuple[Node, bool]]:
    """Nodes proved true (True) from assuming `start` false, breadth-first up to
    MAX_LINKS links; yields (start, True) when the assumption contradicts itself."""
    off, on = {start}, set()
    frontier_off, links = [start], 0
    while frontier_off and links < MAX_LINKS:
        frontier_on = []
        for a in frontier_off:
            for b in strong(a):
                if b in off:
                    yield start, True
                    return
                if b not in on:
                    on.add(b)
                    frontier_on.append(b)
                    yield b, False
        links += 1
        frontier_off = []
        if links >= MAX_LINKS:
            break
        for a in frontier_on:
            for b in weak(a):
                if b in on:
                    yield start, True
                    return
                if b not in off:
                    off.add(b)
                    frontier_off.append(b)
        links += 1


def _conclude(chains: _Chains, start: Node, end: Node, contradiction: bool) -> bool:
    """Apply what "start or end is true" (or "start is true") allows; True on progress."""
    board, nsym = chains.board, chains.nsym
    s, k = divmod(start, nsym)
    if contradiction:
        return board.restrict(s, 1 << k)
    e, x = divmod(end, nsym)
    if x != k or e == s:
        return False
    progress = False
    for i in _cells_of(chains.peer[s] & chains.peer[e] & chains.where[k]):
        progress |= board.eliminate(i, 1 << k)
    return progress


def _run(chains: _Chains, starts: Iterator[Node], strong: Links, weak: Links) -> bool:
    """The first chain from one of `starts` that removes a candidate; True if found."""
    for start in starts:
        for end, contradiction in _chase(start, strong, weak):
            if _conclude(chains, start, end, contradiction):
                return True
    return False


def x_chain(board: Board) -> bool:
    """One symbol: conjugate pairs joined by cells that see each other."""
    chains = _Chains(board)
    return any(_x_chain_for(chains, k) for k in range(board.nsym))


def _x_chain_for(chains: _Chains, k: int) -> bool:
    nsym = chains.nsym
    partners = chains.conjugates(k)

    def strong(node: Node) -> Iterator[Node]:
        return (p * nsym + k for p in partners.get(node // nsym, ()))

    def weak(node: Node) -> Iterator[Node]:
        return chains.seen_with(k, node // nsym, chains.where[k])

    return _run(chains, (cell * nsym + k for cell in sorted(partners)), strong, weak)


def xy_chain(board: Board) -> bool:
    """Bivalue cells, each joined to the next by a shared symbol in cells that see each
    other; ends on the symbol it started from."""
    nsym, cand = board.nsym, board.cand
    bivalue = 0
    for i, d in enumerate(cand):
        if not board.placed[i] and d.bit_count() == 2:
            bivalue |= 1 << i
    if not bivalue:
        return False
    chains = _Chains(board)

    def strong(node: Node) -> Iterator[Node]:
        cell, k = divmod(node, nsym)
        if bivalue >> cell & 1:
            other = cand[cell] & ~(1 << k)
            yield cell * nsym + other.bit_length() - 1

    def weak(node: Node) -> Iterator[Node]:
        cell, k = divmod(node, nsym)
        return chains.seen_with(k, cell, chains.where[k] & bivalue)

    starts = (cell * nsym + k for cell in _cells_of(bivalue) for k in range(nsym) if cand[cell] >> k & 1)
    return _run(chains, starts, strong, weak)


X_CHAIN = Technique("X-chain", x_chain)
XY_CHAIN = Technique("XY-chain", xy_chain)
CHAINS = (X_CHAIN, XY_CHAIN)
