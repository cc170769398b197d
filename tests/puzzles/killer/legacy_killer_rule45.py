"""The Python killer grader as it was before the engine took it over, kept only as the
other side of the differential check (killer_differential.py) while both exist; nothing
in bookgen imports it.

The rule of 45 for killer sudoku: innies, outies, and the two together.

A house (row, column, box: any group holding every symbol) sums to 1+...+N, so a region
made of whole houses sums to a known total. Cages wholly inside it account for part;
the cells of the region in cages that stick out (innies), or the cells outside it of
cages that stick in (outies), make up the rest. Regions are single houses, runs of
adjacent rows or columns, and pairs of edge-adjacent boxes.

Each technique is a small function `Board -> bool` (True when it made progress) wrapped
in a Technique; the killer type ties them to levels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bookgen.model import Cell, Group
from legacy_killer_board import KillerBoard
from legacy_grader import Contradiction, Detail, Technique, bit_values

# Rule-of-45 sums are worked out over at most this many unknown cells (a person adds up
# two or three; enumeration is bounded by nsym**cells).
SUM_CELLS_HARD = 3
SUM_CELLS_MEDIUM = 1
# Equations with more cells than this (before any are filled) are not kept at all.
EQUATION_CELLS = 8


@dataclass(frozen=True)
class Equation:
    """A rule-of-45 fact: sum(plus cells) - sum(minus cells) == total.

    `houses` is how many houses the region is made of (1 = a single row, column or box);
    `mixed` marks equations with both innies and outies. For worked steps: `kind` (innies,
    outies or mixed), the region's cells, what its houses add up to and what the cages
    counted whole make (total = houses' sum - known for innies, known - houses' sum for
    outies)."""

    plus: tuple[int, ...]
    minus: tuple[int, ...]
    total: int
    houses: int
    mixed: bool
    kind: str = "innies"
    region: frozenset[Cell] = frozenset()
    region_sum: int = 0
    known: int = 0


@lru_cache(maxsize=64)
def regions(groups: tuple[Group, ...], nsym: int) -> tuple[tuple[frozenset[Cell], int], ...]:
    """Regions of whole houses (cells, number of houses): every house, runs of adjacent
    rows and of adjacent columns, and pairs of boxes sharing an edge. Depends only on the
    grid's shape, so it is computed once per shape."""
    houses = [g for g in groups if len(g.cells) == nsym]
    found: dict[frozenset[Cell], int] = {frozenset(g.cells): 1 for g in houses}
    for kind, axis in (("row", 0), ("column", 1)):
        lines = sorted((g.cells[0][axis], frozenset(g.cells)) for g in houses if g.kind == kind)
        for start in range(len(lines)):
            cells = lines[start][1]
            for end in range(start + 1, len(lines) - 1):
                if lines[end][0] != lines[end - 1][0] + 1:
                    break
                cells = cells | lines[end][1]
                found.setdefault(cells, end - start + 1)
    boxes = [frozenset(g.cells) for g in houses if g.kind not in ("row", "column")]
    for a, b in combinations(boxes, 2):
        if not a & b and any((r + dr, c + dc) in b for r, c in a for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))):
            found.setdefault(a | b, 2)
    return tuple(found.items())


def _equations(board: KillerBoard) -> list[Equation]:
    """Innie, outie and mixed equations of every region, for this board's cages."""
    index = board.model.index
    house_total = sum(board.model.symbols)
    found: list[Equation] = []
    for cells, houses in regions(board.model.groups, board.nsym):
        inside = {index[c] for c in cells}
        total = houses * house_total
        full_sum, innies, partial = 0, [], {}
        for i in inside:
            k = board.cage_of[i]
            if k < 0:
                innies.append(i)
            elif k not in partial:
                partial[k] = None
        outies, mostly_in, cover_sum = [], [], 0
        for k in list(partial):
            cage = board.cages[k]
            out = [c for c in cage.cells if c not in inside]
            cover_sum += cage.target
            if not out:
                full_sum += cage.target
                del partial[k]
                continue
            partial[k] = out
            outies.extend(out)
            if 2 * len(out) < len(cage.cells):
                mostly_in.append(k)
        innies.extend(i for i in inside if board.cage_of[i] in partial)
        candidates = [Equation(tuple(sorted(innies)), (), total - full_sum, houses, False, "innies", cells, total,
                               full_sum)]
        if board.cage_of.count(-1) == 0 or all(board.cage_of[i] >= 0 for i in inside):
            candidates.append(Equation(tuple(sorted(outies)), (), cover_sum - total, houses, False, "outies", cells,
                                       total, cover_sum))
        if mostly_in and len(mostly_in) < len(partial):
            plus = tuple(sorted(i for i in innies if board.cage_of[i] not in mostly_in))
            minus = tuple(sorted(c for k in mostly_in for c in partial[k]))
            taken = sum(board.cages[k].target for k in mostly_in)
            candidates.append(Equation(plus, minus, total - full_sum - taken, houses, True, "mixed", cells, total,
                                       full_sum + taken))
        for eq in candidates:
            if 0 < len(eq.plus) + len(eq.minus) <= EQUATION_CELLS:
                found.append(eq)
    return found


def _equations_of(board: KillerBoard) -> tuple[list[Equation], list[tuple[int, ...] | None]]:
    """The board's equations and, for each, the pencil marks it was last worked out on
    (found on first use: they depend on the cages only)."""
    cached = getattr(board, "_equations", None)
    if cached is None:
        found = _equations(board)
        cached = (found, [None] * len(found))
        board._equations = cached
    return cached


def _apply_equations(board: KillerBoard, max_houses: int, max_cells: int, mixed: bool) -> bool:
    equations, seen = _equations_of(board)
    cand = board.cand
    for e, eq in enumerate(equations):
        if eq.houses > max_houses or eq.mixed != mixed:
            continue
        # An equation already worked out on these very pencil marks has nothing new.
        key = tuple(cand[c] for c in eq.plus) + tuple(cand[c] for c in eq.minus)
        if seen[e] == key:
            continue
        total = eq.total
        plus = []
        for c in eq.plus:
            if board.placed[c]:
                total -= board.value(board.cand[c])
            else:
                plus.append(c)
        minus = []
        for c in eq.minus:
            if board.placed[c]:
                total += board.value(board.cand[c])
            else:
                minus.append(c)
        if not plus and not minus:
            if total:
                raise Contradiction
            continue
        if len(plus) + len(minus) > max_cells:
            continue
        if _restrict_to_sum(board, plus, minus, total):
            if board.recording:
                board.note(Detail(kind=eq.kind, region=tuple(sorted(eq.region)), cells=board.cells_of(plus),
                                  minus=board.cells_of(minus), total=eq.region_sum, known=eq.known, need=total))
            return True
        seen[e] = key
    return False


def _restrict_to_sum(board: KillerBoard, plus: list[int], minus: list[int], total: int) -> bool:
    """Keep the candidates some assignment with sum(plus) - sum(minus) == total uses
    (peers differing). At most nsym**cells assignments, cells being few; partial sums
    outside what the remaining cells can still add are cut off."""
    cells = plus + minus
    k = len(cells)
    signs = [1] * len(plus) + [-1] * len(minus)
    options = [[(b, signs[j] * board.value(b)) for b in bit_values(board.cand[c])] for j, c in enumerate(cells)]
    # The least and most the cells from j on can still add (ignoring repeats).
    low, high = [0] * (k + 1), [0] * (k + 1)
    for j in range(k - 1, -1, -1):
        amounts = [v for _, v in options[j]]
        low[j], high[j] = low[j + 1] + min(amounts), high[j + 1] + max(amounts)
    peers = [[x for x in range(j) if cells[x] in board.peers[cells[j]]] for j in range(k)]
    support = [0] * k
    chosen = [0] * k

    def walk(j: int, need: int) -> None:
        if j == k:
            if need == 0:
                for x in range(k):
                    support[x] |= chosen[x]
            return
        if not low[j] <= need <= high[j]:
            return
        for b, v in options[j]:
            if any(chosen[x] == b for x in peers[j]):
                continue
            chosen[j] = b
            walk(j + 1, need - v)

    walk(0, total)
    if not any(support):
        raise Contradiction
    return board.narrow(cells, support)


def rule_of_45_house(board: KillerBoard) -> bool:
    """One house, one unknown cell: the house sums to 1+...+N, the cages inside it and
    the digits written account for the rest, so the lone innie (or outie) is known."""
    return _apply_equations(board, 1, SUM_CELLS_MEDIUM, mixed=False)


def rule_of_45(board: KillerBoard) -> bool:
    """Innies or outies of a house or of adjacent houses together (two rows, two boxes…)
    make a known sum: two or three unknown cells keep only the digits that can make it."""
    return _apply_equations(board, len(board.covering), SUM_CELLS_HARD, mixed=False)


def innies_and_outies(board: KillerBoard) -> bool:
    """Innies less outies: cages sticking out of a region by a cell or two, counted in
    whole, leave a known difference between the innies and the outies."""
    return _apply_equations(board, len(board.covering), SUM_CELLS_HARD, mixed=True)


RULE_45_HOUSE = Technique("rule of 45 (one house)", rule_of_45_house)
RULE_45 = Technique("rule of 45", rule_of_45)
INNIES_OUTIES = Technique("innies and outies", innies_and_outies)
