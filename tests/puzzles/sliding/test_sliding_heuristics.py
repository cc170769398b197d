"""Sliding-tile heuristics: admissible against breadth-first search."""

from __future__ import annotations

import random

from bookgen.puzzles.sliding import search as sliding_search


def test_lower_bound_never_exceeds_true_distance(eight_puzzle):
    goal, distances = eight_puzzle
    rng = random.Random(2)
    for state in rng.sample(sorted(distances), 3000):
        assert sliding_search.lower_bound(state, goal, 3) <= distances[state]
