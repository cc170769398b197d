"""KenKen cagings and the changes made to them: a random Latin square, a random layout of
connected cages, clues drawn for an even mix of the operations (`Attempt.clue`), and the
moves the generator grades (bookgen.puzzles.kenken.generate): repairs where a second
solution differs, splits of cages the grader could not fill, and the merges, clue changes
and cell shifts that climb towards a harder level."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from bookgen.model import Cage, Cell, Grid, bipartitions, full_cells, is_connected
from bookgen.puzzles.kenken.rules import (
    LEVEL_NAMES, LEVELS, STYLES, Params, digit_sets, is_giveaway, kenken_model, latin_structure, solving_model,
)
from bookgen.solve import engine
from bookgen.solve.cages import HIDDEN, cage_value, makes_target
from bookgen.solve.grader import Grade, grade_board
from bookgen.solve.search import solver_for

# Operations that fit a cage of three or more cells (− and ÷ take exactly two).
LARGE_OPS = ("+", "*")


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
        for part_a, part_b in bipartitions(cage.cells) if len(cage.cells) > 1 else ():
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


def grade_cages(att: Attempt, cages: list[Cage], up_to: int | None) -> tuple[Grade, engine.Board]:
    board = engine.Board(solving_model(kenken_model(att.n, cages), att.params.hide_operations), "kenken")
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
        for part_a, part_b in bipartitions(cage.cells):
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


def choose_repair(att: Attempt, cages: list[Cage], other: Grid) -> list[Cage] | None:
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


def choose_refinement(att: Attempt, cages: list[Cage], unfilled: set[Cell]) -> tuple[list[Cage] | None, bool]:
    """The change that makes a stalled puzzle easier, and whether it surely keeps a
    unique puzzle unique: a split if one keeps within the one-cell cap, else a clue that
    says more."""
    for moves, keeps in ((_refinements(att, cages, unfilled), not att.hidden), (_easings(att, cages, unfilled), False)):
        if moves:
            return _tastiest(att, moves), keeps
    return None, False


def hardenings(att: Attempt, cages: list[Cage]) -> list[list[Cage]]:
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
