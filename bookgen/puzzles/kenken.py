"""KenKen (also printed as Calcudoku or MathDoku): fill an N×N grid so each row and
column holds 1..N once, and each bold cage makes its target with its operation:
+ sum, × product, − difference and ÷ exact quotient of a two-cell cage; a one-cell
cage shows its digit. A digit may repeat in a cage when not in the same row or column.

Levels (the grader's techniques, each level adding to those below it; a puzzle is
printed at a level only when the grader solves it with that level's techniques and not
with the level below):
- beginner: every step writes one forced digit, with no pencil marks beyond the digits
  already in the rows and columns: one-cell cages, naked singles (a cell whose row and
  column leave one digit), hidden singles (a digit with one place left in a row or
  column), and cage singles (a cage with one or two empty cells whose target leaves one
  digit for a cell, e.g. 7+ with the 3 already written).
- easy: adds cage arithmetic as pencil marks: each cell of a cage keeps only the digits
  of some combination that makes the target in those cells.
- medium: adds naked and hidden pairs in rows and columns, and a cage claiming a digit in
  its line (a digit every combination of the cage puts in its cells within one row or
  column leaves the rest of that row or column).
- hard: adds naked and hidden triples, X-wing, and a line pinning a digit into a cage
  (when a row or column can hold a digit only in one cage's cells, that cage's
  combinations without the digit there are struck out).
- expert: adds the line sum and product rules (a row or column totals 1+…+N and
  multiplies to N!, so cages wholly inside it leave a known total to its other cells),
  two cages in a line (a combination of one cage that clashes with every combination of
  another cage sharing its row or column is struck out), XY-wing and swordfish.

Generation: a random Latin square; a random partition into connected cages (sizes 2 to
`max_cage`, few one-cell cages); an operation per cage chosen from those allowed that fit
its digits (− and ÷ only on two cells, ÷ only when exact). Then rounds of grading: the
grader (techniques up to the requested level) either solves the puzzle, which proves it
unique, or gets stuck; the search solver then looks, from the grader's pencil marks, for
a second solution. If there is one, the puzzle is repaired where the two solutions
differ (a cage there changes its operation, is split, or is merged with a neighbour) so
that the second solution breaks a rule; if not, the puzzle is unique but too hard, and a
cage holding a cell the grader could not fill is split into parts that keep its
operation. A puzzle that ends up easier than asked is discarded and the next attempt
begins.

With `hide_operations` only the targets are printed, and uniqueness and grading hold
under the hidden rules: a cage may use any of + − × ÷ that makes its target.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any

from bookgen.errors import GenerationError, Location, ParamsError, Problem, PuzzleFormatError
from bookgen.model import Cage, Cell, Grid, GridModel, full_cells, is_connected, line_groups, outline
from bookgen.options import Bool, Choice, Int, Optional, SubsetOf, option
from bookgen.puzzles import grid as gridlib
from bookgen.puzzles.base import Budget, Pen, Puzzle, Violation, Weight
from bookgen.solve import arithmetic as a
from bookgen.solve import techniques as t
from bookgen.solve.arithmetic import CageBoard
from bookgen.solve.cages import HIDDEN, CageTooLarge, cage_value, makes_target
from bookgen.solve.result import Outcome, SolveResult
from bookgen.solve.search import Solver, solver_for
from bookgen.solve.techniques import Contradiction, Grade, Level, grade_board

LEVELS: tuple[Level, ...] = (
    Level("beginner", (a.SINGLE_CELL_CAGE, a.NAKED_SINGLE, a.HIDDEN_SINGLE, a.CAGE_SINGLE)),
    Level("easy", (a.CAGE_CANDIDATES,)),
    Level("medium", (t.NAKED_PAIR, t.HIDDEN_PAIR, a.CAGE_LINE)),
    Level("hard", (t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, a.LINE_INTO_CAGE, t.X_WING)),
    Level("expert", (a.LINE_SUM, a.LINE_PRODUCT, a.CAGE_PAIRS, t.XY_WING, t.SWORDFISH)),
)
LEVEL_NAMES = tuple(level.name for level in LEVELS)

OPERATIONS = ("+", "-", "*", "/")
# What people type for the operations, including the true signs and YAML-safe letters
# (a bare * starts an alias in YAML). `multiply_only` reads naturally as a whole value:
# `operations: multiply_only`.
OP_ALIASES = (
    ("×", "*"), ("x", "*"), ("X", "*"), ("·", "*"), ("÷", "/"), (":", "/"), ("−", "-"), ("–", "-"),
    ("plus", "+"), ("add", "+"), ("minus", "-"), ("subtract", "-"), ("times", "*"),
    ("multiply", "*"), ("multiply_only", "*"), ("divide", "/"),
)
SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "=": ""}

# Share of each cage size among the cages grown (before leftover cells are merged in):
# weight 0.6**(size-2), so with max_cage 4 about half the cages have two cells, a third
# three and a sixth four, close to published 6x6 and 9x9 KenKen.
SIZE_DECAY = 0.6

# Weights of the operations on a two-cell cage (÷ fits few pairs, so it is favoured when
# it does) and on larger cages; only allowed operations that fit the digits are drawn.
PAIR_OP_WEIGHTS = {"/": 3.0, "-": 2.0, "+": 1.5, "*": 1.0}
LARGE_OP_WEIGHTS = {"+": 1.0, "*": 1.0}

# Default cap on one-cell cages: one per this many cells.
CELLS_PER_SINGLE = 8

# Work limits, all counts (never times) so the puzzle produced does not depend on speed.
MAX_ATTEMPTS = 400
MAX_ROUNDS = 120
# A search for a second solution stops after this many branchings; it then counts as
# "not known", and the round splits a cage instead (more rules shrink the next search).
# Measured with bench/kenken.py and 12x12 runs: at 600, 12x12 medians fall from about
# 4-8 s (limit 3000) to 1.4-2.5 s, 9x9 hidden-sign medians rise from 0.45 to 0.67 s
# while their worst case falls from 9.6 to 2.3 s; plain 9x9 is unchanged.
SEARCH_NODES = 600


@dataclass(frozen=True)
class Params:
    size: int = option(Int(3, 12), 6, "grid side, 3 to 12 (10 to 12 print two-digit values)")
    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")
    operations: tuple[str, ...] = option(
        SubsetOf(OPERATIONS, OP_ALIASES), OPERATIONS,
        "operations the cages may use: any of + - x / (also × ÷ −), or multiply_only",
    )
    hide_operations: bool = option(Bool(), False, "print only the targets; solvers work out the operations")
    max_cage: int = option(Int(2, 6), 4, "largest cage, in cells")
    max_single_cells: int | None = option(
        Optional(Int(0, 144)), None, f"most one-cell cages (default one per {CELLS_PER_SINGLE} cells)"
    )
    candidates: bool = option(Bool(), False, "print the digits 1..N small in every cell, to cross out")

    def validate(self) -> None:
        if set(self.operations) == {"/"}:
            raise ParamsError(
                "operations",
                "÷ alone cannot fill a grid (most neighbouring digits do not divide); add another operation",
            )
        cells = self.size * self.size
        if self.max_single_cells is not None and self.max_single_cells > cells:
            raise ParamsError("max_single_cells", f"a {self.size}x{self.size} grid has only {cells} cells")
        if pairs_only(self.operations) and cells % 2 and self.single_cap == 0:
            raise ParamsError(
                "max_single_cells", f"with only − and ÷ every cage has two cells, and {cells} cells need a single one"
            )
        if self.difficulty not in reachable(self.size):
            raise ParamsError(
                "difficulty",
                f"a {self.size}x{self.size} KenKen can be {', '.join(reachable(self.size))}; "
                f"{self.difficulty} ones are too rare or too slow to generate",
            )

    @property
    def single_cap(self) -> int:
        if self.max_single_cells is not None:
            return self.max_single_cells
        return max(1, self.size * self.size // CELLS_PER_SINGLE)

    @property
    def cage_limit(self) -> int:
        """Only − and ÷ allowed: every cage has two cells (or one)."""
        return 2 if pairs_only(self.operations) else self.max_cage


def pairs_only(operations: tuple[str, ...]) -> bool:
    return set(operations) <= {"-", "/"}


def reachable(size: int) -> tuple[str, ...]:
    """The levels generation reaches at this size, measured with bench/kenken.py and the
    tests: 3x3 puzzles never need more than easy; 4x4 ones rarely need hard techniques
    (with one or two operations, fewer than 1 attempt in 50); 10x10 to 12x12 beginner
    puzzles take tens of seconds and expert ones often fail within a minute."""
    if size == 3:
        return LEVEL_NAMES[:2]
    if size == 4:
        return LEVEL_NAMES[:3]
    if size >= 10:
        return LEVEL_NAMES[1:4]
    return LEVEL_NAMES


# --- the model -------------------------------------------------------------------------


@lru_cache(maxsize=None)
def latin_structure(n: int) -> GridModel:
    return GridModel(n, n, tuple(range(1, n + 1)), full_cells(n, n), line_groups(n, n))


def kenken_model(n: int, cages: list[Cage] | tuple[Cage, ...]) -> GridModel:
    base = latin_structure(n)
    return replace(base, cages=tuple(sorted(cages, key=lambda k: k.anchor)))


def solving_model(model: GridModel, hidden: bool) -> GridModel:
    """The model the solver and grader see: with hidden operations, each multi-cell cage
    allows any operation that makes its target."""
    if not hidden:
        return model
    return replace(model, cages=tuple(
        k if len(k.cells) == 1 else Cage(k.cells, HIDDEN, k.target) for k in model.cages
    ))


def is_hidden(puzzle: Puzzle) -> bool:
    return bool(getattr(puzzle.params, "hide_operations", False))


def clue_text(cage: Cage, hidden: bool) -> str:
    return str(cage.target) if hidden else f"{cage.target}{SIGNS[cage.op]}"


# --- generation ------------------------------------------------------------------------


def latin_square(n: int, rng: random.Random) -> Grid:
    """A random Latin square: a randomised search, then rows, columns and digits shuffled
    (each keeps the square Latin) so every square can come out."""
    square = solver_for(latin_structure(n)).random_solution(rng)
    rows, cols, digits = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(digits)
    return tuple(tuple(digits[square[r][c] - 1] for c in cols) for r in rows)


def _neighbours(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < n and 0 <= c + dc < n]


def random_layout(n: int, max_cage: int, single_cap: int, rng: random.Random) -> list[tuple[Cell, ...]] | None:
    """Connected cages covering the grid; None when too many one-cell cages are left."""
    sizes = list(range(2, max_cage + 1))
    weights = [SIZE_DECAY ** (s - 2) for s in sizes]
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    order = list(full_cells(n, n))
    rng.shuffle(order)
    for start in order:
        if start in owner:
            continue
        want = rng.choices(sizes, weights)[0]
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < want:
            frontier = sorted({nb for cell in cage for nb in _neighbours(cell, n) if nb not in owner})
            if not frontier:
                break
            cell = rng.choice(frontier)
            cage.append(cell)
            owner[cell] = len(cages)
        cages.append(cage)
    # A cell left alone joins the smallest neighbouring cage with room.
    for k in range(len(cages)):
        if len(cages[k]) != 1:
            continue
        cell = cages[k][0]
        room = sorted({owner[nb] for nb in _neighbours(cell, n) if len(cages[owner[nb]]) < max_cage})
        if not room:
            continue
        smallest = min(len(cages[j]) for j in room)
        j = rng.choice([j for j in room if len(cages[j]) == smallest])
        cages[j].append(cell)
        owner[cell] = j
        cages[k] = []
    found = [tuple(sorted(c)) for c in cages if c]
    if sum(1 for c in found if len(c) == 1) > single_cap:
        return None
    return found


def choose_op(values: list[int], allowed: tuple[str, ...], rng: random.Random) -> str | None:
    """An allowed operation that fits these digits, drawn by weight; None if none fits."""
    if len(values) == 1:
        return "="
    if len(values) == 2:
        hi, lo = max(values), min(values)
        fits = [op for op in allowed if op != "/" or hi % lo == 0]
        weights = PAIR_OP_WEIGHTS
    else:
        fits = [op for op in allowed if op in LARGE_OP_WEIGHTS]
        weights = LARGE_OP_WEIGHTS
    if not fits:
        return None
    return rng.choices(fits, [weights[op] for op in fits])[0]


def make_cage(cells: tuple[Cell, ...], op: str, solution: Grid) -> Cage:
    values = [solution[r][c] for r, c in cells]
    return Cage(tuple(sorted(cells)), op, cage_value(op, values))


def random_cage(cells: tuple[Cell, ...], solution: Grid, allowed: tuple[str, ...], rng: random.Random) -> Cage | None:
    op = choose_op([solution[r][c] for r, c in cells], allowed, rng)
    return None if op is None else make_cage(cells, op, solution)


@dataclass(frozen=True)
class Attempt:
    """What one generation attempt works with."""

    n: int
    solution: Grid
    params: Params
    rng: random.Random

    def holds(self, cage: Cage, grid: Grid) -> bool:
        """Does this (other) grid meet the cage as the solver reads it?"""
        values = [grid[r][c] for r, c in cage.cells]
        op = HIDDEN if self.params.hide_operations and len(values) > 1 else cage.op
        return makes_target(op, cage.target, values)


def _singles(cages: list[Cage]) -> int:
    return sum(1 for k in cages if len(k.cells) == 1)


def _bipartitions(cells: tuple[Cell, ...]) -> list[tuple[tuple[Cell, ...], tuple[Cell, ...]]]:
    """Every split of a cage into two connected parts (each split listed once)."""
    first, rest = cells[0], cells[1:]
    found = []
    for size in range(0, len(rest)):
        for combo in combinations(rest, size):
            part = (first, *combo)
            other = tuple(c for c in cells if c not in part)
            if is_connected(part) and is_connected(other):
                found.append((tuple(sorted(part)), other))
    return found


def _repair_moves(att: Attempt, cages: list[Cage], other: Grid) -> list[list[Cage]]:
    """Changed cage lists, each of which the other solution breaks, near where it differs."""
    n, sol, rng, allowed = att.n, att.solution, att.rng, att.params.operations
    owner = {cell: k for k, cage in enumerate(cages) for cell in cage.cells}
    differing = sorted({owner[(r, c)] for r in range(n) for c in range(n) if sol[r][c] != other[r][c]})
    moves: list[list[Cage]] = []
    for k in differing:
        cage = cages[k]
        rest = cages[:k] + cages[k + 1:]
        # Change the operation.
        for op in allowed:
            if op != cage.op and len(cage.cells) > 1:
                if choose_op([sol[r][c] for r, c in cage.cells], (op,), rng) is not None:
                    new = make_cage(cage.cells, op, sol)
                    if not att.holds(new, other):
                        moves.append(rest + [new])
        # Split in two.
        for part_a, part_b in _bipartitions(cage.cells) if len(cage.cells) > 1 else ():
            new_a, new_b = random_cage(part_a, sol, allowed, rng), random_cage(part_b, sol, allowed, rng)
            if new_a and new_b and not (att.holds(new_a, other) and att.holds(new_b, other)):
                moves.append(rest + [new_a, new_b])
        # Merge with a neighbour.
        near = sorted({owner[nb] for cell in cage.cells for nb in _neighbours(cell, n)} - {k})
        for j in near:
            if len(cage.cells) + len(cages[j].cells) <= att.params.cage_limit:
                merged = random_cage(cage.cells + cages[j].cells, sol, allowed, rng)
                if merged and not att.holds(merged, other):
                    moves.append([x for i, x in enumerate(cages) if i not in (k, j)] + [merged])
    cap = att.params.single_cap
    return [m for m in moves if _singles(m) <= cap]


def grade_cages(att: Attempt, cages: list[Cage], up_to: int | None) -> tuple[Grade, CageBoard]:
    board = CageBoard(solving_model(kenken_model(att.n, cages), att.params.hide_operations))
    return grade_board(board, LEVELS, up_to), board


def _refinements(att: Attempt, cages: list[Cage], board: CageBoard) -> list[list[Cage]]:
    """Splits of a cage holding a cell the grader could not fill, each part keeping the
    cage's operation (a − or ÷ pair becomes two one-cell cages)."""
    hidden = att.params.hide_operations
    moves = []
    for k, cage in enumerate(cages):
        if len(cage.cells) < 2:
            continue
        if all(board.placed[board.model.index[c]] for c in cage.cells):
            continue
        rest = cages[:k] + cages[k + 1:]
        for part_a, part_b in _bipartitions(cage.cells):
            parts = []
            for part in (part_a, part_b):
                if len(part) == 1:
                    parts.append(make_cage(part, "=", att.solution))
                elif hidden:
                    parts.append(random_cage(part, att.solution, att.params.operations, att.rng))
                else:
                    parts.append(make_cage(part, cage.op, att.solution))
            if all(parts):
                moves.append(rest + parts)
    cap = att.params.single_cap
    return [m for m in moves if _singles(m) <= cap]


def _choose_repair(att: Attempt, cages: list[Cage], other: Grid) -> list[Cage] | None:
    moves = _repair_moves(att, cages, other)
    if not moves:
        return None
    # Prefer moves that keep cages large (fewer cages): small cages make easy puzzles.
    fewest = min(len(m) for m in moves)
    return att.rng.choice([m for m in moves if len(m) <= fewest + 1])


def _choose_refinement(att: Attempt, cages: list[Cage], stuck: CageBoard) -> list[Cage] | None:
    moves = _refinements(att, cages, stuck)
    if not moves:
        return None
    # Fewest new one-cell cages first.
    best = min(_singles(m) for m in moves)
    return att.rng.choice([m for m in moves if _singles(m) == best])


def settle(att: Attempt, cages: list[Cage], level: int, budget: Budget) -> list[Cage] | None:
    """Repair and split the cages until the puzzle is unique and graded exactly `level`;
    None when it ends up easier than that or cannot be fixed.

    Each round grades the puzzle with the techniques up to `level`. Solved means unique
    (every step of the grader is sound, so the answer it reaches is forced), and the
    grader, trying easier levels first, then took the same path it takes with every
    level allowed, so its level is the puzzle's. When it gets stuck, the search solver,
    starting from the grader's pencil marks, says whether a second solution exists: if so
    the cages are repaired where the two solutions differ; if not, the puzzle is unique
    but too hard, and a cage is split where the techniques stalled.
    """
    known_unique = False
    for _ in range(MAX_ROUNDS):
        if budget.expired():
            raise GenerationError("time budget spent while making the KenKen unique and graded")
        graded, board = grade_cages(att, cages, level)
        if graded.outcome is Outcome.SOLVED:
            return cages if graded.level == level else None
        if graded.outcome is Outcome.IMPOSSIBLE:
            return None  # cannot happen: the square meets every cage
        other, proved = None, known_unique
        if not known_unique:
            count = Solver(board.model).count_from(board.cand, limit=2, node_limit=SEARCH_NODES)
            other = next((s for s in count.solutions if s != att.solution), None)
            proved = count.complete
        if other is not None:
            changed = _choose_repair(att, cages, other)
        else:
            # Unique (or not yet known, when the search was cut short): split a cage where
            # the grader stalled. A split whose parts keep the cage's operation only adds
            # rules, so a unique puzzle stays unique; with hidden operations the parts'
            # targets may mean other operations, so uniqueness is checked again.
            changed = _choose_refinement(att, cages, board)
            known_unique = proved and not att.params.hide_operations
        if changed is None:
            return None
        cages = changed
    return None


def generate_kenken(params: Params, rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    n = params.size
    level = LEVEL_NAMES.index(params.difficulty)
    for _ in range(MAX_ATTEMPTS):
        if budget.expired():
            break
        att = Attempt(n, latin_square(n, rng), params, rng)
        layout = random_layout(n, params.cage_limit, params.single_cap, rng)
        if layout is None:
            continue
        cages = [random_cage(cells, att.solution, params.operations, rng) for cells in layout]
        if not all(cages):
            continue
        fitted = settle(att, cages, level, budget)
        if fitted is not None:
            return kenken_model(n, fitted), att.solution
    raise GenerationError(
        f"no {params.difficulty} {n}x{n} KenKen found within the budget; try another level or seed"
    )


# --- typed-in puzzles --------------------------------------------------------------------

_TARGET_OP = re.compile(r"^(\d+)\s*(\S?)$")
_TEXT_OPS = {
    "+": "+", "-": "-", "\u2212": "-", "–": "-", "*": "*", "x": "*", "X": "*", "\u00d7": "*",
    "·": "*", "/": "/", "\u00f7": "/", ":": "/", "": "=", "=": "=",
}


def parse_text(text: str, source: str) -> GridModel:
    """A KenKen typed from a newspaper: a grid of cage letters, then a line per letter."""

    def fail(line: int | None, field: str, message: str) -> PuzzleFormatError:
        return PuzzleFormatError(Problem(Location(source, line), field, message))

    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0].strip()
        if content:
            lines.append((number, content))
    rows: list[tuple[int, list[str]]] = []
    clue_lines = []
    for number, content in lines:
        is_grid_line = not any(ch.isdigit() for ch in content)
        if is_grid_line and not clue_lines:
            letters = content.split() if " " in content else list(content)
            if any(len(x) != 1 or not x.isalpha() for x in letters):
                raise fail(number, "grid", f"expected one letter per cage cell, got {content!r}")
            rows.append((number, letters))
        else:
            clue_lines.append((number, content))
    if not rows:
        raise fail(None, "grid", "expected a grid of cage letters, one line per row")
    n = len(rows)
    for number, letters in rows:
        if len(letters) != n:
            raise fail(number, "grid", f"the grid is not square: this row has {len(letters)} cells, expected {n}")
    if n > 16:
        raise fail(rows[-1][0], "grid", f"a {n}x{n} grid is larger than the 16x16 bookgen solves")
    cells_of: dict[str, list[Cell]] = {}
    first_line: dict[str, int] = {}
    for r, (number, letters) in enumerate(rows):
        for c, letter in enumerate(letters):
            cells_of.setdefault(letter, []).append((r, c))
            first_line.setdefault(letter, number)
    clues: dict[str, tuple[int, str, int]] = {}
    for number, content in clue_lines:
        letter = content[0]
        rest = content[1:].strip().lstrip(":=").replace(" ", "")
        if not letter.isalpha():
            raise fail(number, "clue", f"expected a cage letter first (e.g. 'a 12x'), got {content!r}")
        if letter not in cells_of:
            raise fail(number, "clue", f"cage letter {letter!r} is not in the grid")
        if letter in clues:
            raise fail(number, "clue", f"cage {letter!r} already has a clue on line {clues[letter][0]}")
        target_op = _TARGET_OP.match(rest)
        if not target_op:
            raise fail(number, "clue", f"expected a letter, a target and an operation (e.g. 'a 12x'), got {content!r}")
        if len(target_op.group(1)) > gridlib.MAX_TARGET_DIGITS:
            raise fail(number, "clue", f"expected a target of at most {gridlib.MAX_TARGET_DIGITS} digits, got one of "
                                       f"{len(target_op.group(1))}")
        op_text = target_op.group(2)
        if op_text not in _TEXT_OPS:
            raise fail(number, "clue", f"unknown operation {op_text!r}: expected + - x / (or × ÷ −)")
        op, target, size = _TEXT_OPS[op_text], int(target_op.group(1)), len(cells_of[letter])
        if size == 1:
            op = "="
        elif op == "=":
            raise fail(number, "clue", f"cage {letter!r} has {size} cells and needs an operation (+ - x /)")
        elif op in "-/" and size != 2:
            raise fail(number, "clue", f"{SIGNS[op]} needs a cage of exactly two cells; cage {letter!r} has {size}")
        clues[letter] = (number, op, target)
    cages = []
    for letter, cells in cells_of.items():
        if letter not in clues:
            raise fail(first_line[letter], "clue", f"cage {letter!r} has no clue line")
        if not is_connected(cells):
            raise fail(first_line[letter], "grid", f"cage {letter!r} is not one connected piece")
        _, op, target = clues[letter]
        cages.append(Cage(tuple(sorted(cells)), op, target))
    return kenken_model(n, cages)


# --- the puzzle type ---------------------------------------------------------------------


SIGN_RULES = {
    "+": "+ adds them",
    "-": "− is the difference of two numbers",
    "*": "× multiplies them",
    "/": "÷ divides the larger of two numbers by the smaller",
}


class KenKenType:
    name = "kenken"
    aliases = ("calcudoku", "mathdoku", "ken-ken")
    title = "KenKen"
    Params = Params
    levels = LEVEL_NAMES

    def instructions_for(self, params: Params) -> str:
        """Explain only the signs the section uses (or that they are hidden)."""
        if params.hide_operations:
            rule = ("Each bold cage shows only its target: work out whether its numbers are added, "
                    "subtracted, multiplied or divided to make it (− and ÷ only in two-square cages).")
        else:
            signs = "; ".join(SIGN_RULES[op] for op in params.operations)
            rule = f"The numbers in each bold cage make the target in its corner: {signs}."
        return (
            "Fill the grid so that each row and each column holds every number from 1 to the "
            f"grid's size once. {rule} A one-square cage shows its number. Numbers may repeat "
            "in a cage, but never in a row or column."
        )

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        model, solution = generate_kenken(params, rng, budget)
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def from_text(self, text: str, source: str) -> Puzzle:
        model = parse_text(text, source)
        return Puzzle(self.name, "", model, None, Params(size=model.rows))

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        model = solving_model(puzzle.board, is_hidden(puzzle))
        count = Solver(model).count(limit=2)
        if count.count == 0:
            return SolveResult(Outcome.IMPOSSIBLE, solutions=0)
        if count.count > 1:
            return SolveResult(Outcome.AMBIGUOUS, count.solutions[0], count.solutions[1], solutions=2)
        try:
            graded = grade_board(CageBoard(model), LEVELS)
        except (Contradiction, CageTooLarge):  # a cage no person would list: not graded
            graded = None
        level = (
            LEVELS[max(graded.level, 0)].name if graded is not None and graded.outcome is Outcome.SOLVED else None
        )
        outcome = Outcome.SOLVED if level is not None else Outcome.UNFINISHED
        return SolveResult(outcome, count.solutions[0], level=level, solutions=1)

    def check(self, puzzle: Puzzle, solution: Grid) -> list[Violation]:
        problems = gridlib.check_grid(puzzle.board, solution)
        problems.extend(_layout_violations(puzzle.board))
        return problems

    def certify(self, puzzle: Puzzle) -> list[str]:
        """Fit to print: exactly one solution (under the hidden rules when the signs are
        hidden), which is the printed answer, graded at its label, and the independent
        checker accepts the answer and the cages."""
        return gridlib.certify_grid(puzzle, self.solve(puzzle), self.check(puzzle, puzzle.solution))

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        return {
            "type": self.name,
            **gridlib.model_to_json(puzzle.board),
            "hide_operations": is_hidden(puzzle),
            "difficulty": puzzle.difficulty,
            "solution": gridlib.grid_to_json(puzzle.solution),
        }

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        model = gridlib.model_from_json(data, source)

        def fail(field: str, message: str) -> PuzzleFormatError:
            return PuzzleFormatError(Problem(Location(source), field, message))

        n = model.rows
        if model.cols != n or model.symbols != tuple(range(1, n + 1)):
            raise fail("rows/cols/symbols", "a KenKen is square with the symbols 1..N")
        for v in _layout_violations(model):
            raise fail("cages", str(v))
        hidden = data.get("hide_operations", False)
        if not isinstance(hidden, bool):
            raise fail("hide_operations", f"expected true or false, got {hidden!r}")
        solution = data.get("solution")
        if solution is not None:
            if not (isinstance(solution, list) and len(solution) == n
                    and all(isinstance(row, list) and len(row) == n for row in solution)):
                raise fail("solution", f"expected {n} rows of {n} numbers")
            solution = tuple(tuple(row) for row in solution)
        # Rebuild from the model so the cages are in the order this module writes them.
        model = kenken_model(n, model.cages)
        params = Params(size=n, hide_operations=hidden)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, solution, params)

    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        """The shared report, plus two different solutions when the puzzle is ambiguous
        (someone typing in a newspaper puzzle wants to see where they disagree)."""
        report = gridlib.grid_result_json(result)
        if result.solutions > 1:
            report["two_solutions"] = [gridlib.grid_to_json(result.solution), gridlib.grid_to_json(result.other)]
        return report

    def result_text(self, puzzle: Puzzle, result: SolveResult) -> str:
        return gridlib.grid_result_text(result)

    def print_size(self, puzzle: Puzzle, answer: bool = False) -> tuple[float, float]:
        return (puzzle.board.cols, puzzle.board.rows)

    def identity(self, puzzle: Puzzle) -> tuple:
        return (gridlib.identity(puzzle.board), is_hidden(puzzle))

    def describe(self, puzzle: Puzzle) -> str:
        shown = f"{puzzle.board.rows}×{puzzle.board.cols}"
        return f"{shown} · no signs" if is_hidden(puzzle) else shown

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None) -> None:
        draw_kenken(puzzle, pen, solution)


def _layout_violations(model: GridModel) -> list[Violation]:
    """KenKen's rules on the cages themselves: they tile the grid, are connected, and −
    and ÷ have two cells."""
    problems = []
    seen: dict[Cell, int] = {}
    for k, cage in enumerate(model.cages):
        if not is_connected(cage.cells):
            problems.append(Violation("a cage is not connected", cage.cells))
        if cage.op in "-/" and len(cage.cells) != 2:
            problems.append(Violation(f"{SIGNS[cage.op]} needs a two-cell cage", cage.cells))
        if cage.distinct:
            problems.append(Violation("a KenKen cage may repeat digits (distinct must be false)", cage.cells))
        for cell in cage.cells:
            if cell in seen:
                problems.append(Violation("a cell is in two cages", (cell,)))
            seen[cell] = k
    missing = [cell for cell in model.cells if cell not in seen]
    if missing:
        problems.append(Violation("cells outside every cage", tuple(missing)))
    return problems


# --- drawing ------------------------------------------------------------------------------

# Sizes in cell units (see the shared print conventions): clue cap height about 1/4 of
# the cell, answers about 1/2; the inset keeps the clue off the bold cage line.
CLUE_SIZE = 0.22
CLUE_INSET = 0.09
ANSWER_SIZE = 0.46
ANSWER_SIZE_TWO_DIGITS = 0.40
# Answers sit a touch below the middle so they never meet a clue (its band ends at
# CLUE_INSET + CLUE_SIZE = 0.31; an answer's top is at 0.6 - 0.46/2 = 0.37), all at the
# same height: digits at two heights looked ragged in the small answer grids.
ANSWER_Y = 0.6
CANDIDATE_GRAY = 0.45


def draw_kenken(puzzle: Puzzle, pen: Pen, solution: Grid | None) -> None:
    model = puzzle.board
    n = model.rows
    hidden = is_hidden(puzzle)
    gridlib.draw_cell_lines(pen, model)
    # Each cage's outline traced once, so its corners join cleanly; neighbouring cages
    # overlap on the edge they share, which draws it bold exactly where two cages meet.
    for cage in model.cages:
        for loop in outline(cage.cells):
            pen.outline([(float(x), float(y)) for x, y in loop], Weight.CAGE)
    pen.outline([(0.0, 0.0), (float(n), 0.0), (float(n), float(n)), (0.0, float(n))], Weight.BORDER)
    for cage in model.cages:
        r, c = cage.anchor
        text = clue_text(cage, hidden)
        size = CLUE_SIZE
        room = 1 - 2 * CLUE_INSET
        width = pen.text_width(text, size)
        if width > room:
            size *= room / width
        pen.text((c + CLUE_INSET, r + CLUE_INSET), text, size, align="topleft")
    if solution is not None:
        digit_size = ANSWER_SIZE_TWO_DIGITS if n >= 10 else ANSWER_SIZE
        for r in range(n):
            for c in range(n):
                pen.text((c + 0.5, r + ANSWER_Y), str(solution[r][c]), digit_size)
    elif getattr(puzzle.params, "candidates", False):
        for r in range(n):
            for c in range(n):
                _draw_candidates(pen, r, c, n)


def _draw_candidates(pen: Pen, r: int, c: int, n: int) -> None:
    """The digits 1..N small and faint in a little grid below the clue's band."""
    columns = 2 if n <= 4 else 3 if n <= 9 else 4
    rows = -(-n // columns)
    top, bottom, left, right = 0.36, 0.94, 0.12, 0.88
    step_x = (right - left) / columns
    step_y = (bottom - top) / rows
    size = min(step_y * 0.62, 0.16)
    for d in range(1, n + 1):
        i = d - 1
        x = c + left + step_x * (i % columns + 0.5)
        y = r + top + step_y * (i // columns + 0.5)
        pen.text((x, y), str(d), size, gray=CANDIDATE_GRAY)


PUZZLE_TYPE = KenKenType()
