"""KenKen generation: the engine makes the puzzle (engine/src/kenken/generate), this
module hands it the policy and turns its answer into the puzzle's model.

Generation aims at the level from the start (kenken_rules.STYLES): cage sizes grown
larger for harder levels, one-cell cages capped per level (many at beginner, a few as a
last resort above), and clues drawn so the four operations come out about evenly and
giveaways (a target only one set of digits makes) are common at beginner and rare above.
A random Latin square is caged and clued that way. Then rounds of grading: the grader
(techniques up to the requested level) either solves the puzzle, which proves it unique,
or gets stuck; the harder levels' techniques go on from there, and if they do not finish
the search solver looks for a second solution (with hidden signs only once the pencil
marks are firm enough for a search to finish; a looser puzzle is split at once). If there
is one, the puzzle is repaired where the two solutions differ (a cage there changes its
operation, is split, hands a cell to a neighbour or is merged with one) so that the second
solution breaks a rule; if not, the puzzle is unique but too hard, and cages holding
cells the grader could not fill are split into parts that keep their operation (or, when
no split is allowed, given a clue that says more). A puzzle that ends up easier than
asked climbs towards the level by merges and clue changes the grader still solves,
instead of being thrown away; a finished one has its operations evened out.

Every random draw is the engine's own source, seeded with one 64-bit draw of the
puzzle's random.Random; the work limits below are counts, so the puzzle made depends on
the seed alone. The Budget is asked before the engine starts, then between rounds at most
every few milliseconds (with any pending Ctrl-C or SIGTERM): time can stop the work, never
change the puzzle.
"""

from __future__ import annotations

import random
from functools import lru_cache

from bookgen.errors import DeadlinePassed, GenerationError, NothingFound
from bookgen.model import Cage, Grid, GridModel
from bookgen.puzzles.base import Budget
from bookgen.puzzles.kenken.rules import LEVEL_NAMES, LEVELS, Params, kenken_model, latin_structure
from bookgen.solve import engine

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
# grid open (the engine's `looseness`) is split at once, without a search for a second
# solution: so loose a search mostly runs out of nodes finding nothing (9x9 hidden signs:
# above 0.8 about 70% of searches did, at about 0.2 s each, and each ends in the same
# split). Measured on 9x9 hidden signs, 10 seeds a level, CPU medians beginner..expert:
# never skipping 0.29/0.81/1.50/2.15/1.70 s; 0.8: 0.29/0.40/1.05/0.96/0.73; 0.5: 0.11/0.20/
# 0.51/0.64/0.60; 0 (never searching): 0.21/0.32/0.87/0.94/0.86, worst 5.7 s. Giveaways
# and cage sizes stayed the same. Shown signs are graded with firmer pencil marks and
# keep the search (their 9x9 medians are under 1 s already).
LOOSE_SHARE = 0.5
# How many levels above the target the grader goes on, trying to prove a stalled puzzle
# unique without a search (one from 10x10 up, where a grading costs more than the search
# it saves). Measured on 9x9 hidden-sign beginner: all the way to expert, a median of
# about 1 s; two levels up, 0.5 s. 12x12 medium with one level up: 2.2 s to 1.4 s.
PROOF_LEVELS_UP = 2
# Gradings spent evening out the operations of a finished puzzle.
BALANCE_TRIES = 5

LIMITS = (MAX_ATTEMPTS, MAX_ROUNDS, SEARCH_NODES, HARDEN_TRIES, HARDEN_GRADES, LOOSE_SHARE, PROOF_LEVELS_UP,
          BALANCE_TRIES)


def generate_kenken(params: Params, rng: random.Random, budget: Budget) -> tuple[GridModel, Grid]:
    n = params.size
    try:
        if budget.expired():  # the engine asks first a few milliseconds in
            raise NothingFound("the budget was spent before the KenKen was begun")
        cages, rows = engine.generate_kenken(_request(params), budget.expired, rng.getrandbits(64))
    except NothingFound:
        raise GenerationError(
            f"no {params.difficulty} {n}x{n} KenKen found within the budget; try another level or seed"
        ) from None
    except DeadlinePassed:
        raise GenerationError("time budget spent while making the KenKen unique and graded") from None
    # The engine's cells and rows are tuples already, its cages in the model's order.
    return kenken_model(n, [Cage(cells, op, target) for cells, op, target in cages], ordered=True), rows


@lru_cache(maxsize=64)
def _request(params: Params) -> engine.KenKenRequest:
    """The engine's request for a section's options: the same for each of its puzzles."""
    style = params.style
    return engine.kenken_request(
        size=params.size, levels=LEVELS, level=LEVEL_NAMES.index(params.difficulty),
        operations=list(params.operations), hidden=params.hide_operations, cage_limit=params.cage_limit,
        single_cap=params.single_cap, size_decay=style.size_decay, giveaway_weight=style.giveaway_weight,
        limits=LIMITS, cells=latin_structure(params.size).cells,
    )
