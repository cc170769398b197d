"""A plain `bookgen check SPEC` from the shell runs without click and answers exactly as
the command group does: the same output, errors and exit status; any other command line
is click's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.check_command import plain
from bookgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
SPECS = {
    "good.yaml": "seed: 1\nsections:\n  - type: kenken\n    size: 4\n    difficulty: easy\n    count: 4\n",
    "unknown.yaml": "seed: 1\nsections:\n  - type: kenken\n    size: 4\n    difficulty: impossible\n    count: 4\n",
    "broken.yaml": "seed: 1\nsections: [\n",
    "empty.yaml": "",
}


def _shell(*arguments: str) -> subprocess.CompletedProcess:
    """`bookgen ARGUMENTS` as the shell's entry point runs it; stderr's last line says
    whether click was loaded."""
    code = ("import sys, atexit; from bookgen.__main__ import run; sys.argv[0] = 'bookgen'; "
            "atexit.register(lambda: print('click' in sys.modules, file=sys.stderr)); run()")
    return subprocess.run([sys.executable, "-c", code, *arguments], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)


@pytest.mark.parametrize("name", [*SPECS, "missing.yaml"])
def test_a_plain_check_answers_as_the_command_group_does_without_click(name: str, tmp_path: Path):
    for file, text in SPECS.items():
        (tmp_path / file).write_text(text)
    spec = str(tmp_path / name)
    shell = _shell("check", spec)
    *errors, loaded = shell.stderr.splitlines()
    assert loaded == "False"
    grouped = CliRunner().invoke(main, ["check", spec])
    assert (shell.returncode, shell.stdout, "\n".join(errors)) == \
        (grouped.exit_code, grouped.stdout, grouped.stderr.rstrip("\n"))


@pytest.mark.parametrize("arguments", [["a.yaml", "--print"], ["--print", "a.yaml"], ["-h"], [], ["a", "b"],
                                       ["--", "a"], ["-x.yaml"], [""]])
def test_any_other_check_command_line_is_read_by_click(arguments: list[str]):
    assert plain(arguments) is None


def test_a_plain_check_command_line_is_one_file():
    assert plain(["a.yaml"]) == "a.yaml"


@pytest.mark.parametrize(("name", "status"), [("good.yaml", 0), ("unknown.yaml", 2)])
def test_a_plain_check_leaves_without_the_interpreters_teardown_but_runs_what_is_registered_at_exit(
        name: str, status: int, tmp_path: Path):
    # Start-up (issue 31): the modules are not torn down one by one at the end, yet what
    # is to run at exit runs, the output is all there and the status is the command's.
    (tmp_path / name).write_text(SPECS[name])
    code = ("import sys, atexit; from bookgen.__main__ import run; sys.argv[0] = 'bookgen'\n"
            "class Kept:\n    def __del__(self):\n        print('torn down', file=sys.stderr)\n"
            "kept = Kept()\natexit.register(lambda: print('at exit', file=sys.stderr))\nrun()\n")
    done = subprocess.run([sys.executable, "-c", code, "check", str(tmp_path / name)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    grouped = CliRunner().invoke(main, ["check", str(tmp_path / name)])
    assert (done.returncode, done.stdout) == (status, grouped.stdout)
    assert done.stderr.splitlines()[-1] == "at exit" and "torn down" not in done.stderr


def test_the_yaml_readers_pattern_kept_by_a_plain_check_matches_yamls_own_on_every_character():
    # A plain check keeps a cheaper compiled form of yaml.reader's pattern under its text
    # (bookgen.__main__): the same characters refused at the same place.
    import re

    import yaml.reader

    from bookgen.__main__ import YAML_NON_PRINTABLE, YAML_NON_PRINTABLE_LISTED

    assert yaml.reader.Reader.NON_PRINTABLE.pattern == YAML_NON_PRINTABLE
    every = "".join(map(chr, range(0x110000)))
    listed = [match.start() for match in re.finditer(YAML_NON_PRINTABLE_LISTED, every)]
    assert listed == [match.start() for match in re.finditer(YAML_NON_PRINTABLE, every)]
    assert len(listed) == 2_111  # the controls, the surrogates, U+FFFE and U+FFFF


def test_a_plain_check_refuses_a_character_yaml_does_not_allow_at_its_place(tmp_path: Path):
    spec = tmp_path / "s.yaml"
    spec.write_text("seed: 1\x01\nsections: []\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bookgen", "check", str(spec)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert done.returncode == 2
    assert done.stderr.strip() == f"{spec}:1:8: the character #x0001 is not allowed in a spec"
