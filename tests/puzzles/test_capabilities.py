"""Capabilities, not hooks: a type declares what it can do (every type: offering,
making, drawing, interchange; some: worked steps), and the core asks only whether it has
a capability, in one place, never which type it is. The example family of tiny_grid.py
declares the core alone."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pypdf
from click.testing import CliRunner

import bookgen
from bookgen.cli import main
from bookgen.puzzles import registry
from bookgen.puzzles.base import PuzzleType
from bookgen.puzzles.worked import NO_WORKED_STEPS, WorkedSteps, worked_steps

PACKAGE = Path(bookgen.__file__).parent


def test_a_family_declaring_only_the_core_is_built_into_a_book_with_its_answers(tiny_type, tmp_path: Path):
    assert worked_steps(tiny_type) is None
    spec = tmp_path / "tiny.yaml"
    spec.write_text("title: Tiny\nseed: 7\nsections:\n  - type: tiny\n    count: 2\n", encoding="utf-8")
    pdf, data = tmp_path / "tiny.pdf", tmp_path / "tiny.json"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(pdf), "--json", str(data), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    puzzles = json.loads(data.read_text(encoding="utf-8"))["puzzles"]
    assert [p["type"] for p in puzzles] == ["tiny", "tiny"]
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    assert "Tiny grids" in text and "Write 1 or 2 in each empty square" in text
    for item in puzzles:  # what the book printed is read back, solved and proved by the type
        puzzle = tiny_type.from_json(item)
        assert tiny_type.certify(puzzle) == [] and tiny_type.solve(puzzle).solution == puzzle.solution
        assert item["answer_page"] > item["page"]


def test_hints_for_a_type_without_worked_steps_are_refused_naming_the_types_that_have_them(tiny_type,
                                                                                          tmp_path: Path):
    spec = tmp_path / "s.yaml"
    spec.write_text("title: S\nsections:\n  - type: tiny\n    hints: true\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(spec)])
    assert result.exit_code == 2
    offered = ", ".join(t.name for t in registry.all_types() if t.name != "tiny")
    assert f"sections[0].hints: {NO_WORKED_STEPS}; hints are offered for {offered}" in result.output


def test_every_shipped_type_declares_worked_steps_and_the_core_capability():
    for ptype in registry.all_types():
        assert isinstance(ptype, PuzzleType) and worked_steps(ptype) is ptype


def test_the_core_interface_holds_no_worked_steps_member():
    """What only worked steps need is declared by their capability, not by every type."""
    own = {name for name in vars(WorkedSteps) if not name.startswith("_")}
    core = {name for cls in PuzzleType.__mro__ for name in vars(cls) if not name.startswith("_")}
    assert {"hints", "draw_worked", "numbered_hint_grid"} <= own and not own & core


def _probes(path: Path) -> list[int]:
    return [node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")]


def test_no_type_layout_or_renderer_probes_an_object_for_what_it_has():
    """Types, layout and the renderer know what they hold (a Pen, a type's Params, a
    capability): no getattr or hasattr."""
    found = {str(path.relative_to(PACKAGE)): lines for room in ("puzzles", "layout", "render")
             for path in sorted((PACKAGE / room).rglob("*.py")) if (lines := _probes(path))}
    assert found == {}
