"""The seam with the compiled engine: one bridge (bookgen.solve.engine) imports it, a
typed stub (bookgen/_engine.pyi) declares every name that crosses and matches the
compiled module, the engine fails one way (its exceptions arrive as bookgen.errors'
EngineError family) and imports no Python module, and a level table crosses once."""

from __future__ import annotations

import ast
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bookgen import errors
from bookgen.puzzles.base import Budget
from bookgen.solve import engine

ROOT = Path(__file__).resolve().parents[2]
STUB = ROOT / "bookgen" / "_engine.pyi"


def _stubtest(work: Path, mypy_path: Path | None = None) -> subprocess.CompletedProcess:
    """stubtest on the installed bookgen._engine, run from `work` (where mypy keeps its cache)."""
    env = dict(os.environ)
    if mypy_path is not None:
        env["MYPYPATH"] = str(mypy_path)
    return subprocess.run([sys.executable, "-m", "mypy.stubtest", "--mypy-config-file", os.devnull,
                           "bookgen._engine"], cwd=work, env=env, capture_output=True, text=True, timeout=300)


def test_the_stub_declares_exactly_what_the_compiled_engine_has(tmp_path):
    checked = _stubtest(tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.slow  # runs mypy, 1.4 s (make test-fast stays under a minute; make test and CI run it)
def test_the_bridge_uses_the_engine_as_the_stub_types_it(tmp_path):
    checked = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
                              "--cache-dir", str(tmp_path / "cache"), "bookgen/solve/engine.py"],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.slow  # runs stubtest, 1.6 s (make test-fast stays under a minute; make test and CI run it)
def test_a_stub_that_drifts_from_the_engine_fails_the_check(tmp_path):
    # The same check, with a stub whose search takes a parameter by another name and
    # which lacks one function: stubtest must name both.
    drifted = STUB.read_text(encoding="utf-8").replace("def sliding_lower_bound(labels:",
                                                        "def sliding_lower_bound(tiles:")
    drifted = re.sub(r"def version\(\) -> str: \.\.\.\n", "", drifted)
    stubs = tmp_path / "stubs"
    (stubs / "bookgen").mkdir(parents=True)
    (stubs / "bookgen" / "__init__.pyi").write_text("")
    (stubs / "bookgen" / "_engine.pyi").write_text(drifted, encoding="utf-8")
    checked = _stubtest(tmp_path, stubs)
    assert checked.returncode != 0
    assert "sliding_lower_bound" in checked.stdout and "version" in checked.stdout


def _imports_engine(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "bookgen._engine" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom):
            if node.module == "bookgen._engine" or (node.module == "bookgen" and
                                                    any(a.name == "_engine" for a in node.names)):
                return True
            if node.level and (node.module or "").endswith("_engine"):
                return True
            if node.level and any(a.name == "_engine" for a in node.names):
                return True
    return False


def test_exactly_one_module_of_bookgen_imports_the_compiled_engine():
    importers = {str(path.relative_to(ROOT)) for path in sorted((ROOT / "bookgen").rglob("*.py"))
                 if _imports_engine(ast.parse(path.read_text(encoding="utf-8")))}
    assert importers == {os.path.join("bookgen", "solve", "engine.py")}


def test_the_import_check_sees_each_way_of_importing_the_engine():
    for source in ("from bookgen import _engine", "import bookgen._engine", "from bookgen._engine import Grid",
                   "from . import _engine", "from .._engine import Board", "def f():\n    from bookgen import _engine"):
        assert _imports_engine(ast.parse(source)), source
    assert not _imports_engine(ast.parse("from bookgen.solve import engine"))


def test_the_engine_imports_no_python_module():
    """It receives what it needs (a Deadline, a ladder) instead of importing bookgen's
    modules (or time, or errors) by name."""
    rust = [path for path in (ROOT / "engine" / "src").rglob("*.rs")]
    assert rust
    assert [str(p) for p in rust if re.search(r"\.import\(|PyModule::import", p.read_text(encoding="utf-8"))] == []


def _raises(kind: type[BaseException]):
    def call() -> None:
        raise kind("the engine's words")

    return call


@pytest.mark.parametrize("name", [n for n in engine._engine.__all__
                                  if isinstance(getattr(engine._engine, n), type)
                                  and issubclass(getattr(engine._engine, n), engine._engine.EngineError)])
def test_every_engine_exception_arrives_as_bookgen_own_with_its_message(name):
    with pytest.raises(errors.EngineError, match="the engine's words") as raised:
        engine.bridged(_raises(getattr(engine._engine, name)))()
    assert type(raised.value).__module__ == "bookgen.errors"
    assert not isinstance(raised.value, engine._engine.EngineError)


def test_the_engine_fails_one_way_with_bookgen_own_exceptions():
    from bookgen.puzzles.sudoku.shapes import fixed_structure

    sudoku = fixed_structure(9)
    with pytest.raises(errors.Contradiction):
        engine.Board(sudoku.with_givens({(0, 0): 5, (0, 1): 5}))
    with pytest.raises(errors.SearchAborted):
        engine.compiled(sudoku).random_solution(1, node_limit=1)
    with pytest.raises(errors.CageTooLarge):
        engine.value_tuples("+", 45, list(range(1, 10)), [[False] * 9 for _ in range(9)])
    with pytest.raises(errors.EngineRequestError):
        engine.shuffle_regions(4, False, [0] * 15, 1, 0.5, 1)
    with pytest.raises(ValueError):  # a bad request is still a ValueError
        engine.Board(sudoku, "no such family")


def test_a_spent_budget_stops_a_generator_with_the_generation_error_it_always_raised():
    from bookgen.puzzles.kenken.generate import generate_kenken
    from bookgen.puzzles.kenken.rules import Params

    with pytest.raises(errors.GenerationError, match="no easy 6x6 KenKen found within the budget"):
        generate_kenken(Params(size=6, difficulty="easy"), random.Random(0), Budget(-1))


def test_a_deadline_that_says_stop_stops_a_search_with_deadline_passed():
    from bookgen.puzzles.sliding import board, scramble

    goal = board.standard_goal(5, 5)
    state, _ = scramble.random_walk(goal, 5, 200, random.Random(1))
    frame = board.label_frame(state, goal, 5, 5)
    asked = []

    def expired() -> bool:
        asked.append(1)
        return True

    with pytest.raises(errors.DeadlinePassed):
        engine.sliding_search(list(frame.perm), 5, 5, frame.blank, expired=expired)
    assert asked


def test_a_level_table_crosses_to_the_engine_once_for_every_grading_and_generation(monkeypatch):
    from bookgen.puzzles.killer.generate import Plan, generate_killer
    from bookgen.puzzles.killer.type import LEVELS
    from bookgen.puzzles.sudoku.shapes import fixed_structure

    made = []
    real = engine._engine.Ladder

    def counted(levels, family="plain"):
        made.append(family)
        return real(levels, family)

    monkeypatch.setattr(engine, "_LADDERS", {})
    monkeypatch.setattr(engine._engine, "Ladder", counted)
    base = fixed_structure(4)
    for seed in range(3):
        model, _grid = generate_killer(base, LEVELS, 1, Plan((2, 3), (1.0, 1.0), 1), 4, random.Random(seed),
                                       Budget(60))
        board = engine.Board(model, "killer")
        board.grade(LEVELS)
        board.step(LEVELS)
    assert made == ["killer"]


def test_given_is_a_copy_written_in_and_graded_leaving_the_board_alone():
    """Board.given (one crossing) ends where copy, place and grade end, cell for cell and
    solved or not, the board it was asked of unchanged; with nothing fresh, the board itself."""
    from bookgen.puzzles.sudoku.type import LEVELS, structure
    from bookgen.solve.grader import grade_board
    from bookgen.solve.result import Outcome
    from bookgen.solve.search import solver_for

    base = structure(6)
    solution = solver_for(base).random_solution(random.Random(7))
    rng = random.Random(3)
    cells = list(base.cells)
    for _ in range(20):
        kept = rng.sample(cells, 8)
        board = engine.Board(base.with_givens({c: solution[c[0]][c[1]] for c in kept}))
        grade_board(board, LEVELS, 1)
        before = (board.cand, board.placed)
        extra = rng.sample(cells, 3)
        index = [base.index[c] for c in extra]
        bits = [1 << base.symbols.index(solution[r][c]) for r, c in extra]
        made, solved = board.given(index, bits, LEVELS, 1)
        twin = board.copy()
        for i, bit in zip(index, bits):
            if not twin.placed[i]:
                twin.place(i, bit)
        expected = grade_board(twin, LEVELS, 1).outcome is Outcome.SOLVED
        assert (made.cand, made.placed, solved) == (twin.cand, twin.placed, expected)
        assert (board.cand, board.placed) == before
    done = engine.Board(base.with_givens({c: solution[c[0]][c[1]] for c in cells}))
    assert done.given([0], [done.cand[0]], LEVELS) == (done, True)
