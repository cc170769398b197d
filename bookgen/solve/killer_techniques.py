"""Killer sudoku reasoning for the shared grader: sum cages without repeats.

`KillerBoard` adds to the shared Board what a person knows about each cage: the digit
sets ("combinations") of its size that make its sum, e.g. a two-cell 4 is {1,3}. A
combination is a bitmask over symbol indices, so a cage has at most C(9,4) = 126 of them
(tables per size and sum, built once); whether one still fits the cage's pencil marks is
a small matching over at most 2**|combination| partial assignments, never a walk over
permutations. Cage-mates are peers (no repeats in a cage), so placing a digit strikes it
from the rest of its cage as from its row.

The rule of 45: a house (row, column, box: any group holding every symbol) sums to
1+...+N, so a region made of whole houses sums to a known total. Cages wholly inside it
account for part; the cells of the region in cages that stick out (innies), or the cells
outside it of cages that stick in (outies), make up the rest. Regions are single houses,
runs of adjacent rows or columns, and pairs of edge-adjacent boxes.

Each technique is a small function `Board -> bool` (True when it made progress) wrapped
in a Technique; the killer type ties them to levels.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bookgen.model import Cell, GridModel, Group
from bookgen.solve.techniques import Board, Contradiction, Detail, Technique

# Rule-of-45 sums are worked out over at most this many unknown cells (a person adds up
# two or three; enumeration is bounded by nsym**cells).
SUM_CELLS_HARD = 3
SUM_CELLS_MEDIUM = 1
# Equations with more cells than this (before any are filled) are not kept at all.
EQUATION_CELLS = 8
# Two cages in one house compare their combinations pairwise; beyond this many pairs the
# comparison is skipped (a count, not a time, so grading never depends on speed).
PAIR_LIMIT = 4000


# --- combination tables ------------------------------------------------------------------


@lru_cache(maxsize=None)
def _subsets_by_sum(values: tuple[int, ...], size: int) -> dict[int, tuple[int, ...]]:
    """Every set of `size` different symbols, as a bitmask, grouped by its sum."""
    found: dict[int, list[int]] = {}
    for combo in combinations(range(len(values)), size):
        found.setdefault(sum(values[i] for i in combo), []).append(sum(1 << i for i in combo))
    return {total: tuple(masks) for total, masks in found.items()}


def cage_combinations(values: tuple[int, ...], size: int, target: int) -> tuple[int, ...]:
    """The digit sets (bitmasks over symbol indices) a cage of `size` cells summing to
    `target` can hold without repeats."""
    if not 1 <= size <= len(values):
        return ()
    return _subsets_by_sum(values, size).get(target, ())


def _bits(d: int) -> list[int]:
    found = []
    while d:
        b = d & -d
        found.append(b)
        d ^= b
    return found


@lru_cache(maxsize=1 << 16)
def fit(cands: tuple[int, ...], subset: int) -> tuple[int, ...] | None:
    """Per cell, the digits it can take when the cells hold exactly `subset`, one digit
    each and each digit of the subset once; None when no such assignment exists.

    Forward: the digit sets the first j cells can use. Backward: the sets the last cells
    can use. A digit fits cell j when a forward set before it and a backward set after it
    make up the subset with it. At most 2**|subset| sets per step.
    """
    k = len(cands)
    options = [c & subset for c in cands]
    union = 0
    for o in options:
        if not o:
            return None
        union |= o
    if union != subset:
        return None
    forward: list[set[int]] = [{0}]
    for o in options:
        step = {m | b for m in forward[-1] for b in _bits(o & ~m)}
        if not step:
            return None
        forward.append(step)
    if subset not in forward[k]:
        return None
    backward: list[set[int]] = [set() for _ in range(k + 1)]
    backward[k] = {0}
    for j in range(k - 1, -1, -1):
        backward[j] = {b | r for r in backward[j + 1] for b in _bits(options[j] & ~r)}
    support = []
    for j, o in enumerate(options):
        d = 0
        for m in forward[j]:
            for b in _bits(o & ~m):
                if subset & ~(m | b) in backward[j + 1]:
                    d |= b
        support.append(d)
    return tuple(support)


# --- the board -------------------------------------------------------------------------


@dataclass(frozen=True)
class SumCage:
    """A cage compiled for the board: its cells (board indices) and sum."""

    cells: tuple[int, ...]
    target: int


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


class KillerBoard(Board):
    """The grader's board for sum cages without repeats."""

    def __init__(self, model: GridModel) -> None:
        super().__init__(model)
        index = model.index
        summed = [k for k in model.cages if k.op in ("+", "=")]
        self.cages = [SumCage(tuple(index[c] for c in k.cells), k.target) for k in summed]
        self.model_cages = summed  # the same cages as the model has them (for worked steps)
        self.cage_of = [-1] * self.n  # -1: in no cage (typed-in puzzles may leave cells out)
        for k, cage in enumerate(self.cages):
            for c in cage.cells:
                self.cage_of[c] = k
        values = model.symbols
        self.alive: list[list[int]] = [
            list(cage_combinations(values, len(cage.cells), cage.target)) for cage in self.cages
        ]
        self._key: list[tuple[int, ...] | None] = [None] * len(self.cages)
        self._support: list[tuple[int, ...]] = [()] * len(self.cages)
        self._equations: list[Equation] | None = None
        self._add_cage_peers()

    def _add_cage_peers(self) -> None:
        """No repeats in a cage: cage-mates are peers, also of the givens already placed."""
        peers = [set(p) for p in self.peers]
        for cage in self.cages:
            for a in cage.cells:
                peers[a].update(b for b in cage.cells if b != a)
        self.peers = [tuple(sorted(p)) for p in peers]
        for i in range(self.n):
            if self.placed[i]:
                for p in self.peers[i]:
                    self.eliminate(p, self.cand[i])

    def value(self, bit: int) -> int:
        return self.model.symbols[bit.bit_length() - 1]

    def note_cage(self, k: int, **more) -> None:
        """Note (when recording) that the step is about cage k: its sum, the digit sets
        that make it and those still fitting the pencil marks, and `more`."""
        if self.recording:
            self.support(k)
            cage, values = self.cages[k], self.model.symbols
            self.note(Detail(cage=self.model_cages[k], ways=self._sets(cage_combinations(values, len(cage.cells),
                                                                                         cage.target)),
                             fit=self._sets(self.alive[k]), **more))

    def _sets(self, subsets) -> tuple[tuple[int, ...], ...]:
        return tuple(sorted(tuple(self.value(b) for b in _bits(m)) for m in subsets))

    def support(self, k: int) -> tuple[int, ...]:
        """Per cell of cage k, the digits some still-possible combination puts there.

        Drops the combinations the pencil marks no longer allow (always sound)."""
        cage = self.cages[k]
        cands = tuple(self.cand[c] for c in cage.cells)
        if self._key[k] == cands:
            return self._support[k]
        live, union = [], [0] * len(cands)
        for subset in self.alive[k]:
            found = fit(cands, subset)
            if found is not None:
                live.append(subset)
                for j, d in enumerate(found):
                    union[j] |= d
        if not live:
            raise Contradiction
        self.alive[k] = live
        self._key[k] = cands
        self._support[k] = tuple(union)
        return self._support[k]

    def strike(self, k: int, keep: list[int]) -> bool:
        """Keep only these combinations of cage k and restrict its cells to what they
        allow; True when a candidate went (combinations change only with the pencil
        marks, so progress is always visible on paper)."""
        if not keep:
            raise Contradiction
        before = tuple(self.cand[c] for c in self.cages[k].cells)
        self.alive[k] = keep
        self._key[k] = None
        for c, d in zip(self.cages[k].cells, self.support(k)):
            self.restrict(c, d)
        return before != tuple(self.cand[c] for c in self.cages[k].cells)

    def required(self, k: int) -> int:
        """Digits every still-possible combination of cage k holds."""
        self.support(k)
        common = self.full
        for subset in self.alive[k]:
            common &= subset
        return common

    @property
    def equations(self) -> list[Equation]:
        if self._equations is None:
            self._equations = _equations(self)
            self.equations_seen: list[tuple[int, ...] | None] = [None] * len(self._equations)
        return self._equations


def _open(board: Board, cells) -> list[int]:
    return [c for c in cells if not board.placed[c]]


# --- beginner: digits written straight from a cage ----------------------------------------


def one_cell_cage(board: KillerBoard) -> bool:
    """A one-cell cage shows its digit."""
    progress = False
    for k, cage in enumerate(board.cages):
        if len(cage.cells) == 1 and not board.placed[cage.cells[0]]:
            board.place(cage.cells[0], board.support(k)[0])
            progress = True
    return progress


def cage_last_cell(board: KillerBoard) -> bool:
    """A cage with one empty cell left: its digit is the sum less the digits written."""
    for cage in board.cages:
        empty = _open(board, cage.cells)
        if len(empty) != 1 or len(cage.cells) == 1:
            continue
        rest = sum(board.value(board.cand[c]) for c in cage.cells if board.placed[c])
        bit = _bit_of(board, cage.target - rest)
        if not board.cand[empty[0]] & bit:
            raise Contradiction
        if board.recording:
            board.note_cage(board.cage_of[empty[0]],
                            digits=tuple(board.value(board.cand[c]) for c in cage.cells if board.placed[c]))
        board.place(empty[0], bit)
        return True
    return False


def _bit_of(board: KillerBoard, value: int) -> int:
    try:
        return 1 << board.model.symbols.index(value)
    except ValueError:
        return 0


# --- easy: combinations as pencil marks -----------------------------------------------------


def cage_combination_marks(board: KillerBoard) -> bool:
    """Each cell of a cage keeps only the digits of some combination that makes the sum
    with different digits and fits the other cells (e.g. two cells making 4: 1 and 3)."""
    for k, cage in enumerate(board.cages):
        if not _open(board, cage.cells):
            continue
        progress = False
        for c, d in zip(cage.cells, board.support(k)):
            if board.cand[c] & ~d:
                board.restrict(c, d)
                progress = True
        if progress:
            board.note_cage(k)
            return True
    return False


# --- medium: cages and houses together ----------------------------------------------------


def cage_claims_digit(board: KillerBoard) -> bool:
    """A digit every combination of a cage holds, whose places in the cage all lie in one
    house, belongs to the cage there: it leaves the rest of that house."""
    houses_of = _houses_of(board)
    for k, cage in enumerate(board.cages):
        if not _open(board, cage.cells):
            continue
        required = board.required(k)
        if not required:
            continue
        support = board.support(k)
        for b in _bits(required):
            spots = [c for c, d in zip(cage.cells, support) if d & b]
            common = set(houses_of[spots[0]]).intersection(*(houses_of[c] for c in spots[1:]))
            progress = False
            for h in common:
                for i in board.covering[h]:
                    if board.cage_of[i] != k and not board.placed[i]:
                        progress |= board.eliminate(i, b)
            if progress:
                if board.recording:
                    houses = tuple(board.group_of(board.covering[h]) for h in sorted(common))
                    board.note_cage(k, groups=houses, cells=board.cells_of(spots), digits=(board.value(b),))
                return True
    return False


def house_pins_digit(board: KillerBoard) -> bool:
    """When a house can hold a digit only in the cells of one cage, that cage holds the
    digit there: its combinations without the digit go, and so does the digit from the
    cage's cells outside the house."""
    for g in board.covering:
        placed_bits = 0
        for i in g:
            if board.placed[i]:
                placed_bits |= board.cand[i]
        for b in _bits(board.full & ~placed_bits):
            spots = [i for i in g if not board.placed[i] and board.cand[i] & b]
            if len(spots) < 2:
                continue
            k = board.cage_of[spots[0]]
            if k < 0 or any(board.cage_of[i] != k for i in spots[1:]):
                continue
            progress = False
            keep = [s for s in board.alive[k] if s & b]
            if len(keep) < len(board.alive[k]):
                progress |= board.strike(k, keep)
            members = set(g)
            for c in board.cages[k].cells:
                if c not in members and not board.placed[c]:
                    progress |= board.eliminate(c, b)
            if progress:
                if board.recording:
                    board.note_cage(k, groups=(board.group_of(g),), cells=board.cells_of(spots),
                                    digits=(board.value(b),))
                return True
    return False


def _houses_of(board: Board) -> list[tuple[int, ...]]:
    cached = getattr(board, "_houses_of", None)
    if cached is None:
        found: list[list[int]] = [[] for _ in range(board.n)]
        for h, g in enumerate(board.covering):
            for i in g:
                found[i].append(h)
        cached = [tuple(x) for x in found]
        board._houses_of = cached
    return cached


# --- the rule of 45 ---------------------------------------------------------------------


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


def _apply_equations(board: KillerBoard, max_houses: int, max_cells: int, mixed: bool) -> bool:
    equations = board.equations
    seen = board.equations_seen
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
    options = [[(b, signs[j] * board.value(b)) for b in _bits(board.cand[c])] for j, c in enumerate(cells)]
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
    progress = False
    for c, d in zip(cells, support):
        if board.cand[c] & ~d:
            board.restrict(c, d)
            progress = True
    return progress


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


# --- expert: cages against cages ----------------------------------------------------------


def cages_in_one_house(board: KillerBoard) -> bool:
    """Two cages wholly inside one house share no digit: a combination of one that meets
    every still-possible combination of the other is impossible."""
    for k1, k2, h in _house_pairs(board):
        if not _open(board, board.cages[k1].cells) and not _open(board, board.cages[k2].cells):
            continue
        board.support(k1)
        board.support(k2)
        a, b = board.alive[k1], board.alive[k2]
        if len(a) * len(b) > PAIR_LIMIT:
            continue
        keep_a = [s for s in a if any(not s & t for t in b)]
        keep_b = [t for t in b if any(not s & t for s in keep_a)]
        if len(keep_a) < len(a) and board.strike(k1, keep_a):
            if board.recording:
                board.note_cage(k1, other=board.model_cages[k2], groups=(board.group_of(board.covering[h]),))
            return True
        if len(keep_b) < len(b) and board.strike(k2, keep_b):
            if board.recording:
                board.note_cage(k2, other=board.model_cages[k1], groups=(board.group_of(board.covering[h]),))
            return True
    return False


def _house_pairs(board: KillerBoard) -> list[tuple[int, int, int]]:
    """Pairs of cages wholly inside one house: (cage, cage, house), each pair once."""
    cached = getattr(board, "_house_pairs", None)
    if cached is None:
        found: dict[tuple[int, int], int] = {}
        for h, g in enumerate(board.covering):
            members = set(g)
            inside = sorted({board.cage_of[i] for i in g if board.cage_of[i] >= 0
                             and all(c in members for c in board.cages[board.cage_of[i]].cells)})
            for pair in combinations(inside, 2):
                found.setdefault(pair, h)
        cached = sorted((k1, k2, h) for (k1, k2), h in found.items())
        board._house_pairs = cached
    return cached


ONE_CELL_CAGE = Technique("one-cell cage", one_cell_cage)
CAGE_LAST_CELL = Technique("last cell of a cage", cage_last_cell)
CAGE_COMBINATIONS = Technique("cage combinations", cage_combination_marks)
CAGE_CLAIMS = Technique("cage claims a digit in a house", cage_claims_digit)
HOUSE_PINS = Technique("house pins a digit into a cage", house_pins_digit)
RULE_45_HOUSE = Technique("rule of 45 (one house)", rule_of_45_house)
RULE_45 = Technique("rule of 45", rule_of_45)
INNIES_OUTIES = Technique("innies and outies", innies_and_outies)
CAGES_IN_HOUSE = Technique("two cages in one house", cages_in_one_house)
