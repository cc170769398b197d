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
from collections import Counter

from bookgen.errors import GenerationError
from bookgen.model import Cage, Cell, Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.cages import (
    LARGE_OPS, Attempt, choose_refinement, choose_repair, fitting_ops, grade_cages, hardenings, latin_square, make_cage,
    op_counts, random_layout,
)
from bookgen.puzzles.kenken.rules import LEVEL_NAMES, LEVELS, Params, is_giveaway, kenken_model
from bookgen.solve.grader import grade_board
from bookgen.solve.result import Outcome
from bookgen.solve.search import Solver

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


def harden(att: Attempt, cages: list[Cage], graded: int, level: int, budget: Budget) -> list[Cage] | None:
    """Climb from a unique puzzle graded below `level` towards it: take a merge, clue
    change or cell shift after which the grader (up to `level`) still solves the puzzle,
    which proves it still unique, at a level no lower than before. At most HARDEN_GRADES
    gradings in all; None when the climb stalls below `level`."""
    left = HARDEN_GRADES
    while left > 0:
        tried = 0
        for move in hardenings(att, cages):
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


def _looseness(n: int, cand: list[int]) -> float:
    """How much of an n×n grid the pencil marks `cand` leave open, 0 (solved) to 1
    (nothing known)."""
    return sum(math.log2(max(d.bit_count(), 1)) for d in cand) / (n * n * math.log2(n))


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
        unfilled = {cell for cell, done in zip(board.model.cells, board.placed) if not done}
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
            cand = board.cand  # the engine's marks, copied once
            if not proved and not (att.hidden and _looseness(att.n, cand) > LOOSE_SHARE):
                count = Solver(board.model).count_from(cand, limit=2, node_limit=SEARCH_NODES)
                other = next((s for s in count.solutions if s != att.solution), None)
                proved = count.complete
        if other is not None:
            changed = choose_repair(att, cages, other)
        else:
            # Unique (or not yet known, when the search was cut short): split a cage where
            # the grader stalled. A split whose parts keep the cage's operation only adds
            # rules, so a unique puzzle stays unique; with hidden operations the parts'
            # targets may mean other operations, so uniqueness is checked again.
            # Far from the level (many cells unfilled), several cages change per round:
            # each round costs a grading, and a small step at a time took tens of them.
            changed, keeps = cages, True
            for _ in range(1 + len(unfilled) // (2 * att.n)):
                step, step_keeps = choose_refinement(att, changed, unfilled)
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

