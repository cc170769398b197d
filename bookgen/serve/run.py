"""Starting and stopping the composer page's server: a temporary folder of its own,
loopback only, the browser opened on it; Ctrl-C or SIGTERM stops every build, removes
the folder and ends."""

from __future__ import annotations

import errno
import shutil
import tempfile
import threading
import webbrowser
from pathlib import Path
from typing import Callable

from bookgen.errors import CommandLineError
from bookgen.serve.builder import start_fork_server
from bookgen.serve.server import LOOPBACK, ComposerServer
from bookgen.stopping import Stopped, stop_signals_raise

DEFAULT_PORT = 8765


def serve(port: int | None, open_browser: bool, say: Callable[[str], None]) -> None:
    """Serve until stopped. `port` None: DEFAULT_PORT, or any free port when it is taken."""
    root = Path(tempfile.mkdtemp(prefix="bookgen-serve-"))
    server = None
    try:
        server = _bound(port, root)
        start_fork_server()
        url = f"http://{LOOPBACK}:{server.port}/"
        thread = threading.Thread(target=server.serve_forever, name="composer page", daemon=True)
        with stop_signals_raise():
            thread.start()
            say(f"bookgen: the composer page is at {url} (only this computer can open it); Ctrl-C stops it")
            if open_browser:
                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
            try:
                _wait_for_a_signal()
            except KeyboardInterrupt as exc:
                how = f" ({exc.name})" if isinstance(exc, Stopped) else ""
                say(f"bookgen: stopping the composer page{how}")
    finally:
        if server is not None:
            server.shutdown()
            server.pages.close_all()
            server.server_close()
        shutil.rmtree(root, ignore_errors=True)
    say("bookgen: stopped; its temporary files are removed")


# How often the main thread wakes to run a stop signal's handler (below).
WAKE_SECONDS = 0.25


def _wait_for_a_signal() -> None:
    """Wait until Ctrl-C or a stop signal raises here. Python runs signal handlers in
    the main thread only, and a signal the kernel gives to another thread (the server's)
    does not wake a main thread blocked on a lock with no timeout: it then waited for
    ever, and SIGTERM never stopped the server. Waking every WAKE_SECONDS runs it."""
    never = threading.Event()
    while not never.wait(WAKE_SECONDS):
        pass


def _bound(port: int | None, root: Path) -> ComposerServer:
    try:
        return ComposerServer(DEFAULT_PORT if port is None else port, root)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise CommandLineError(f"--port: cannot listen on port {port} ({exc.strerror})") from None
        if port is not None:
            raise CommandLineError(f"--port: port {port} is in use; choose another, or leave --port out") from None
        return ComposerServer(0, root)
