"""Killer sudoku: fill the grid so every row, column and box holds each digit once, and
the digits in each dashed cage add up to the small sum in its corner, with no digit
repeated inside a cage. No digits are given unless the spec asks for some (`givens`).

Levels (the grader's techniques, each level adding to those below; a puzzle is printed
at a level only when the grader solves it with that level's techniques and not with the
level below):
- beginner: one-cell cages, the last cell of a cage (its sum less the digits written),
  naked and hidden singles. Generous small cages.
- easy: cage combinations as pencil marks (two cells making 4 hold 1 and 3).
- medium: pointing and claiming, naked and hidden pairs, a cage claiming a digit in a
  house, a house pinning a digit into a cage, and the rule of 45 on one house with one
  unknown cell.
- hard: naked and hidden triples, X-wing, swordfish, XY-wing, XYZ-wing, and the rule of
  45 on adjacent houses together (innies or outies of up to three unknown cells).
- expert: innies and outies together, two cages inside one house sharing no digit,
  X-chains and XY-chains.

Generation (bookgen.puzzles.killer.generate): cages are merged, moved and split over a random
solution grid until the grader rates the puzzle exactly at the level.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Hashable

from bookgen.errors import Location, ParamsError, Problem, PuzzleFormatError
from bookgen.language import ENGLISH, N_, Words
from bookgen.model import Cell, Grid, GridModel, is_connected
from bookgen.options import Choice, Int, Square, option
from bookgen.puzzles.base import Budget, Puzzle, Violation
from bookgen.puzzles.pen import Pen
from bookgen.puzzles.grid_worked import GridWorked
from bookgen.puzzles.killer import hints as killer_hints
from bookgen.puzzles.killer import offer as killer_offer
from bookgen.puzzles.killer.offer import SIZES, killer_key
from bookgen.puzzles.registry import names_of
from bookgen.puzzles.killer import techniques as k
from bookgen.solve import techniques as t
from bookgen.solve.ladder import Level

if TYPE_CHECKING:  # the generator, drawing, JSON forms and engine are loaded where used: a check uses none (start-up)
    from bookgen.puzzles.killer.generate import Plan
    from bookgen.solve import engine

LEVELS: tuple[Level, ...] = (
    Level("beginner", (k.ONE_CELL_CAGE, t.NAKED_SINGLE, t.HIDDEN_SINGLE, k.CAGE_LAST_CELL)),
    Level("easy", (k.CAGE_COMBINATIONS,)),
    Level("medium", (t.LOCKED_CANDIDATES, k.CAGE_CLAIMS, k.RULE_45_HOUSE, k.HOUSE_PINS, t.NAKED_PAIR,
                     t.HIDDEN_PAIR)),
    Level("hard", (k.RULE_45, t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, t.X_WING, t.XY_WING, t.XYZ_WING, t.SWORDFISH)),
    Level("expert", (k.INNIES_OUTIES, k.CAGES_IN_HOUSE, t.X_CHAIN, t.XY_CHAIN)),
)
LEVEL_NAMES = tuple(level.name for level in LEVELS)

# How each level's puzzles start (cage sizes 1..5 and weights, one-cell cages allowed per
# size). Beginner gets many small cages; the others start mostly with 2-4 cells and are
# merged or split towards the level.
PLANS: dict[str, tuple[tuple[int, ...], tuple[float, ...]]] = {
    "beginner": ((1, 2, 3), (1.0, 3.0, 1.0)),
    "easy": ((2, 3, 4), (3.0, 2.0, 1.0)),
    "medium": ((2, 3, 4, 5), (2.0, 3.0, 2.0, 1.0)),
    "hard": ((2, 3, 4, 5), (1.0, 2.0, 2.0, 1.0)),
    "expert": ((2, 3, 4, 5), (1.0, 2.0, 2.0, 2.0)),
}


def single_cap(size: int, level: str) -> int:
    """One-cell cages allowed: few (one per 16 cells), more for beginners."""
    return size * size // (4 if level == "beginner" else 16)


# The smallest `max_cage` each level is generated with: small cages give away too much
# for the harder levels. Measured on 9x9 over 10 seeds each: hard with 2-cell cages at
# most failed 10/10, medium 1/10 and expert with 3 cells 1/10 (and took up to 30 s).
SMALLEST_MAX_CAGE = {"beginner": 2, "easy": 2, "medium": 3, "hard": 3, "expert": 4}

# The values of `givens` measured (the offer says at which sizes and levels).
GIVENS_MEASURED = (0, 4, 8)


@dataclass(frozen=True)
class Params:
    """A killer sudoku section's options."""

    size: int = option(Square(Choice(SIZES)), 9, "grid side: 4 (2x2 boxes), 6 (2x3 boxes) or 9 (3x3 boxes)")
    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")
    max_cage: int = option(Int(2, 6), 5, "largest cage, in cells")
    givens: int = option(Choice(GIVENS_MEASURED), 0, "most digits given at the start (for easier puzzles)")

    def validate(self) -> None:
        """Cages too small for the level come out easier or not at all, whatever was
        measured (what was measured is the type's `refusal`)."""
        if self.max_cage < SMALLEST_MAX_CAGE[self.difficulty]:
            raise ParamsError(
                "max_cage",
                f"{self.difficulty} killer sudoku needs cages of up to {SMALLEST_MAX_CAGE[self.difficulty]} cells "
                f"or more; with at most {self.max_cage} they come out easier or not at all",
            )


def plan_for(params: Params) -> Plan:
    from bookgen.puzzles.killer.generate import Plan

    sizes, weights = PLANS[params.difficulty]
    return Plan(sizes, weights, single_cap(params.size, params.difficulty), params.givens)


class KillerType(GridWorked[Params]):
    name, aliases = names_of(__name__)  # as the registry's line gives them
    title = N_("Killer Sudoku")
    Params = Params
    grading = LEVELS
    sentences = killer_hints.SENTENCES

    def new_board(self, model: GridModel) -> engine.Board:
        """The engine's board with killer's rules: sum cages without repeats and their
        combinations, cage-mates as peers."""
        from bookgen.solve import engine

        return engine.Board(model, "killer")

    def answers_at_least(self, params: Params, enough: int) -> bool:
        """The answers are the classic sudoku's of the size (a 4x4 has 288)."""
        from bookgen.puzzles.identity import answers_at_least
        from bookgen.puzzles.sudoku.shapes import fixed_structure as structure

        return answers_at_least(structure(params.size), enough)

    def offer_key(self, params: Params) -> dict[str, Any]:
        return killer_key(params.size, params.difficulty, max_cage=params.max_cage, givens=params.givens)

    def refusal(self, params: Params) -> ParamsError | None:
        return killer_offer.refusal(self.offer, params.size, params.difficulty,
                                    {"max_cage": params.max_cage, "givens": params.givens})

    def offered_lines(self) -> list[str]:
        """The measured offer, a line per size, for `bookgen types`."""
        return killer_offer.offered_lines(self.offer)

    def instructions_for(self, params: Params, words: Words = ENGLISH) -> str:
        said = [words.gettext("Fill in the grid so that every row, every column and every bold box contains each "
                              "digit exactly once. The digits in each dashed cage add up to the small number in its "
                              "corner, and no digit repeats inside a cage.")]
        if params.givens:
            said.append(words.gettext("Some digits are given to start you off."))
        said.append(words.gettext("Every puzzle has exactly one solution, found by logic alone."))
        return " ".join(said)

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        from bookgen.puzzles.killer.generate import generate_killer
        from bookgen.puzzles.sudoku.shapes import fixed_structure as structure

        model, solution = generate_killer(
            structure(params.size), LEVELS, LEVEL_NAMES.index(params.difficulty), plan_for(params),
            params.max_cage, rng, budget,
        )
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def check(self, puzzle: Puzzle, solution: Grid) -> list[Violation]:
        return super().check(puzzle, solution) + cage_violations(puzzle.board)

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        from bookgen.puzzles import grid_json

        return {
            "type": self.name,
            **grid_json.model_to_json(puzzle.board),
            "difficulty": puzzle.difficulty,
            "solution": grid_json.grid_to_json(puzzle.solution),
        }

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        return read_killer(data, source)

    def misfit(self, puzzle: Puzzle, params: Params) -> str | None:
        """Cages no larger than `max_cage`, at most `givens` digits given."""
        wrong = super().misfit(puzzle, params)
        if wrong is None and max(len(cage.cells) for cage in puzzle.board.cages) > params.max_cage:
            return f"a cage larger than max_cage {params.max_cage}"
        if wrong is None and len(puzzle.board.givens) > params.givens:
            return f"more than {params.givens} digits given"
        return wrong

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None, style: Hashable | None = None) -> None:
        from bookgen.puzzles.killer.draw import draw_killer

        draw_killer(puzzle.board, pen, solution)


def cage_violations(model: GridModel) -> list[Violation]:
    """Killer's rules on the cages themselves: sums without repeats, connected, each cell
    in one cage at most."""
    problems = []
    seen: dict[Cell, int] = {}
    for i, cage in enumerate(model.cages):
        if cage.op != "+" or not cage.distinct:
            problems.append(Violation("a killer cage is a sum without repeats (op \"+\", distinct true)", cage.cells))
        if not is_connected(cage.cells):
            problems.append(Violation("a cage is not connected", cage.cells))
        for cell in cage.cells:
            if cell in seen:
                problems.append(Violation("a cell is in two cages", (cell,)))
            seen[cell] = i
    return problems


def read_killer(data: dict[str, Any], source: str) -> Puzzle:
    """A killer puzzle in the interchange form, written by a build or typed by hand. By
    hand, only `rows` and the cages' cells and targets are needed: the columns, digits,
    rows/columns/boxes, `op: "+"` and `distinct: true` go without saying."""
    from bookgen.puzzles import grid_json
    from bookgen.puzzles.sudoku.shapes import fixed_structure as structure


    def fail(field: str, message: str) -> PuzzleFormatError:
        return PuzzleFormatError(Problem(Location(source), field, message))

    n = data.get("rows")
    if not isinstance(n, int) or isinstance(n, bool) or n not in SIZES:
        raise fail("rows", f"a killer sudoku has 4, 6 or 9 rows, got {n!r}")
    cages = data.get("cages")
    if not isinstance(cages, list) or not cages:
        raise fail("cages", "expected a list of cages, each with cells and a target")
    filled = {"cols": n, "symbols": list(range(1, n + 1)), **data,
              "cages": [{"op": "+", "distinct": True, **k} if isinstance(k, dict) else k for k in cages]}
    model = grid_json.model_from_json(filled, source)
    if model.cols != n:
        raise fail("cols", f"a killer sudoku is square: {n} rows need {n} columns")
    if model.symbols != tuple(range(1, n + 1)):
        raise fail("symbols", f"a {n}x{n} killer sudoku uses the digits 1 to {n}")
    _check_cages(model, fail)
    base = structure(n)
    if "groups" in data and {frozenset(g.cells) for g in model.groups} != {frozenset(g.cells) for g in base.groups}:
        raise fail("groups", f"expected the rows, columns and boxes of a {n}x{n} sudoku (or no groups at all)")
    # The standard groups, with their kinds (boxes are drawn bold), whether typed or not.
    model = GridModel(n, n, model.symbols, base.cells, base.groups, model.cages, model.givens)
    solution = grid_json.read_solution(data, n, n, source)
    return Puzzle(KillerType.name, str(data.get("difficulty", "")), model, solution, Params(size=n))


def _check_cages(model: GridModel, fail) -> None:
    seen: dict[Cell, int] = {}
    for i, cage in enumerate(model.cages):
        if cage.op != "+":
            raise fail(f"cages[{i}].op", f"a killer cage is a sum: expected \"+\", got {cage.op!r}")
        if not cage.distinct:
            raise fail(f"cages[{i}].distinct", "a killer cage never repeats a digit: expected true")
        for cell in cage.cells:
            if cell in seen:
                raise fail(f"cages[{i}].cells", f"cell {list(cell)} is already in cages[{seen[cell]}]")
            seen[cell] = i


PUZZLE_TYPE = KillerType()
