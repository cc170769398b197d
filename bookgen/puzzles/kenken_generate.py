"""KenKen generation.

Generation aims at the level from the start (kenken_rules.STYLES): cage sizes grown
larger for harder levels, one-cell cages capped per level (many at beginner, a few as a
last resort above), and clues drawn so the four operations come out about evenly and
giveaways (a target only one set of digits makes) are common at beginner and rare above.
A random Latin square is caged and clued that way. Then rounds of grading: the grader
(techniques up to the requested level) either solves the puzzle, which proves it unique,
or gets stuck; the harder levels' techniques go on from there, and if they do not finish
the search solver looks for a second solution (with hidden signs only once the pencil
marks are firm enough for a search to finish; a looser puzzle is split at once). If there is one, the puzzle is repaired
where the two solutions differ (a cage there changes its operation, is split, hands a
cell to a neighbour or is merged with one) so that the second solution breaks a rule; if
not, the puzzle is unique but too hard, and cages holding cells the grader could not fill
are split into parts that keep their operation (or, when no split is allowed, given a
clue that says more). A puzzle that ends up easier than asked climbs towards the level by
merges and clue changes the grader still solves (`harden`), instead of being thrown away.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from collections import Counter
from itertools import combinations

from bookgen.errors import GenerationError
from bookgen.model import Cage, Cell, Grid, GridModel, full_cells, is_connected
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken_rules import (
    LEVEL_NAMES, LEVELS, STYLES, Params, digit_sets, is_giveaway, kenken_model, latin_structure, solving_model,
)
from bookgen.solve.arithmetic import CageBoard
from bookgen.solve.cages import HIDDEN, cage_value, makes_target
from bookgen.solve.result import Outcome
from bookgen.solve.search import Solver, solver_for
from bookgen.solve.grader import Grade, grade_board

# Operations that fit a cage of three or more cells (− and ÷ take exactly two).
LARGE_OPS = ("+", "*")

# Work limits, all counts (never times) so the puzzle produced does not depend on speed.
MAX_ATTEMPTS = 400
MAX_ROUNDS = 120
# A search for a second solution stops after this many branchings; it then counts as
# "not known", and the round splits a cage instead (more rules shrink the next search).
# Measured with bench/kenken.py and 12x12 runs: at 600, 12x12 medians fall from about
# 4-8 s (limit 3000) to 1.4-2.5 s, 9x9 hidden-sign medians rise from 0.45 to 0.67 s
# while their worst case falls from 9.6 to 2.3 s; plain 9x9 is unchanged.
SEARCH_NODES = 600
# A climb towards a harder level grades at most this many candidate changes per step.
HARDEN_TRIES = 40
# A climb grades at most this many candidates in all (shifts keep the cage count, so the
# climb need not end by itself).
HARDEN_GRADES = 100
# With hidden signs, a stalled puzzle whose pencil marks leave more than this share of the
# grid open (`_looseness`) is split at once, without a search for a second solution: so
# loose a search mostly runs out of nodes finding nothing (9x9 hidden signs: above 0.8
# about 70% of searches did, at about 0.2 s each, and each ends in the same split).
# Measured on 9x9 hidden signs, 10 seeds a level, CPU medians beginner..expert: never
# skipping 0.29/0.81/1.50/2.15/1.70 s; 0.8: 0.29/0.40/1.05/0.96/0.73; 0.5: 0.11/0.20/
# 0.51/0.64/0.60; 0 (never searching): 0.21/0.32/0.87/0.94/0.86, worst 5.7 s. Giveaways
# and cage sizes stayed the same. Shown signs are graded with firmer pencil marks and
# keep the search (their 9x9 medians are under 1 s already).
LOOSE_SHARE = 0.5
# How many levels above the target the grader goes on, trying to prove a stalled puzzle
# unique without a search. Measured on 9x9 hidden-sign beginner: all the way to expert,
# a median of about 1 s; two levels up, 0.5 s. 12x12 medium with one level up: 2.2 s to 1.4 s.
PROOF_LEVELS_UP = 2
# Gradings spent evening out the operations of a finished puzzle (`balance`).
BALANCE_TRIES = 5


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


def random_layout(
    n: int, max_cage: int, single_cap: int, rng: random.Random, size_decay: float = STYLES["medium"].size_decay
) -> list[tuple[Cell, ...]] | None:
    """Connected cages covering the grid; None when too many one-cell cages are left."""
    sizes = list(range(2, max_cage + 1))
    weights = [size_decay ** (s - 2) for s in sizes]
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


def fitting_ops(values: list[int], allowed: tuple[str, ...]) -> list[str]:
    """The allowed operations that fit these digits (− and ÷ on two cells, ÷ exact)."""
    if len(values) == 1:
        return ["="]
    if len(values) == 2:
        hi, lo = max(values), min(values)
        return [op for op in allowed if op != "/" or hi % lo == 0]
    return [op for op in allowed if op in LARGE_OPS]


def choose_op(values: list[int], allowed: tuple[str, ...], rng: random.Random) -> str | None:
    """An allowed operation that fits these digits, drawn evenly; None if none fits."""
    fits = fitting_ops(values, allowed)
    return rng.choice(fits) if fits else None


def make_cage(cells: tuple[Cell, ...], op: str, solution: Grid) -> Cage:
    values = [solution[r][c] for r, c in cells]
    return Cage(tuple(sorted(cells)), op, cage_value(op, values))


def random_cage(cells: tuple[Cell, ...], solution: Grid, allowed: tuple[str, ...], rng: random.Random) -> Cage | None:
    op = choose_op([solution[r][c] for r, c in cells], allowed, rng)
    return None if op is None else make_cage(cells, op, solution)


def op_counts(cages: list[Cage]) -> Counter[str]:
    return Counter(k.op for k in cages if len(k.cells) > 1)


@dataclass(frozen=True)
class Attempt:
    """What one generation attempt works with."""

    n: int
    solution: Grid
    params: Params
    rng: random.Random

    @property
    def hidden(self) -> bool:
        return self.params.hide_operations

    def clue(self, cells: tuple[Cell, ...], used: Counter[str]) -> Cage | None:
        """A cage on these cells with an allowed operation, drawn so that the operations
        come out about evenly (each is weighted by how rarely it is used so far) and so
        that giveaway clues appear as often as the level wants them."""
        fits = fitting_ops([self.solution[r][c] for r, c in cells], self.params.operations)
        if not fits:
            return None
        if fits == ["="]:
            return make_cage(cells, "=", self.solution)
        options, weights = [], []
        for op in fits:
            cage = make_cage(cells, op, self.solution)
            weight = 1.0 / (1 + used[op]) ** 2
            if is_giveaway(cage, self.n, self.hidden):
                weight *= self.params.style.giveaway_weight
            options.append(cage)
            weights.append(weight)
        return self.rng.choices(options, weights)[0]

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
    n, sol = att.n, att.solution
    owner = {cell: k for k, cage in enumerate(cages) for cell in cage.cells}
    differing = sorted({owner[(r, c)] for r in range(n) for c in range(n) if sol[r][c] != other[r][c]})
    moves: list[list[Cage]] = []
    for k in differing:
        cage = cages[k]
        rest = cages[:k] + cages[k + 1:]
        used = op_counts(rest)
        # Change the operation.
        if len(cage.cells) > 1:
            for op in fitting_ops([sol[r][c] for r, c in cage.cells], att.params.operations):
                new = make_cage(cage.cells, op, sol)
                if op != cage.op and not att.holds(new, other):
                    moves.append(rest + [new])
        # Split in two.
        for part_a, part_b in _bipartitions(cage.cells) if len(cage.cells) > 1 else ():
            new_a = att.clue(part_a, used)
            new_b = new_a and att.clue(part_b, used + Counter([new_a.op]))
            if new_a and new_b and not (att.holds(new_a, other) and att.holds(new_b, other)):
                moves.append(rest + [new_a, new_b])
        # Hand a differing cell to a neighbouring cage (both cages get new clues).
        moves.extend(_shifts(att, cages, k, owner, other))
        # Merge with a neighbour.
        near = sorted({owner[nb] for cell in cage.cells for nb in _neighbours(cell, n)} - {k})
        for j in near:
            if len(cage.cells) + len(cages[j].cells) <= att.params.cage_limit:
                others = [x for i, x in enumerate(cages) if i not in (k, j)]
                merged = att.clue(cage.cells + cages[j].cells, op_counts(others))
                if merged and not att.holds(merged, other):
                    moves.append(others + [merged])
    cap = att.params.single_cap
    return [m for m in moves if _singles(m) <= cap]


def _shifts(att: Attempt, cages: list[Cage], k: int, owner: dict[Cell, int], other: Grid) -> list[list[Cage]]:
    """Cage k gives one of its cells where the solutions differ to a neighbouring cage,
    when both stay connected and within the size limit and the other solution breaks."""
    sol, moves = att.solution, []
    cage = cages[k]
    if len(cage.cells) < 2:
        return moves
    for cell in cage.cells:
        if sol[cell[0]][cell[1]] == other[cell[0]][cell[1]]:
            continue
        left = tuple(x for x in cage.cells if x != cell)
        if not is_connected(left):
            continue
        moves.extend(others + [new_k, new_j] for others, new_k, new_j in _handoffs(att, cages, owner, k, cell, left)
                     if not (att.holds(new_k, other) and att.holds(new_j, other)))
    return moves


def _handoffs(att: Attempt, cages: list[Cage], owner: dict[Cell, int], k: int, cell: Cell,
              left: tuple[Cell, ...]) -> list[tuple[list[Cage], Cage, Cage]]:
    """Cage k handing `cell` to each neighbouring cage with room: (the untouched cages,
    cage k clued afresh on `left`, the neighbour clued afresh with `cell`), where both clue."""
    handoffs = []
    for j in sorted({owner[nb] for nb in _neighbours(cell, att.n)} - {k}):
        if len(cages[j].cells) >= att.params.cage_limit:
            continue
        others = [x for i, x in enumerate(cages) if i not in (k, j)]
        used = op_counts(others)
        new_k = att.clue(left, used)
        new_j = new_k and att.clue(tuple(sorted(cages[j].cells + (cell,))), used + Counter([new_k.op]))
        if new_k and new_j:
            handoffs.append((others, new_k, new_j))
    return handoffs


def grade_cages(att: Attempt, cages: list[Cage], up_to: int | None) -> tuple[Grade, CageBoard]:
    board = CageBoard(solving_model(kenken_model(att.n, cages), att.params.hide_operations))
    return grade_board(board, LEVELS, up_to), board


def _refinements(att: Attempt, cages: list[Cage], unfilled: set[Cell]) -> list[list[Cage]]:
    """Splits of a cage holding a cell the grader could not fill, each part keeping the
    cage's operation (a − or ÷ pair becomes two one-cell cages)."""
    moves = []
    for k, cage in enumerate(cages):
        if len(cage.cells) < 2:
            continue
        if unfilled.isdisjoint(cage.cells):
            continue
        rest = cages[:k] + cages[k + 1:]
        for part_a, part_b in _bipartitions(cage.cells):
            parts = []
            for part in (part_a, part_b):
                if len(part) == 1:
                    parts.append(make_cage(part, "=", att.solution))
                elif att.hidden:
                    parts.append(att.clue(part, op_counts(rest + [p for p in parts if p])))
                else:
                    parts.append(make_cage(part, cage.op, att.solution))
            if all(parts):
                moves.append(rest + parts)
    cap = att.params.single_cap
    return [m for m in moves if _singles(m) <= cap]


def _giveaways(att: Attempt, cages: list[Cage]) -> int:
    return sum(1 for k in cages if is_giveaway(k, att.n, att.hidden))


def _taste(att: Attempt, move: list[Cage]) -> tuple[int, int]:
    """How a move reads, lower is better: above beginner fewer giveaways, then fewer
    one-cell cages; at beginner only the one-cell cages count (the level likes both)."""
    beginner = att.params.difficulty == LEVEL_NAMES[0]
    return (0 if beginner else _giveaways(att, move), _singles(move))


def _tastiest(att: Attempt, moves: list[list[Cage]]) -> list[Cage]:
    """A random one of the moves that read best (each move's taste worked out once)."""
    tastes = [_taste(att, m) for m in moves]
    best = min(tastes)
    return att.rng.choice([m for m, taste in zip(moves, tastes) if taste == best])


def _choose_repair(att: Attempt, cages: list[Cage], other: Grid) -> list[Cage] | None:
    moves = _repair_moves(att, cages, other)
    if not moves:
        return None
    # Prefer moves that keep cages large (fewer cages): small cages make easy puzzles;
    # among those, the clues that read best.
    fewest = min(len(m) for m in moves)
    moves = [m for m in moves if len(m) <= fewest + 1]
    return _tastiest(att, moves)


def _easings(att: Attempt, cages: list[Cage], unfilled: set[Cell]) -> list[list[Cage]]:
    """A cage holding a cell the grader could not fill given an operation that leaves
    fewer sets of digits (a clue that says more); unlike a split this can let another
    solution in, so uniqueness is checked again."""
    moves = []
    for k, cage in enumerate(cages):
        if len(cage.cells) < 2 or unfilled.isdisjoint(cage.cells):
            continue
        now = len(digit_sets(cage, att.n, att.hidden))
        for op in fitting_ops([att.solution[r][c] for r, c in cage.cells], att.params.operations):
            new = make_cage(cage.cells, op, att.solution)
            if op != cage.op and len(digit_sets(new, att.n, att.hidden)) < now:
                moves.append(cages[:k] + cages[k + 1:] + [new])
    return moves


def _choose_refinement(att: Attempt, cages: list[Cage], unfilled: set[Cell]) -> tuple[list[Cage] | None, bool]:
    """The change that makes a stalled puzzle easier, and whether it surely keeps a
    unique puzzle unique: a split if one keeps within the one-cell cap, else a clue that
    says more."""
    for moves, keeps in ((_refinements(att, cages, unfilled), not att.hidden), (_easings(att, cages, unfilled), False)):
        if moves:
            return _tastiest(att, moves), keeps
    return None, False


def _hardenings(att: Attempt, cages: list[Cage]) -> list[list[Cage]]:
    """Changes that leave the puzzle as hard or harder more often than not: two
    neighbouring cages merged into one (a larger cage says less about each cell), a
    giveaway clue given another operation, and a cell handed to a neighbouring cage (new
    shapes and clues for both; with one operation this is the only way to new clues)."""
    n = att.n
    owner = {cell: k for k, cage in enumerate(cages) for cell in cage.cells}
    moves: list[list[Cage]] = []
    for k, cage in enumerate(cages):
        for j in sorted({owner[nb] for cell in cage.cells for nb in _neighbours(cell, n)}):
            if j > k and len(cage.cells) + len(cages[j].cells) <= att.params.cage_limit:
                others = [x for i, x in enumerate(cages) if i not in (k, j)]
                merged = att.clue(cage.cells + cages[j].cells, op_counts(others))
                if merged:
                    moves.append(others + [merged])
        if len(cage.cells) > 1 and is_giveaway(cage, n, att.hidden):
            rest = cages[:k] + cages[k + 1:]
            for op in fitting_ops([att.solution[r][c] for r, c in cage.cells], att.params.operations):
                new = make_cage(cage.cells, op, att.solution)
                if op != cage.op and not is_giveaway(new, n, att.hidden):
                    moves.append(rest + [new])
    att.rng.shuffle(moves)
    shifts = _all_shifts(att, cages, owner)
    att.rng.shuffle(shifts)
    # Merges and clue changes first: they never add a cage.
    return moves + shifts


def _all_shifts(att: Attempt, cages: list[Cage], owner: dict[Cell, int]) -> list[list[Cage]]:
    """Every cell handed from its cage (of two cells or more, staying connected) to a
    neighbouring cage with room, both cages clued afresh, within the one-cell cap."""
    moves = []
    cap = att.params.single_cap
    singles = _singles(cages)
    for k, cage in enumerate(cages):
        if len(cage.cells) < 2:
            continue
        for cell in cage.cells:
            left = tuple(x for x in cage.cells if x != cell)
            if not is_connected(left) or (len(left) == 1 and singles >= cap):
                continue
            moves.extend(others + [new_k, new_j] for others, new_k, new_j in _handoffs(att, cages, owner, k, cell, left))
    return moves


def harden(att: Attempt, cages: list[Cage], graded: int, level: int, budget: Budget) -> list[Cage] | None:
    """Climb from a unique puzzle graded below `level` towards it: take a merge, clue
    change or cell shift after which the grader (up to `level`) still solves the puzzle,
    which proves it still unique, at a level no lower than before. At most HARDEN_GRADES
    gradings in all; None when the climb stalls below `level`."""
    left = HARDEN_GRADES
    while left > 0:
        tried = 0
        for move in _hardenings(att, cages):
            if tried == HARDEN_TRIES or left == 0 or budget.expired():
                return None
            tried += 1
            left -= 1
            result, _ = grade_cages(att, move, level)
            if result.outcome is Outcome.SOLVED and result.level >= graded:
                if result.level == level:
                    return move
                cages, graded = move, result.level
                break
        else:
            return None
    return None


def _looseness(board: CageBoard) -> float:
    """How much of the grid the pencil marks leave open, 0 (solved) to 1 (nothing known)."""
    n = board.model.rows
    return sum(math.log2(max(d.bit_count(), 1)) for d in board.cand) / (n * n * math.log2(n))


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
            return cages if graded.level == level else harden(att, cages, graded.level, level, budget)
        if graded.outcome is Outcome.IMPOSSIBLE:
            return None  # cannot happen: the square meets every cage
        unfilled = {cell for cell in board.model.cells if not board.placed[board.model.index[cell]]}
        other, proved = None, known_unique
        if not known_unique:
            # The harder levels' techniques go on from where the level stalled: if they
            # finish, the puzzle is unique with no search; if not, their pencil marks
            # leave the search far less to try than the stalled level's would.
            # Two levels up at most (one from 10x10 up, where a grading costs more than
            # the search it saves): the expert techniques rarely finish what a beginner
            # grading left, and cost more than the search.
            if level + 1 < len(LEVELS):
                reach = min(level + (PROOF_LEVELS_UP if att.n < 10 else 1), len(LEVELS) - 1)
                proved = grade_board(board, LEVELS, reach).outcome is Outcome.SOLVED
            if not proved and not (att.hidden and _looseness(board) > LOOSE_SHARE):
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
            # Far from the level (many cells unfilled), several cages change per round:
            # each round costs a grading, and a small step at a time took tens of them.
            changed, keeps = cages, True
            for _ in range(1 + len(unfilled) // (2 * att.n)):
                step, step_keeps = _choose_refinement(att, changed, unfilled)
                if step is None:
                    break
                changed, keeps = step, keeps and step_keeps
            if changed is cages:
                changed = None
            known_unique = proved and keeps
        if changed is None:
            return None
        cages = changed
    return None


def balance(att: Attempt, cages: list[Cage], level: int) -> list[Cage]:
    """Even out the operations of a finished puzzle: splits and repairs keep + and × on
    the parts of large cages, so − and ÷ end up rare. A two-cell + or × cage whose digits
    also make a − or ÷ clue (not a giveaway) takes it when the grader still solves the
    puzzle at exactly its level (so it stays unique). At most BALANCE_TRIES gradings."""
    allowed = [op for op in ("-", "/") if op in att.params.operations]
    if not allowed or att.params.hide_operations:
        return cages
    tried = 0
    order = list(range(len(cages)))
    att.rng.shuffle(order)
    for k in order:
        cage = cages[k]
        if len(cage.cells) != 2 or cage.op not in LARGE_OPS or tried == BALANCE_TRIES:
            continue
        used = op_counts(cages)
        if used[cage.op] <= min(used[op] for op in allowed):
            continue
        fits = [op for op in fitting_ops([att.solution[r][c] for r, c in cage.cells], tuple(allowed))]
        fits.sort(key=lambda op: used[op])
        for op in fits[:1]:
            new = make_cage(cage.cells, op, att.solution)
            if is_giveaway(new, att.n, att.hidden) and not is_giveaway(cage, att.n, att.hidden):
                continue
            tried += 1
            move = cages[:k] + [new] + cages[k + 1:]
            result, _ = grade_cages(att, move, level)
            if result.outcome is Outcome.SOLVED and result.level == level:
                cages = move
    return cages


def _clues(att: Attempt, layout: list[tuple[Cell, ...]]) -> list[Cage] | None:
    """A clue for every cage, drawn in turn so the operations come out about evenly:
    largest cages first, since they can only add or multiply, so the two-cell cages
    after them lean towards − and ÷."""
    cages: list[Cage] = []
    used: Counter[str] = Counter()
    for cells in sorted(layout, key=len, reverse=True):
        cage = att.clue(cells, used)
        if cage is None:
            return None
        cages.append(cage)
        used[cage.op] += 1
    return cages


def generate_kenken(params: Params, rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    n = params.size
    level = LEVEL_NAMES.index(params.difficulty)
    for _ in range(MAX_ATTEMPTS):
        if budget.expired():
            break
        att = Attempt(n, latin_square(n, rng), params, rng)
        layout = random_layout(n, params.cage_limit, params.single_cap, rng, params.size_decay)
        if layout is None:
            continue
        cages = _clues(att, layout)
        if cages is None:
            continue
        fitted = settle(att, cages, level, budget)
        if fitted is not None:
            return kenken_model(n, balance(att, fitted, level)), att.solution
    raise GenerationError(
        f"no {params.difficulty} {n}x{n} KenKen found within the budget; try another level or seed"
    )

