"""The grader's records and its entry points. The grading itself is the engine's
(bookgen.solve.engine.Board, the Rust crate in engine/): it keeps the candidates of
every cell, the way a person with pencil marks does, and at each step applies the
easiest technique that makes progress. A puzzle's level is that of the hardest technique
it needed. The levels themselves (which techniques each allows) are tables owned by the
puzzle types, naming techniques: the shared names are in bookgen.solve.techniques, the
types' own in their packages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from bookgen.model import Cage, Cell, GridModel, Group
from bookgen.solve import engine
# The ladder's records are bookgen.solve.ladder's; named here too, as the types' tables long imported them.
from bookgen.solve.ladder import Level, Technique  # noqa: F401
from bookgen.solve.result import Outcome


# A cell lost its last candidate: the givens are inconsistent. The engine's exception.
Contradiction = engine.Contradiction


@dataclass(frozen=True)
class Detail:
    """What a step looked at, beyond the digits it wrote and crossed out: enough to say
    it in a sentence. Each technique fills the fields its sentence needs (see
    bookgen.puzzles.hints); cells are the model's (row, column), digits are symbols."""

    kind: str = ""  # a variant of the technique ("innies", "outies", "product"...)
    cage: Cage | None = None  # the cage reasoned about
    other: Cage | None = None  # a second cage (two cages compared)
    ways: tuple[tuple[int, ...], ...] = ()  # the cage's digit sets by its clue alone
    fit: tuple[tuple[int, ...], ...] = ()  # those still fitting the pencil marks
    groups: tuple[Group, ...] = ()  # the rows, columns, boxes… it looked at
    region: tuple[Cell, ...] = ()  # several houses taken together (rule of 45)
    cells: tuple[Cell, ...] = ()  # the cells the reasoning is about (a pair, the innies)
    minus: tuple[Cell, ...] = ()  # cells counted the other way (outies less than innies)
    digits: tuple[int, ...] = ()
    total: int = 0  # what the group or region makes (1+...+N, or N!)
    known: int = 0  # what the cages inside it make
    need: int = 0  # what `cells` must still make


@dataclass(frozen=True)
class Step:
    """One step of the grader, as a person would take it: the technique, the digits it
    wrote and the pencil marks it crossed out (cells as the model's (row, column)), what
    it looked at, and the kinds of houses a digit may not repeat in ("row", "column",
    "box", "cage")."""

    technique: str
    placed: tuple[tuple[tuple[int, int], int], ...]  # (cell, symbol)
    removed: tuple[tuple[tuple[int, int], tuple[int, ...]], ...]  # (cell, symbols crossed out)
    detail: Detail = Detail()
    houses: tuple[str, ...] = ()
    left: tuple[tuple[tuple[int, int], tuple[int, ...]], ...] = ()  # (cell, marks left) where some went
    size: int = 0  # how many symbols (a row's length, in square grids)
    # The whole layout's rows and columns, when wider than one grid (a samurai's 21x21):
    # a row of one of its grids is then named by its columns too.
    layout: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Grade:
    """What the grader made of a puzzle: how far it got and with which techniques."""

    outcome: Outcome  # SOLVED, IMPOSSIBLE or UNFINISHED (the grader cannot see ambiguity)
    level: int  # index of the hardest level used (-1 when nothing was needed)
    used: tuple[str, ...]  # technique names, in order of first use
    values: list[int] | None = None


_ENDINGS = {"solved": Outcome.SOLVED, "impossible": Outcome.IMPOSSIBLE, "unfinished": Outcome.UNFINISHED}


def grade(model: GridModel, levels: tuple[Level, ...], up_to: int | None = None, family: str = "plain") -> Grade:
    """Solve with the levels' techniques (easiest first, at most level `up_to`), on a
    board of `family`'s rules ("plain": groups and signs; "kenken", "killer")."""
    try:
        board = engine.Board(model, family)
    except Contradiction:
        return Grade(Outcome.IMPOSSIBLE, -1, ())
    return grade_board(board, levels, up_to)


def needs_level(model: GridModel, levels: tuple[Level, ...], level: int, family: str = "plain") -> bool:
    """Whether the puzzle needs level `level` of the ladder: its techniques (with those
    below) solve it, and the levels below alone do not. What every printed puzzle of a
    level must be: a child moved up meets a technique new to them."""
    if grade(model, levels, level, family).outcome is not Outcome.SOLVED:
        return False
    return level == 0 or grade(model, levels, level - 1, family).outcome is not Outcome.SOLVED


def without(levels: tuple[Level, ...], technique: str) -> tuple[Level, ...]:
    """The ladder with one technique taken out of whichever level holds it."""
    return tuple(Level(each.name, tuple(t for t in each.techniques if t.name != technique)) for each in levels)


def needs_technique(model: GridModel, levels: tuple[Level, ...], technique: str, family: str = "plain") -> bool:
    """Whether the puzzle needs `technique` (by its name): the ladder, up to the level the
    puzzle grades at, solves it, and the same ladder without that technique does not
    (the grader's log naming it is not enough: an easier way round may exist further
    on). A `focus:` on a technique asks this of each puzzle."""
    graded = grade(model, levels, family=family)
    if graded.outcome is not Outcome.SOLVED:
        return False
    return grade(model, without(levels, technique), max(graded.level, 0), family).outcome is not Outcome.SOLVED


def grade_board(board: engine.Board, levels: tuple[Level, ...], up_to: int | None = None,
                steps: list[Step] | None = None, values: bool = True) -> Grade:
    """`grade` on a board the caller built (of a family of rules, or already part-solved);
    the board is left in the state where the techniques stopped. With `steps`, each step
    taken is appended to it (worked solutions). `values=False` leaves the solved grid's
    values out (a generator grading thousands of tries reads only the level)."""
    ending, level, used, raw = board.grade(levels, up_to, steps is not None)
    if steps is not None:
        steps.extend(engine_steps(board.model, raw))
    outcome = _ENDINGS[ending]
    return Grade(outcome, level, tuple(used), board.values() if values and outcome is Outcome.SOLVED else None)


def _houses(model: GridModel) -> tuple[str, ...]:
    """The kinds of group a digit may not repeat in, as a child would name them (a
    rectangle that is not a line is a box, whatever a puzzle read from a file called it)."""
    kinds = list(dict.fromkeys(_house_kind(g.cells, g.kind) for g in model.groups))
    if any(cage.distinct for cage in model.cages):
        kinds.append("cage")
    return tuple(kinds)


def _house_kind(cells: tuple[Cell, ...], kind: str) -> str:
    if kind == "window":  # a hyper sudoku's shaded window is square, but not one of its boxes
        return kind
    rows, cols = {r for r, _c in cells}, {c for _r, c in cells}
    if len(rows) == 1:
        return "row"
    if len(cols) == 1:
        return "column"
    return "box" if len(rows) * len(cols) == len(cells) else kind


def bits_of(mask: int) -> Iterator[int]:
    """The numbers of a bitset's bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def engine_steps(model: GridModel, raw: list) -> list[Step]:
    """The engine's steps (cell numbers, symbol indices and masks, group and cage
    indices) as the records the hint sentences are written from."""
    cells, symbols = model.cells, model.symbols

    def named(bits: int) -> tuple[int, ...]:
        return tuple(symbols[k] for k in bits_of(bits))

    houses, layout = _houses(model), (model.rows, model.cols)
    found = []
    for technique, placed, removed, left, d in raw:
        detail = Detail(
            kind=d["kind"], cage=None if d["cage"] is None else model.cages[d["cage"]],
            other=None if d["other"] is None else model.cages[d["other"]],
            ways=tuple(map(tuple, d["ways"])), fit=tuple(map(tuple, d["fit"])),
            groups=tuple(model.groups[g] for g in d["groups"]), region=tuple(cells[i] for i in d["region"]),
            cells=tuple(cells[i] for i in d["cells"]), minus=tuple(cells[i] for i in d["minus"]),
            digits=tuple(d["digits"]), total=d["total"], known=d["known"], need=d["need"])
        found.append(Step(technique, tuple((cells[i], symbols[k]) for i, k in placed),
                          tuple((cells[i], named(b)) for i, b in removed), detail, houses,
                          left=tuple((cells[i], named(b)) for i, b in left), size=len(symbols), layout=layout))
    return found
