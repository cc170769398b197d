"""Constructive (not shortest) solving of sliding-tile puzzles, and cutting cycles out of move lists.

The fallback when no optimal search finishes: any solvable position is solved in
well under a second, row by row and then column by column.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable, Sequence

from bookgen.puzzles.sliding.board import BLANK, apply_moves, neighbours


def _blank_path(hole: int, dest: int, rows: int, cols: int, free: set[int]) -> list[int] | None:
    """Cells the blank passes through (excluding `hole`) to reach `dest` inside `free`."""
    near = neighbours(rows, cols)
    parent = {hole: -1}
    queue = deque([hole])
    while queue:
        cell = queue.popleft()
        if cell == dest:
            route = []
            while cell != hole:
                route.append(cell)
                cell = parent[cell]
            return route[::-1]
        for nb in near[cell]:
            if nb in free and nb not in parent:
                parent[nb] = cell
                queue.append(nb)
    return None


def _place(board: list[int], rows: int, cols: int, free: set[int], targets: dict[int, int]) -> list[int]:
    """Blank route (cells) bringing the `targets` tiles to their cells, moving only in `free`.

    Breadth-first search over (blank cell, cells of the target tiles) — every other tile
    is interchangeable for this purpose, so one or two tiles make a small space.
    """
    near = neighbours(rows, cols)
    tiles = list(targets)
    start = (board.index(BLANK), *(board.index(t) for t in tiles))
    want = tuple(targets[t] for t in tiles)
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node[1:] == want:
            route = []
            while parent[node] is not None:
                route.append(node[0])
                node = parent[node]  # type: ignore[assignment]
            return route[::-1]
        hole = node[0]
        for cell in near[hole]:
            if cell not in free:
                continue
            rest = tuple(hole if c == cell else c for c in node[1:])
            child = (cell, *rest)
            if child not in parent:
                parent[child] = node
                queue.append(child)
    raise ValueError("tiles cannot be placed (unsolvable position?)")


def _walk_blank(board: list[int], route: Iterable[int], moves: list[int]) -> None:
    for cell in route:
        hole = board.index(BLANK)
        moves.append(board[cell])
        board[hole], board[cell] = board[cell], BLANK


def constructive_solve(start: Sequence[int], goal: Sequence[int], cols: int) -> tuple[int, ...]:
    """A solution of any solvable position, quickly but not shortest.

    The classic reduction: fill the top row (one tile at a time, the last two as a pair),
    until two rows are left; then fill the left column two tiles at a time, until a
    2×2 is left, which is turned into place. It works towards a goal with the blank
    bottom-right and then walks the blank back to where the real goal has it.
    """
    rows = len(start) // cols
    n = rows * cols
    # The real goal with its blank walked right, then down, to the bottom-right corner.
    target = list(goal)
    route_home = _blank_path(target.index(BLANK), n - 1, rows, cols, set(range(n))) or []
    tail: list[int] = []
    _walk_blank(target, route_home, tail)
    board = list(start)
    moves: list[int] = []
    free = set(range(n))
    top, left = 0, 0
    while rows - top > 2:
        row = [top * cols + c for c in range(cols)]
        for cell in row[:-2]:
            _walk_blank(board, _place(board, rows, cols, free, {target[cell]: cell}), moves)
            free.discard(cell)
        pair = {target[row[-2]]: row[-2], target[row[-1]]: row[-1]}
        _walk_blank(board, _place(board, rows, cols, free, pair), moves)
        free.difference_update(row[-2:])
        top += 1
    while cols - left > 2:
        column = {target[top * cols + left]: top * cols + left, target[(top + 1) * cols + left]: (top + 1) * cols + left}
        _walk_blank(board, _place(board, rows, cols, free, column), moves)
        free.difference_update(column.values())
        left += 1
    _walk_blank(board, _place(board, rows, cols, free, {t: c for c, t in enumerate(target) if c in free and t != BLANK}), moves)
    # Walk back from the bottom-right goal to the real one: undo the route home.
    moves.extend(reversed(tail))
    return remove_cycles(start, moves, cols)


def remove_cycles(start: Sequence[int], moves: Sequence[int], cols: int) -> tuple[int, ...]:
    """The same journey with every return to an earlier position cut out."""
    kept: list[int] = []
    states = [tuple(start)]
    seen = {states[0]: 0}
    for tile in moves:
        state = apply_moves(states[-1], (tile,), cols)
        if state in seen:
            back = seen[state]
            for dropped in states[back + 1 :]:
                del seen[dropped]
            del states[back + 1 :]
            del kept[back:]
        else:
            seen[state] = len(states)
            states.append(state)
            kept.append(tile)
    return tuple(kept)
