"""Sudoku: fill the grid so every row, column and box holds each symbol once.

Variants (`variant:`) add all-different groups to the same model, built by
bookgen.puzzles.sudoku.shapes: x (both main diagonals, shaded), hyper (four shaded 3x3
windows, 9x9), jigsaw (irregular regions instead of boxes, 5x5 to 9x9, new for every
puzzle). Everything below (levels, givens, generation) is the same for every variant.

Levels, one table for the whole sudoku family (classic, variants, samurai, Tredoku); each
level adds techniques to those below, and a puzzle is printed at level L only when it
needs a technique first introduced at L: the grader solves it with the techniques of L
and below, and not with those below L (bookgen.solve.grader.needs_level). Givens never
make a level.
- beginner: full house (the last empty cell of a row, column or box) and hidden singles
  in a box (cross-hatching: the one place left for a digit in a box): no pencil marks,
  no scanning of whole rows; and generous givens (the beginner's range below).
- easy: + hidden singles in a row or column, naked singles (a cell where only one digit
  fits): every easy puzzle needs one of them. The order follows the usual human ratings
  (Sudoku Explainer: hidden single in a box 1.2, in a line 1.5, naked single 2.3). No
  4x4 needs them (every unique 4x4 falls to cross-hatching), so a 4x4 is beginner only.
- medium: + pointing and claiming (locked candidates), naked and hidden pairs.
- hard: + naked and hidden triples, X-wing, swordfish, XY-wing, XYZ-wing.
- expert: + X-chains and XY-chains (names in bookgen.solve.techniques).
Greater-than sudoku's signs are read at beginner (a sign's bounds) and medium (a chain of
signs in a house), and its signs must be needed: without them, its givens are not solved
by the techniques of its level (`targets.signs_needed`); its givens keep only the level's most.

Givens suit the level: beginner has 44-50% of the cells given (9x9: 36-40), easy
37-45% (9x9: 30-36); per size (fewest-most): 4x4 beginner 7-8; 6x6 16-18 / 13-16; 8x8
28-32 / 24-28; 9x9 36-40 / 30-36; 12x12 63-72 / 53-64; 16x16 113-128 / 95-115. Medium
and harder have as few givens as the level needs.

Sizes 4 (2x2 boxes), 6 (2x3), 8 (2x4), 9 (3x3), 12 (3x4), 16 (4x4); a jigsaw also 5
and 7. The model keeps
the values 1..N; `symbols:` (e.g. ABCDEF for a 6x6) only changes what is printed, and
by default they are 1-9 then A, B, C...

Generation aims at the level (bookgen.puzzles.sudoku.generate): givens are removed while the
grader solves within the level, removed further when the puzzle is too easy, and given
back when it is too hard. Only the (variant, size, level) combinations made at 100 of 100
seeds within the per-puzzle budget are offered (the measured offer, offer.json beside this
module, written by bench/offer.py); the rest are refused when the spec is read, with what
was measured.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable

from bookgen.errors import ParamsError
from bookgen.language import ENGLISH, N_, Words
from bookgen.model import Grid, GridModel
from bookgen.options import Choice, Optional, Square, Text, option
from bookgen.puzzles import grid_draw
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.pen import Pen, Point, ScaledPen
from bookgen.puzzles.registry import names_of
from bookgen.puzzles.sudoku import pictures
from bookgen.puzzles.grid import solve_grid
from bookgen.puzzles.grid_worked import GridWorked
from bookgen.puzzles.identity import answers_at_least
from bookgen.puzzles.sudoku.greater_than import BADGE_SIDE, box_neighbours
from bookgen.puzzles.sudoku.ladder import LEVELS
from bookgen.puzzles.sudoku.offer import LEVEL_NAMES, sudoku_key, sudoku_lines, sudoku_refusal
from bookgen.puzzles.sudoku.shapes import fixed_structure
from bookgen.puzzles.sudoku.symbols import (DEFAULT_SYMBOLS, PICTURES, ReadIn, check_symbols, is_pictures,
                                          picture_refusal, read_labels, symbol_labels)
from bookgen.puzzles.sudoku.variants import NAMES as VARIANT_NAMES, SIZES, VARIANTS, variant
from bookgen.solve.result import SolveResult

if TYPE_CHECKING:  # what worked steps mark: drawn where a book's pages are, never by a check (start-up)
    from bookgen.puzzles.step_marks import StepMarks

SYMMETRIES = ("rotational", "mirror", "none")


@dataclass(frozen=True)
class Params:
    """A sudoku section's options."""
    size: int = option(Square(Choice(SIZES)), 9, "grid side: 4 (2x2 boxes), 6 (2x3), 8 (2x4), 9 (3x3), 12 (3x4) "
                       "or 16 (4x4); other variants as they say")
    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")
    symmetry: str = option(Choice(SYMMETRIES), "rotational", "pattern of the givens")
    symbols: str | None = option(Optional(Text(max_length=16)), None,
                                 "the symbols printed, one per value, e.g. ABCDEF for a 6x6 (default 1-9, then A-G); "
                                 "or pictures, for children who cannot read digits yet (up to 6x6: "
                                 + ", ".join(pictures.NAMES) + ")")
    variant: str = option(Choice(VARIANT_NAMES), "classic", "; ".join(v.help for v in VARIANTS))

    def validate(self) -> None:
        chosen = variant(self.variant)
        if self.size not in chosen.sizes:
            raise ParamsError("size", chosen.size_refusal(self.size))
        if self.symbols == PICTURES:
            refused = picture_refusal(self.size, chosen)
            if refused is not None:
                raise ParamsError("symbols", refused)
        elif self.symbols is not None:
            check_symbols(self.symbols, self.size)


def structure(size: int, variant: str = "classic") -> GridModel:
    """The empty sudoku of a size: rows, columns and boxes (and a variant's diagonals or
    windows) as all-different groups. Regions are drawn per puzzle (sudoku.jigsaw)."""
    return fixed_structure(size, variant)


def orbits(size: int, symmetry: str, rng: random.Random) -> list[tuple[tuple[int, int], ...]]:
    """Cells that are removed together, in random order."""
    from bookgen.puzzles.sudoku.generate import square_orbits

    return square_orbits(size, symmetry, rng)


def solve_family(model: GridModel) -> SolveResult:
    """Solutions counted, and a unique one graded on the family's levels: its level is
    the hardest technique it needs (givens make no level)."""
    return solve_grid(model, LEVELS)


def _signs_fit(model: GridModel, params: Params) -> bool:
    """A sign once between each two neighbours of a box where the variant has signs;
    none where it has not."""
    pairs = [frozenset((e.smaller, e.larger)) for e in model.inequalities]
    wanted = {frozenset(pair) for pair in box_neighbours(params.size)} if variant(params.variant).signed else set()
    return len(pairs) == len(set(pairs)) and set(pairs) == wanted


# A section's heading where it gives none: its variant's name (classic: the type's title).
HEADINGS = {"x": N_("X-Sudoku"), "hyper": N_("Hyper Sudoku"), "jigsaw": N_("Jigsaw Sudoku"),
            "toroidal": N_("Toroidal Sudoku"), "greater-than": N_("Greater-Than Sudoku")}
PICTURE_HEADING = N_("Picture Sudoku")


class SudokuType(GridWorked[Params]):
    name, aliases = names_of(__name__)  # as the registry's line gives them
    title = N_("Sudoku")
    rule = N_("Fill in the grid so that each digit appears exactly once in {houses}.")
    symbol_rule = N_("Fill in the grid so that each symbol ({symbols}) appears exactly once in {houses}.")
    start = N_("Some digits are given to start you off; every puzzle has exactly one solution, which you can "
               "find by logic alone, with no guessing.")
    symbol_start = N_("Some symbols are given to start you off; every puzzle has exactly one solution, which you "
                      "can find by logic alone, with no guessing.")
    picture_rule = N_("Draw in the grid so that each picture ({pictures}) appears exactly once in {houses}. The "
                      "pictures to use are shown above each puzzle.")
    picture_start = N_("Some pictures are given to start you off; every puzzle has exactly one solution, which you "
                       "can find by looking carefully, with no guessing.")
    Params = Params
    grading = LEVELS

    def title_for(self, params: Params, words: Words = ENGLISH) -> str:
        """The variant's own name (a picture sudoku's, for a child who reads no digits)."""
        if params.symbols == PICTURES:
            return words.gettext(PICTURE_HEADING)
        return words.gettext(HEADINGS.get(params.variant, self.title))

    def instructions_for(self, params: Params, words: Words = ENGLISH) -> str:
        """The rule with the houses the variant asks to be filled and its own sentence,
        and the symbols when they are not the digits."""
        chosen = variant(params.variant)
        houses = words.gettext(chosen.houses)
        if params.symbols == PICTURES:
            shown = ", ".join(words.gettext(pictures.BY_NAME[name].noun) for name in pictures.names(params.size))
            said = [words.gettext(self.picture_rule).format(pictures=shown, houses=houses),
                    words.gettext(self.picture_start)]
        elif params.symbols is None and params.size <= 9:
            said = [words.gettext(self.rule).format(houses=houses), words.gettext(chosen.start or self.start)]
        else:
            shown = ", ".join(symbol_labels(params.size, params.symbols))
            said = [words.gettext(self.symbol_rule).format(symbols=shown, houses=houses),
                    words.gettext(self.symbol_start)]
        return " ".join(said + ([words.gettext(chosen.note)] if chosen.note else []))

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        # A variant whose regions are drawn per puzzle draws them with each full grid;
        # the others keep one shape (see Variant.filled). The generator and the grader are
        # loaded here: a check makes no puzzle (start-up).
        from bookgen.puzzles.sudoku.generate import generate_at_level
        from bookgen.puzzles.sudoku.targets import generation_target

        chosen = variant(params.variant)
        base = chosen.base(params.size)
        fill = None if chosen.filled is None else (lambda r: chosen.filled(params.size, r))
        target = generation_target(params.variant, params.size, params.difficulty)
        model, solution = generate_at_level(base, target, lambda r: orbits(params.size, params.symmetry, r), rng,
                                            budget, chosen.title, fill)
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def offer_key(self, params: Params) -> dict[str, Any]:
        return sudoku_key(params.variant, params.size, params.difficulty, params.symmetry)

    def refusal(self, params: Params) -> ParamsError | None:
        return sudoku_refusal(self.offer, params.variant, params.size, params.difficulty, params.symmetry)

    def offered_lines(self) -> list[str]:
        """The measured offer, a line per size (and variant), for `bookgen types`."""
        return sudoku_lines(self.offer, SYMMETRIES)

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        return solve_family(puzzle.board)

    def certify(self, puzzle: Puzzle) -> list[str]:
        """The grid's proofs (graded again and solutions counted, in one engine call where
        sudoku.proof takes the shape), and for a puzzle with signs, signs that are needed."""
        from bookgen.puzzles.sudoku.proof import proved
        from bookgen.puzzles.sudoku.targets import signs_needed

        if puzzle.difficulty in LEVEL_NAMES and not signs_needed(puzzle.board, LEVEL_NAMES.index(puzzle.difficulty)):
            unneeded = f"its signs are not needed: the givens alone are a {puzzle.difficulty} sudoku"
            return super().certify(puzzle) + [unneeded]
        if proved(puzzle, self.grading):
            return []
        return super().certify(puzzle)  # the general way, which says what is wrong

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        """The interchange form; `labels` (what is printed for each symbol) only when the
        printed symbols are not the values themselves."""
        labels = self.labels(puzzle)
        shown = {"labels": list(labels)} if labels != tuple(map(str, puzzle.board.symbols)) else {}
        return {**super().to_json(puzzle), **shown}

    def text_line(self, puzzle: Puzzle) -> str | None:
        """The givens row by row ('.' for an empty square), a space and the answer, in the
        printed symbols (a 9x9 classic: 81 characters, as sudoku programs exchange them);
        only where the size and variant say the rest (classic, x, hyper: no regions drawn
        for the puzzle, no signs) and every symbol prints as one character."""
        model, params = puzzle.board, puzzle.params
        if not isinstance(params, Params) or model.inequalities:
            return None
        base = variant(params.variant).base(params.size)
        labels = self.labels(puzzle)
        if set(model.groups) != set(base.groups) or any(len(label) != 1 for label in labels):
            return None
        shown = dict(zip(model.symbols, labels))
        givens = {(r, c): v for r, c, v in model.givens}
        grid = "".join(shown[givens[r, c]] if (r, c) in givens else "." for r in range(model.rows)
                       for c in range(model.cols))
        return grid + " " + "".join(shown[v] for row in puzzle.solution for v in row)

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        """The grid, and `labels` when the file has them (what is printed for each symbol:
        `bookgen solve` answers in them)."""
        puzzle = super().from_json(data, source)
        if "labels" not in data:
            return puzzle
        labels = read_labels(data["labels"], len(puzzle.board.symbols), source)
        return dataclasses.replace(puzzle, params=ReadIn(labels))

    def misfit(self, puzzle: Puzzle, params: Params) -> str | None:
        """The variant's shape: its fixed groups, and, where regions are drawn for each
        puzzle (jigsaw, toroidal), N regions of N cells covering the grid; no cages; a
        sign between every two neighbours of a box for greater-than, none elsewhere."""
        wrong = super().misfit(puzzle, params)
        if wrong is not None:
            return wrong
        model, base = puzzle.board, variant(params.variant).base(params.size)
        groups = {(frozenset(g.cells), g.kind) for g in model.groups}
        fixed = {(frozenset(g.cells), g.kind) for g in base.groups}
        extra = groups - fixed
        drawn = all(g.kind in ("row", "column") for g in base.groups)  # the shape is drawn per puzzle
        regions = [cells for cells, kind in extra if kind == "region"]
        covered = frozenset().union(*regions) if regions else frozenset()
        if (not fixed <= groups or model.cages or model.symbols != base.symbols
                or (extra and not drawn) or len(extra) != len(regions)
                or drawn and (len(regions) != params.size or len(covered) != params.size ** 2
                              or any(len(cells) != params.size for cells in regions))
                or not _signs_fit(model, params)):
            return f"not a {variant(params.variant).title} of {params.size}x{params.size}"
        return None

    def labels(self, puzzle: Puzzle) -> tuple[str, ...]:
        """What is printed for each of the puzzle's symbols."""
        if isinstance(puzzle.params, ReadIn):
            return puzzle.params.labels
        count = len(puzzle.board.symbols)
        if count > len(DEFAULT_SYMBOLS):
            return tuple(map(str, puzzle.board.symbols))
        return symbol_labels(count, puzzle.params.symbols if isinstance(puzzle.params, Params) else None)

    def pictured(self, puzzle: Puzzle) -> bool:
        """Whether the puzzle prints pictures (`symbols: pictures`, or labels read in that
        name pictures)."""
        return is_pictures(self.labels(puzzle))

    def value_name(self, puzzle: Puzzle, words: Words = ENGLISH) -> Callable[[int], str]:
        """A picture by its name in `words`' language, as a sentence names a digit ("the
        circle"); other symbols as printed."""
        if not self.pictured(puzzle):
            return super().value_name(puzzle, words)
        said = {value: words.gettext(pictures.BY_NAME[name].said)
                for value, name in zip(puzzle.board.symbols, self.labels(puzzle))}
        return lambda value: said.get(value, str(value))

    def value_noun(self, puzzle: Puzzle) -> str | None:
        return "picture" if self.pictured(puzzle) else None

    def planned_size(self, params: Params) -> tuple[float, float]:
        """The grid, and above it the strip of pictures to use when it prints pictures."""
        return (float(params.size), params.size + (pictures.STRIP if params.symbols == PICTURES else 0.0))

    def bare_size(self, params: Params) -> tuple[float, float] | None:
        return (float(params.size), float(params.size)) if params.symbols == PICTURES else None

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        cols, rows = super().print_size(puzzle, answer)
        return (cols, rows + pictures.STRIP) if self.pictured(puzzle) and not answer else (cols, rows)

    def worked_size(self, puzzle: Puzzle) -> tuple[float, float]:
        return super().print_size(puzzle)

    def answers_at_least(self, params: Params, enough: int) -> bool:
        """Counted on the variant's shape (for a variant whose regions are drawn for each
        puzzle, its rows and columns: a count from above, as answers on other regions are
        other answers too)."""
        return answers_at_least(variant(params.variant).base(params.size), enough)

    def identity(self, puzzle: Puzzle) -> tuple:
        """The givens, and a jigsaw's regions (the same givens on other regions are
        another puzzle)."""
        regions = tuple(g.cells for g in puzzle.board.groups if g.kind == "region")
        return super().identity(puzzle) + (regions,)

    def marked_houses(self, puzzle: Puzzle) -> dict[frozenset[tuple[int, int]], str]:
        """The letters the variants print on groups (a toroidal sudoku's wrapped regions)."""
        return {cells: mark for each in VARIANTS if each.marks is not None
                for cells, mark in each.marks(puzzle.board).items()}

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None, style: Hashable | None = None) -> None:
        """The grid; a puzzle printed with pictures has the strip of pictures to use
        above it (its answer does not)."""
        if self.pictured(puzzle) and solution is None:
            pictures.draw_strip(pen, self.labels(puzzle), float(puzzle.board.cols))
            pen = ScaledPen(pen, 1.0, (0.0, pictures.STRIP))
        self._draw_grid(puzzle, pen, solution)

    def draw_worked(self, puzzle: Puzzle, pen: Pen, marks: StepMarks, style: Hashable | None = None) -> None:
        """The grid alone (no strip of pictures) with the steps' marks: pencil marks as
        the puzzle prints its symbols, and a smaller numbered square where there are
        signs, clear of them."""
        from bookgen.puzzles.worked_draw import MARK_SIZE, draw_marked, text_symbol

        pictured = self.pictured(puzzle)

        def symbol(on: Pen, label: str, at: Point, size: float, gray: float) -> None:
            if pictured and label in pictures.BY_NAME:
                pictures.draw_picture(on, label, at, size * pictures.AS_MARK, gray)
            else:
                text_symbol(on, label, at, size, gray)

        draw_marked(pen, marks, lambda: self._draw_grid(puzzle, pen, None), symbol=symbol,
                    badge_most=BADGE_SIDE if puzzle.board.inequalities else MARK_SIZE)

    def _draw_grid(self, puzzle: Puzzle, pen: Pen, solution: Grid | None) -> None:
        model = puzzle.board
        symbol = None
        if self.pictured(puzzle):
            named = dict(zip(model.symbols, self.labels(puzzle)))

            def symbol(on: Pen, value: int, at: Point) -> None:
                pictures.draw_picture(on, named[value], at, pictures.IN_SQUARE)

        grid_draw.draw_sudoku_grid(pen, model, solution, label=self.value_label(puzzle), symbol=symbol)
        for each in VARIANTS:
            if each.decorate is not None:
                each.decorate(pen, model)


PUZZLE_TYPE = SudokuType()
