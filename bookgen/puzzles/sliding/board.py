"""Sliding-tile boards: positions, moves, solvability, and the label frame the searches use.

Positions are tuples of tile numbers in reading order, 0 for the blank. Any goal works:
for search a position is rewritten as *labels* — each tile is named by the cell it
occupies in the goal — so the goal is always the identity (0, 1, 2, ...) and the blank
is the label of its own goal cell (`label_frame`). A move is named by the tile that
slides into the blank, in the caller's numbering.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

State = tuple[int, ...]

BLANK = 0


# ---------------------------------------------------------------------------------------
# Board geometry


@lru_cache(maxsize=None)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells next to it, always in the order up, left, right, down."""
    table = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near = []
        if r > 0:
            near.append(cell - cols)
        if c > 0:
            near.append(cell - 1)
        if c < cols - 1:
            near.append(cell + 1)
        if r < rows - 1:
            near.append(cell + cols)
        table.append(tuple(near))
    return tuple(table)


def standard_goal(rows: int, cols: int, blank_first: bool = False) -> State:
    """1..N−1 in reading order, the blank last (bottom-right) or first (top-left)."""
    tiles = tuple(range(1, rows * cols))
    return (BLANK, *tiles) if blank_first else (*tiles, BLANK)


def apply_moves(state: Sequence[int], moves: Iterable[int], cols: int) -> State:
    """Slide each named tile into the blank; ValueError on a tile not next to the blank."""
    board = list(state)
    rows = len(board) // cols
    near = neighbours(rows, cols)
    where = {tile: cell for cell, tile in enumerate(board)}
    for tile in moves:
        blank, cell = where[BLANK], where.get(tile)
        if cell is None or tile == BLANK or cell not in near[blank]:
            raise ValueError(f"tile {tile} is not next to the blank")
        board[blank], board[cell] = tile, BLANK
        where[tile], where[BLANK] = blank, cell
    return tuple(board)


# ---------------------------------------------------------------------------------------
# Solvability


def is_solvable(start: Sequence[int], goal: Sequence[int], cols: int) -> bool:
    """Whether `goal` can be reached from `start` (same tiles), for any board and blank.

    Read the tiles (blank left out) in reading order and count inversions with respect to
    the goal's order. A horizontal move never changes that sequence. A vertical move
    carries one tile past the cols−1 others between its two cells: an even change when
    the width is odd, an odd one when it is even — and then the blank changes row too.
    So the parity of inversions (plus the blank's row distance, for an even width) is
    invariant; equal parity with the goal is also sufficient for boards of 2×2 and up.
    """
    rank = {tile: i for i, tile in enumerate(t for t in goal if t != BLANK)}
    sequence = [rank[t] for t in start if t != BLANK]
    inversions = sum(
        1 for i in range(len(sequence)) for j in range(i + 1, len(sequence)) if sequence[i] > sequence[j]
    )
    parity = inversions
    if cols % 2 == 0:
        parity += abs(start.index(BLANK) // cols - goal.index(BLANK) // cols)
    return parity % 2 == 0


# ---------------------------------------------------------------------------------------
# Labels and board symmetries


@dataclass(frozen=True)
class Frame:
    """A position rewritten so the goal is the identity, possibly mirrored or turned.

    `perm[c]` is the label of what sits in cell c of the new frame, a label being the
    goal cell (in that frame) of a tile; `tile_of_label` turns a label back into the
    caller's tile number.
    """

    perm: State
    blank: int  # the blank's label (its goal cell in this frame)
    tile_of_label: tuple[int, ...]


def _symmetries(rows: int, cols: int) -> list[Callable[[int], int]]:
    """Mirror images and the half turn: the symmetries that keep rows×cols as it is."""

    def flip(h: bool, v: bool) -> Callable[[int], int]:
        def apply(cell: int) -> int:
            r, c = divmod(cell, cols)
            return (rows - 1 - r if v else r) * cols + (cols - 1 - c if h else c)

        return apply

    return [flip(False, False), flip(True, False), flip(False, True), flip(True, True)]


def label_frame(start: Sequence[int], goal: Sequence[int], rows: int, cols: int) -> Frame:
    """Labels in a frame where a corner blank of the goal sits top-left (cell 0).

    Pattern databases are built for one goal per board; turning the board so the goal's
    blank is in the top-left corner lets "blank first" and "blank last" share them.
    """
    cell_map: Callable[[int], int] = _symmetries(rows, cols)[0]
    for symmetry in _symmetries(rows, cols):
        if symmetry(goal.index(BLANK)) == 0:
            cell_map = symmetry
            break
    label_of_tile = {tile: cell_map(cell) for cell, tile in enumerate(goal)}
    perm = [0] * (rows * cols)
    for cell, tile in enumerate(start):
        perm[cell_map(cell)] = label_of_tile[tile]
    tile_of_label = [0] * (rows * cols)
    for tile, label in label_of_tile.items():
        tile_of_label[label] = tile
    return Frame(tuple(perm), label_of_tile[BLANK], tuple(tile_of_label))
