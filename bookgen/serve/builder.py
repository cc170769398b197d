"""One build at a time per page: the newest request waits, a newer one replaces it, and
the build running is stopped when a newer one arrives.

A build runs in a child process (from a fork server started once with bookgen loaded,
so starting one takes milliseconds, and the server's threads are never forked), which
can be stopped at once: its worker processes die with it (bookgen.stopping). It makes
the real PDF with the puzzle cache (an edit that keeps a section's options reuses its
puzzles), the answer key alone as its own PDF, and every page as a PNG, all in the
build's own folder inside the page's temporary folder.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bookgen.serve.early import PROGRESS_NAME

# Pages are shown at this resolution; the PDF is the real one.
PREVIEW_DPI = 60
# A page opened large (clicked) is drawn at this resolution, when first asked for.
LARGE_DPI = 150
# The most pages rasterised for the preview (a book of 1000 puzzles has about 500).
MAX_PREVIEW_PAGES = 600
# A preview build taking longer than this is stopped (the book may still be built).
MAX_BUILD_SECONDS = 600.0
# Builds running at once across every page: the machine's cores are shared.
MAX_RUNNING = max(1, min(2, os.cpu_count() or 1))
_running = threading.BoundedSemaphore(MAX_RUNNING)
_context: Any = None
_context_lock = threading.Lock()


# The fork server listens on a Unix socket at <temporary folder>/pymp-<8 letters>/listener-<8 letters>
# (multiprocessing's names: 32 bytes after the folder), and a socket's path is at most
# 107 bytes: under a TMPDIR longer than 75 bytes the fork server cannot start, and every
# build would fail with "AF_UNIX path too long". Builds then start by spawn instead.
_SOCKET_PATH_MAX = 107
_SOCKET_NAME_BYTES = 32


def _fork_server_socket_fits(temporary_folder: str) -> bool:
    return len(os.fsencode(temporary_folder)) + _SOCKET_NAME_BYTES <= _SOCKET_PATH_MAX


def _process_context() -> Any:
    """The fork server's context (Linux), bookgen imported in it once; spawn elsewhere."""
    global _context
    with _context_lock:
        if _context is None:
            methods = multiprocessing.get_all_start_methods()
            if "forkserver" in methods and _fork_server_socket_fits(tempfile.gettempdir()):
                _context = multiprocessing.get_context("forkserver")
                _context.set_forkserver_preload(["bookgen.serve.child", "bookgen.serve.warm"])
            else:
                _context = multiprocessing.get_context("spawn")
        return _context


def start_fork_server() -> None:
    """Start the fork server now, in the background, so it has loaded bookgen (and
    bookgen.serve.warm) before the page asks for its first preview (about 2 s saved on
    the first build, under load more)."""

    def start() -> None:
        try:
            process = _process_context().Process(target=_started)
            process.start()
            process.join()
        except Exception:  # noqa: BLE001 - the first build starts it again and says what is wrong
            return

    threading.Thread(target=start, name="fork server", daemon=True).start()


def _started() -> None:
    """A process that does nothing: starting it starts the fork server."""


@dataclass
class Request:
    """A build the page asked for, and its result once made."""

    spec: str
    number: int
    done: threading.Event = field(default_factory=threading.Event)
    result: dict[str, Any] | None = None

    def finish(self, result: dict[str, Any]) -> None:
        self.result = result
        self.done.set()


class Builder:
    """The builds of one page, in `folder` (a build's files in folder/<number>/)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._waiting: Request | None = None  # the bounded queue: one request waits
        self._running: Request | None = None
        self._process: Any = None
        self._count = 0
        self._closed = False
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"builds {folder.name}", daemon=True)
        self._thread.start()

    def request(self, spec: str) -> Request:
        """Queue a build of `spec`: the one waiting is answered as superseded, the one
        running is stopped."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the page is closed")
            self._count += 1
            request = Request(spec, self._count)
            if self._waiting is not None:
                self._waiting.finish({"superseded": True})
            self._waiting = request
            self._stop_running()
        self._wake.set()
        return request

    def enlarge(self, number: int, page: int) -> None:
        """Draw page `page` of build `number` large (large-page-N.png), once; nothing if
        that build or page is gone (the file route then says so)."""
        import pypdfium2

        folder = self.build_folder(number)
        target = folder / f"large-page-{page}.png"
        if target.is_file() or not (folder / "book.pdf").is_file():
            return
        document = pypdfium2.PdfDocument(str(folder / "book.pdf"))
        try:
            if 1 <= page <= len(document):
                temp = folder / f"large-page-{page}.{threading.get_ident()}.part.png"
                document[page - 1].render(scale=LARGE_DPI / 72).to_pil().save(temp, format="PNG")
                temp.rename(target)
        finally:
            document.close()

    def build_folder(self, number: int) -> Path:
        return self.folder / str(number)

    def progress(self) -> dict[str, Any]:
        """The build running: its number, the puzzles made so far and of how many, and
        the name of its first page's image once made (bookgen.serve.early); {} when none
        runs or it has not said yet."""
        with self._lock:
            running = self._running
        if running is None:
            return {}
        try:
            said = json.loads((self.build_folder(running.number) / PROGRESS_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(said, dict):
            return {}
        return {"build": running.number, "made": said.get("made", 0), "of": said.get("of", 0),
                "first": said.get("first")}

    def close(self) -> None:
        """Stop everything and let the thread end (the page's folder is its owner's)."""
        with self._lock:
            self._closed = True
            if self._waiting is not None:
                self._waiting.finish({"superseded": True})
                self._waiting = None
            self._stop_running()
        self._wake.set()
        self._thread.join(timeout=10)

    def _stop_running(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.kill()

    def _loop(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                self._wake.clear()
                if self._closed:
                    return
                request, self._waiting = self._waiting, None
                if request is None:
                    continue
                self._running = request
            try:
                request.finish(self._run(request))
            except Exception as exc:  # noqa: BLE001 - the page gets a message; the server goes on
                request.finish({"problems": [{"field": "", "message": f"the build failed: {exc}", "line": ""}]})
            finally:
                with self._lock:
                    self._running = None
                    self._process = None

    def _run(self, request: Request) -> dict[str, Any]:
        target = self.build_folder(request.number)
        with _running:
            with self._lock:
                if self._closed or self._waiting is not None:
                    return {"superseded": True}
                target.mkdir(parents=True)
                # Not a daemon: a daemon may not start the build's own worker processes.
                process = _process_context().Process(target=_child_main, args=(request.spec, str(target)))
                process.start()
                self._process = process
            started = time.monotonic()
            process.join(MAX_BUILD_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
                return {"problems": [{"field": "", "line": "",
                                      "message": f"the preview stopped after {MAX_BUILD_SECONDS:.0f} s; "
                                                 "build the book with bookgen build"}]}
            process.join()
        seconds = time.monotonic() - started
        result_file = target / "result.json"
        if process.exitcode != 0 or not result_file.is_file():
            shutil.rmtree(target, ignore_errors=True)
            with self._lock:
                superseded = self._closed or self._waiting is not None
            if superseded:
                return {"superseded": True}
            return {"problems": [{"field": "", "line": "", "message": "the build stopped unexpectedly"}]}
        result = json.loads(result_file.read_text(encoding="utf-8"))
        self._prune(request.number)
        result["build"] = request.number
        result["seconds"] = round(seconds, 2)
        return result


    def _prune(self, newest: int) -> None:
        """Keep the newest build and the one before (its downloads may be under way)."""
        for folder in self.folder.iterdir():
            if folder.name.isdigit() and int(folder.name) < newest - 1:
                shutil.rmtree(folder, ignore_errors=True)


def _child_main(spec: str, folder: str) -> None:
    from bookgen.serve.child import build_preview

    build_preview(spec, Path(folder), PREVIEW_DPI, MAX_PREVIEW_PAGES)
