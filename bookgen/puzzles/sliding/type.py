"""Sliding puzzles (the 8-puzzle, the 15-puzzle and their rectangular cousins).

A scramble is printed with the number of moves it takes at best ("Solve in 24 moves"):
the position is drawn at random among those exactly that far from the goal (see
`bookgen.puzzles.sliding.scramble.scramble_at_distance`), so the count is a proved optimum.
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
from bookgen.options import Bool, Choice, FilePath, Int, Optional, option
from bookgen.puzzles.sliding import draw as drawing
from bookgen.puzzles.base import Budget, Pen, Puzzle, PuzzleType, Violation
from bookgen.puzzles.sliding import search
from bookgen.solve.result import Outcome, SolveResult
from bookgen.puzzles.sliding.board import BLANK, is_solvable, standard_goal
from bookgen.puzzles.sliding.heuristics import lower_bound
from bookgen.puzzles.sliding.scramble import EXHAUSTIVE_LIMIT, distance_layers, reachable_count, scramble_at_distance

LEVELS = ("easy", "medium", "hard")
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
    size: int | None = option(Optional(Int(lo=1)), None, "side of a square board: 3 for the 8-puzzle, 4 (the default) for the 15-puzzle")
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


class SlidingType(PuzzleType):
    name = "sliding"
    aliases = ("slide", "sliding-puzzle", "15-puzzle", "8-puzzle")
    title = "Sliding puzzles"
    # The answer key already is the worked solution.
    hints_refusal = "a sliding puzzle's answer key already lists every move, in order"
    instructions = (
        "Slide the tiles, one at a time, into the empty square until they are in order, as in "
        "the goal beside each puzzle. Each slide of one tile is one move. The number under the "
        "puzzle says how many moves the shortest solution takes: can you do it in that many? "
        "Write the number of each tile you slide in the boxes, in order."
    )
    cutout_instructions = " Cut out the tiles under each puzzle and slide them on its board."
    Params = Params
    levels = LEVELS

    # ----- making puzzles

    def instructions_for(self, params: Params) -> str:
        return self.instructions + (self.cutout_instructions if params.cutouts else "")

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        rows, cols = params.dims()
        goal = standard_goal(rows, cols, blank_first=params.blank == "first")
        if params.moves is not None:
            distance, level = params.moves, level_for(rows, cols, params.moves)
        else:
            lo, hi = move_ranges(rows, cols)[params.difficulty]
            distance, level = rng.randint(lo, hi), params.difficulty
        try:
            # validate() keeps `distance` within exact_limit: every printed count is proved shortest.
            scramble = scramble_at_distance(goal, cols, distance, rng, budget.expired)
            start, moves, optimal = scramble.start, scramble.moves, True
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

    def refuse_count(self, params: Params, count: int) -> None:
        """Refuse more puzzles than the board has different positions for (small boards,
        counted exactly): a book draws each at random and retries a repeat a few times,
        so it can rely on drawing at most half of them."""
        rows, cols = params.dims()
        if count == 1 or reachable_count(rows, cols) > EXHAUSTIVE_LIMIT:
            return
        goal = standard_goal(rows, cols, blank_first=params.blank == "first")
        layers = distance_layers(goal, cols)
        if params.moves is not None:
            wanted, distances = f"exactly {params.moves} moves", [params.moves]
        else:
            lo, hi = move_ranges(rows, cols)[params.difficulty]
            wanted, distances = f"{lo} to {hi} moves ({params.difficulty})", list(range(lo, hi + 1))
        positions = sum(len(layers[d]) for d in distances if d < len(layers))
        if count > max(1, positions // 2):
            raise ParamsError("count", f"only {positions} different {rows}×{cols} positions need {wanted}, and a "
                                       f"book can draw at most half of them ({max(1, positions // 2)}); ask for fewer")

    def identity(self, puzzle: Puzzle) -> tuple[Any, ...]:
        """What makes two printed puzzles the same: board shape, start and goal."""
        board = puzzle.board
        return (self.name, board.rows, board.cols, board.start, board.goal)

    # ----- solving and checking

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        """Shortest moves if found within `timeout` seconds (default DEFAULT_SOLVE_SECONDS),
        else a verified longer solution marked not optimal; IMPOSSIBLE by parity at once."""
        board: SlidingBoard = puzzle.board
        if not is_solvable(board.start, board.goal, board.cols):
            return SolveResult(Outcome.IMPOSSIBLE, detail={"reason": "parity"})
        limit = DEFAULT_SOLVE_SECONDS if timeout is None else timeout
        try:
            expired = search.deadline_after(OPTIMAL_SHARE * limit)
            found = search.solve_optimal(board.start, board.goal, board.cols, expired)
        except search.SearchTimeout:
            found = None
        # Only the optimal search's answer, replayed to the goal, is called the shortest.
        if found is not None and not self.check(puzzle, found.moves):
            detail = {"optimal": True, "nodes": found.nodes, "heuristic": found.heuristic}
            return SolveResult(Outcome.SOLVED, solution=found.moves, solutions=1, detail=detail)
        rest = search.deadline_after((1 - OPTIMAL_SHARE) * limit)
        moves = search.solve_quickly(board.start, board.goal, board.cols, rest)
        known = puzzle.solution
        if known is not None and len(known) < len(moves) and not self.check(puzzle, known):
            moves = tuple(known)
        if self.check(puzzle, moves):
            raise GenerationError("internal error: no solution found replays to the goal")
        detail = {"optimal": False, "lower_bound": lower_bound(board.start, board.goal, board.cols)}
        return SolveResult(Outcome.SOLVED, solution=tuple(moves), solutions=1, detail=detail)

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
        problems = [] if is_solvable(board.start, board.goal, board.cols) else ["the start cannot reach the goal"]
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
            goal = standard_goal(rows, cols)
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
        return head + ". Slide the tiles:\n" + "\n".join(drawing.move_lines(moves, 20))

    # ----- printing

    def describe(self, puzzle: Puzzle) -> str:
        board: SlidingBoard = puzzle.board
        return f"{board.rows}×{board.cols}"  # the move count is printed once, under the board

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        if answer:
            return drawing.answer_size(len(puzzle.solution or ()))
        return _frame(puzzle).size()

    def planned_size(self, params: Params) -> tuple[float, float]:
        """The drawing's size from the options alone, for the layout's plan: with room for
        the most moves the options allow."""
        rows, cols = params.dims()
        most = params.moves if params.moves is not None else move_ranges(rows, cols)[params.difficulty][1]
        return drawing.Frame(rows, cols, most, params.cutouts).size()

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Any = None) -> None:
        board: SlidingBoard = puzzle.board
        if solution is not None:
            optimal = board.optimal and tuple(solution) == tuple(puzzle.solution or ())
            drawing.draw_answer(pen, tuple(solution), optimal)
            return
        picture = _picture(Path(board.image)) if board.image else None
        frame = _frame(puzzle)
        drawing.draw_puzzle(pen, board, frame.moves, frame.cutouts, picture)


def _frame(puzzle: Puzzle) -> drawing.Frame:
    board: SlidingBoard = puzzle.board
    cutouts = bool(getattr(puzzle.params, "cutouts", False))
    return drawing.Frame(board.rows, board.cols, len(puzzle.solution or ()), cutouts)


PUZZLE_TYPE = SlidingType()
