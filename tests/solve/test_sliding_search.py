"""Sliding-puzzle search: parity, optimal IDA*, pattern databases, fallback and scrambles.

The reference throughout is a breadth-first search written here, sharing no code with
the module under test.
"""

from __future__ import annotations

import itertools
import random

import pytest

from bookgen.solve import (
    sliding_board,
    sliding_constructive,
    sliding_heuristics,
    sliding_patterns,
    sliding_scramble,
    sliding_search,
)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Never touch the user's cache directory from a test."""
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(sliding_patterns, "_loaded_tables", {})


def replay(start, moves, cols):
    board = list(start)
    for tile in moves:
        hole, cell = board.index(0), board.index(tile)
        assert abs(hole // cols - cell // cols) + abs(hole % cols - cell % cols) == 1, f"{tile} not next to the blank"
        board[hole], board[cell] = tile, 0
    return tuple(board)


@pytest.fixture(scope="module")
def eight_puzzle(bfs_distances):
    goal = sliding_board.standard_goal(3, 3)
    return goal, bfs_distances(goal, 3, 3)


GOALS_3X3 = [
    sliding_board.standard_goal(3, 3),
    sliding_board.standard_goal(3, 3, blank_first=True),
    (1, 2, 3, 4, 0, 5, 6, 7, 8),  # blank in the middle
    (8, 1, 3, 0, 4, 6, 2, 7, 5),  # an arbitrary goal
]


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_parity_rule_agrees_with_bfs_over_every_state(rows, cols, bfs_distances):
    goals = [sliding_board.standard_goal(rows, cols), sliding_board.standard_goal(rows, cols, True)]
    rng = random.Random(5)
    shuffled = list(range(rows * cols))
    rng.shuffle(shuffled)
    goals.append(tuple(shuffled))
    for goal in goals:
        reachable = bfs_distances(goal, rows, cols)
        for state in itertools.permutations(range(rows * cols)):
            assert sliding_board.is_solvable(state, goal, cols) == (state in reachable), (state, goal)


def test_parity_rule_on_even_width_needs_the_blank_row():
    goal = sliding_board.standard_goal(4, 4)
    one_row_up = sliding_board.apply_moves(goal, [12], 4)  # blank up one row: solvable
    assert sliding_board.is_solvable(one_row_up, goal, 4)
    swapped = list(goal)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not sliding_board.is_solvable(tuple(swapped), goal, 4)


@pytest.mark.parametrize("goal", GOALS_3X3)
def test_ida_finds_shortest_solutions_for_any_goal(goal, bfs_distances):
    distances = bfs_distances(goal, 3, 3)
    by_distance: dict[int, list] = {}
    for state, d in distances.items():
        by_distance.setdefault(d, []).append(state)
    rng = random.Random(11)
    for d in sorted(by_distance):
        for state in rng.sample(sorted(by_distance[d]), min(3, len(by_distance[d]))):
            found = sliding_search.solve_optimal(state, goal, 3)
            assert len(found.moves) == d
            assert replay(state, found.moves, 3) == goal


def test_lower_bound_never_exceeds_true_distance(eight_puzzle):
    goal, distances = eight_puzzle
    rng = random.Random(2)
    for state in rng.sample(sorted(distances), 3000):
        assert sliding_heuristics.lower_bound(state, goal, 3) <= distances[state]


def test_ida_on_rectangles_matches_bfs(bfs_distances):
    for rows, cols in [(2, 4), (4, 2)]:
        goal = sliding_board.standard_goal(rows, cols)
        distances = bfs_distances(goal, rows, cols)
        rng = random.Random(rows)
        for state in rng.sample(sorted(distances), 60):
            assert len(sliding_search.solve_optimal(state, goal, cols).moves) == distances[state]


SMALL_PATTERNS = ((1, 2, 3, 4), (5, 6, 7, 8))  # 3×3, blank top-left


def test_pattern_tables_are_admissible_and_additive(eight_puzzle, bfs_distances):
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = [sliding_patterns.build_pattern_table(3, 3, p) for p in SMALL_PATTERNS]
    rng = random.Random(4)
    for state in rng.sample(sorted(distances), 3000):
        cell = {tile: c for c, tile in enumerate(state)}
        total = 0
        for pattern, table in zip(SMALL_PATTERNS, tables):
            index = sum(cell[t] * 9 ** (len(pattern) - 1 - i) for i, t in enumerate(pattern))
            total += table[index]
        assert total <= distances[state]
    goal_index = sum(t * 9 ** (3 - i) for i, t in enumerate(SMALL_PATTERNS[0]))
    assert tables[0][goal_index] == 0


def test_pattern_tables_are_at_least_manhattan():
    table = sliding_patterns.build_pattern_table(3, 3, (1, 2))
    for a, b in itertools.permutations(range(9), 2):
        manhattan = abs(a // 3 - 0) + abs(a % 3 - 1) + abs(b // 3 - 0) + abs(b % 3 - 2)
        assert table[a * 9 + b] >= manhattan


def test_ida_with_pattern_tables_finds_shortest_solutions(bfs_distances):
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = [sliding_patterns.build_pattern_table(3, 3, p) for p in SMALL_PATTERNS]
    rng = random.Random(8)
    for state in rng.sample(sorted(distances), 150):
        labels, _ = sliding_search._ida_patterns(state, 0, 3, 3, SMALL_PATTERNS, tables, sliding_search._Clock(None))
        assert len(labels) == distances[state]
        assert replay(state, labels, 3) == goal


def test_first_shortest_path_is_the_same_whatever_the_heuristic(bfs_distances):
    """Generation relies on this: the scramble cut from a path never depends on the tables."""
    goal = sliding_board.standard_goal(3, 3, blank_first=True)
    distances = bfs_distances(goal, 3, 3)
    tables = [sliding_patterns.build_pattern_table(3, 3, p) for p in SMALL_PATTERNS]
    rng = random.Random(12)
    for state in rng.sample(sorted(distances), 100):
        with_tables, _ = sliding_search._ida_patterns(state, 0, 3, 3, SMALL_PATTERNS, tables, sliding_search._Clock(None))
        assert tuple(with_tables) == sliding_search.solve_optimal(state, goal, 3).moves


def test_pattern_tables_are_cached_on_disk_and_reloaded(tmp_path):
    first = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    files = list(tmp_path.rglob("*.bin"))
    assert len(files) == 1 and files[0].read_bytes().endswith(first)
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) == first


def _cached_file(tmp_path):
    (path,) = tmp_path.rglob("*.bin")
    return path


def test_a_cached_table_with_the_wrong_content_is_rebuilt_and_rewritten(tmp_path):
    good = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    path = _cached_file(tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    path.write_bytes(header + b"\n" + bytes(len(data)))  # right size, all zeros: a lying table
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) is None
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3)) == good
    assert path.read_bytes() == header + b"\n" + good


@pytest.mark.parametrize("damage", ["truncated", "no header", "other shape", "other version", "garbage"])
def test_a_cached_table_that_does_not_match_its_header_is_not_used(tmp_path, damage):
    good = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
    path = _cached_file(tmp_path)
    header, _, data = path.read_bytes().partition(b"\n")
    damaged = {
        "truncated": header + b"\n" + data[:-1],
        "no header": data,
        "other shape": header.replace(b"3x3:1-2-3", b"3x3:1-2-4") + b"\n" + data,
        "other version": header.replace(b'"version": 2', b'"version": 1') + b"\n" + data,
        "garbage": b"\xff" * 10_000,
    }[damage]
    assert damaged != path.read_bytes()
    path.write_bytes(damaged)
    sliding_patterns._loaded_tables.clear()
    assert sliding_patterns.pattern_table(3, 3, (1, 2, 3), build=False) is None


def test_an_unwritable_cache_folder_builds_in_memory_with_one_note(tmp_path, monkeypatch, caplog):
    (tmp_path / "sliding").write_text("a file where the cache folder should be")
    with caplog.at_level("WARNING", logger="bookgen"):
        first = sliding_patterns.pattern_table(3, 3, (1, 2, 3))
        sliding_patterns._loaded_tables.clear()
        assert sliding_patterns.pattern_table(3, 3, (1, 2, 3)) == first
    notes = [r.getMessage() for r in caplog.records]
    assert len(notes) == 1 and notes[0].startswith(f"cannot write the cache in {tmp_path / 'sliding'}")
    assert (tmp_path / "sliding").read_text() == "a file where the cache folder should be"


def test_pattern_table_not_built_when_asked_not_to():
    assert sliding_patterns.pattern_table(3, 3, (5, 6), build=False) is None


def test_search_gives_up_when_time_is_out():
    goal = sliding_board.standard_goal(5, 5)
    rng = random.Random(1)
    state, _ = sliding_scramble.random_walk(goal, 5, 120, rng)
    with pytest.raises(sliding_search.SearchTimeout):
        sliding_search.solve_optimal(state, goal, 5, expired=lambda: True)


@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6), (3, 5), (6, 2), (2, 6), (4, 6)])
def test_constructive_solution_reaches_any_goal(rows, cols):
    rng = random.Random(rows * 10 + cols)
    for _ in range(4):
        goal = list(range(rows * cols))
        rng.shuffle(goal)
        start = list(goal)
        rng.shuffle(start)
        if not sliding_board.is_solvable(start, goal, cols):
            start[-1], start[-2] = start[-2], start[-1]
            if 0 in start[-2:]:
                start[0], start[1] = start[1], start[0]
        assert sliding_board.is_solvable(start, goal, cols)
        moves = sliding_constructive.constructive_solve(tuple(start), tuple(goal), cols)
        assert replay(start, moves, cols) == tuple(goal)


def test_remove_cycles_cuts_returns_and_keeps_the_destination():
    start = sliding_board.standard_goal(3, 3)
    moves = [8, 5, 5, 8, 6, 3, 2, 2, 3]  # back-and-forth detours
    shorter = sliding_constructive.remove_cycles(start, moves, 3)
    assert len(shorter) < len(moves)
    assert replay(start, shorter, 3) == replay(start, moves, 3)


def test_apply_moves_refuses_a_tile_away_from_the_blank():
    with pytest.raises(ValueError):
        sliding_board.apply_moves(sliding_board.standard_goal(3, 3), [1], 3)


@pytest.mark.parametrize("distance", [0, 1, 7, 19, 31])
def test_small_board_scramble_is_exactly_at_distance(eight_puzzle, distance):
    goal, distances = eight_puzzle
    for seed in range(3):
        scramble = sliding_scramble.scramble_at_distance(goal, 3, distance, random.Random(seed))
        assert distances[scramble.start] == distance == len(scramble.moves)
        assert replay(scramble.start, scramble.moves, 3) == goal


def test_large_board_scramble_is_at_distance_and_deterministic():
    goal = sliding_board.standard_goal(3, 4)
    first = sliding_scramble.scramble_at_distance(goal, 4, 22, random.Random(9))
    again = sliding_scramble.scramble_at_distance(goal, 4, 22, random.Random(9))
    assert first == again
    assert len(first.moves) == 22 == len(sliding_search.solve_optimal(first.start, goal, 4).moves)
    assert replay(first.start, first.moves, 4) == goal


def test_random_walk_never_revisits_and_its_reverse_solves():
    goal = sliding_board.standard_goal(4, 4)
    state, moved = sliding_scramble.random_walk(goal, 4, 40, random.Random(3))
    assert len(moved) == 40
    assert replay(state, tuple(reversed(moved)), 4) == goal
    seen = {goal}
    board = goal
    for tile in moved:
        board = replay(board, [tile], 4)
        assert board not in seen
        seen.add(board)


@pytest.mark.parametrize("weight", [2, 4])
def test_weighted_search_solves_within_its_weight_of_shortest(eight_puzzle, weight):
    goal, distances = eight_puzzle
    rng = random.Random(weight)
    for state in rng.sample(sorted(distances), 200):
        moves = sliding_search.solve_weighted(state, goal, 3, weight)
        assert replay(state, moves, 3) == goal
        assert distances[state] <= len(moves) <= weight * distances[state]


def test_quick_solution_is_verified_and_no_longer_than_the_constructive_one():
    goal = sliding_board.standard_goal(5, 5)
    state, _ = sliding_scramble.random_walk(goal, 5, 200, random.Random(6))
    quick = sliding_search.solve_quickly(state, goal, 5, sliding_search.deadline_after(2.0))
    assert replay(state, quick, 5) == goal
    assert len(quick) <= len(sliding_constructive.constructive_solve(state, goal, 5))
