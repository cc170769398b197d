"""Issue 34's catalogue, the command line's own output: --help, --version and a
command's --help to a full device, and any command with standard output closed before
it started, are one line on stderr and a non-zero exit (never a traceback, never a
silent success); a --timeout that is not a number of seconds is refused at parse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BOOKGEN = [sys.executable, "-m", "bookgen.cli"]
full_device = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")


def spawn(args: list[str], cwd: Path, **io) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run(BOOKGEN + args, cwd=cwd, stderr=subprocess.PIPE, text=True, env=env, timeout=120, **io)


@full_device
@pytest.mark.parametrize("args", [["--version"], ["--help"], ["build", "--help"], ["solve", "-h"]])
def test_clicks_own_output_to_a_full_device_is_one_line_and_exit_1(tmp_path: Path, args: list[str]):
    with open("/dev/full", "w") as full:
        result = spawn(args, tmp_path, stdout=full)
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["bookgen: cannot write to standard output (no space left on device)"]


def _closed_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize("args", [["types"], ["--version"], ["--help"], ["solve", "p.json"]])
def test_a_closed_standard_output_is_an_error_not_a_silent_success(tmp_path: Path, args: list[str]):
    (tmp_path / "p.json").write_text(json.dumps({"type": "sliding", "start": [[1, 2, 3], [4, 5, 6], [7, 0, 8]]}))
    result = spawn(args, tmp_path, stdout=subprocess.DEVNULL, preexec_fn=_closed_stdout)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "bookgen: cannot write to standard output (it was closed before bookgen started)"]


def test_a_closed_standard_output_never_lands_in_a_file_the_command_writes(tmp_path: Path):
    (tmp_path / "book.yaml").write_text("title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 4\n"
                                        "    difficulty: beginner\n    count: 2\n")
    spawn(["build", "book.yaml", "-o", "out.pdf", "-j", "1", "--no-cache"], tmp_path,
          stdout=subprocess.DEVNULL, preexec_fn=_closed_stdout)
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")
    assert b"puzzles" not in (tmp_path / "out.pdf").read_bytes()[-200:]


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "-1", "0", "1e400"])
def test_a_timeout_that_is_no_number_of_seconds_is_refused_at_parse(tmp_path: Path, value: str):
    (tmp_path / "p.json").write_text(json.dumps({"type": "sliding", "start": [[1, 2, 3], [4, 5, 6], [7, 0, 8]]}))
    result = spawn(["solve", "p.json", "--timeout", value], tmp_path, stdout=subprocess.PIPE)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "Invalid value for '--timeout'" in result.stderr
