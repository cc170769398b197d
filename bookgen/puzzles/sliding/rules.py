"""Sliding puzzles' rules as data: the levels and the move counts each stands for, what
can be proved shortest, the options a section may set, the board, and the picture a
teacher may cut into the tiles. Shared by the type (type.py), drawing and generation."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from bookgen.errors import ParamsError
from bookgen.options import Bool, Choice, Int, Optional, Square, option
from bookgen.spec_kinds import FilePath
from bookgen.pictures import read_picture
from bookgen.puzzles.sliding.board import standard_goal
from bookgen.puzzles.sliding.scramble import EXHAUSTIVE_LIMIT, distance_layers, reachable_count

LEVELS = ("easy", "medium", "hard")
MAX_SIDE = 6  # the largest board printed in a book; `bookgen solve` reads up to SOLVE_MAX_SIDE
SOLVE_MAX_SIDE = 8

def move_ranges(rows: int, cols: int) -> dict[str, tuple[int, int]]:
    """Shortest-solution lengths per level for a board, easiest first.

    Measured (pure Python, this repo's solver; re-measure by timing
    `sliding_scramble.scramble_at_distance` over seeds): a 4×4 at 44 moves takes about a
    second on average and a few at most; a 5×5 or 6×6 at 40 about two on average and
    under ten at most. Small boards stop below their longest distance (3×3: 31).
    """
    cells = rows * cols
    if cells <= 6:
        return {"easy": (5, 8), "medium": (10, 14), "hard": (16, 21)}
    if cells <= 9:
        return {"easy": (8, 12), "medium": (14, 20), "hard": (22, 28)}
    if cells <= 12:
        return {"easy": (10, 15), "medium": (18, 25), "hard": (28, 36)}
    if cells <= 16:
        return {"easy": (12, 18), "medium": (22, 30), "hard": (34, 44)}
    return {"easy": (15, 20), "medium": (24, 30), "hard": (34, 40)}


def exact_limit(rows: int, cols: int) -> int:
    """The longest scramble printed with a proved-shortest move count.

    Small boards are searched exhaustively, so this is their longest distance; larger
    ones stop where the optimal search still takes seconds (see `move_ranges`).
    """
    if reachable_count(rows, cols) <= EXHAUSTIVE_LIMIT:
        return len(distance_layers(standard_goal(rows, cols), cols)) - 1
    cells = rows * cols
    if cells <= 12:
        return 40
    if cells <= 16:
        return 44  # the hardest level's top: beyond it a scramble can take over a minute
    return 40


def level_for(rows: int, cols: int, moves: int) -> str:
    """The level whose range a move count reaches (the hardest one it reaches)."""
    level = LEVELS[0]
    for name, (lo, _) in move_ranges(rows, cols).items():
        if moves >= lo:
            level = name
    return level


@dataclass(frozen=True)
class Params:
    """A sliding puzzle section's options."""

    size: int | None = option(Optional(Square(Int(lo=1))), None, "side of a square board: 3 for the 8-puzzle, 4 (the default) for the 15-puzzle")
    rows: int | None = option(Optional(Int(lo=1)), None, "rows of a rectangular board (2 to 6)")
    cols: int | None = option(Optional(Int(lo=1)), None, "columns of a rectangular board (2 to 6)")
    blank: str = option(Choice(("last", "first")), "last", "where the empty square is in the goal: bottom-right or top-left")
    moves: int | None = option(Optional(Int(lo=1, hi=400)), None, "moves the shortest solution takes, exactly (instead of difficulty)")
    difficulty: str = option(Choice(LEVELS), "medium", "picks the number of moves from a range for the board size")
    image: Path | None = option(Optional(FilePath()), None, "a picture to cut into the tiles (PNG or JPEG)")
    cutouts: bool = option(Bool(), False, "add a strip of tiles to cut out and slide on the printed board")

    def dims(self) -> tuple[int, int]:
        """(rows, cols): `size` for a square, else rows and cols (one alone means a square)."""
        if self.size is not None:
            return self.size, self.size
        rows = self.rows if self.rows is not None else self.cols
        cols = self.cols if self.cols is not None else self.rows
        if rows is None or cols is None:
            return 4, 4
        return rows, cols

    def _side_field(self, wrong: Callable[[int], bool]) -> str:
        """The option to blame for a side that is `wrong`."""
        if self.size is not None:
            return "size"
        rows, cols = self.dims()
        return "rows" if wrong(rows) and self.rows is not None else "cols"

    def validate(self) -> None:
        if self.size is not None and (self.rows is not None or self.cols is not None):
            if (self.rows or self.size, self.cols or self.size) != (self.size, self.size):
                raise ParamsError("size", "give either size (a square) or rows and cols, not both")
        rows, cols = self.dims()
        if min(rows, cols) < 2:
            raise ParamsError(
                self._side_field(lambda side: side < 2),
                f"a {rows}×{cols} board has no room to slide: rows and cols must be at least 2",
            )
        if rows * cols < 6:
            raise ParamsError(
                self._side_field(lambda side: side == 2),
                f"a {rows}×{cols} board is too small to be a puzzle: the smallest is 2×3",
            )
        if max(rows, cols) > MAX_SIDE:
            raise ParamsError(
                self._side_field(lambda side: side > MAX_SIDE),
                f"a {rows}×{cols} board is too large: at most {MAX_SIDE}×{MAX_SIDE}",
            )
        if self.moves is not None and self.moves > exact_limit(rows, cols):
            most = exact_limit(rows, cols)
            if reachable_count(rows, cols) <= EXHAUSTIVE_LIMIT:
                raise ParamsError("moves", f"no {rows}×{cols} position needs more than {most} moves")
            # `moves` promises the shortest solution is exactly that long: only as far as it can be proved.
            raise ParamsError("moves", f"a {rows}×{cols} scramble is proved shortest up to {most} moves; "
                                       f"ask for at most {most}")
        if self.image is not None:
            try:
                picture(Path(self.image))
            except OSError as exc:
                raise ParamsError("image", f"cannot read {Path(self.image).name} as a picture ({exc})") from None


@dataclass(frozen=True)
class SlidingBoard:
    """A scrambled position and its goal, tiles in reading order, 0 for the blank."""

    rows: int
    cols: int
    start: tuple[int, ...]
    goal: tuple[int, ...]
    image: Path | None = None
    optimal: bool = True  # whether the puzzle's solution is proved shortest

    def grid(self, state: Sequence[int]) -> list[list[int]]:
        return [list(state[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]


@lru_cache(maxsize=8)
def picture(path: Path) -> Any:
    """The picture in grey (black ink only), fully read; OSError saying why when it is
    not a picture bookgen reads (bookgen.pictures: formats, sizes, decompression limits)."""
    return read_picture(path)
