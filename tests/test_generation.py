"""Scheduling the book's puzzles (bookgen.generation): a cached rebuild proves its
puzzles in the main process instead of paying for worker processes, and the puzzles
are the same whichever process made or proved them."""

from __future__ import annotations

from pathlib import Path

import bookgen.generation
from bookgen.generation import generate_all
from bookgen.puzzles import registry
from bookgen.spec import parse

SPEC = """\
title: Scheduled
seed: 12
sections:
  - type: sudoku
    size: 4
    difficulty: beginner
    count: 4
  - type: kenken
    size: 4
    count: 3
"""


def _identities(entries) -> list:
    return [(e.number, registry.get(e.puzzle.type).identity(e.puzzle)) for e in entries]


def test_a_cached_rebuild_with_two_jobs_starts_no_workers_and_gives_the_same_puzzles(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = parse(SPEC, str(tmp_path / "book.yaml"), tmp_path)
    first = generate_all(spec, 2, None, use_cache=True)

    def no_pool(*_args, **_kwargs):
        raise AssertionError("a worker pool was started for puzzles that were all cached")

    monkeypatch.setattr(bookgen.generation, "parallel_map", no_pool)
    counted = []
    again = generate_all(spec, 2, lambda: counted.append(1), use_cache=True)
    assert _identities(again) == _identities(first)
    assert len(counted) == 7  # the progress bar still moves once a puzzle


def test_past_the_serial_proving_time_the_rest_go_to_the_workers_in_order(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = parse(SPEC, str(tmp_path / "book.yaml"), tmp_path)
    first = generate_all(spec, 1, None, use_cache=True)
    monkeypatch.setattr(bookgen.generation, "SERIAL_PROOF_SECONDS", -1.0)  # every proof to the workers
    sent = []
    real = bookgen.generation.parallel_map

    def counting(function, items, jobs, done=None):
        sent.extend(items)
        return real(function, items, jobs, done)

    monkeypatch.setattr(bookgen.generation, "parallel_map", counting)
    again = generate_all(spec, 2, None, use_cache=True)
    assert [t.number for t in sent] == list(range(1, 8)) and all(t.cached is not None for t in sent)
    assert _identities(again) == _identities(first)
