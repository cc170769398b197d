"""Worked first moves of a sliding puzzle, for a child who is stuck: the first moves of
the puzzle's own checked solution (the answer key's, proved shortest when the puzzle
says so), each in words ("Slide 7 left.") with a small picture of the board after it:
the tile just slid outlined in bold, and an arrow across the square it left pointing
the way it went. A picture puzzle's boards show the picture's pieces with their numbers
in the corner, as its page does, the corner as large as in its small goal (the
sentences name tiles by number).

A move is named by the tile that slides into the blank; its direction is where the
tile goes, which is where the blank was.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from bookgen.language import ENGLISH, N_, Words
from bookgen.puzzles.hint import Hint
from bookgen.puzzles.pen import Pen, Weight
from bookgen.puzzles.sliding.board import BLANK
from bookgen.puzzles.sliding.draw import GOAL_CORNER_BOX, TILE_INSET, cut, draw_tiles, prepared
from bookgen.puzzles.sliding.rules import picture

# Where a tile goes, said as the move: one sentence each, so every language words it
# whole.
SLIDES = {
    "left": N_("Slide {tile} left."),
    "right": N_("Slide {tile} right."),
    "up": N_("Slide {tile} up."),
    "down": N_("Slide {tile} down."),
}


# The arrow across the square a tile left: half its length and its head's, in tiles.
ARROW_HALF = 0.3
ARROW_HEAD = 0.2


@dataclass(frozen=True)
class Position:
    """A hint's picture: the board after a move (tiles in reading order, 0 the blank)
    and the cell the tile slid into."""

    tiles: tuple[int, ...]
    landed: int


def direction(tiles: Sequence[int], cols: int, tile: int) -> str:
    """Which way `tile` slides into the blank (it must be next to it)."""
    (tr, tc), (br, bc) = divmod(tiles.index(tile), cols), divmod(tiles.index(BLANK), cols)
    if abs(tr - br) + abs(tc - bc) != 1:
        raise ValueError(f"tile {tile} is not next to the blank")
    if tr == br:
        return "left" if bc < tc else "right"
    return "up" if br < tr else "down"


def slid(tiles: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """The position after `tile` slides into the blank."""
    moved = list(tiles)
    at, blank = tiles.index(tile), tiles.index(BLANK)
    moved[blank], moved[at] = tile, BLANK
    return tuple(moved)


def first_moves(start: tuple[int, ...], cols: int, moves: Sequence[int], limit: int,
                words: Words = ENGLISH) -> list[Hint]:
    """The first `limit` moves in words, each with the board after it."""
    said, tiles = [], start
    for tile in list(moves)[:limit]:
        way = direction(tiles, cols, tile)
        landed = tiles.index(BLANK)
        tiles = slid(tiles, tile)
        text = words.gettext(SLIDES[way]).format(tile=tile)
        said.append(Hint(text, (divmod(landed, cols),), picture=Position(tiles, landed)))
    return said


def draw_position(pen: Pen, board: Any, shown: Position) -> None:
    """The board after a move, one tile a cell unit, as the puzzle's page draws it (the
    picture's pieces, when it has one), the tile just slid outlined in bold."""
    image = picture(Path(board.image)) if board.image else None
    pieces = cut(prepared(image), board.rows, board.cols) if image is not None else None
    home = {tile: cell for cell, tile in enumerate(board.goal)}
    draw_tiles(pen, board, shown.tiles, (0.0, 0.0), 1.0, pieces, home, GOAL_CORNER_BOX)
    r, c = divmod(shown.landed, board.cols)
    # Round the tile, in the white gap beside it: seen on a dark piece of picture too.
    x, y, side = c + TILE_INSET * 0.4, r + TILE_INSET * 0.4, 1.0 - 0.8 * TILE_INSET
    pen.outline([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], Weight.BORDER)
    _arrow(pen, divmod(shown.tiles.index(BLANK), board.cols), (r, c))


def _arrow(pen: Pen, came: tuple[int, int], went: tuple[int, int]) -> None:
    """An arrow across the square the tile left, pointing the way it slid."""
    dr, dc = went[0] - came[0], went[1] - came[1]
    mx, my = came[1] + 0.5, came[0] + 0.5
    tail, tip = (mx - dc * ARROW_HALF, my - dr * ARROW_HALF), (mx + dc * ARROW_HALF, my + dr * ARROW_HALF)
    base = (tip[0] - dc * ARROW_HEAD, tip[1] - dr * ARROW_HEAD)
    pen.line(tail, base, Weight.BORDER)
    pen.fill([tip, (base[0] + dr * ARROW_HEAD * 0.6, base[1] + dc * ARROW_HEAD * 0.6),
              (base[0] - dr * ARROW_HEAD * 0.6, base[1] - dc * ARROW_HEAD * 0.6)], 1.0)
