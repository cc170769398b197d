"""The puzzle cache: a rebuild reuses puzzles, byte for byte; damaged entries are
ignored and rewritten; --no-cache neither reads nor writes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import bookgen.generation
from bookgen import puzzle_cache
from bookgen.puzzles import registry
from bookgen.cli import main

SPEC = """\
title: Cached
seed: 5
sections:
  - type: sudoku
    size: 4
    difficulty: beginner
    count: 3
  - type: kenken
    size: 4
    count: 2
"""


@pytest.fixture
def setup(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    return spec, tmp_path


def build(spec: Path, out: Path, *extra: str):
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(out), "-q", "-j", "1", *extra])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def _entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "puzzles").rglob("*.json"))


def _no_generation(monkeypatch):
    def refuse(task):
        raise AssertionError(f"puzzle {task.number} generated again")

    monkeypatch.setattr(bookgen.generation, "make_puzzle", refuse)


def test_a_rebuild_reuses_every_puzzle_and_is_byte_identical(setup, monkeypatch):
    spec, tmp_path = setup
    first = build(spec, tmp_path / "a.pdf")
    assert len(_entries(tmp_path)) == 5
    _no_generation(monkeypatch)
    assert build(spec, tmp_path / "b.pdf") == first


def test_a_damaged_entry_is_ignored_and_written_again(setup):
    spec, tmp_path = setup
    first = build(spec, tmp_path / "a.pdf")
    damaged = _entries(tmp_path)[0]
    good = damaged.read_bytes()
    damaged.write_bytes(good[:-1] + bytes([good[-1] ^ 1]))
    assert build(spec, tmp_path / "b.pdf") == first
    assert damaged.read_bytes() == good


def test_no_cache_neither_reads_nor_writes(setup):
    spec, tmp_path = setup
    first = build(spec, tmp_path / "a.pdf", "--no-cache")
    assert _entries(tmp_path) == []
    assert build(spec, tmp_path / "b.pdf", "--no-cache") == first


def test_the_key_changes_with_type_options_seed_and_generator():
    from bookgen.puzzles.sudoku.type import Params

    sudoku, killer = registry.get("sudoku"), registry.get("killer")
    base = puzzle_cache.key(sudoku, Params(size=4, difficulty="easy"), 1)
    assert base == puzzle_cache.key(sudoku, Params(size=4, difficulty="easy"), 1)
    assert base != puzzle_cache.key(sudoku, Params(size=4, difficulty="easy"), 2)
    assert base != puzzle_cache.key(sudoku, Params(size=9, difficulty="easy"), 1)
    assert base != puzzle_cache.key(killer, Params(size=4, difficulty="easy"), 1)
    assert len(puzzle_cache.generator_version(type(sudoku).__module__)) == 16


def test_a_types_generator_version_covers_its_own_code_and_the_solver_not_other_types_or_records():
    root = puzzle_cache.ROOT / "bookgen"
    sudoku = puzzle_cache.generator_sources("bookgen.puzzles.sudoku.type")
    killer = puzzle_cache.generator_sources("bookgen.puzzles.killer.type")
    assert {root / "puzzles/sudoku/generate.py", root / "solve/search.py", root / "solve/grader.py",
            root / "model.py", root / "puzzles/grid.py"} <= sudoku
    assert not any("kenken" in path.parts or "killer" in path.parts or "sliding" in path.parts for path in sudoku)
    assert root / "puzzles/killer/techniques.py" in killer and root / "puzzles/sudoku/shapes.py" in killer  # its boxes
    assert root / "puzzles/sudoku/type.py" not in killer
    assert not any(path.suffix != ".py" for path in sudoku | killer)  # offer.json is data: re-measuring keeps entries


def test_a_types_generator_version_changes_with_the_engines_source(monkeypatch):
    # The engine makes puzzles too: a rebuilt engine with other source must not be served
    # puzzles an older one made.
    module = "bookgen.puzzles.sudoku.type"
    before = puzzle_cache.generator_version(module)
    monkeypatch.setattr(puzzle_cache.engine, "source_digest", lambda: "another engine")
    puzzle_cache.generator_version.cache_clear()
    try:
        assert puzzle_cache.generator_version(module) != before
    finally:
        monkeypatch.undo()
        puzzle_cache.generator_version.cache_clear()
    assert puzzle_cache.generator_version(module) == before


def test_the_import_pattern_finds_what_the_parser_finds_in_every_source_file():
    """The cache key's module list is read by a pattern (fast); it must name exactly
    the bookgen modules Python's own parser finds imported, in every file of the package."""
    import ast

    def parsed(source: str) -> set[str]:
        found = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("bookgen")}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bookgen"):
                found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        return found

    root = Path(puzzle_cache.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert len(files) > 80
    for path in files:
        source = path.read_text(encoding="utf-8")
        assert set(puzzle_cache.imported_modules(source)) == parsed(source), path
    tricky = "def f():\n    from bookgen.model import (\n        Cage,\n        Grid as G,\n    )\n    import bookgen.offer as o, os\n"
    assert set(puzzle_cache.imported_modules(tricky)) == parsed(tricky)
