"""The Python killer grader as it was before the engine took it over, kept only as the
other side of the differential check (killer_differential.py) while both exist; nothing
in bookgen imports it.

Killer sudoku techniques on cages: digits straight from a cage, combinations as pencil
marks, cages and houses together, and two cages in one house.

They work on the `KillerBoard` (cages and their digit combinations, in legacy_killer_board);
the rule of 45 is in legacy_killer_rule45.

Each technique is a small function `Board -> bool` (True when it made progress) wrapped
in a Technique; the killer type ties them to levels.
"""

from __future__ import annotations

from itertools import combinations

from legacy_killer_board import KillerBoard
from legacy_grader import Board, Contradiction, Technique, bit_values

# Two cages in one house compare their combinations pairwise; beyond this many pairs the
# comparison is skipped (a count, not a time, so grading never depends on speed).
PAIR_LIMIT = 4000


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
        if board.narrow(cage.cells, board.support(k)):
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
        for b in bit_values(required):
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
        for b in bit_values(board.full & ~placed_bits):
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
CAGES_IN_HOUSE = Technique("two cages in one house", cages_in_one_house)
