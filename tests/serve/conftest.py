"""A composer server of our own for each test that needs one: `bookgen serve` run as a
teacher runs it (its own process, its own temporary folder under the test's), and a
small client that speaks its API as the page does."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

BOOKGEN = [sys.executable, "-m", "bookgen.cli"]


@dataclass
class Served:
    process: subprocess.Popen
    url: str
    tmp: Path  # the server's TMPDIR: its temporary folder is made in here

    def page(self) -> "Client":
        html = urllib.request.urlopen(self.url, timeout=30).read().decode()
        return Client(self.url.rstrip("/"), re.search(r'data-token="([^"]+)"', html)[1])

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str]:
        self.process.send_signal(sig)
        _out, err = self.process.communicate(timeout=60)
        return self.process.returncode, err


@dataclass
class Client:
    base: str
    token: str

    def call(self, path: str, body: dict, timeout: float = 300) -> dict:
        request = urllib.request.Request(self.base + path, json.dumps(body).encode(),
                                         {"Content-Type": "application/json", "X-Bookgen-Page": self.token})
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.load(answer)

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.base + path, timeout=60) as answer:
            return answer.read()


def start_server(tmp: Path) -> Served:
    tmp.mkdir(exist_ok=True)
    env = {**os.environ, "TMPDIR": str(tmp)}
    # Ctrl-C reaches the server as it reaches one started from a terminal, even when the
    # tests run as a background job (whose children start with SIGINT ignored, so Python
    # would install no KeyboardInterrupt handler and the Ctrl-C tests would wait forever).
    process = subprocess.Popen(BOOKGEN + ["serve", "--no-browser", "--port", "0"], stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    line = process.stderr.readline()
    found = re.search(r"(http://127\.0\.0\.1:[0-9]+/)", line)
    if not found:
        process.kill()
        raise AssertionError(f"no address from bookgen serve: {line!r}")
    return Served(process, found[1], tmp)


@pytest.fixture
def server_at():
    """Starts a server with the given TMPDIR; stops every one it started."""
    started: list[Served] = []

    def start(tmp: Path) -> Served:
        started.append(start_server(tmp))
        return started[-1]

    yield start
    for server in started:
        if server.process.poll() is None:
            server.stop()


@pytest.fixture
def served(tmp_path: Path):
    server = start_server(tmp_path / "server-tmp")
    yield server
    if server.process.poll() is None:
        server.stop()


def _wait_for(test, seconds: float = 30.0, step: float = 0.1) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(step)
    return False




@pytest.fixture
def wait_for():
    """Polls a test until it holds or the seconds run out (True when it held)."""
    return _wait_for


@pytest.fixture
def bookgen_command() -> list[str]:
    """The command line that runs bookgen with this test run's Python."""
    return list(BOOKGEN)
