"""The engine's IDA* (engine/src/sliding/) against the pure-Python one it replaced
(python_ida.py, python_heuristics.py beside this file), on thousands of positions.

With the same heuristic the search was ported, not redesigned: the same paths, the
same nodes expanded, the same weighted answers, the same lower bounds. With different
heuristics (the engine's tables follow the blank and are looked up on the mirror image
too; the old tables let each tile step anywhere free of its pattern) the paths are
still the same — the lexicographically first shortest one — and every length is the
breadth-first distance where that is known. Every path is replayed to the goal.

Most cases take seconds (the Python side), so they are marked slow: `make test` runs
them all, `make test-fast` a quick sample.
"""

from __future__ import annotations

import random

import pytest
import python_heuristics
import python_ida

from bookgen.solve.engine import PatternTables as SlidingPatterns, sliding_lower_bound
from bookgen.puzzles.sliding import board as sliding_board
from bookgen.puzzles.sliding import scramble as sliding_scramble
from bookgen.puzzles.sliding import search as sliding_search

GOALS_3X3 = [sliding_board.standard_goal(3, 3), sliding_board.standard_goal(3, 3, blank_first=True),
             (1, 2, 3, 4, 0, 5, 6, 7, 8), (8, 1, 3, 0, 4, 6, 2, 7, 5)]


def _walks(rows: int, cols: int, count: int, longest: int, seed: int, blank_first: bool = False):
    goal = sliding_board.standard_goal(rows, cols, blank_first=blank_first)
    rng = random.Random(seed)
    return goal, [sliding_scramble.random_walk(goal, cols, rng.randint(1, longest), rng)[0] for _ in range(count)]


def _engine(start, goal, cols, tables=None, weight=1):
    frame = sliding_board.label_frame(start, goal, len(start) // cols, cols)
    return sliding_search._search(frame, len(start) // cols, cols, weight, tables, None)


def _same_search(start, goal, cols, replay, distance=None):
    """Manhattan + linear conflict on both sides: the same moves and nodes."""
    python_moves, python_nodes = python_ida.solve_optimal_python(start, goal, cols)
    assert _engine(start, goal, cols) == (python_moves, python_nodes), start
    assert replay(start, python_moves, cols) == goal
    if distance is not None:
        assert len(python_moves) == distance


@pytest.mark.slow
def test_every_goal_of_the_3x3_gives_the_same_paths_and_nodes(bfs_distances, replay):
    for i, goal in enumerate(GOALS_3X3):
        distances = bfs_distances(goal, 3, 3)
        for start in random.Random(i).sample(sorted(distances), 500):
            _same_search(start, goal, 3, replay, distances[start])


@pytest.mark.slow
def test_the_8_puzzle_at_every_distance_gives_the_same_paths_and_nodes(eight_puzzle, replay):
    """Forty positions of each of the exhaustive search's 32 layers (all of the deepest)."""
    goal, distances = eight_puzzle
    layers: dict[int, list] = {}
    for state, distance in sorted(distances.items()):
        layers.setdefault(distance, []).append(state)
    rng = random.Random(31)
    for distance, states in layers.items():
        for start in rng.sample(states, min(40, len(states))):
            _same_search(start, goal, 3, replay, distance)


@pytest.mark.parametrize("rows, cols, count, longest", [(2, 3, 200, 30), (2, 4, 300, 40), (4, 2, 300, 40),
                                                        pytest.param(3, 4, 300, 40, marks=pytest.mark.slow),
                                                        (4, 3, 200, 40), (4, 4, 300, 24),
                                                        (5, 5, 150, 20), (6, 6, 100, 16), (3, 6, 100, 24)])
def test_rectangles_give_the_same_paths_and_nodes(rows, cols, count, longest, replay):
    goal, starts = _walks(rows, cols, count, longest, rows * 10 + cols)
    for start in starts:
        _same_search(start, goal, cols, replay)


@pytest.mark.slow  # 1.7 s at weight 2 (make test-fast stays under a minute; make test and CI run it)
@pytest.mark.parametrize("weight", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_weighted_searches_give_the_same_answers(weight):
    for rows, cols in ((3, 3), (3, 4), (5, 5)):
        goal, starts = _walks(rows, cols, 100, 60, weight * 100 + rows)
        for start in starts:
            frame = sliding_board.label_frame(start, goal, rows, cols)
            python_labels, _ = python_ida._ida_manhattan(frame.perm, frame.blank, rows, cols,
                                                         python_ida._Clock(None), weight)
            assert _engine(start, goal, cols, weight=weight)[0] == tuple(frame.tile_of_label[t] for t in python_labels)


@pytest.mark.parametrize("rows, cols", [(2, 3), (3, 3), (3, 4), (4, 4), pytest.param(5, 5, marks=pytest.mark.slow),
                                        pytest.param(4, 6, marks=pytest.mark.slow),
                                        pytest.param(8, 8, marks=pytest.mark.slow)])
def test_lower_bounds_are_the_same(rows, cols):
    for blank_first in (False, True):
        goal, starts = _walks(rows, cols, 200, 200, rows * cols + blank_first, blank_first)
        for start in starts:
            frame = sliding_board.label_frame(start, goal, rows, cols)
            python = python_heuristics.ManhattanConflict.build(rows, cols, frame.blank).value(frame.perm)
            assert sliding_lower_bound(list(frame.perm), rows, cols, frame.blank) == python


# Partitions of the labels (blank 0 in the label frame) for rectangles without a mirror.
RECTANGLE_PATTERNS = {(2, 4): ((1, 2, 3), (4, 5, 6, 7)), (4, 2): ((1, 2, 3), (4, 5, 6, 7)),
                      (3, 4): ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)),
                      (4, 3): ((1, 2, 4, 5), (3, 6, 7, 8), (9, 10, 11))}


@pytest.mark.slow
@pytest.mark.parametrize("rows, cols", sorted(RECTANGLE_PATTERNS))
def test_the_same_tables_give_the_same_paths_and_nodes(rows, cols, replay):
    """The old tables handed to the engine: on a board with no mirror the heuristic is
    then the same, so the pattern-database search must expand the very same nodes."""
    patterns = RECTANGLE_PATTERNS[rows, cols]
    tables = SlidingPatterns.from_tables(rows, cols, 0, [list(p) for p in patterns],
                                         python_ida.pattern_tables(rows, cols, patterns))
    goal, starts = _walks(rows, cols, 200, 50, rows * cols, blank_first=True)
    for start in starts:
        python = python_ida.solve_optimal_python(start, goal, cols, patterns)
        assert _engine(start, goal, cols, tables) == python, start
        assert replay(start, python[0], cols) == goal


# 3×3 partitions of the labels, blank 0 (the label frame of a corner-blank goal).
PATTERNS_3X3 = [((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 3), (4, 5, 6), (7, 8)), ((1, 4, 7), (2, 5, 8), (3, 6)),
                ((1, 2, 5, 8), (3, 4, 6, 7))]


@pytest.mark.slow
@pytest.mark.parametrize("patterns", PATTERNS_3X3)
def test_3x3_pattern_sets_give_the_python_paths_at_the_true_distance(patterns, bfs_distances, replay):
    for goal in GOALS_3X3[:2]:
        distances = bfs_distances(goal, 3, 3)
        tables = SlidingPatterns.build(3, 3, 0, [list(p) for p in patterns])
        for start in random.Random(sum(patterns[0])).sample(sorted(distances), 300):
            python_moves, _ = python_ida.solve_optimal_python(start, goal, 3, patterns)
            moves, _ = _engine(start, goal, 3, tables)
            assert moves == python_moves and len(moves) == distances[start], start
            assert replay(start, moves, 3) == goal


@pytest.mark.slow
def test_every_8_puzzle_position_is_solved_at_its_true_distance(bfs_distances, replay):
    """All 181,440 positions, by the engine with tables and mirror lookups: the length
    breadth-first search found, and moves that replay to the goal."""
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    tables = SlidingPatterns.build(3, 3, 0, [list(p) for p in PATTERNS_3X3[0]])
    distances = bfs_distances(goal, 3, 3)
    assert len(distances) == 181_440
    for start, distance in distances.items():
        moves, _ = _engine(start, goal, 3, tables)
        assert len(moves) == distance and replay(start, moves, 3) == goal, start


# 4×4 partitions of the labels (blank 0): the 6-6-3 the product uses, and others.
PATTERNS_4X4 = {"6-6-3": ((1, 2, 3, 5, 6, 7), (9, 10, 11, 13, 14, 15), (4, 8, 12)),
                "5-5-5": ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15)),
                "4-4-4-3": ((1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15)),
                "rows": ((1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15))}


@pytest.mark.slow
@pytest.mark.parametrize("blank_first", [False, True])
def test_fifteen_puzzles_with_every_pattern_set_give_the_python_paths(blank_first, replay):
    """Longer 4×4s: the Python search on its own 5-5-5 tables against the engine on each
    partition's tables (built by the engine, mirror lookups included) and on none."""
    reference = PATTERNS_4X4["5-5-5"]
    engines = [SlidingPatterns.build(4, 4, 0, [list(p) for p in patterns]) for patterns in PATTERNS_4X4.values()]
    goal, starts = _walks(4, 4, 40, 60, 44 + blank_first, blank_first)
    for start in starts:
        python_moves, _ = python_ida.solve_optimal_python(start, goal, 4, reference)
        assert replay(start, python_moves, 4) == goal
        for tables in [*engines, None]:
            assert _engine(start, goal, 4, tables)[0] == python_moves, start
