"""Issue 22's catalogue, streams, disks, pipes and outputs: a full device or a closed
stream is one line and a non-zero exit from every command (never a traceback), earlier
outputs untouched and no temporary file left; a pipe in place of a file never blocks;
no output ever replaces an input or a read-only file (root included); an interrupted
preview writes nothing and says so; an unwritable cache is one note."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from bookgen.cli import main

BOOKGEN = [sys.executable, "-m", "bookgen.cli"]
SPEC = "title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 2\n"
BIG_SPEC = "title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 9\n    difficulty: easy\n    count: 8\n"
full_device = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def spawn(args: list[str], cwd: Path, stdout=subprocess.PIPE, file_limit: int | None = None,
          timeout: float = 120, **env: str) -> subprocess.CompletedProcess:
    """bookgen in its own process (real file descriptors), with a limit on the size of
    any file it writes: past it a write fails with EFBIG, as a full disk fails with
    ENOSPC (Python ignores SIGXFSZ)."""
    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), **env}
    return subprocess.run(BOOKGEN + args, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, text=True,
                          preexec_fn=limit, env=env, timeout=timeout)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".part") or p.name.startswith(".bookgen"))


@full_device
@pytest.mark.parametrize("args", [["new", "book"], ["types"], ["check", "book.yaml"], ["solve", "p.json"],
                                  ["build", "book.yaml", "-o", "out.pdf", "-j", "1"],
                                  ["preview", "book.yaml", "-o", "pv", "--dpi", "30"]])
@pytest.mark.slow
def test_standard_output_on_a_full_device_is_one_line_and_exit_1(tmp_path: Path, args: list[str]):
    (tmp_path / "book.yaml").write_text(SPEC)
    (tmp_path / "p.json").write_text(json.dumps({"type": "sliding", "start": [[1, 2, 3], [4, 5, 6], [7, 0, 8]]}))
    with open("/dev/full", "w") as full:
        result = spawn(args, tmp_path, stdout=full)
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["bookgen: cannot write to standard output (no space left on device)"]


def test_a_reader_that_goes_away_stops_the_command_quietly(tmp_path: Path):
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    process = subprocess.Popen(BOOKGEN + ["types"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, bufsize=0)
    process.stdout.read(10)
    process.stdout.close()  # `bookgen types | head -c 10`
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 128 + signal.SIGPIPE
    assert stderr == ""


@pytest.mark.slow
@pytest.mark.parametrize("limit, failing", [(20_000, "out.pdf"), (75_000, "out.json")])
def test_a_full_disk_is_one_line_the_earlier_outputs_kept_and_no_temporary_left(tmp_path: Path, limit: int,
                                                                                 failing: str):
    (tmp_path / "book.yaml").write_text(BIG_SPEC)
    (tmp_path / "out.pdf").write_bytes(b"%PDF- the earlier book")
    (tmp_path / "out.json").write_text("{}")
    result = spawn(["build", "book.yaml", "-o", "out.pdf", "--json", "out.json", "-j", "1"], tmp_path,
                   file_limit=limit)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"bookgen: cannot write {failing} (file too large)"]
    assert (tmp_path / "out.pdf").read_bytes() == b"%PDF- the earlier book"
    assert (tmp_path / "out.json").read_text() == "{}"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("limit, message", [
    (20_000, "bookgen: cannot write pv/book.pdf (file too large)"),
    (75_000, "bookgen: cannot write the page images in pv (file too large)"),
])
@pytest.mark.slow
def test_a_full_disk_during_preview_leaves_the_earlier_preview(tmp_path: Path, limit: int, message: str):
    (tmp_path / "book.yaml").write_text(BIG_SPEC)
    (tmp_path / "pv").mkdir()
    (tmp_path / "pv" / "book-001.png").write_bytes(b"an earlier page")
    result = spawn(["preview", "book.yaml", "-o", "pv", "--dpi", "100"], tmp_path, file_limit=limit)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [message]
    assert [p.name for p in (tmp_path / "pv").iterdir()] == ["book-001.png"]
    assert (tmp_path / "pv" / "book-001.png").read_bytes() == b"an earlier page"


def test_a_pipe_as_spec_with_no_writer_is_refused_at_once(tmp_path: Path):
    os.mkfifo(tmp_path / "book.yaml")
    result = spawn(["check", "book.yaml"], tmp_path, timeout=30)
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["book.yaml: not a regular file (a device, pipe or socket)"]


def _picture_named_like_a_page(tmp_path: Path) -> Path:
    Image.new("L", (60, 60), 90).save(tmp_path / "pv-001.png")
    spec = tmp_path / "pv.yaml"
    spec.write_text("sections:\n  - type: sliding\n    size: 3\n    image: pv-001.png\n")
    return spec


def test_preview_never_writes_over_a_picture_named_like_a_page(tmp_path: Path, monkeypatch):
    spec = _picture_named_like_a_page(tmp_path)
    picture = (tmp_path / "pv-001.png").read_bytes()
    monkeypatch.chdir(tmp_path)
    result = run("preview", "pv.yaml", "-o", ".")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["bookgen: -o .: the preview would write over pv-001.png, which is the file "
                                          "given as sections[0].image; choose another folder"]
    assert (tmp_path / "pv-001.png").read_bytes() == picture
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pv-001.png", "pv.yaml"]
    assert spec.exists()


def test_a_read_only_output_is_refused_by_its_mode_for_root_too(tmp_path: Path):
    (tmp_path / "book.yaml").write_text(SPEC)
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(b"%PDF- kept")
    pdf.chmod(0o444)
    result = run("build", str(tmp_path / "book.yaml"), "-o", str(pdf))
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"bookgen: -o {pdf}: this file is read-only"]
    assert pdf.read_bytes() == b"%PDF- kept" and pdf.stat().st_mode & 0o777 == 0o444


def test_a_read_only_page_image_is_refused_before_any_work(tmp_path: Path):
    (tmp_path / "book.yaml").write_text(SPEC)
    (tmp_path / "pv").mkdir()
    page = tmp_path / "pv" / "book-002.png"
    page.write_bytes(b"kept")
    page.chmod(0o444)
    result = run("preview", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "pv"))
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"bookgen: -o {tmp_path / 'pv' / 'book-002.png'}: this file is read-only"]
    assert [p.name for p in (tmp_path / "pv").iterdir()] == ["book-002.png"]


def test_an_interrupted_preview_writes_nothing_and_says_so(tmp_path: Path, monkeypatch):
    import bookgen.render.preview as preview
    from bookgen.stopping import Stopped

    real = preview.rasterise

    def terminated_after_some_pages(pdf, outdir, dpi=70):
        real(pdf, outdir, dpi)  # every page rasterised, then SIGTERM before they are in place
        raise Stopped(signal.SIGTERM)

    monkeypatch.setattr(preview, "rasterise", terminated_after_some_pages)
    (tmp_path / "book.yaml").write_text(SPEC)
    result = run("preview", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "pv"), "-q")
    assert result.exit_code == 128 + signal.SIGTERM
    assert result.output.splitlines() == ["bookgen: interrupted (SIGTERM); nothing was written"]
    assert list((tmp_path / "pv").iterdir()) == []


def test_a_preview_puts_its_pdf_and_pages_in_place_together(tmp_path: Path):
    (tmp_path / "book.yaml").write_text(SPEC)
    result = run("preview", str(tmp_path / "book.yaml"), "-o", str(tmp_path / "pv"), "-q")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "pv").iterdir())
    assert names == ["book-001.png", "book-002.png", "book-003.png", "book.pdf"]
    assert result.output.splitlines() == [str(tmp_path / "pv" / n) for n in names[:-1]]


def test_an_unwritable_cache_is_one_note_whatever_the_workers(tmp_path: Path):
    (tmp_path / "cache").write_text("a file where the cache folder should be")
    (tmp_path / "book.yaml").write_text(SPEC.replace("count: 2", "count: 20"))
    result = spawn(["build", "book.yaml", "-o", "out.pdf", "-j", "2", "-q"], tmp_path,
                   BOOKGEN_CACHE_DIR=str(tmp_path / "cache"))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [f"bookgen: note: cannot write the cache in {tmp_path / 'cache'} (a file is "
                                          "where that folder should be); working in memory, so the next run will "
                                          "build its tables again"]


@pytest.mark.slow  # waits out the two seconds and the hard stop's grace (about 8 s)
def test_an_eight_by_eight_sliding_puzzle_gets_a_verified_answer_within_its_time(tmp_path: Path):
    """Before, the heuristic's tables (13 s to build, 1.5 GB with a copy a line) ran past
    the hard stop: no answer at all. Now the constructive answer is the floor."""
    import random

    from bookgen.puzzles.sliding.board import standard_goal
    from bookgen.puzzles.sliding.scramble import random_walk

    start, _moves = random_walk(standard_goal(8, 8), 8, 400, random.Random(1))
    (tmp_path / "p.json").write_text(json.dumps({"type": "sliding", "start": [list(start[r * 8:(r + 1) * 8])
                                                                              for r in range(8)]}))
    result = spawn(["solve", "p.json", "--timeout", "2"], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].endswith("moves, not proved shortest. Slide the tiles:")
