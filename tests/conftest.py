"""Shared fixtures: a small sudoku book built once per test session, and the
breadth-first-search oracle that sliding-puzzle tests compare against."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from bookgen.build import build
from bookgen.layout.pages import BookLayout
from bookgen.spec import load

SMALL_BOOK = """\
title: Test book
seed: 42
sections:
  - title: Small
    type: sudoku
    size: 4
    difficulty: easy
    count: 2
    per_page: 2
  - title: Big
    type: sudoku
    size: 9
    difficulty: medium
    count: 3
    per_page: 4
"""


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test has its own cache folder: it never reads or writes the user's, and a
    puzzle cached by one test never spares another its generation."""
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@dataclass(frozen=True)
class BuiltBook:
    spec_path: Path
    pdf: Path
    json: dict
    layout: BookLayout


@pytest.fixture(scope="session")
def small_spec(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("spec") / "book.yaml"
    path.write_text(SMALL_BOOK)
    return path


@pytest.fixture(scope="session")
def built_book(small_spec: Path, tmp_path_factory: pytest.TempPathFactory) -> BuiltBook:
    out = tmp_path_factory.mktemp("out")
    layout = build(load(small_spec), out / "book.pdf", out / "book.json", jobs=1)
    return BuiltBook(small_spec, out / "book.pdf", json.loads((out / "book.json").read_text()), layout)


@lru_cache(maxsize=None)
def _sliding_distances(goal: tuple[int, ...], rows: int, cols: int) -> dict[tuple[int, ...], int]:
    """Every position reachable from `goal` (0 the blank) with its true distance, by plain BFS."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        hole = state.index(0)
        r, c = divmod(hole, cols)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < rows and 0 <= nc < cols:
                board = list(state)
                other = nr * cols + nc
                board[hole], board[other] = board[other], 0
                moved = tuple(board)
                if moved not in dist:
                    dist[moved] = dist[state] + 1
                    queue.append(moved)
    return dist


@pytest.fixture(scope="session")
def bfs_distances():
    """The sliding-puzzle oracle, cached: the 3x3 table (181,440 positions) is built once."""
    return _sliding_distances
