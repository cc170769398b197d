"""Shared fixtures: a private cache folder for every test, the Noto Sans bold made at
most once per test session, a small sudoku book built once per test session, the
breadth-first-search and replay oracles that sliding-puzzle tests compare against, and
a Pen that records what a puzzle type draws."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

# The Python grader as it was before the engine took it over, kept for the differential
# tests only (tests/legacy_grader/): importable by its module names.
sys.path.insert(0, str(Path(__file__).parent / "legacy_grader"))

from bookgen import cache
from bookgen.build import build
from bookgen.layout.pages import BookLayout
from bookgen.render import fonts
from bookgen.spec import load
from pens import PolylinesByParts

SMALL_BOOK = """\
title: Test book
seed: 42
sections:
  - title: Small
    type: sudoku
    size: 4
    difficulty: beginner
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


@pytest.fixture(scope="session", autouse=True)
def _font_instances_made_once(tmp_path_factory: pytest.TempPathFactory):
    """The Noto Sans bold (a static instance made from the variable font by fontTools,
    about 10 s) is made at most once a test session, and only if a test needs it.

    Only the making is shared: each test still finds its own cache folder empty, and
    bookgen still looks there, writes the font there and remakes a missing or damaged
    copy; what it gets from fonts._instance are the same bytes fontTools made for the
    first test that asked. The made font is kept, with its checksum, in a folder that
    the processes of one run share (pytest-xdist's workers), so one of them makes it
    and the others wait for it under a lock."""
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "font-instances"
    make = fonts._instance

    def instance(source: Path, weight: int) -> bytes:
        data = source.read_bytes()
        key = f"{hashlib.sha256(data).hexdigest()} wght={weight} v{fonts.INSTANCE_VERSION}"
        header = cache.table_header("test-font-instance", 1, key, 0)
        path = shared / f"{source.stem}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.ttf"
        shared.mkdir(parents=True, exist_ok=True)
        with _locked(shared / ".lock"):
            made = cache.load_table(path, header, max_length=fonts.MAX_INSTANCE_BYTES)
            if made is None:
                made = make(source, weight)
                cache.store_table(path, {**header, "length": len(made)}, made)
        return made

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fonts, "_instance", instance)
        yield


@contextmanager
def _locked(path: Path):
    """An exclusive lock on `path` between processes (none where fcntl is missing)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


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


@pytest.fixture(scope="session")
def eight_puzzle(bfs_distances):
    """The 3x3 goal (blank last) and every position's true distance from it."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    return goal, bfs_distances(goal, 3, 3)


def _replay(start, moves, cols):
    """Slide each tile into the blank, refusing one that is not next to it."""
    board = list(start)
    for tile in moves:
        hole, cell = board.index(0), board.index(tile)
        assert abs(hole // cols - cell // cols) + abs(hole % cols - cell % cols) == 1, f"{tile} not next to the blank"
        board[hole], board[cell] = tile, 0
    return tuple(board)


@pytest.fixture(scope="session")
def replay():
    """Where a list of sliding moves leads (0 the blank): the oracle every sliding answer is replayed by."""
    return _replay


class RecordingPen(PolylinesByParts):
    """A Pen that records unit edges drawn, by weight (lines and outlines cut into unit
    edges; any other segment, such as a diagonal's mark, whole in `strokes`), fills with
    their area and grey, texts, and the order of lines and fills."""

    def __init__(self) -> None:
        self.edges: dict = {}
        self.strokes: dict = {}
        self.fills: list = []
        self.texts: list = []
        self.order: list = []
        self.loops: list = []  # (loops, gray) of each fill_loops (a picture)

    def line(self, a, b, weight):
        self._segment(a, b, weight)

    def outline(self, points, weight, closed=True):
        for a, b in zip(points, points[1:] + points[:1] if closed else points[1:]):
            self._segment(a, b, weight)

    def _segment(self, a, b, weight):
        self.order.append("line")
        (x0, y0), (x1, y1) = a, b
        steps = int(abs(x1 - x0) + abs(y1 - y0))
        on_grid = all(float(v).is_integer() for v in (x0, y0, x1, y1)) and (x0 == x1 or y0 == y1)
        if not on_grid:
            self.strokes.setdefault(weight, []).append((a, b))
            return
        dx, dy = (x1 - x0) / steps, (y1 - y0) / steps
        for k in range(steps):
            p = (x0 + k * dx, y0 + k * dy)
            self.edges.setdefault(weight, set()).add(tuple(sorted((p, (p[0] + dx, p[1] + dy)))))

    def fill(self, points, gray):
        self.order.append("fill")
        area = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2
        self.fills.append((area, gray))

    def fill_loops(self, loops, gray):
        self.order.append("fill")
        self.loops.append((loops, gray))

    def text(self, at, text, size, align="center", bold=False, gray=1.0):
        self.texts.append((at, text))

    def text_width(self, text, size, bold=False):
        return 0.6 * size * len(text)

    def image(self, image, at, width, height):
        raise AssertionError("no pictures")


@pytest.fixture
def recording_pen() -> type[RecordingPen]:
    """Makes RecordingPens (a test may want two: the puzzle and its answer)."""
    return RecordingPen


@pytest.fixture
def tiny_type(monkeypatch: pytest.MonkeyPatch):
    """The example family of tiny_grid.py, registered (under the name "tiny") for one
    test as a line in the registry would register it."""
    from bookgen.puzzles import registry

    line = registry.Registered(("tiny",), "tiny_grid")
    monkeypatch.setattr(registry, "_TYPES", registry._TYPES + (line,))
    registry.all_types.cache_clear()
    yield registry.get("tiny")
    registry.all_types.cache_clear()
