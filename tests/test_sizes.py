"""Files kept along seams, and types that say what they are instead of being probed.

A Python module past about 400 lines (a Rust file past 600) has more than one job: split
it where the jobs part (the architecture's habits), not at a line count. And the core
and the types ask nothing of an object with getattr/hasattr: a capability is declared, a
field is read; what is left are genuine platform checks (signals that some systems
lack), a handful at most. Both limits held when they were set (largest module
388 lines, largest Rust file 574; 4 probes, all platform checks in stopping.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

import bookgen

PACKAGE = Path(bookgen.__file__).parent
ENGINE_SOURCE = Path(__file__).resolve().parent.parent / "engine" / "src"
PYTHON_LINES = 400
RUST_LINES = 600
PROBES = 4


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_python_module_is_over_400_lines():
    assert {str(path.relative_to(PACKAGE)): n for path in sorted(PACKAGE.rglob("*.py"))
            if (n := _lines(path)) > PYTHON_LINES} == {}


def test_no_rust_file_is_over_600_lines():
    files = sorted(ENGINE_SOURCE.rglob("*.rs"))
    assert files  # the engine's sources are where this test expects them
    assert {str(path.relative_to(ENGINE_SOURCE)): n for path in files if (n := _lines(path)) > RUST_LINES} == {}


def _probes(path: Path) -> list[int]:
    """The lines of every getattr(...) or hasattr(...) call in a module (one per call)."""
    return [node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")]


def test_at_most_four_getattr_or_hasattr_calls_are_left_in_bookgen():
    found = {str(path.relative_to(PACKAGE)): lines for path in sorted(PACKAGE.rglob("*.py")) if (lines := _probes(path))}
    assert sum(len(lines) for lines in found.values()) <= PROBES, found
