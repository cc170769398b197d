"""KenKen's rules as data: the levels, the operations and their signs, the options a
section may set, the grid model and what a well-formed caging is. Shared by generation
(kenken_generate), typed-in puzzles (kenken_text), drawing (kenken_draw) and the puzzle
type (kenken)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from bookgen.errors import ParamsError
from bookgen.model import Cage, Cell, GridModel, full_cells, is_connected, line_groups
from bookgen.options import Bool, Choice, Int, Optional, Square, SubsetOf, option
from bookgen.puzzles.base import Puzzle, Violation
from bookgen.solve import techniques as t
from bookgen.solve.cages import HIDDEN, Differ, value_tuples
from bookgen.solve.ladder import Level, Technique


# KenKen's own techniques, by name: the engine works them (engine/src/kenken) on its
# KenKen boards.
SINGLE_CELL_CAGE = Technique("one-cell cage")
CAGE_SINGLE = Technique("cage single")  # a cage with one or two empty cells
CAGE_CANDIDATES = Technique("cage arithmetic")
CAGE_LINE = Technique("cage claims a digit in its line")
LINE_INTO_CAGE = Technique("line pins a digit into a cage")
CAGE_PAIRS = Technique("two cages in a line")
LINE_SUM = Technique("line sum rule")
LINE_PRODUCT = Technique("line product rule")

LEVELS: tuple[Level, ...] = (
    Level("beginner", (SINGLE_CELL_CAGE, t.NAKED_SINGLE, t.HIDDEN_SINGLE, CAGE_SINGLE)),
    Level("easy", (CAGE_CANDIDATES,)),
    Level("medium", (t.NAKED_PAIR, t.HIDDEN_PAIR, CAGE_LINE)),
    Level("hard", (t.NAKED_TRIPLE, t.HIDDEN_TRIPLE, LINE_INTO_CAGE, t.X_WING)),
    Level("expert", (LINE_SUM, LINE_PRODUCT, CAGE_PAIRS, t.XY_WING, t.SWORDFISH)),
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

@dataclass(frozen=True)
class LevelStyle:
    """How generation aims at a level before any grading: the cage shapes and clues a
    puzzle of that level is made of."""

    # Default cap on one-cell cages: one per this many cells (at least one). A one-cell
    # cage is a free digit: a beginner starts from them, harder levels use them only
    # where the grader cannot do without one (generation takes them as a last resort).
    cells_per_single: int
    # Share of each cage size among the cages grown: weight decay**(size-2). Larger
    # cages say less about each cell, so harder levels grow more of them.
    size_decay: float
    # How much more (or less) often a giveaway clue (only one set of digits makes it,
    # e.g. 3× or 17+ in two cells) is drawn than an informative one.
    giveaway_weight: float


STYLES = {
    "beginner": LevelStyle(8, 0.35, 3.0),
    "easy": LevelStyle(12, 0.5, 0.4),
    "medium": LevelStyle(18, 0.6, 0.3),
    "hard": LevelStyle(36, 0.7, 0.05),
    "expert": LevelStyle(36, 0.8, 0.02),
}


def ops_key(operations: tuple[str, ...]) -> str:
    """The operations in their usual order, as one string: the measured table's key."""
    return "".join(op for op in OPERATIONS if op in operations)


# The cage options at their defaults; other values change the puzzles made, so they are
# offered only where they were measured (bookgen/puzzles/kenken/offer.json).
DEFAULT_MAX_CAGE = 4


def describe_ops(operations: tuple[str, ...]) -> str:
    if tuple(operations) == ("*",):
        return "multiply_only"
    return "operations " + " ".join(SIGNS[op] for op in OPERATIONS if op in operations)


HIDDEN_BEGINNER_CELLS_PER_SINGLE = 5


@dataclass(frozen=True)
class Params:
    """A KenKen section's options."""

    size: int = option(Square(Int(3, 12)), 6, "grid side, 3 to 12 (10 to 12 print two-digit values)")
    difficulty: str = option(Choice(LEVEL_NAMES), "medium", "the hardest technique the puzzle needs")
    operations: tuple[str, ...] = option(
        SubsetOf(OPERATIONS, OP_ALIASES), OPERATIONS,
        "operations the cages may use: any of + - x / (also × ÷ −), or multiply_only",
    )
    hide_operations: bool = option(Bool(), False, "print only the targets; solvers work out the operations")
    max_cage: int = option(
        Int(2, 6), DEFAULT_MAX_CAGE,
        "largest cage, in cells (other values than 4 where measured)",
    )
    max_single_cells: int | None = option(
        Optional(Int(0, 144)), None,
        "most one-cell cages (default: one per 8 cells at beginner, one per 5 with hidden signs, fewer above; "
        "other values where measured)",
    )
    candidates: bool = option(Bool(), False, "print the digits 1..N small in every cell, to cross out")

    def validate(self) -> None:
        """Requests no generator could meet, whatever was measured (what was measured is
        the type's `refusal`)."""
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

    @property
    def options_key(self) -> tuple[int, int | None] | None:
        """The cage options where they change what is generated: (largest cage, one-cell
        cap or None for the level's default), or None when both are as by default. A cap
        equal to the default, or a max_cage with only − and ÷ (two cells anyway), changes
        nothing and needs no measurement of its own."""
        plain = replace(self, max_cage=DEFAULT_MAX_CAGE, max_single_cells=None)
        cap = None if self.single_cap == plain.single_cap else self.single_cap
        if self.cage_limit == plain.cage_limit and cap is None:
            return None
        return (self.cage_limit, cap)

    @property
    def single_cap(self) -> int:
        if self.max_single_cells is not None:
            return self.max_single_cells
        per = self.style.cells_per_single
        if self.hide_operations and self.difficulty == LEVEL_NAMES[0]:
            # A hidden target says less (5 may be 1+4, 2+3, 6−1, 5×1...), and a beginner
            # must never need pencil marks: measured on 7x7 hidden-sign sums, one per 8
            # cells took 1-9 s a puzzle (most cagings stalled), one per 5 about 0.3 s.
            per = HIDDEN_BEGINNER_CELLS_PER_SINGLE
        return max(1, self.size * self.size // per)

    @property
    def style(self) -> LevelStyle:
        return STYLES[self.difficulty]

    @property
    def cage_limit(self) -> int:
        """Only − and ÷ allowed: every cage has two cells (or one)."""
        return 2 if pairs_only(self.operations) else self.max_cage


def pairs_only(operations: tuple[str, ...]) -> bool:
    return set(operations) <= {"-", "/"}


# --- the model -------------------------------------------------------------------------


@lru_cache(maxsize=None)
def latin_structure(n: int) -> GridModel:
    return GridModel(n, n, tuple(range(1, n + 1)), full_cells(n, n), line_groups(n, n))


def kenken_model(n: int, cages: list[Cage] | tuple[Cage, ...], ordered: bool = False) -> GridModel:
    """The Latin frame of side n with these cages, in the order of their top-left cells
    (the frame's own fields, as `replace` would give them, without its look at every
    field: made once a puzzle). `ordered`: the cages come in that order already (the
    engine's generator hands them so), and are not sorted again."""
    base = latin_structure(n)
    return GridModel(n, n, base.symbols, base.cells, base.groups,
                     tuple(cages) if ordered else tuple(sorted(cages, key=_anchor)))


def _anchor(cage: Cage) -> Cell:
    return min(cage.cells)


def solving_model(model: GridModel, hidden: bool) -> GridModel:
    """The model the solver and grader see: with hidden operations, each multi-cell cage
    allows any operation that makes its target."""
    if not hidden:
        return model
    return replace(model, cages=tuple(
        k if len(k.cells) == 1 else Cage(k.cells, HIDDEN, k.target) for k in model.cages
    ))


def is_hidden(puzzle: Puzzle) -> bool:
    return isinstance(puzzle.params, Params) and puzzle.params.hide_operations


def shared_lines(cells: tuple[Cell, ...]) -> Differ:
    """Which pairs of a cage's cells share a row or column (and so hold different digits)."""
    return tuple(
        tuple(a != b and (cells[a][0] == cells[b][0] or cells[a][1] == cells[b][1]) for b in range(len(cells)))
        for a in range(len(cells))
    )


def digit_sets(cage: Cage, n: int, hidden: bool) -> frozenset[tuple[int, ...]]:
    """The sets of digits (with repeats, sorted) that can make this cage's target."""
    op = HIDDEN if hidden and len(cage.cells) > 1 else cage.op
    return _digit_sets(op, cage.target, n, shared_lines(cage.cells))


@lru_cache(maxsize=8192)
def _digit_sets(op: str, target: int, n: int, differ: Differ) -> frozenset[tuple[int, ...]]:
    return frozenset(tuple(sorted(v)) for v in value_tuples(op, target, tuple(range(1, n + 1)), differ))


@lru_cache(maxsize=65536)
def is_giveaway(cage: Cage, n: int, hidden: bool) -> bool:
    """A multi-cell clue that only one set of digits can make (e.g. 3× is 1 and 3): the
    solver is handed the digits and only has to place them."""
    return len(cage.cells) > 1 and len(digit_sets(cage, n, hidden)) == 1


def clue_text(cage: Cage, hidden: bool) -> str:
    return str(cage.target) if hidden else f"{cage.target}{SIGNS[cage.op]}"



def layout_violations(model: GridModel) -> list[Violation]:
    """KenKen's rules on the cages themselves: they tile the grid, are connected, and −
    and ÷ have two cells."""
    problems = []
    seen: dict[Cell, int] = {}
    for k, cage in enumerate(model.cages):
        if not _connected(cage.cells):
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



def _connected(cells: tuple[Cell, ...]) -> bool:
    """`is_connected`, at once for one cell or two (most cages; every proof asks)."""
    if len(cells) == 1:
        return True
    if len(cells) == 2:
        (r, c), (r2, c2) = cells
        return abs(r - r2) + abs(c - c2) == 1
    return is_connected(cells)
