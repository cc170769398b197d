"""What the page can show while a preview is built (bookgen.serve.early): a class set's
first page, made from the first student's puzzles alone and the same pixels as the
book's own page 1, and how many puzzles are made so far (/api/progress)."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from bookgen.build import build
from bookgen.serve.early import FIRST_PAGE, first_page
from bookgen.spec import parse

CLASS = """\
title: Rätsel
language: de
layout: worksheet
seed: 31
students: ["Anna, easy", "Ben, beginner", "Clara", "David, easy"]
sections:
  - type: sudoku
    size: 6
    difficulty: beginner
    count: 2
  - type: kenken
    size: 4
    difficulty: easy
    count: 2
"""


def _pixels(png: bytes | Path) -> bytes:
    return Image.open(io.BytesIO(png) if isinstance(png, bytes) else png).convert("RGB").tobytes()


def test_a_class_sets_first_page_is_the_books_own_page_one(tmp_path: Path):
    spec = parse(CLASS, str(tmp_path / "book.yaml"), tmp_path)
    assert first_page(spec, tmp_path, 60, 1)
    assert not (tmp_path / "first.pdf").exists()  # only the image is kept
    build(spec, tmp_path / "book.pdf", jobs=1, use_cache=True)
    document = pypdfium2.PdfDocument(str(tmp_path / "book.pdf"))
    page_one = document[0].render(scale=60 / 72).to_pil().convert("RGB").tobytes()
    document.close()
    assert _pixels(tmp_path / FIRST_PAGE) == page_one


def test_a_single_book_has_no_early_first_page(tmp_path: Path):
    one = CLASS.replace('students: ["Anna, easy", "Ben, beginner", "Clara", "David, easy"]\n', "")
    assert not first_page(parse(one, str(tmp_path / "book.yaml"), tmp_path), tmp_path, 60, 1)
    assert not (tmp_path / FIRST_PAGE).exists()


@pytest.mark.slow  # a server and a class set of twelve
def test_the_page_can_show_the_first_page_and_the_count_while_the_set_is_built(served, wait_for):
    client = served.page()
    state = {"book": {"title": "Friday", "seed": "7", "layout": "worksheet",
                      "students": [f"Student {n}" for n in range(1, 13)]},
             "sections": [{"type": "sudoku", "size": "6", "difficulty": "easy", "count": "2"},
                          {"type": "kenken", "size": "4", "difficulty": "easy", "count": "2"}]}
    answers: list[dict] = []
    preview = threading.Thread(target=lambda: answers.append(client.call("/api/preview", {"state": state})))
    preview.start()
    said: list[dict] = []

    def first_shown() -> bool:
        said.append(client.call("/api/progress", {}))
        return bool(said[-1].get("first")) or bool(answers)

    assert wait_for(first_shown, 120)
    preview.join(300)
    answer = answers[0]
    assert answer["problems"] == []
    early = [s for s in said if s.get("first")]
    if early:  # seen before the book was done (a loaded machine may finish first)
        assert early[0]["of"] == 48 and 0 <= early[0]["made"] <= 48 and early[0]["build"] == answer["build"]
        assert _pixels(client.get(early[0]["first"])) == _pixels(client.get(f"{answer['files']}page-1.png"))
    assert client.call("/api/progress", {}) == {}  # nothing runs now


def test_the_fork_servers_warm_up_loads_what_a_build_needs_without_failing():
    """bookgen.serve.warm runs in the composer's fork server, whose failure is silent (a
    build then loads everything itself): it must run, and leave a build's lazily loaded
    modules loaded for the forked builds."""
    import subprocess
    import sys

    run = ("import sys, bookgen.serve.warm; "
           "missing = [m for m in ('bookgen.generation', 'bookgen.render.pdf', 'bookgen.book_json', "
           "'bookgen.outputs', 'bookgen.layout.template') if m not in sys.modules]; "
           "print(missing)")
    said = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True, timeout=120)
    assert said.returncode == 0, said.stderr
    assert said.stdout.strip() == "[]"
