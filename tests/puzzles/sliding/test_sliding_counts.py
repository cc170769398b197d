"""The engine's distance layers and count of shortest solutions (SlidingLayers,
sliding_count_shortest; engine/src/sliding/layers.rs, count.rs) against the pure-Python
searches they replaced (python_counts.py beside this file).

A book must print what it printed before: the same scrambles drawn from the same seeds
(the layers hold the same positions in the same order), the same counts in the answer
key, and on boards counted within a budget the same "not known" — the budget is a
number of remembered counts, so the engine must run out exactly where Python did. The
cases here include counts on both sides of that line and the line itself.
"""

from __future__ import annotations

import random

import pytest
import python_counts

from bookgen.errors import EngineRequestError
from bookgen.solve.engine import DistanceLayers, count_shortest as sliding_count_shortest
from bookgen.puzzles.sliding.board import standard_goal
from bookgen.puzzles.sliding.scramble import distance_layers, random_walk, scramble_at_distance
from bookgen.puzzles.sliding.search import solve_optimal
from bookgen.puzzles.sliding.shortest import COUNT_BUDGET, count_shortest

SMALL_GOALS = [  # (rows, cols, goal): both standard goals and a blank inside the board
    (2, 3, standard_goal(2, 3)), (2, 3, standard_goal(2, 3, blank_first=True)), (2, 3, (1, 2, 3, 4, 0, 5)),
    (3, 2, standard_goal(3, 2)), (2, 4, standard_goal(2, 4)), (2, 4, (3, 1, 2, 0, 5, 6, 7, 4)),
    (4, 2, standard_goal(4, 2, blank_first=True)), (2, 2, standard_goal(2, 2)),
]


def engine_layers(goal, rows, cols) -> list[list[tuple[int, ...]]]:
    built = DistanceLayers(list(goal), rows, cols)
    return [[built.position(d, k) for k in range(built.size(d))] for d in range(len(built))]


@pytest.mark.parametrize("rows, cols, goal", SMALL_GOALS)
def test_the_layers_of_small_boards_are_the_python_ones_in_the_same_order(rows, cols, goal):
    reference = python_counts.distance_layers(goal, cols)
    assert engine_layers(goal, rows, cols) == [list(layer) for layer in reference]


@pytest.mark.slow  # 1 s: every 3x3 position against the Python counts (make test and CI run it)
def test_the_3x3_layers_are_the_python_ones_and_every_distance_is_the_layer_of_its_position():
    goal = standard_goal(3, 3)
    reference = python_counts.distance_layers(goal, 3)
    layers = distance_layers(goal, 3)
    assert engine_layers(goal, 3, 3) == [list(layer) for layer in reference]
    rng = random.Random(5)
    for d, layer in enumerate(reference):
        for state in rng.sample(layer, min(20, len(layer))):
            assert layers.distance(state) == d
    assert layers.distance((2, 1, 3, 4, 5, 6, 7, 8, 0)) is None  # two tiles swapped: never reached


@pytest.mark.slow
@pytest.mark.parametrize("goal", [standard_goal(3, 3, blank_first=True), (1, 2, 3, 4, 0, 5, 6, 7, 8)])
def test_the_3x3_layers_of_other_goals_are_the_python_ones(goal):
    assert engine_layers(goal, 3, 3) == [list(layer) for layer in python_counts.distance_layers(goal, 3)]


@pytest.mark.parametrize("rows, cols, blank_first", [(3, 3, False), (3, 3, True), (2, 4, False), (2, 3, True)])
def test_a_scramble_of_a_small_board_is_the_one_python_drew_from_its_layer(rows, cols, blank_first):
    goal = standard_goal(rows, cols, blank_first)
    reference = python_counts.distance_layers(goal, cols)
    for seed in range(12):
        distance = random.Random(100 + seed).randrange(len(reference))
        drawn = scramble_at_distance(goal, cols, distance, random.Random(seed)).start
        assert drawn == random.Random(seed).choice(reference[distance])


def _differ(start, goal, cols, length, budget=COUNT_BUDGET):
    """The engine's count as the key asks for it, checked against Python's; returned."""
    count_shortest.cache_clear()
    ours = count_shortest(start, goal, cols, length, budget)
    assert ours == python_counts.count_shortest(start, goal, cols, length, budget), (start, length, budget)
    return ours


def test_every_distance_of_the_3x3_counts_as_python_counted():
    goal = standard_goal(3, 3)
    reference = python_counts.distance_layers(goal, 3)
    rng = random.Random(8)
    counts = []
    for d, layer in enumerate(reference):
        for state in rng.sample(layer, min(6, len(layer))):
            counts.append(_differ(state, goal, 3, d))
    assert max(counts) > 20  # far positions have many shortest solutions, not just one


@pytest.mark.parametrize("rows, cols, goal", SMALL_GOALS[:6])
def test_small_boards_count_as_python_counted(rows, cols, goal):
    reference = python_counts.distance_layers(goal, cols)
    rng = random.Random(rows * 10 + cols)
    for d, layer in enumerate(reference):
        for state in rng.sample(layer, min(8, len(layer))):
            _differ(state, goal, cols, d)


def test_the_manhattan_bound_without_a_budget_counts_as_python_on_the_3x3():
    goal = standard_goal(3, 3)
    reference = python_counts.distance_layers(goal, 3)
    rng = random.Random(4)
    for d in (5, 12, 18, 21):
        for state in rng.sample(reference[d], 3):
            ours = sliding_count_shortest(list(state), list(goal), 3, 3, d)
            assert ours == python_counts.counted(state, goal, 3, d, python_counts.manhattan(goal, 3), None)


def _walked(rows, cols, lo, hi, count, seed, blank_first=False):
    """`count` positions random walks of `lo` to `hi` moves lead to, with their distances
    (found without pattern tables, whose build would take seconds)."""
    goal = standard_goal(rows, cols, blank_first)
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        start, _ = random_walk(goal, cols, rng.randint(lo, hi), rng)
        found.append((start, len(solve_optimal(start, goal, cols, build_patterns=False).moves)))
    return goal, found


def _fewest_remembered(start, goal, rows, cols, length) -> int:
    """The smallest budget under which the engine's count finishes (finishing is monotone
    in the budget: a run is the unlimited one until the budget stops it)."""
    lo, hi = 0, 1
    while sliding_count_shortest(list(start), list(goal), rows, cols, length, hi) is None:
        lo, hi = hi, hi * 2
    while lo < hi:
        mid = (lo + hi) // 2
        if sliding_count_shortest(list(start), list(goal), rows, cols, length, mid) is None:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _budget_line_holds(start, goal, cols, length):
    """Python runs out of budget exactly where the engine does: one count short of the
    engine's fewest, None on both sides; at it, the same count."""
    rows = len(start) // cols
    fewest = _fewest_remembered(start, goal, rows, cols, length)
    assert fewest >= 1  # the start's own count at least
    assert python_counts.counted(start, goal, cols, length, python_counts.manhattan(goal, cols), fewest - 1) is None
    ours = sliding_count_shortest(list(start), list(goal), rows, cols, length, fewest)
    assert ours is not None
    assert python_counts.counted(start, goal, cols, length, python_counts.manhattan(goal, cols), fewest) == ours


@pytest.mark.slow  # 1.8 s (make test-fast stays under a minute; make test and CI run it)
def test_4x4_positions_count_or_run_out_of_budget_as_python_did():
    goal, positions = _walked(4, 4, 30, 50, 12, seed=11)
    counts = [_differ(start, goal, 4, length) for start, length in positions]
    assert None in counts and any(c is not None for c in counts)  # both sides of the budget
    for (start, length), ways in list(zip(positions, counts))[:6]:
        if ways is not None:
            _budget_line_holds(start, goal, 4, length)


def test_small_budgets_run_out_where_python_ran_out():
    goal, positions = _walked(4, 4, 14, 24, 6, seed=3)
    for start, length in positions:
        for budget in (0, 1, 5, 40, 200):
            _differ(start, goal, 4, length, budget)


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols, lo, hi, blank_first, seed", [
    (4, 4, 20, 60, False, 21), (4, 4, 30, 50, True, 22), (3, 4, 25, 40, True, 23), (5, 5, 20, 30, False, 24),
    (2, 6, 25, 40, False, 25), (3, 5, 25, 40, False, 26),
])
def test_larger_boards_count_as_python_counted(rows, cols, lo, hi, blank_first, seed):
    goal, positions = _walked(rows, cols, lo, hi, 15, seed, blank_first)
    counts = [_differ(start, goal, cols, length) for start, length in positions]
    assert any(c is not None for c in counts)
    # The line checked past COUNT_BUDGET too, where it is not too far for Python.
    rows = len(goal) // cols
    for start, length in positions[:6]:
        if sliding_count_shortest(list(start), list(goal), rows, cols, length, 2 * COUNT_BUDGET) is not None:
            _budget_line_holds(start, goal, cols, length)


def test_a_position_that_is_not_of_the_board_or_layers_of_another_goal_are_refused():
    goal = standard_goal(2, 3)
    layers = DistanceLayers(list(goal), 2, 3)
    with pytest.raises(ValueError):
        sliding_count_shortest([1, 2, 3, 4, 5, 5], list(goal), 2, 3, 4, layers=layers)
    with pytest.raises(ValueError):
        sliding_count_shortest(list(goal), [0, 1, 2, 3, 4, 5], 2, 3, 0, layers=layers)
    with pytest.raises(ValueError):
        DistanceLayers(list(range(10)), 2, 5)  # too many positions to keep
    with pytest.raises(EngineRequestError):
        layers.position(len(layers), 0)
    with pytest.raises(EngineRequestError):
        layers.position(1, layers.size(1))
