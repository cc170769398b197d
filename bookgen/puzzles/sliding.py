"""Sliding puzzles (the 8-puzzle, the 15-puzzle and their rectangular cousins).

A scramble is printed with the number of moves it takes at best ("Solve in 24 moves"):
the position is drawn at random among those exactly that far from the goal (see
`bookgen.solve.sliding_search.scramble_at_distance`), so the count is a proved optimum.
Only a request beyond what the optimal solver can prove quickly (`moves:` above
`exact_limit`) prints a walk's length instead, marked "not proved shortest".

Picture mode cuts a teacher's picture into the tiles (in grey: black ink only); the
numbers stay, small, in the tiles' corners.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from bookgen.errors import GenerationError, Location, ParamsError, Problem, PuzzleFormatError
from bookgen.options import Choice, FilePath, Int, Optional, option
from bookgen.puzzles.base import Budget, Pen, Puzzle, ScaledPen, Violation, Weight
from bookgen.solve import sliding_search as search
from bookgen.solve.result import Outcome, SolveResult

LEVELS = ("easy", "medium", "hard")
BLANK = search.BLANK
MAX_SIDE = 6  # the largest board printed in a book; `bookgen solve` reads up to SOLVE_MAX_SIDE
SOLVE_MAX_SIDE = 8
MAX_PICTURE_PIXELS = 50_000_000  # `image:` pictures, checked from the file's header

# How long `solve` looks for a proved-shortest answer when no timeout is given, before
# it settles for a verified longer one.
DEFAULT_SOLVE_SECONDS = 60.0
# The share of that time spent proving a shortest solution; the rest goes to weighted
# searches that shorten the fallback answer (a 15-puzzle: ~78 moves for a 57 at best,
# against ~100 from the constructive method).
OPTIMAL_SHARE = 0.7


def move_ranges(rows: int, cols: int) -> dict[str, tuple[int, int]]:
    """Shortest-solution lengths per level for a board, easiest first.

    Measured (pure Python, this repo's solver; re-measure by timing
    `sliding_search.scramble_at_distance` over seeds): a 4×4 at 44 moves takes about a
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
    if search.reachable_count(rows, cols) <= search.EXHAUSTIVE_LIMIT:
        return len(search.distance_layers(search.standard_goal(rows, cols), cols)) - 1
    cells = rows * cols
    if cells <= 12:
        return 40
    if cells <= 16:
        return 50
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
    size: int | None = option(Optional(Int(lo=1)), None, "side of a square board: 3 for the 8-puzzle, 4 (the default) for the 15-puzzle")
    rows: int | None = option(Optional(Int(lo=1)), None, "rows of a rectangular board (2 to 6)")
    cols: int | None = option(Optional(Int(lo=1)), None, "columns of a rectangular board (2 to 6)")
    blank: str = option(Choice(("last", "first")), "last", "where the empty square is in the goal: bottom-right or top-left")
    moves: int | None = option(Optional(Int(lo=1, hi=400)), None, "moves the shortest solution takes, exactly (instead of difficulty)")
    difficulty: str = option(Choice(LEVELS), "medium", "picks the number of moves from a range for the board size")
    image: Path | None = option(Optional(FilePath()), None, "a picture to cut into the tiles (PNG or JPEG)")

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
        if self.moves is not None and search.reachable_count(rows, cols) <= search.EXHAUSTIVE_LIMIT:
            most = exact_limit(rows, cols)
            if self.moves > most:
                raise ParamsError("moves", f"no {rows}×{cols} position needs more than {most} moves")
        if self.image is not None:
            try:
                _picture(Path(self.image))
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
def _picture(path: Path) -> Any:
    """The picture in grey (black ink only), fully read; OSError when it is not one."""
    from PIL import Image, UnidentifiedImageError

    too_large = f"larger than {MAX_PICTURE_PIXELS // 10**6} megapixels; use a smaller copy"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as source:
                # The header gives the size: refuse a huge picture before decoding it.
                if source.width * source.height > MAX_PICTURE_PIXELS:
                    raise OSError(f"{source.width}×{source.height} pixels is {too_large}")
                return source.convert("L")
    except Image.DecompressionBombError:
        raise OSError(f"the picture is {too_large}") from None
    except UnidentifiedImageError:
        raise OSError("not a picture format Pillow knows") from None


def _picture_cut(path: Path, rows: int, cols: int) -> tuple[Any, list[Any]]:
    """The picture cropped to the board's proportions, and its pieces in reading order."""
    picture = _picture(path)
    width, height = picture.size
    if width * rows > height * cols:  # too wide: keep the middle
        keep = height * cols // rows
        picture = picture.crop(((width - keep) // 2, 0, (width - keep) // 2 + keep, height))
    else:
        keep = width * rows // cols
        picture = picture.crop((0, (height - keep) // 2, width, (height - keep) // 2 + keep))
    width, height = picture.size
    pieces = []
    for r in range(rows):
        for c in range(cols):
            box = (c * width // cols, r * height // rows, (c + 1) * width // cols, (r + 1) * height // rows)
            pieces.append(picture.crop(box))
    return picture, pieces


def _format_error(source: str, field: str, message: str) -> PuzzleFormatError:
    return PuzzleFormatError(Problem(Location(source), field, message))


def _read_grid(data: dict[str, Any], field: str, source: str) -> tuple[int, int, tuple[int, ...]]:
    rows_data = data.get(field)
    if not isinstance(rows_data, list) or not rows_data or not all(isinstance(row, list) for row in rows_data):
        raise _format_error(source, field, "expected a list of rows, each a list of tile numbers (0 for the blank)")
    cols = len(rows_data[0])
    if any(len(row) != cols for row in rows_data):
        raise _format_error(source, field, "every row must have the same number of tiles")
    tiles = [tile for row in rows_data for tile in row]
    if not all(isinstance(tile, int) and not isinstance(tile, bool) and tile >= 0 for tile in tiles):
        raise _format_error(source, field, "tiles must be whole numbers, 0 for the blank")
    if len(set(tiles)) != len(tiles):
        raise _format_error(source, field, "a tile number appears twice")
    if BLANK not in tiles:
        raise _format_error(source, field, "there is no blank (0)")
    return len(rows_data), cols, tuple(tiles)


class SlidingType:
    name = "sliding"
    aliases = ("slide", "sliding-puzzle", "15-puzzle", "8-puzzle")
    title = "Sliding puzzles"
    instructions = (  # the same for every option
        "Slide the tiles, one at a time, into the empty square until they are in order, as in "
        "the small picture of the goal beside each puzzle. Each slide of one tile is one move. "
        "The number under the puzzle says how many moves the shortest solution takes: can you "
        "do it in that many? (Copy the puzzle onto squares of paper to try it out.)"
    )
    Params = Params
    levels = LEVELS

    # ----- making puzzles

    def instructions_for(self, params: Params) -> str:
        return self.instructions

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        rows, cols = params.dims()
        goal = search.standard_goal(rows, cols, blank_first=params.blank == "first")
        if params.moves is not None:
            distance, level = params.moves, level_for(rows, cols, params.moves)
        else:
            lo, hi = move_ranges(rows, cols)[params.difficulty]
            distance, level = rng.randint(lo, hi), params.difficulty
        try:
            if distance <= exact_limit(rows, cols):
                scramble = search.scramble_at_distance(goal, cols, distance, rng, budget.expired)
                start, moves, optimal = scramble.start, scramble.moves, True
            else:
                start, walked = search.random_walk(goal, cols, distance, rng)
                moves, optimal = tuple(reversed(walked)), False
        except search.SearchTimeout:
            raise GenerationError(
                f"no {rows}×{cols} scramble of {distance} moves found within the time budget; try fewer moves"
            ) from None
        board = SlidingBoard(rows, cols, start, goal, params.image, optimal)
        puzzle = Puzzle(self.name, level, board, moves, params)
        problems = self.check(puzzle, moves)
        if problems:
            raise GenerationError(f"internal error: the scramble's solution fails its check: {problems[0]}")
        return puzzle

    def identity(self, puzzle: Puzzle) -> tuple[Any, ...]:
        """What makes two printed puzzles the same: board shape, start and goal."""
        board = puzzle.board
        return (self.name, board.rows, board.cols, board.start, board.goal)

    # ----- solving and checking

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        """Shortest moves if found within `timeout` seconds (default DEFAULT_SOLVE_SECONDS),
        else a verified longer solution marked not optimal; IMPOSSIBLE by parity at once."""
        board: SlidingBoard = puzzle.board
        if not search.is_solvable(board.start, board.goal, board.cols):
            return SolveResult(Outcome.IMPOSSIBLE, detail={"reason": "parity"})
        limit = DEFAULT_SOLVE_SECONDS if timeout is None else timeout
        try:
            expired = search.deadline_after(OPTIMAL_SHARE * limit)
            found = search.solve_optimal(board.start, board.goal, board.cols, expired)
        except search.SearchTimeout:
            rest = search.deadline_after((1 - OPTIMAL_SHARE) * limit)
            moves = search.solve_quickly(board.start, board.goal, board.cols, rest)
            known = puzzle.solution
            if known is not None and len(known) < len(moves) and not self.check(puzzle, known):
                moves = tuple(known)
            detail = {"optimal": False, "lower_bound": search.lower_bound(board.start, board.goal, board.cols)}
            return SolveResult(Outcome.SOLVED, solution=tuple(moves), solutions=1, detail=detail)
        detail = {"optimal": True, "nodes": found.nodes, "heuristic": found.heuristic}
        return SolveResult(Outcome.SOLVED, solution=found.moves, solutions=1, detail=detail)

    def check(self, puzzle: Puzzle, solution: Any) -> list[Violation]:
        """Replay the moves on the start position, independently of the solver's code."""
        board: SlidingBoard = puzzle.board
        grid = board.grid(board.start)
        where = {grid[r][c]: (r, c) for r in range(board.rows) for c in range(board.cols)}
        for number, tile in enumerate(solution or (), start=1):
            if tile == BLANK or tile not in where:
                return [Violation(f"move {number}: there is no tile {tile}")]
            (tr, tc), (br, bc) = where[tile], where[BLANK]
            if abs(tr - br) + abs(tc - bc) != 1:
                return [Violation(f"move {number}: tile {tile} is not next to the blank", ((tr, tc),))]
            grid[br][bc], grid[tr][tc] = tile, BLANK
            where[tile], where[BLANK] = (br, bc), (tr, tc)
        wrong = tuple(
            (r, c)
            for r in range(board.rows)
            for c in range(board.cols)
            if grid[r][c] != board.goal[r * board.cols + c]
        )
        return [Violation("the moves do not end at the goal", wrong)] if wrong else []

    def certify(self, puzzle: Puzzle) -> list[str]:
        """Solvable by the parity rule, and the printed moves replay from start to goal.
        (Whether a count is the shortest was proved when the scramble was drawn; the
        answer key says "not proved shortest" otherwise.)"""
        board: SlidingBoard = puzzle.board
        problems = [] if search.is_solvable(board.start, board.goal, board.cols) else ["the start cannot reach the goal"]
        return problems + [str(v) for v in self.check(puzzle, puzzle.solution)]

    # ----- interchange

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        board: SlidingBoard = puzzle.board
        data: dict[str, Any] = {
            "type": self.name,
            "rows": board.rows,
            "cols": board.cols,
            "start": board.grid(board.start),
            "goal": board.grid(board.goal),
        }
        if puzzle.solution is not None:
            data.update(moves=list(puzzle.solution), length=len(puzzle.solution), optimal=board.optimal)
        return data

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        if not isinstance(data, dict):
            raise _format_error(source, "", "expected a JSON object")
        if data.get("type", self.name) not in (self.name, *self.aliases):
            raise _format_error(source, "type", f"expected {self.name}, got {data.get('type')}")
        rows, cols, start = _read_grid(data, "start", source)
        if "goal" in data:
            goal_rows, goal_cols, goal = _read_grid(data, "goal", source)
            if (goal_rows, goal_cols) != (rows, cols):
                raise _format_error(source, "goal", f"the goal is {goal_rows}×{goal_cols} but the start is {rows}×{cols}")
            if set(goal) != set(start):
                raise _format_error(source, "goal", "start and goal must hold the same tiles")
        else:
            if set(start) != set(range(rows * cols)):
                raise _format_error(source, "start", f"without a goal, the tiles must be 0 to {rows * cols - 1}")
            goal = search.standard_goal(rows, cols)
        for field, given, actual in (("rows", data.get("rows"), rows), ("cols", data.get("cols"), cols)):
            if given is not None and given != actual:
                raise _format_error(source, field, f"says {given} but the start has {actual}")
        if min(rows, cols) < 2 or max(rows, cols) > SOLVE_MAX_SIDE:
            raise _format_error(source, "start", f"a {rows}×{cols} board: sides must be 2 to {SOLVE_MAX_SIDE}")
        moves = data.get("moves")
        if moves is not None and (
            not isinstance(moves, list) or not all(isinstance(m, int) and not isinstance(m, bool) for m in moves)
        ):
            raise _format_error(source, "moves", "expected a list of tile numbers")
        if moves is not None and data.get("length") is not None and data["length"] != len(moves):
            raise _format_error(source, "length", f"says {data['length']} but there are {len(moves)} moves")
        optimal = data.get("optimal", False)
        if not isinstance(optimal, bool):
            raise _format_error(source, "optimal", "expected true or false")
        board = SlidingBoard(rows, cols, start, goal, None, optimal)
        solution = tuple(moves) if moves is not None else None
        level = level_for(rows, cols, len(solution)) if solution is not None else ""
        return Puzzle(self.name, level, board, solution)

    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        if result.outcome is not Outcome.SOLVED:
            return {"solvable": False, "moves": None, "length": None, "optimal": False}
        detail = result.detail or {}
        moves = list(result.solution)
        return {"solvable": True, "moves": moves, "length": len(moves), "optimal": bool(detail.get("optimal"))}

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        if result.outcome is not Outcome.SOLVED:
            return "No solution: the start cannot reach the goal (the tiles are in the wrong parity)."
        moves = list(result.solution)
        if not moves:
            return "Already solved: the start is the goal."
        optimal = bool((result.detail or {}).get("optimal"))
        head = f"{len(moves)} moves, " + ("the shortest possible" if optimal else "not proved shortest")
        return head + ". Slide the tiles:\n" + "\n".join(_move_lines(moves, 20))

    # ----- printing

    def describe(self, puzzle: Puzzle) -> str:
        board: SlidingBoard = puzzle.board
        return f"{board.rows}×{board.cols} · {len(puzzle.solution or ())} moves"

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        board: SlidingBoard = puzzle.board
        if answer:
            lines = len(_move_lines(puzzle.solution or (), ANSWER_PER_LINE))
            return ANSWER_PER_LINE * ANSWER_STEP + ANSWER_GROUP_GAP, ANSWER_HEAD + lines * ANSWER_LINE
        width = board.cols + GOAL_GAP + board.cols * GOAL_SCALE
        height = max(board.rows, GOAL_TOP + board.rows * GOAL_SCALE) + TARGET_SPACE
        return width * TILE_UNITS, height * TILE_UNITS

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Any = None) -> None:
        board: SlidingBoard = puzzle.board
        if solution is not None:
            optimal = board.optimal and tuple(solution) == tuple(puzzle.solution or ())
            _draw_answer(pen, tuple(solution), optimal)
            return
        pen = ScaledPen(pen, TILE_UNITS)
        pieces = _picture_cut(board.image, board.rows, board.cols)[1] if board.image else None
        _draw_tiles(pen, board, board.start, (0.0, 0.0), 1.0, pieces)
        goal_at = (board.cols + GOAL_GAP, GOAL_TOP)
        pen.text((goal_at[0], GOAL_TOP - 0.12), "Goal", GOAL_LABEL_SIZE, align="left")
        if board.image:
            picture = _picture_cut(board.image, board.rows, board.cols)[0]
            size = (board.cols * GOAL_SCALE, board.rows * GOAL_SCALE)
            pen.image(picture, goal_at, size[0], size[1])
            x, y = goal_at
            pen.outline([(x, y), (x + size[0], y), (x + size[0], y + size[1]), (x, y + size[1])], Weight.THIN)
        else:
            _draw_tiles(pen, board, board.goal, goal_at, GOAL_SCALE, None)
        moves = len(puzzle.solution or ())
        target = f"Solve in {moves} moves" if board.optimal else f"Solve in at most {moves} moves"
        pen.text((0.0, max(board.rows, GOAL_TOP + board.rows * GOAL_SCALE) + TARGET_DROP), target, TARGET_SIZE, align="left")


# A tile is two book cells (about 18 mm): big enough to read and to copy onto paper
# squares. The proportions below are in tiles.
TILE_UNITS = 2.0
# Proportions in tiles (one tile = 1). The gap between tiles is twice TILE_INSET,
# clearly visible at a 9 mm cell; the blank's tint is the convention's photocopier-safe
# minimum plus a margin.
TILE_INSET = 0.06
BLANK_GRAY = 0.2
NUMBER_SIZE = 0.42
NUMBER_WIDTH = 0.78  # the widest a number may be, as a share of its tile
CORNER_NUMBER_SIZE = 0.17
GOAL_GAP = 0.6  # between the board and the goal picture
GOAL_SCALE = 0.4  # the goal's tile size
GOAL_TOP = 0.35  # room for the "Goal" label above it
GOAL_LABEL_SIZE = 0.12
TARGET_SPACE = 0.5  # below the board for "Solve in N moves"
TARGET_DROP = 0.36
TARGET_SIZE = 0.16
# Answers: eight moves a line in two groups of four, so a reader keeps their place;
# text large against the width, as the layout scales the drawing to its slot's width.
ANSWER_PER_LINE = 8
ANSWER_GROUP = 4
ANSWER_STEP = 1.0
ANSWER_GROUP_GAP = 0.5
ANSWER_HEAD = 0.8
ANSWER_LINE = 0.7
ANSWER_SIZE = 0.4


def _square(x: float, y: float, side: float) -> list[tuple[float, float]]:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def _draw_tiles(
    pen: Pen, board: SlidingBoard, state: Sequence[int], at: tuple[float, float], scale: float, pieces: list[Any] | None
) -> None:
    """Tiles as separate squares with a gap, the blank shaded, inside a frame (the tray)."""
    x0, y0 = at
    inset = TILE_INSET * scale
    side = scale - 2 * inset
    tray = [(x0, y0), (x0 + board.cols * scale, y0), (x0 + board.cols * scale, y0 + board.rows * scale), (x0, y0 + board.rows * scale)]
    pen.outline(tray, Weight.BORDER if scale == 1.0 else Weight.THIN)
    home = {tile: cell for cell, tile in enumerate(board.goal)}
    # One size for every number on the board, fitted to the widest, so they look alike.
    widest = str(max(state))
    corner = CORNER_NUMBER_SIZE * 1.9
    corner_size = _fitted(pen, widest, CORNER_NUMBER_SIZE, corner)
    number_size = _fitted(pen, widest, NUMBER_SIZE * scale, side)
    for cell, tile in enumerate(state):
        r, c = divmod(cell, board.cols)
        x, y = x0 + c * scale + inset, y0 + r * scale + inset
        square = _square(x, y, side)
        if tile == BLANK:
            pen.fill(square, BLANK_GRAY)
            continue
        if pieces is not None:
            pen.image(pieces[home[tile]], (x, y), side, side)
            pen.fill(_square(x, y, corner), 0.0)
            pen.outline(_square(x, y, corner), Weight.THIN)
            pen.text((x + corner / 2, y + corner / 2), str(tile), corner_size, bold=True)
        else:
            pen.text((x + side / 2, y + side / 2), str(tile), number_size, bold=True)
        pen.outline(square, Weight.TILE if scale == 1.0 else Weight.THIN)


def _fitted(pen: Pen, text: str, size: float, room: float) -> float:
    """`size`, or smaller so the text takes at most NUMBER_WIDTH of `room` (two digits)."""
    width = pen.text_width(text, size, bold=True)
    return size if width <= NUMBER_WIDTH * room else size * NUMBER_WIDTH * room / width


def _move_lines(moves: Sequence[int], per_line: int) -> list[str]:
    return [" ".join(str(m) for m in moves[i : i + per_line]) for i in range(0, len(moves), per_line)] or [""]


def _draw_answer(pen: Pen, moves: tuple[int, ...], optimal: bool) -> None:
    """The tiles to slide, in order, in rows of ten, under a heading with the count."""
    head = f"{len(moves)} moves" + ("" if optimal else " (not proved shortest)")
    width = ANSWER_PER_LINE * ANSWER_STEP + ANSWER_GROUP_GAP
    size = min(ANSWER_SIZE, ANSWER_SIZE * width / max(pen.text_width(head, ANSWER_SIZE, bold=True), 1e-9))
    pen.text((0.0, ANSWER_HEAD - 0.3), head, size, align="left", bold=True)
    for i, tile in enumerate(moves):
        line, column = divmod(i, ANSWER_PER_LINE)
        x = column * ANSWER_STEP + ANSWER_STEP / 2 + (column // ANSWER_GROUP) * ANSWER_GROUP_GAP
        pen.text((x, ANSWER_HEAD + line * ANSWER_LINE + ANSWER_LINE / 2), str(tile), ANSWER_SIZE)


PUZZLE_TYPE = SlidingType()
