"""One preview build, in its own process (bookgen.serve.builder starts and stops it):
the spec, the real PDF (puzzle cache on), the answer key alone, the pages as PNG and a
result.json saying what was made, all in the build's folder."""

from __future__ import annotations

import ctypes
import json
import logging
import os
import signal
import sys
from multiprocessing import forkserver
from pathlib import Path
from typing import Any

import pypdfium2

import bookgen.build  # noqa: F401 - loaded once in the fork server, before any build
from bookgen.errors import BookgenError, InputError
from bookgen.serve.review import Notes, shortened
from bookgen.serve.early import FIRST_PAGE, Progress, first_page
from bookgen.serve.spectext import SEEDED_NAME, SPEC_NAME, unseeded

PR_SET_PDEATHSIG = 1


def build_preview(spec_text: str, folder: Path, dpi: int, max_pages: int) -> None:
    """Build into `folder` and write result.json there (problems included: a spec that
    cannot be built is an answer, not a crash)."""
    _die_with_parent()
    from bookgen.build import build
    from bookgen.record.term import term_of
    from bookgen.serve.class_api import RECORD_THIS_SET
    from bookgen.spec import parse

    notes = Notes()
    log = logging.getLogger("bookgen")
    log.addHandler(notes)
    log.propagate = False
    page_folder = folder.parent
    (folder / SPEC_NAME).write_text(unseeded(spec_text), encoding="utf-8")
    (folder / SEEDED_NAME).write_text(spec_text, encoding="utf-8")
    try:
        spec = parse(spec_text, str(page_folder / SPEC_NAME), page_folder)
        progress = Progress(folder, spec.total_puzzles)
        jobs = os.cpu_count() or 1
        # With a class record: read for every preview, written only by the class section's
        # "next week's set" (bookgen.serve.class_api marks its spec so).
        with term_of(spec, write=spec_text.startswith(RECORD_THIS_SET)) as term:
            spec = term.spec if term is not None else spec
            record_note = term.note() if term is not None else ""
            # The first sheet early, alone: only without a record, whose exclusions the
            # early sheet would not see (it must be the book's page 1, pixel for pixel).
            if term is None and first_page(spec, folder, dpi, jobs):
                progress.first = FIRST_PAGE
            progress.write()
            layout = build(spec, folder / "book.pdf", None, jobs, progress.done, use_cache=True, term=term)
    except InputError as exc:
        _write(folder, {"problems": [_problem(p.field, p.message, str(p), page_folder) for p in exc.problems]})
        return
    except BookgenError as exc:
        _write(folder, {"problems": [_problem("", line, line, page_folder) for line in exc.lines()]})
        return
    except Exception as exc:  # noqa: BLE001 - the page says so in one line; the server goes on
        _write(folder, {"problems": [_problem("", f"the build failed ({type(exc).__name__}: {exc})", "", page_folder)]})
        return
    answers = [page.number for page in layout.pages if page.kind == "answers"]
    hints = [page.number for page in layout.pages if page.kind == "hints"]
    if answers:
        _answer_key(folder / "book.pdf", answers, folder / "answers.pdf")
    shown = _pages(folder / "book.pdf", folder, dpi, max_pages)
    _write(folder, {"pages": len(layout.pages), "shown": shown, "answers": answers, "hints": hints,
                    "puzzles": spec.total_puzzles, "seed": spec.seed, "problems": [], "record": record_note,
                    "notes": [shortened(note, page_folder) for note in notes.said]})


def _problem(field: str, message: str, line: str, folder: Path) -> dict[str, str]:
    return {"field": field, "message": shortened(message, folder), "line": shortened(line, folder)}


def _write(folder: Path, result: dict[str, Any]) -> None:
    temp = folder / "result.json.part"
    temp.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")
    temp.rename(folder / "result.json")


def _answer_key(pdf: Path, pages: list[int], target: Path) -> None:
    """The answer pages alone, as they are printed in the book (numbers and footers)."""
    source = pypdfium2.PdfDocument(str(pdf))
    key = pypdfium2.PdfDocument.new()
    try:
        key.import_pages(source, [number - 1 for number in pages])
        key.save(str(target))
    finally:
        key.close()
        source.close()


def _pages(pdf: Path, folder: Path, dpi: int, max_pages: int) -> int:
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        count = min(len(document), max_pages)
        for index in range(count):
            document[index].render(scale=dpi / 72).to_pil().save(folder / f"page-{index + 1}.png", format="PNG")
    finally:
        document.close()
    return count


def _die_with_parent() -> None:
    """Killed by the kernel when the process that started it (the fork server, which
    ends with the server) dies: a server killed outright leaves no build running."""
    # The fork server ends when no process holds its "alive" pipe, which it hands every
    # child it forks: a build holding it kept the fork server alive after the server was
    # killed, and the fork server kept the build alive (this signal comes only when it
    # ends): both ran on until the build finished, 10-90 s. The build starts nothing
    # through the fork server (its workers are forked), so it lets the pipe go.
    alive = forkserver._forkserver._forkserver_alive_fd
    if alive is not None:
        forkserver._forkserver._forkserver_alive_fd = None
        os.close(alive)
    if sys.platform.startswith("linux"):
        parent = os.getppid()
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # it died before the signal was asked for
            os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
