"""The legacy Python copy (tests only) of the human solving techniques over all-different groups, each a small named function: full
house, hidden and naked singles, naked and hidden pairs and triples, pointing and
claiming. The board they work on and the grader that applies them are in
bookgen.solve.grader; fish and wings in fish_wings.
"""

from __future__ import annotations

from itertools import combinations

from legacy_grader import Board, Contradiction, Detail, Technique, bits_of


# --- techniques over all-different groups -------------------------------------------


def naked_single(board: Board) -> bool:
    """A cell with one candidate left takes it."""
    progress = False
    for i in range(board.n):
        d = board.cand[i]
        if not board.placed[i] and not d & (d - 1):
            board.place(i, d)
            progress = True
    return progress


def full_house(board: Board) -> bool:
    """The last empty cell of a group takes the one symbol the group still lacks."""
    while board.full_houses:
        k = board.full_houses.pop()
        if board.open_left[k] == 1:
            g = board.covering[k]
            last = next(i for i in g if not board.placed[i])
            if board.recording:
                board.note(Detail(groups=(board.group_of(g),)))
            board.place(last, board.cand[last])
            return True
    return False


def hidden_single_in_box(board: Board) -> bool:
    """Cross-hatching: a symbol with one place left in a box (or region) goes there."""
    return _hidden_single_in(board, board.compact)


def hidden_single(board: Board) -> bool:
    """A symbol that fits in only one cell of a group goes there."""
    return _hidden_single_in(board, board.covering)


def _hidden_single_in(board: Board, groups: tuple[tuple[int, ...], ...]) -> bool:
    cand, is_placed = board.cand, board.placed
    for g in groups:
        once = twice = placed = 0
        for i in g:
            d = cand[i]
            if is_placed[i]:
                placed |= d
            twice |= once & d
            once |= d
        if once != board.full:
            raise Contradiction
        unique = once & ~twice & ~placed
        if unique:
            if board.recording:
                board.note(Detail(groups=(board.group_of(g),)))
            for i in g:
                hit = board.cand[i] & unique
                if hit:
                    if hit & (hit - 1):
                        raise Contradiction
                    board.place(i, hit)
            return True
    return False


def _open_cells(board: Board, g: tuple[int, ...]) -> list[int]:
    return [i for i in g if not board.placed[i]]


def _naked_subset(board: Board, size: int) -> bool:
    """`size` cells of a group whose candidates together are `size` symbols own them."""
    cand, placed = board.cand, board.placed
    for g in board.groups:
        cells = [i for i in g if not placed[i]]
        if len(cells) <= size:
            continue
        small = [i for i in cells if cand[i].bit_count() <= size]
        if len(small) < size:
            continue
        for combo in combinations(small, size):
            union = 0
            for i in combo:
                union |= board.cand[i]
            if union.bit_count() == size:
                progress = False
                for i in cells:
                    if i not in combo:
                        progress |= board.eliminate(i, union)
                if progress:
                    if board.recording:
                        board.note(Detail(groups=(board.group_of(g),), cells=board.cells_of(combo),
                                          digits=_symbols(board, union)))
                    return True
    return False


def _hidden_subset(board: Board, size: int) -> bool:
    """`size` symbols confined to `size` cells of a group leave no room for others there."""
    spread = board.where()
    unplaced = 0
    for m in spread:
        unplaced |= m
    for g, gm, ascending in zip(board.covering, board.shape.covering_masks, board.shape.covering_ascending):
        if (unplaced & gm).bit_count() <= size:
            continue
        places = [m & gm for m in spread]
        symbols = [k for k, m in enumerate(places) if 2 <= m.bit_count() <= size]
        if len(symbols) < size:
            continue
        # In the order a person reading the group's cells in turn first meets them (in a
        # group listed by cell number, the lowest cell of each symbol's places).
        if ascending:
            symbols.sort(key=lambda k: ((places[k] & -places[k]), k))
        else:
            symbols.sort(key=lambda k: (next(p for p, i in enumerate(g) if places[k] >> i & 1), k))
        for combo in combinations(symbols, size):
            spots = 0
            for k in combo:
                spots |= places[k]
            if spots.bit_count() == size:
                keep = sum(1 << k for k in combo)
                progress = False
                for i in bits_of(spots):
                    progress |= board.restrict(i, keep)
                if progress:
                    if board.recording:
                        board.note(Detail(groups=(board.group_of(g),), cells=board.cells_of(list(bits_of(spots))),
                                          digits=_symbols(board, keep)))
                    return True
    return False


def _symbols(board: Board, bits: int) -> tuple[int, ...]:
    return tuple(board.model.symbols[k] for k in range(board.nsym) if bits >> k & 1)


def naked_pair(board: Board) -> bool:
    return _naked_subset(board, 2)


def naked_triple(board: Board) -> bool:
    return _naked_subset(board, 3)


def hidden_pair(board: Board) -> bool:
    return _hidden_subset(board, 2)


def hidden_triple(board: Board) -> bool:
    return _hidden_subset(board, 3)


def locked_candidates(board: Board) -> bool:
    """Pointing and claiming: when a symbol's places in one group all lie where it meets
    another group, the symbol cannot go anywhere else in that other group."""
    cand, placed = board.cand, board.placed
    for (a, common, rest), (inner, outer) in zip(board.intersections, board.shape.splits):
        inside = outside = 0
        for i in inner:
            if not placed[i]:
                inside |= cand[i]
        if not inside:
            continue
        for i in outer:
            if not placed[i]:
                outside |= cand[i]
        locked = inside & ~outside
        if locked:
            progress = False
            for i in rest:
                if not placed[i]:
                    progress |= board.eliminate(i, locked)
            if progress:
                if board.recording:
                    other = board.group_of(tuple(common.union(rest)))
                    board.note(Detail(groups=(board.group_of(a), other), cells=board.cells_of(sorted(common)),
                                      digits=_symbols(board, locked)))
                return True
    return False


FULL_HOUSE = Technique("full house", full_house)
HIDDEN_SINGLE_BOX = Technique("hidden single in a box", hidden_single_in_box)
NAKED_SINGLE = Technique("naked single", naked_single)
HIDDEN_SINGLE = Technique("hidden single", hidden_single)
LOCKED_CANDIDATES = Technique("pointing and claiming", locked_candidates)
NAKED_PAIR = Technique("naked pair", naked_pair)
HIDDEN_PAIR = Technique("hidden pair", hidden_pair)
NAKED_TRIPLE = Technique("naked triple", naked_triple)
HIDDEN_TRIPLE = Technique("hidden triple", hidden_triple)
