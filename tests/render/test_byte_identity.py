"""Same spec and seed, same PDF bytes, on any machine: nothing made on the way (the Noto
Sans bold that fontTools instances, the cache it is kept in) may carry a time or a
place into the book."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GREEK_BOOK = """\
title: "Γρίφοι για την τάξη"
author: "Ελένη Παπαδοπούλου"
seed: 11
sections:
  - title: "Σουντόκου"
    type: sudoku
    size: 4
    difficulty: beginner
    count: 2
"""


def build_in_own_process(spec: Path, output: Path, cache: Path) -> None:
    """`bookgen build` in a process of its own, as on another machine: its fonts are read
    and made afresh (the test session's shared bold, conftest, is not used)."""
    env = {**os.environ, "BOOKGEN_CACHE_DIR": str(cache)}
    command = [sys.executable, "-c", "from bookgen.cli import main; main()", "build", str(spec), "-o", str(output),
               "--quiet", "--jobs", "1"]
    subprocess.run(command, env=env, check=True, timeout=300)


@pytest.mark.slow  # the bold is made twice, about 10 s each
def test_a_greek_book_built_with_two_cache_folders_is_byte_identical(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(GREEK_BOOK, encoding="utf-8")
    books = []
    for name in ("first-cache", "second-cache"):
        build_in_own_process(spec, tmp_path / f"{name}.pdf", tmp_path / name)
        books.append((tmp_path / f"{name}.pdf").read_bytes())
        assert list((tmp_path / name / "fonts").glob("NotoSans-Bold-*.ttf"))  # each made its own bold
    assert b"+NotoSans-Bold" in books[0]  # the made bold is in the book
    assert books[0] == books[1]
