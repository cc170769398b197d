"""The Python KenKen techniques as they were before the engine graded KenKen, kept only
as the reference for the differential test (test_kenken_engine.py), with the level table
that used them (LEGACY_LEVELS). KenKen's own human techniques, on its CageBoard: cage
singles and cage arithmetic, a cage claiming a digit in its line, a line pinning a digit
into a cage, two cages in a line, and the line sum and product rules. Each technique is a
small function `Board -> bool` (True when it made progress), as in
bookgen.solve.techniques; the type's level table ties them to levels.
"""

from __future__ import annotations

from itertools import product as cartesian
from math import prod

import legacy_fish_wings as fw
import legacy_techniques as t
from legacy_grader import Board, Contradiction, Detail, Level, Technique, bit_values
from kenken_legacy_board import CageBoard

# Beginner "cage single" only looks at cages with at most this many empty cells: the
# arithmetic a beginner does in their head ("7+ with a 3 already in: the other is 4").
BEGINNER_OPEN_CELLS = 2

# Two-cage reasoning compares every pair of live combinations; pairs of cages with more
# pairs than this are skipped (a person would not try them either). A count, not a time,
# so grading never depends on machine speed.
PAIR_LIMIT = 4000

# The line sum and product rules enumerate the leftover cells of a line; more than this
# many leftover cells is not something a person would add up.
LINE_RULE_CELLS = 4



def _open(board: Board, cells) -> list[int]:
    return [c for c in cells if not board.placed[c]]


# --- beginner: every step writes one forced digit -------------------------------------


def single_cell_cage(board: CageBoard) -> bool:
    """A one-cell cage shows its digit."""
    progress = False
    for k in board.singles:
        c = board.shapes[k].cells[0]
        if not board.placed[c]:
            board.place(c, board.support(k)[0])
            progress = True
    return progress


def cage_single(board: CageBoard) -> bool:
    """In a cage with one or two empty cells, the target (with the digits already in the
    rows and columns) leaves one digit for a cell."""
    for k, shape in enumerate(board.shapes):
        empty = _open(board, shape.cells)
        if not empty or len(empty) > BEGINNER_OPEN_CELLS:
            continue
        support = board.support(k)
        progress = False
        for c, d in zip(shape.cells, support):
            if not board.placed[c] and not d & (d - 1) and board.cand[c] & d:
                if not progress:
                    board.note_cage(k)
                board.place(c, d)
                progress = True
        if progress:
            return True
    return False


# --- easy: cage arithmetic as pencil marks ---------------------------------------------


def cage_candidates(board: CageBoard) -> bool:
    """Each cell of a cage keeps only the digits of some combination that makes the target
    (e.g. 3- with digits 1..4: {1,4} or {2,...}; 12* in two cells: 3 and 4)."""
    for k, shape in enumerate(board.shapes):
        if not _open(board, shape.cells):
            continue
        if board.narrow(shape.cells, board.support(k)):
            board.note_cage(k)
            return True
    return False


# --- medium: cages and lines together ---------------------------------------------------


def cage_line_required(board: CageBoard) -> bool:
    """A digit every combination of a cage puts in its cells within one row (or column)
    belongs to the cage there, so it leaves the rest of that row (column)."""
    mask = board.mask
    for k, shape in enumerate(board.shapes):
        if not _open(board, shape.cells):
            continue
        board.support(k)
        for li, positions in shape.lines:
            outside = [i for i in board.covering[li] if board.cage_of[i] != k and not board.placed[i]]
            if not outside:
                continue
            required = board.full
            shifts = [shape.shifts[j] for j in positions]
            for combo in board.alive[k]:
                present = 0
                for s in shifts:
                    present |= (combo >> s) & mask
                required &= present
                if not required:
                    break
            if required:
                progress = False
                for i in outside:
                    progress |= board.eliminate(i, required)
                if progress:
                    if board.recording:
                        board.note_cage(k, groups=(board.group_of(board.covering[li]),),
                                        digits=tuple(board.value(b) for b in bit_values(required)))
                    return True
    return False


# --- hard: a line pins a digit into a cage ----------------------------------------------


def line_into_cage(board: CageBoard) -> bool:
    """When a row (column) can hold a digit only in the cells of one cage, that cage's
    combination must put the digit there: combinations without it are struck out."""
    mask = board.mask
    for g in board.covering:
        open_cells = _open(board, g)
        placed_bits = 0
        for i in g:
            if board.placed[i]:
                placed_bits |= board.cand[i]
        missing = board.full & ~placed_bits
        while missing:
            b = missing & -missing
            missing ^= b
            spots = [i for i in open_cells if board.cand[i] & b]
            if len(spots) < 2:
                continue
            k = board.cage_of[spots[0]]
            if k < 0 or any(board.cage_of[i] != k for i in spots[1:]):
                continue
            shape = board.shapes[k]
            board.support(k)
            shifts = [shape.shifts[shape.cells.index(i)] for i in spots]
            keep = [c for c in board.alive[k] if any((c >> s) & mask == b for s in shifts)]
            if len(keep) < len(board.alive[k]) and board.strike(k, keep):
                if board.recording:
                    board.note_cage(k, groups=(board.group_of(g),), cells=board.cells_of(spots),
                                    digits=(board.value(b),))
                return True
    return False


# --- expert: several cages at once; whole-line arithmetic --------------------------------


def cage_pairs(board: CageBoard) -> bool:
    """Two cages that share a row or column must agree: a combination of one that clashes
    with every live combination of the other (the same digit twice in a line) is out."""
    for k1, k2, conflicts in _touching_pairs(board):
        if not _open(board, board.shapes[k1].cells) or not _open(board, board.shapes[k2].cells):
            continue
        board.support(k1)
        board.support(k2)
        a, b = board.alive[k1], board.alive[k2]
        if len(a) * len(b) > PAIR_LIMIT:
            continue
        keep_a, keep_b = _compatible(board, a, b, conflicts)
        if len(keep_a) < len(a) and board.strike(k1, keep_a):
            board.note_cage(k1, other=board.model.cages[k2])
            return True
        if len(keep_b) < len(b) and board.strike(k2, keep_b):
            board.note_cage(k2, other=board.model.cages[k1])
            return True
    return False


def _touching_pairs(board: CageBoard) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    """Pairs of cages with cells in a common line, and the (shift, shift) pairs that clash."""
    cached = getattr(board, "_pairs", None)
    if cached is not None:
        return cached
    pairs = []
    shapes = board.shapes
    for k1 in range(len(shapes)):
        lines1 = {li: js for li, js in shapes[k1].lines}
        for k2 in range(k1 + 1, len(shapes)):
            conflicts = []
            for li, js2 in shapes[k2].lines:
                for j1 in lines1.get(li, ()):
                    for j2 in js2:
                        conflicts.append((shapes[k1].shifts[j1], shapes[k2].shifts[j2]))
            if conflicts:
                pairs.append((k1, k2, tuple(sorted(set(conflicts)))))
    board._pairs = pairs
    return pairs


def _compatible(board: CageBoard, a: list[int], b: list[int], conflicts) -> tuple[list[int], list[int]]:
    mask = board.mask
    ok_b: set[int] = set()
    keep_a = []
    for ca in a:
        forbidden = 0
        for s1, s2 in conflicts:
            forbidden |= ((ca >> s1) & mask) << s2
        fits = [cb for cb in b if not cb & forbidden]
        if fits:
            keep_a.append(ca)
            ok_b.update(fits)
    return keep_a, [cb for cb in b if cb in ok_b]


def line_sum(board: CageBoard) -> bool:
    """A line holds every digit once, so its total is fixed (1+...+N); cages wholly inside
    it with a known total leave the rest to the remaining few cells."""
    return _line_rule(board, sum, lambda x, y: x - y, "sum")


def line_product(board: CageBoard) -> bool:
    """The same with products: a line multiplies to N!; × cages inside it divide it out."""
    return _line_rule(board, prod, lambda x, y: x // y if y and x % y == 0 else -1, "product")


def _line_rule(board: CageBoard, combine, remove, kind: str) -> bool:
    symbols = board.model.symbols
    total_all = combine(symbols)
    mask = board.mask
    for g in board.covering:
        members = set(g)
        remaining = total_all
        leftover: list[int] = []
        used_cage = False
        seen: set[int] = set()
        for i in g:
            k = board.cage_of[i]
            if k in seen:
                continue
            shape = board.shapes[k] if k >= 0 else None
            if shape and len(shape.cells) > 1 and all(c in members for c in shape.cells) and _open(board, shape.cells):
                seen.add(k)
                board.support(k)
                totals = {combine([board.value((c >> s) & mask) for s in shape.shifts]) for c in board.alive[k]}
                if len(totals) == 1:
                    remaining = remove(remaining, totals.pop())
                    used_cage = True
                    continue
                leftover.extend(c for c in shape.cells if not board.placed[c])
                remaining = remove(remaining, combine([board.value(board.cand[c]) for c in shape.cells if board.placed[c]]))
                continue
            if board.placed[i]:
                remaining = remove(remaining, board.value(board.cand[i]))
            else:
                leftover.append(i)
        if not used_cage or not leftover or len(leftover) > LINE_RULE_CELLS or remaining < 0:
            continue
        if _restrict_to_total(board, leftover, remaining, combine):
            if board.recording:
                known = total_all - remaining if kind == "sum" else total_all // remaining
                board.note(Detail(kind=kind, groups=(board.group_of(g),), cells=board.cells_of(leftover),
                                  total=total_all, known=known, need=remaining))
            return True
    return False


def _restrict_to_total(board: CageBoard, cells: list[int], total: int, combine) -> bool:
    """Keep the candidates of these cells (all in one line, so all different) that some
    assignment making `total` uses."""
    options = [bit_values(board.cand[c]) for c in cells]
    support = [0] * len(cells)
    for choice in cartesian(*options):
        if len(set(choice)) == len(choice) and combine([board.value(b) for b in choice]) == total:
            for j, b in enumerate(choice):
                support[j] |= b
    if not any(support):
        raise Contradiction
    return board.narrow(cells, support)


SINGLE_CELL_CAGE = Technique("one-cell cage", single_cell_cage)
CAGE_SINGLE = Technique("cage single", cage_single)
CAGE_CANDIDATES = Technique("cage arithmetic", cage_candidates)
CAGE_LINE = Technique("cage claims a digit in its line", cage_line_required)
LINE_INTO_CAGE = Technique("line pins a digit into a cage", line_into_cage)
CAGE_PAIRS = Technique("two cages in a line", cage_pairs)
LINE_SUM = Technique("line sum rule", line_sum)
LINE_PRODUCT = Technique("line product rule", line_product)

# KenKen's level table as it was (bookgen.puzzles.kenken.rules), on these techniques.
LEGACY_LEVELS: tuple[Level, ...] = (
    Level("beginner", (SINGLE_CELL_CAGE, t.NAKED_SINGLE, t.HIDDEN_SINGLE, CAGE_SINGLE)),
    Level("easy", (CAGE_CANDIDATES,)),
    Level("medium", (t.NAKED_PAIR, t.HIDDEN_PAIR, CAGE_LINE)),
    Level("hard", (t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, LINE_INTO_CAGE, fw.X_WING)),
    Level("expert", (LINE_SUM, LINE_PRODUCT, CAGE_PAIRS, fw.XY_WING, fw.SWORDFISH)),
)
