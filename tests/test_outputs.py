"""Outputs: refused before any work when writing them would hurt, written atomically with
the umask's permissions, and never left half-written or orphaned by a signal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

import bookgen.build
import bookgen.generation
from bookgen.cli import main

SPEC = """\
title: T
seed: 3
sections:
  - type: sudoku
    size: 4
    difficulty: beginner
    count: 2
"""

# Enough hard 9x9 sudoku to keep two workers busy for a while: signals arrive mid-generation.
SLOW_SPEC = """\
title: Slow
sections:
  - type: sudoku
    size: 9
    difficulty: hard
    count: 500
"""

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for worker processes")
not_root = pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(SPEC)
    return path


@pytest.fixture
def no_generation(monkeypatch):
    """Refusals must come before any puzzle is generated."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("generation started before the outputs were checked")

    monkeypatch.setattr(bookgen.build, "generate_all", refuse)


def refused(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [message]


def test_the_spec_itself_is_refused_as_output_and_kept(spec: Path, no_generation):
    refused(run("build", str(spec), "-o", str(spec)), f"bookgen: -o {spec}: this is the spec; choose another file name")
    assert spec.read_text() == SPEC


def test_a_symlink_to_the_spec_is_refused_as_output(spec: Path, tmp_path: Path, no_generation):
    link = tmp_path / "book.pdf"
    link.symlink_to(spec)
    refused(run("build", str(spec)), f"bookgen: -o {link}: this is the spec; choose another file name")
    assert link.is_symlink() and spec.read_text() == SPEC


def test_a_hard_link_to_the_spec_is_refused_as_output(spec: Path, tmp_path: Path, no_generation):
    other = tmp_path / "other.pdf"
    os.link(spec, other)
    refused(run("build", str(spec), "-o", str(other)), f"bookgen: -o {other}: this is the spec; choose another file name")


def test_the_picture_of_a_section_is_refused_as_output(tmp_path: Path, no_generation):
    picture = tmp_path / "cat.png"
    Image.new("RGB", (30, 30), "white").save(picture)
    before = picture.read_bytes()
    spec = tmp_path / "s.yaml"
    spec.write_text("sections:\n  - type: sliding\n    size: 3\n    image: cat.png\n")
    refused(run("build", str(spec), "-o", str(picture)),
            f"bookgen: -o {picture}: this is the file given as sections[0].image; choose another file name")
    assert picture.read_bytes() == before


def test_json_at_the_pdf_is_refused_and_the_pdf_kept(spec: Path, tmp_path: Path, no_generation):
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(b"%PDF- old")
    refused(run("build", str(spec), "-o", str(pdf), "--json", str(pdf)),
            f"bookgen: --json {pdf}: this is also the -o file; choose another file name")
    assert pdf.read_bytes() == b"%PDF- old"


def test_a_folder_as_output_is_refused(spec: Path, tmp_path: Path, no_generation):
    folder = tmp_path / "out"
    folder.mkdir()
    refused(run("build", str(spec), "-o", str(folder)),
            f"bookgen: -o {folder}: this is a folder; give a file name, such as {folder / 'book.pdf'}")


def test_a_pipe_as_output_is_refused(spec: Path, tmp_path: Path, no_generation):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    refused(run("build", str(spec), "-o", str(fifo)),
            f"bookgen: -o {fifo}: this is not a regular file (a device, pipe or socket)")


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
def test_a_device_as_output_is_refused(spec: Path, no_generation):
    refused(run("build", str(spec), "-o", "/dev/null"),
            "bookgen: -o /dev/null: this is not a regular file (a device, pipe or socket)")


def test_an_empty_output_name_is_refused(spec: Path, no_generation):
    refused(run("build", str(spec), "-o", ""), "bookgen: -o: expected a file name, got nothing")


def test_a_missing_folder_is_refused_before_any_work(spec: Path, tmp_path: Path, no_generation):
    target = tmp_path / "missing" / "dir" / "x.pdf"
    refused(run("build", str(spec), "-o", str(target)),
            f"bookgen: -o {target}: the folder {target.parent} does not exist")


def test_a_file_used_as_folder_is_refused(spec: Path, no_generation):
    target = spec / "x.pdf"
    refused(run("build", str(spec), "-o", str(target)), f"bookgen: -o {target}: {spec} is a file, not a folder")


def test_json_into_a_missing_folder_is_refused_and_the_pdf_kept(spec: Path, tmp_path: Path, no_generation):
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(b"%PDF- old")
    target = tmp_path / "missing" / "p.json"
    refused(run("build", str(spec), "-o", str(pdf), "--json", str(target)),
            f"bookgen: --json {target}: the folder {target.parent} does not exist")
    assert pdf.read_bytes() == b"%PDF- old"


@not_root
def test_an_unwritable_folder_is_refused_before_any_work(spec: Path, tmp_path: Path, no_generation):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        refused(run("build", str(spec), "-o", str(folder / "x.pdf")),
                f"bookgen: -o {folder / 'x.pdf'}: cannot write in the folder {folder} (permission denied)")
    finally:
        folder.chmod(0o755)


def test_a_read_only_pdf_is_not_replaced(spec: Path, tmp_path: Path, no_generation):
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(b"%PDF- kept")
    pdf.chmod(0o444)
    refused(run("build", str(spec), "-o", str(pdf)), f"bookgen: -o {pdf}: this file is read-only")


def test_preview_into_a_file_is_refused(spec: Path, no_generation):
    refused(run("preview", str(spec), "-o", str(spec)), f"bookgen: -o {spec}: this is a file, not a folder")


def test_a_symlink_output_writes_its_target_and_stays_a_link(spec: Path, tmp_path: Path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    assert run("build", str(spec), "-o", str(link), "-j", "1").exit_code == 0
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_outputs_get_the_permissions_of_a_new_file_under_the_umask(spec: Path, tmp_path: Path, umask: int):
    previous = os.umask(umask)
    try:
        result = run("build", str(spec), "-o", str(tmp_path / "x.pdf"), "--json", str(tmp_path / "x.json"), "-j", "1")
    finally:
        os.umask(previous)
    assert result.exit_code == 0
    for name in ("x.pdf", "x.json"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_signal_while_rendering_leaves_no_temporary_file_and_the_old_pdf(spec: Path, tmp_path: Path, monkeypatch):
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(b"%PDF- old")

    def render_then_terminated(layout, entries, path, *args):
        Path(path).write_bytes(b"half a book")
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(bookgen.build, "render", render_then_terminated)
    result = run("build", str(spec), "-o", str(pdf), "--json", str(tmp_path / "x.json"), "-j", "1")
    assert result.exit_code == 128 + signal.SIGTERM
    assert result.output.splitlines() == ["bookgen: interrupted (SIGTERM); nothing was written"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml", "x.pdf"]
    assert pdf.read_bytes() == b"%PDF- old"


def test_a_failed_build_leaves_no_temporary_file(spec: Path, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(bookgen.generation, "PUZZLE_BUDGET", 0.0)
    assert run("build", str(spec), "-o", str(tmp_path / "x.pdf"), "-j", "1").exit_code == 1
    assert [p.name for p in tmp_path.iterdir()] == ["book.yaml"]


# Signals sent to a real bookgen process with two workers.


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(k) for k in (task / "children").read_text().split()}
    return found


def _running(pid: int) -> bool:
    """Alive and not a zombie (a dead child waiting to be reaped by whoever adopted it)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


def _wait_until(condition, limit: float = 30.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _start_slow_build(tmp_path: Path) -> tuple[subprocess.Popen, set[int]]:
    spec = tmp_path / "slow.yaml"
    spec.write_text(SLOW_SPEC)
    (tmp_path / "slow.pdf").write_bytes(b"%PDF- old")
    process = subprocess.Popen([sys.executable, "-m", "bookgen.cli", "build", str(spec), "-o", str(tmp_path / "slow.pdf"),
                                "--json", str(tmp_path / "slow.json"), "-j", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert _wait_until(lambda: len(_children(process.pid)) == 2), "the workers never started"
    return process, _children(process.pid)


@linux_only
@pytest.mark.parametrize("signum", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow),
                                    pytest.param(signal.SIGINT, marks=pytest.mark.slow)])
def test_a_signal_during_generation_stops_the_workers_and_writes_nothing(tmp_path: Path, signum: int):
    process, workers = _start_slow_build(tmp_path)
    process.send_signal(signum)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signum
    how = "" if signum == signal.SIGINT else f" ({signal.Signals(signum).name})"
    assert err.splitlines() == [f"bookgen: interrupted{how}; nothing was written"]
    assert _wait_until(lambda: not any(_running(w) for w in workers))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slow.pdf", "slow.yaml"]
    assert (tmp_path / "slow.pdf").read_bytes() == b"%PDF- old"


@linux_only
def test_workers_die_with_their_parent_even_after_sigkill(tmp_path: Path):
    process, workers = _start_slow_build(tmp_path)
    process.kill()
    process.communicate(timeout=60)
    assert _wait_until(lambda: not any(_running(w) for w in workers))
    assert (tmp_path / "slow.pdf").read_bytes() == b"%PDF- old"
