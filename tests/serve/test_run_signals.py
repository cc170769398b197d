"""The server's main thread stops on a stop signal whichever thread the kernel gives it to."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A stop signal delivered to another thread (as the kernel may deliver SIGTERM sent to
# the process): the main thread, waiting as the server waits, must still raise Stopped.
PROGRAM = """
import signal, threading
from bookgen.serve.run import _wait_for_a_signal
from bookgen.stopping import Stopped, stop_signals_raise

def other():
    signal.pthread_kill(threading.get_ident(), signal.SIGTERM)

with stop_signals_raise():
    threading.Timer(0.2, other).start()
    try:
        _wait_for_a_signal()
    except Stopped as stopped:
        print("stopped", stopped.signum)
"""


def test_a_stop_signal_taken_by_another_thread_still_stops_the_waiting_main_thread():
    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=30, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["stopped", "15"]
