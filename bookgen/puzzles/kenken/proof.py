"""A KenKen solved, and proved again before print, in one engine call: the grader from an
empty board with every level, and the search counting solutions from an empty grid
(engine/src/kenken/proof.rs). The answers are what `solve_grid` and `searched_once` give
(bookgen.puzzles.grid), without a compiled grid per puzzle: the engine keeps one grid a
size and reads the cages as they are. The filled grid is still checked here, by the
independent checker, against the model's rules.

Only a KenKen on its own Latin frame (no givens, the symbols 1..N) takes this way; any
other model goes the general way.
"""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.model import Grid, GridModel
from bookgen.puzzles.grid import check_grid
from bookgen.puzzles.kenken.rules import latin_structure
from bookgen.solve import engine
from bookgen.solve.ladder import Level
from bookgen.solve.result import Outcome, SolveResult
from bookgen.solve.search import Count, count_solutions


@dataclass(frozen=True)
class Proved:
    """What the engine found: the grader's grid when it solved the puzzle (None when it
    did not), the hardest level it used (-1: none), and the search's count when made."""

    graded: Grid | None
    level: int
    count: Count | None


def on_latin_frame(model: GridModel) -> bool:
    n = model.rows
    frame = latin_structure(n)
    return (model.cols == n and not model.givens and not model.inequalities and model.groups is frame.groups
            and model.cells is frame.cells and model.symbols == frame.symbols)


# The engine's answer as it comes: (how the grader ended, the hardest level it used or
# -1, its grid when it solved the puzzle, the search's solutions up to two or None).
Raw = tuple[str, int, Grid | None, tuple[Grid, ...] | None]


def prove_raw(model: GridModel, levels: tuple[Level, ...], always_count: bool) -> Raw:
    """Grade and (always, or when the grader stalls) count a KenKen on its Latin frame:
    the engine's answer, nothing made of it (`certify`'s common case reads it as is)."""
    # The cages as the model holds them (the engine numbers their cells), and the grids
    # back as tuples of rows, as Python's grids are: nothing converted here.
    return engine.kenken_prove(
        size=model.rows, cages=[(k.cells, k.op, k.target) for k in model.cages], ladder=engine.ladder(levels, "kenken"),
        always_count=always_count)


def certified_level(model: GridModel, levels: tuple[Level, ...], answer: Grid) -> int | None:
    """`prove_raw` always counting, for `certify`'s common case, compared in the engine
    with the printed answer: the hardest level the grader used (-1: none) when it solved
    the puzzle to `answer` and the search found `answer` alone, else None (then
    `prove_raw` says what is wrong). The model's cages cross as they are: nothing is
    built for the call, nothing for its answer."""
    return engine.kenken_certify(model.rows, model.cages, engine.ladder(levels, "kenken"), answer)


def proved_of(raw: Raw) -> Proved:
    _, level, graded, solutions = raw
    return Proved(graded, level, None if solutions is None else Count(len(solutions), solutions))


def prove(model: GridModel, levels: tuple[Level, ...], always_count: bool) -> Proved:
    """`prove_raw`, as a Proved."""
    return proved_of(prove_raw(model, levels, always_count))


def result_of(model: GridModel, levels: tuple[Level, ...], proved: Proved, checked: bool = False) -> SolveResult:
    """`solve_grid`'s answer from a proof: the grader's grid when it meets every rule (the
    caller may have checked it already: `checked`), else the search's count."""
    graded = proved.graded
    if graded is not None and (checked or not check_grid(model, graded)):
        return SolveResult(Outcome.SOLVED, graded, level=levels[max(proved.level, 0)].name, solutions=1)
    count = proved.count if proved.count is not None else count_solutions(model, limit=2)
    if count.count == 0:
        return SolveResult(Outcome.IMPOSSIBLE, solutions=0)
    if count.count > 1:
        return SolveResult(Outcome.AMBIGUOUS, count.solutions[0], count.solutions[1], solutions=2)
    return SolveResult(Outcome.UNFINISHED, count.solutions[0], solutions=1)

