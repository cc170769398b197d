"""Shared fixtures: a small sudoku book built once per test session."""

from __future__ import annotations

import json
from dataclasses import dataclass
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
