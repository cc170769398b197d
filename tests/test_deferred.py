"""Deferred standard modules (bookgen.deferred): `import` of one costs nothing, its first
use loads it whole, and what was to run once it loads (the terminal's note handler) runs
then; and no data class needs `inspect` to be made, so deferring it saves its cost."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bookgen

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(bookgen.__file__).parent


def _run(code: str) -> list[str]:
    """Run `code` in a fresh interpreter (a deferral changes sys.modules for good) and
    return its output lines."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    return done.stdout.splitlines()


def test_a_deferred_module_loads_at_its_first_use_not_at_its_import():
    lines = _run("import sys\n"
                 "from bookgen.deferred import defer, loaded\n"
                 "defer('colorsys')\n"
                 "import colorsys\n"
                 "print(loaded('colorsys'))\n"
                 "print(colorsys.rgb_to_hsv(1.0, 0.0, 0.0))\n"
                 "print(loaded('colorsys'), type(colorsys).__name__, sys.modules['colorsys'] is colorsys)\n")
    assert lines == ["False", "(0.0, 1.0, 1.0)", "True module True"]


def test_from_import_of_a_deferred_module_loads_it_and_gives_the_real_names():
    lines = _run("from bookgen.deferred import defer\n"
                 "defer('colorsys')\n"
                 "from colorsys import hsv_to_rgb\n"
                 "print(hsv_to_rgb(0.0, 0.0, 1.0))\n")
    assert lines == ["(1.0, 1.0, 1.0)"]


def test_what_is_to_run_on_loading_runs_once_when_the_module_loads_or_at_once_if_loaded():
    lines = _run("from bookgen.deferred import defer\n"
                 "defer('colorsys', then=lambda m: print('loaded', m.__name__))\n"
                 "print('before')\n"
                 "import colorsys\n"
                 "colorsys.ONE_THIRD\n"
                 "colorsys.ONE_SIXTH\n"
                 "defer('colorsys', then=lambda m: print('again', m.__name__))\n")
    assert lines == ["before", "loaded colorsys", "again colorsys"]


def test_a_module_that_fails_to_load_fails_as_an_import_does_and_is_tried_again(tmp_path: Path):
    (tmp_path / "broken_once.py").write_text("import os\nif not os.path.exists(__file__ + '.ok'):\n"
                                             "    open(__file__ + '.ok', 'w').close()\n    raise ValueError('first')\n"
                                             "VALUE = 2\n")
    lines = _run(f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
                 "from bookgen.deferred import defer\n"
                 "defer('broken_once')\n"
                 "import broken_once\n"
                 "try:\n    broken_once.VALUE\nexcept ValueError as exc:\n    print('failed', exc)\n"
                 "print('broken_once' in sys.modules)\n"
                 "import broken_once\nprint(broken_once.VALUE)\n")
    assert lines == ["failed first", "False", "2"]


SMALL_SPEC = "seed: 1\nsections:\n  - type: kenken\n    size: 4\n    difficulty: easy\n    count: 4\n"
# What each plain command never uses, deferred or not imported at all (start-up).
UNUSED = {"solve": ("inspect", "logging", "tempfile", "pickle", "PIL", "PIL.Image", "difflib", "csv", "ipaddress"),
          "check": ("inspect", "logging", "tempfile", "pickle", "PIL.Image", "importlib.resources", "shutil",
                    "difflib", "csv", "ipaddress", "base64", "string",
                    # text is measured from the font's kept metrics (bookgen.render.font_metrics)
                    "reportlab.pdfbase.pdfmetrics", "reportlab.pdfbase.ttfonts", "reportlab.lib.utils",
                    # a book without worked steps or self-checks plans no hint, lesson or check-square pages
                    "bookgen.layout.hints", "bookgen.layout.lesson", "bookgen.self_check",
                    # a spec without students reads no class list, one without `puzzles:` no puzzle file
                    "bookgen.classlist", "bookgen.puzzles.readers",
                    # check plans each section (bookgen.layout.plan) and lays out no book
                    "bookgen.layout.pages", "bookgen.layout.flow", "bookgen.layout.answers",
                    # a placed drawing's step marks are bookgen.puzzles.step_marks'; the steps are said nowhere
                    "bookgen.puzzles.hint",
                    # check never solves: a type's proof, search and JSON forms are loaded where used
                    "bookgen.solve.search", "bookgen.puzzles.grid_json", "bookgen.puzzles.kenken.proof",
                    "bookgen.puzzles.kenken.check", "bookgen.solve.result",
                    # numbered puzzles, pages, placements and bookmarks: a whole book's layout
                    "bookgen.layout.laid", "bookgen.puzzles.step_marks"),
          # a killer's generator, drawing and worded steps (and the grader they use)
          "check killer": ("bookgen.solve.grader", "bookgen.puzzles.hints", "bookgen.puzzles.hint",
                           "bookgen.puzzles.killer.generate", "bookgen.puzzles.killer.draw",
                           "bookgen.puzzles.grid_json", "bookgen.solve.search", "bookgen.layout.laid"),
          # a sudoku's generator, what it is aimed at, the grader and the worked steps' drawing
          "check sudoku": ("bookgen.solve.grader", "bookgen.puzzles.hint", "bookgen.puzzles.sudoku.generate",
                           "bookgen.puzzles.sudoku.targets", "bookgen.puzzles.sudoku.aimed",
                           "bookgen.puzzles.sudoku.signs_first", "bookgen.puzzles.worked_draw",
                           "bookgen.layout.laid")}
SPECS = {"check killer": "seed: 1\nsections:\n  - type: killer\n    difficulty: easy\n    count: 4\n",
         "check sudoku": "seed: 1\nsections:\n  - type: sudoku\n    difficulty: easy\n    count: 4\n"}


@pytest.mark.parametrize("command", sorted(UNUSED))
def test_a_plain_command_never_loads_what_it_does_not_use(command: str, tmp_path: Path):
    from tests.test_solve_command import KENKEN

    (tmp_path / "p.json").write_text(KENKEN)
    (tmp_path / "s.yaml").write_text(SPECS.get(command, SMALL_SPEC))
    code = ("import sys, atexit; from bookgen.__main__ import run; from bookgen.deferred import loaded; "
            f"sys.argv[0] = 'bookgen'; atexit.register(lambda: print([m for m in {UNUSED[command]!r} if loaded(m)], "
            "file=sys.stderr)); run()")
    given = str(tmp_path / ("p.json" if command == "solve" else "s.yaml"))
    verb = command.split()[0]
    subprocess.run([sys.executable, "-m", "bookgen", verb, given], capture_output=True, check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)  # the font's metrics kept
    done = subprocess.run([sys.executable, "-c", code, verb, given], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "[]"


def _undocumented_data_classes(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}" for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None
            and any("dataclass" in ast.unparse(decorator) for decorator in node.decorator_list)]


def test_every_data_class_has_a_docstring_so_dataclasses_never_needs_inspect():
    # dataclasses calls inspect.signature for a class without one, loading what the
    # command line defers (bookgen.deferred).
    assert [found for path in sorted(PACKAGE.rglob("*.py")) for found in _undocumented_data_classes(path)] == []


@pytest.mark.parametrize(("command", "defers"), [("solve", True), ("check", True), ("types", False)])
def test_only_the_single_threaded_solve_and_check_defer(command: str, defers: bool, tmp_path: Path):
    # Deferred loading holds a lock of its own beside the import system's, so a command
    # that runs threads (serve, a build's worker pool) must import as usual.
    from tests.test_solve_command import KENKEN

    (tmp_path / "p.json").write_text(KENKEN)
    (tmp_path / "s.yaml").write_text(SMALL_SPEC)
    given = {"solve": [str(tmp_path / "p.json")], "check": [str(tmp_path / "s.yaml")], "types": []}[command]
    code = ("import sys, atexit; from bookgen.__main__ import run; from bookgen import deferred; "
            "sys.argv[0] = 'bookgen'; atexit.register(lambda: print(deferred.deferring(), "
            "type(sys.modules.get('logging')).__name__, file=sys.stderr)); run()")
    done = subprocess.run([sys.executable, "-c", code, command, *given], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    deferring, logging_kind = done.stderr.splitlines()[-1].split()
    assert deferring == str(defers)
    if not defers:  # the notes' handler installed at start, logging an ordinary module
        assert logging_kind == "module"


@pytest.mark.parametrize(("command", "first"), [("solve", 50_000), ("check", 50_000), ("check --help", 700),
                                               ("types", 700)])
def test_a_plain_solve_or_check_collects_garbage_after_50000_new_objects_any_other_as_python_does(
        command: str, first: int, tmp_path: Path):
    # The collector's passes over freshly imported modules were a fortieth of a plain check.
    from tests.test_solve_command import KENKEN

    (tmp_path / "p.json").write_text(KENKEN)
    (tmp_path / "s.yaml").write_text(SMALL_SPEC)
    given = {"solve": ["solve", str(tmp_path / "p.json")], "check": ["check", str(tmp_path / "s.yaml")],
             "check --help": ["check", "--help"], "types": ["types"]}[command]
    code = ("import gc, sys, atexit; from bookgen.__main__ import run; sys.argv[0] = 'bookgen'; "
            "atexit.register(lambda: print(gc.get_threshold()[0], file=sys.stderr)); run()")
    done = subprocess.run([sys.executable, "-c", code, *given], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == str(first)
