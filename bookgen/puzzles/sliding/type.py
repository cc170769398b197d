"""Sliding puzzles (the 8-puzzle, the 15-puzzle and their rectangular cousins).

A scramble is printed with the number of moves it takes at best ("Solve in 24 moves"):
the position is drawn at random among those exactly that far from the goal (see
`bookgen.puzzles.sliding.scramble.scramble_at_distance`), so the count is a proved optimum.
`moves:` is refused beyond what the optimal solver can prove quickly (rules.exact_limit).

Picture mode cuts a teacher's picture into the tiles (in grey: black ink only); the
numbers stay, small, in the tiles' corners.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any, Hashable

from bookgen.errors import GenerationError, Location, ParamsError, Problem, PuzzleFormatError
from bookgen.language import ENGLISH, N_, Words
from bookgen.puzzles.registry import names_of
from bookgen.puzzles.sliding import draw as drawing
from bookgen.puzzles.base import Budget, Puzzle, Violation
from bookgen.puzzles.hint import Hint
from bookgen.puzzles.pen import Pen
from bookgen.puzzles.worked import WorkedSteps
from bookgen.puzzles.sliding import hints as worked, search
from bookgen.solve.result import Outcome, SolveResult
from bookgen.stopping import OutOfTime
from bookgen.puzzles.sliding.board import BLANK, is_solvable, standard_goal
from bookgen.puzzles.sliding.constructive import constructive_solve
from bookgen.puzzles.sliding.shortest import count_shortest
from bookgen.puzzles.sliding.rules import (LEVELS, SOLVE_MAX_SIDE, Params, SlidingBoard, level_for, move_ranges,
                                           picture)
from bookgen.puzzles.sliding.scramble import EXHAUSTIVE_LIMIT, distance_layers, reachable_count, scramble_at_distance

# How long `solve` looks for a proved-shortest answer when no timeout is given, before
# it settles for a verified longer one.
DEFAULT_SOLVE_SECONDS = 60.0
# The share of that time spent proving a shortest solution; the rest goes to weighted
# searches that shorten the fallback answer (a 15-puzzle: ~78 moves for a 57 at best,
# against ~100 from the constructive method).
OPTIMAL_SHARE = 0.7
# The longest certify spends proving a printed move count shortest (a 4×4 at 44 moves
# takes about a second, a 5×5 or 6×6 at 40 under ten: see rules.move_ranges).
PROOF_SECONDS = 30.0


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


class SlidingType(WorkedSteps[Params, SlidingBoard]):
    name, aliases = names_of(__name__)  # as the registry's line gives them
    title = N_("Sliding puzzles")
    instructions = N_(
        "Slide the tiles, one at a time, into the empty square until they are in order, as in "
        "the goal beside each puzzle. Each slide of one tile is one move. The number under the "
        "puzzle says how many moves the shortest solution takes: can you do it in that many? "
        "Write the number of each tile you slide in the boxes, in order: the bold box is the "
        "last move of the shortest way, and the grey boxes are there if you need more."
    )
    cutout_instructions = N_("Cut out the tiles under each puzzle and slide them on its board.")
    Params = Params
    levels = LEVELS

    # ----- making puzzles

    def instructions_for(self, params: Params, words: Words = ENGLISH) -> str:
        said = [words.gettext(self.instructions)] + ([words.gettext(self.cutout_instructions)] if params.cutouts else [])
        return " ".join(said)

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

    def at_level(self, params: Params, level: str) -> Params | None:
        """A board of a given number of moves (`moves:`) is the same for every student;
        one of a level takes the student's."""
        return None if params.moves is not None else super().at_level(params, level)

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
        positions = sum(layers.size(d) for d in distances if d < len(layers))
        if count > max(1, positions // 2):
            raise ParamsError("count", f"only {positions} different {rows}×{cols} positions need {wanted}, and a "
                                       f"book can draw at most half of them ({max(1, positions // 2)}); ask for fewer")

    def identity(self, puzzle: Puzzle) -> tuple[Any, ...]:
        """What makes two printed puzzles the same: board shape, start and goal."""
        board = puzzle.board
        return (self.name, board.rows, board.cols, board.start, board.goal)

    # ----- solving and checking

    def prepare_solve(self, puzzle: Puzzle) -> None:
        """The 15-puzzle's pattern databases, loaded or built (once, saying so) before the
        solve's clock starts: a first build must not eat the time of the proof."""
        board: SlidingBoard = puzzle.board
        if is_solvable(board.start, board.goal, board.cols):
            search.prepare(board.start, board.goal, board.cols)

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        """Shortest moves if found within `timeout` seconds (default DEFAULT_SOLVE_SECONDS),
        else a verified longer solution marked not optimal; IMPOSSIBLE by parity at once."""
        board: SlidingBoard = puzzle.board
        if not is_solvable(board.start, board.goal, board.cols):
            return SolveResult(Outcome.IMPOSSIBLE, detail={"reason": "parity"})
        limit = DEFAULT_SOLVE_SECONDS if timeout is None else timeout
        self.prepare_solve(puzzle)
        # A verified answer first (well under a second on any board): when the command's
        # hard stop comes before the searches below end, this is the answer, not nothing.
        fallback = constructive_solve(board.start, board.goal, board.cols)
        try:
            expired = search.deadline_after(OPTIMAL_SHARE * limit)
            found = search.solve_optimal(board.start, board.goal, board.cols, expired)
        except search.SearchTimeout:
            found = None
        except OutOfTime:
            return self._settled(puzzle, fallback)
        # Only the optimal search's answer, replayed to the goal, is called the shortest.
        if found is not None and not self.check(puzzle, found.moves):
            detail = {"optimal": True, "nodes": found.nodes, "heuristic": found.heuristic}
            return SolveResult(Outcome.SOLVED, solution=found.moves, solutions=1, detail=detail)
        rest = search.deadline_after((1 - OPTIMAL_SHARE) * limit)
        try:
            moves = search.solve_quickly(board.start, board.goal, board.cols, rest)
        except OutOfTime:
            moves = fallback
        return self._settled(puzzle, moves)

    def _settled(self, puzzle: Puzzle, moves: tuple[int, ...]) -> SolveResult:
        """A verified answer not proved shortest (the puzzle's own, when shorter)."""
        board: SlidingBoard = puzzle.board
        known = puzzle.solution
        if known is not None and len(known) < len(moves) and not self.check(puzzle, known):
            moves = tuple(known)
        if self.check(puzzle, moves):
            raise GenerationError("internal error: no solution found replays to the goal")
        detail = {"optimal": False, "lower_bound": search.lower_bound(board.start, board.goal, board.cols)}
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
        """Solvable by the parity rule, the printed moves replay from start to goal, and,
        where the puzzle says its moves are the shortest, no shorter solution exists
        (proved by the optimal search, within PROOF_SECONDS)."""
        board: SlidingBoard = puzzle.board
        problems = [] if is_solvable(board.start, board.goal, board.cols) else ["the start cannot reach the goal"]
        problems += [str(v) for v in self.check(puzzle, puzzle.solution)]
        if problems or not board.optimal:
            return problems
        search.prepare(board.start, board.goal, board.cols)  # a first build of the tables is not the proof's time
        try:
            shortest = search.solve_optimal(board.start, board.goal, board.cols, search.deadline_after(PROOF_SECONDS))
        except search.SearchTimeout:
            return [f"its {len(puzzle.solution)} moves could not be proved shortest within {PROOF_SECONDS:g} s"]
        if len(shortest.moves) != len(puzzle.solution):
            return [f"it says {len(puzzle.solution)} moves are the shortest, but {len(shortest.moves)} do"]
        return []

    def restored(self, data: dict[str, Any], params: Params, source: str = "cache") -> Puzzle:
        """The interchange form carries no picture: the board gets the options' picture."""
        puzzle = super().restored(data, params, source)
        return dataclasses.replace(puzzle, board=dataclasses.replace(puzzle.board, image=params.image))

    def misfit(self, puzzle: Puzzle, params: Params) -> str | None:
        """The board, goal and move count asked for, proved shortest."""
        board: SlidingBoard = puzzle.board
        rows, cols = params.dims()
        moves = len(puzzle.solution or ())
        if puzzle.type != self.name or (board.rows, board.cols) != (rows, cols):
            return f"not a {rows}×{cols} sliding puzzle"
        if board.goal != standard_goal(rows, cols, blank_first=params.blank == "first"):
            return f"not the goal with the blank {params.blank}"
        lo, hi = (params.moves, params.moves) if params.moves is not None else move_ranges(rows, cols)[params.difficulty]
        if not lo <= moves <= hi or puzzle.solution is None or not board.optimal:
            return f"not a proved-shortest scramble of {lo} to {hi} moves"
        return None

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

    def describe(self, puzzle: Puzzle, words: Words = ENGLISH) -> str:
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

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Any = None, style: Hashable | None = None) -> None:
        board: SlidingBoard = puzzle.board
        if solution is not None:
            optimal = board.optimal and tuple(solution) == tuple(puzzle.solution or ())
            ways = count_shortest(board.start, board.goal, board.cols, len(solution)) if optimal else None
            drawing.draw_answer(pen, tuple(solution), optimal, ways)
            return
        image = picture(Path(board.image)) if board.image else None
        frame = _frame(puzzle)
        drawing.draw_puzzle(pen, board, frame.moves, frame.cutouts, image)


    def hints(self, puzzle: Puzzle, limit: int, words: Words = ENGLISH) -> list[Hint]:
        """The first `limit` moves of the checked solution (the key's), in words, each
        with the board after it."""
        board: SlidingBoard = puzzle.board
        return worked.first_moves(board.start, board.cols, puzzle.solution or (), limit, words)

    def hint_picture_size(self, puzzle: Puzzle) -> tuple[float, float]:
        return (float(puzzle.board.cols), float(puzzle.board.rows))

    def draw_hint_picture(self, puzzle: Puzzle, pen: Pen, picture: Hashable) -> None:
        worked.draw_position(pen, puzzle.board, picture)


def _frame(puzzle: Puzzle) -> drawing.Frame:
    board: SlidingBoard = puzzle.board
    cutouts = isinstance(puzzle.params, Params) and puzzle.params.cutouts
    return drawing.Frame(board.rows, board.cols, len(puzzle.solution or ()), cutouts)


PUZZLE_TYPE = SlidingType()
