"""Imports flow one way: cli -> build -> {spec, layout, render, puzzles} -> solve -> model,
with options, errors and specfile below everything. The low-level modules and the spec are
read here as source, so a new import across the line fails before it becomes a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bookgen

PACKAGE = Path(bookgen.__file__).parent
HIGHER = ("bookgen.layout", "bookgen.render", "bookgen.build", "bookgen.cli")
LOW = ("options.py", "errors.py", "specfile.py", "section_options.py")


def imported(path: Path) -> set[str]:
    """Every module a file imports, at any depth of the file (lazy imports too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def crosses(module: str, layers: tuple[str, ...]) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in layers)


@pytest.mark.parametrize("name", ("spec.py",) + LOW)
def test_the_spec_and_the_low_level_modules_import_no_layout_render_build_or_cli(name: str):
    assert not [m for m in imported(PACKAGE / name) if crosses(m, HIGHER)]


@pytest.mark.parametrize("name", LOW)
def test_the_low_level_modules_import_no_spec_and_no_puzzles(name: str):
    assert not [m for m in imported(PACKAGE / name) if crosses(m, ("bookgen.spec", "bookgen.puzzles"))]
