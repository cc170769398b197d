"""Pages drawn by worker processes (bookgen.render.parallel) make the same PDF, byte for
byte, as one process drawing them all, whatever the number of workers: lines, dashes and
fills from the workers, every string and picture from the main process, in page order."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from bookgen.build import build
from bookgen import stopping
from bookgen.render import parallel
from bookgen.spec import parse

ROOT = Path(__file__).resolve().parents[2]

SPEC = """\
title: "Drawn in parallel — Übung"
seed: 8
sections:
  - type: killer
    size: 6
    difficulty: easy
    count: 3
    per_page: 1
  - type: sudoku
    variant: x
    size: 6
    difficulty: easy
    count: 2
    per_page: 1
  - type: kenken
    size: 4
    count: 2
    per_page: 1
  - title: A picture
    type: sliding
    size: 3
    count: 1
    image: boat.png
"""


def _book(tmp_path: Path, jobs: int) -> str:
    out = tmp_path / f"book-{jobs}.pdf"
    build(parse(SPEC, str(tmp_path / "book.yaml"), tmp_path), out, jobs=jobs, use_cache=True)
    return hashlib.sha256(out.read_bytes()).hexdigest()


@pytest.mark.slow  # four builds of a small book, three with worker processes
def test_a_book_drawn_by_any_number_of_workers_is_byte_identical(tmp_path: Path, monkeypatch):
    shutil.copy(ROOT / "samples" / "pictures" / "boat.png", tmp_path / "boat.png")
    monkeypatch.setattr(parallel, "MIN_PARALLEL_PAGES", 1)
    real_claimed = stopping.claimed_in_order

    def main_takes_none(function, count, jobs):
        # Which pages the main process takes depends on how fast the workers start: here
        # it may take none, so the workers draw every page they can.
        return real_claimed(function, count, jobs, mine=lambda k: False)

    drawn = []
    real = parallel.drawn_pages

    def counted(*args):
        pages = real(*args)
        if pages is None:
            drawn.append(None)
            return None
        seen: list = []
        drawn.append(seen)

        def noted():
            for page in pages:
                seen.append(page)
                yield page

        return noted()

    monkeypatch.setattr(parallel, "drawn_pages", counted)
    one = _book(tmp_path, 1)
    assert _book(tmp_path, 2) == one  # the main process takes what it reaches first
    monkeypatch.setattr(stopping, "claimed_in_order", main_takes_none)
    assert _book(tmp_path, 2) == one
    assert _book(tmp_path, 3) == one
    assert drawn[0] is None  # one job: the main process drew every page
    by_workers = drawn[2]
    assert by_workers is not None and len(by_workers) == 10
    assert sum(page is None for page in by_workers) == 1  # the picture's page, drawn by the main process


def test_a_short_book_or_one_job_starts_no_workers(monkeypatch):
    def refuse(*_args, **_kwargs):
        raise AssertionError("workers started")

    monkeypatch.setattr("bookgen.stopping.parallel_map", refuse)
    layout = type("Layout", (), {"pages": [object()] * (parallel.MIN_PARALLEL_PAGES - 1)})()
    assert parallel.drawn_pages(layout, {}, None, None, None, 2) is None
    layout.pages = [object()] * parallel.MIN_PARALLEL_PAGES * 2
    assert parallel.drawn_pages(layout, {}, None, None, None, 1) is None
