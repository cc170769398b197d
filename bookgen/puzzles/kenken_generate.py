"""KenKen generation.

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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from bookgen.errors import GenerationError
from bookgen.model import Cage, Cell, Grid, GridModel, full_cells, is_connected
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken_rules import LEVEL_NAMES, LEVELS, Params, kenken_model, latin_structure, solving_model
from bookgen.solve.arithmetic import CageBoard
from bookgen.solve.cages import HIDDEN, cage_value, makes_target
from bookgen.solve.result import Outcome
from bookgen.solve.search import Solver, solver_for
from bookgen.solve.techniques import Grade, grade_board

# Share of each cage size among the cages grown (before leftover cells are merged in):
# weight 0.6**(size-2), so with max_cage 4 about half the cages have two cells, a third
# three and a sixth four, close to published 6x6 and 9x9 KenKen.
SIZE_DECAY = 0.6

# Weights of the operations on a two-cell cage (÷ fits few pairs, so it is favoured when
# it does) and on larger cages; only allowed operations that fit the digits are drawn.
PAIR_OP_WEIGHTS = {"/": 3.0, "-": 2.0, "+": 1.5, "*": 1.0}
LARGE_OP_WEIGHTS = {"+": 1.0, "*": 1.0}

# Work limits, all counts (never times) so the puzzle produced does not depend on speed.
MAX_ATTEMPTS = 400
MAX_ROUNDS = 120
# A search for a second solution stops after this many branchings; it then counts as
# "not known", and the round splits a cage instead (more rules shrink the next search).
# Measured with bench/kenken.py and 12x12 runs: at 600, 12x12 medians fall from about
# 4-8 s (limit 3000) to 1.4-2.5 s, 9x9 hidden-sign medians rise from 0.45 to 0.67 s
# while their worst case falls from 9.6 to 2.3 s; plain 9x9 is unchanged.
SEARCH_NODES = 600


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

