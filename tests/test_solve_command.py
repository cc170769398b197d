"""A plain `bookgen solve FILE [--json]` from the shell runs without click and answers
exactly as the command group does: the same output, errors and exit status; any other
command line is click's."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.solve_command import plain
from bookgen.terminal import echo_line

ROOT = Path(__file__).resolve().parent.parent
KENKEN = ('{"type": "kenken", "rows": 2, "cols": 2, "symbols": [1, 2], "groups": [[[0, 0], [0, 1]], [[1, 0], [1, 1]], '
          '[[0, 0], [1, 0]], [[0, 1], [1, 1]]], "cages": [{"cells": [[0, 0]], "op": "=", "target": 1}, '
          '{"cells": [[0, 1], [1, 1], [1, 0]], "op": "+", "target": 5}]}')


def _shell(*arguments: str, probe: bool = False) -> subprocess.CompletedProcess:
    """`bookgen ARGUMENTS` as the shell's entry point runs it (with `probe`, stderr's
    last line says whether click was loaded)."""
    code = "import sys; from bookgen.__main__ import run; sys.argv[0] = 'bookgen'; "
    if probe:
        code += "import atexit; atexit.register(lambda: print('click' in sys.modules, file=sys.stderr)); "
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code + "run()", *arguments], capture_output=True, text=True,
                          env=env, cwd=ROOT)


@pytest.mark.parametrize("arguments", [["{file}"], ["{file}", "--json"], ["--json", "{file}"], ["{missing}"],
                                       ["{broken}"]])
def test_a_plain_solve_answers_as_the_command_group_does_without_click(arguments: list[str], tmp_path: Path):
    (tmp_path / "p.json").write_text(KENKEN)
    (tmp_path / "broken.json").write_text('{"type": "kenken", "rows": 2')
    given = [a.format(file=tmp_path / "p.json", missing=tmp_path / "none.json", broken=tmp_path / "broken.json")
             for a in arguments]
    shell = _shell("solve", *given, probe=True)
    *errors, loaded = shell.stderr.splitlines()
    assert loaded == "False"
    grouped = CliRunner().invoke(main, ["solve", *given])
    assert (shell.returncode, shell.stdout, "\n".join(errors)) == \
        (grouped.exit_code, grouped.stdout, grouped.stderr.rstrip("\n"))


@pytest.mark.parametrize("arguments", [["a.json", "--timeout", "5"], ["-h"], [], ["a", "b"], ["a", "--json", "--json"],
                                       ["--", "a"], ["-x.json"], [""]])
def test_any_other_solve_command_line_is_read_by_click(arguments: list[str]):
    assert plain(arguments) is None


def test_a_plain_solve_command_line_is_one_file_and_json_at_most_once():
    assert plain(["a.json"]) == ("a.json", False)
    assert plain(["--json", "a.json"]) == plain(["a.json", "--json"]) == ("a.json", True)


def test_a_closed_standard_output_is_one_line_and_status_1_as_the_group_says_it(tmp_path: Path):
    (tmp_path / "p.json").write_text(KENKEN)
    code = ("import os, sys; os.close(1); from bookgen.__main__ import run; sys.argv[0] = 'bookgen'; "
            f"sys.argv[1:] = ['solve', {str(tmp_path / 'p.json')!r}]; run()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=False, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert (done.returncode, done.stderr) == \
        (1, "bookgen: cannot write to standard output (it was closed before bookgen started)\n")


class _Stream(io.TextIOWrapper):
    def __init__(self, encoding: str) -> None:
        super().__init__(io.BytesIO(), encoding=encoding, errors="strict")

    def text(self) -> bytes:
        self.flush()
        return self.buffer.getvalue()


@pytest.mark.parametrize("text", ["plain", "", "ünïcode ×", "\x1b[31mred\x1b[0m", "two\nlines"])
@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
@pytest.mark.parametrize("nl", [True, False])
def test_echo_line_writes_what_click_echo_writes(text: str, encoding: str, nl: bool, monkeypatch):
    written = []
    for echo in (click.echo, echo_line):
        stream = _Stream(encoding)
        monkeypatch.setattr(sys, "stdout", stream)
        try:
            echo(text, nl=nl)
            written.append(stream.text())
        except UnicodeEncodeError as exc:
            written.append(type(exc))
    assert written[0] == written[1]


# What a plain solve of a JSON puzzle has no use for, each costly at start-up (issue 31):
# the one-line forms' readers and the sudoku shapes they load, worked steps' words and
# drawing, output files and temporary ones (shutil and the compressors), digests; paths
# (pathlib loads urllib.parse and ipaddress), random draws, CSV, the measured offer, the
# option kinds only a book spec declares (bookgen.spec_kinds) and the step-by-step grader
# (a KenKen is proved in one engine call): data classes each compiled at import; a type's
# offer, its one-line form and its count of answers.
NOT_AT_START_UP = ("bookgen.puzzles.tatham", "bookgen.puzzles.sudoku.shapes", "bookgen.puzzles.worked_draw",
                   "bookgen.puzzles.hints", "bookgen.puzzles.hint_names", "bookgen.puzzles.hint",
                   "bookgen.self_check", "bookgen.outputs", "tempfile", "hashlib", "pathlib", "random", "csv",
                   "bookgen.offer", "bookgen.spec_kinds",
                   "bookgen.solve.grader", "bookgen.puzzles.kenken.offer", "bookgen.puzzles.kenken.text",
                   "bookgen.puzzles.identity")


def test_a_plain_solve_of_a_json_puzzle_loads_none_of_what_it_does_not_use(tmp_path: Path):
    (tmp_path / "p.json").write_text(KENKEN)
    code = ("import sys; from bookgen.__main__ import run; sys.argv[0] = 'bookgen'; import atexit; "
            f"atexit.register(lambda: print(sorted(set({NOT_AT_START_UP!r}) & set(sys.modules)), file=sys.stderr)); "
            "run()")
    done = subprocess.run([sys.executable, "-c", code, "solve", str(tmp_path / "p.json")], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    assert done.returncode == 0
    assert done.stderr.splitlines()[-1] == "[]"
