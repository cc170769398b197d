"""Who may hold the composer page's connections, and who may open a page.

Connections: a request's line, headers and body must all arrive within
REQUEST_DEADLINE_SECONDS of its connection starting to wait for it (a socket timeout is
per read, so a client sending a header line every 10 s would otherwise hold its slot
for ever: 40 such connections locked every teacher out). And when every slot is taken,
a new connection is not turned away: the connection that has waited longest for its
request is let go to make room, so clients that send nothing useful cannot starve one
that does. A request being answered (a preview waiting for its build) is never let go.

Pages: a page (a token and a build) is opened only by a request that is a page load,
as a browser's Fetch Metadata headers describe it (Sec-Fetch-Dest `document`, a
navigation) or by a client that sends none (a program, an old browser asking for
HTML); a picture, script or frame another site embeds (`<img src=...>`) is refused
before any page is opened, so it can never push the teacher's page out.
"""

from __future__ import annotations

import socket
import threading
import time
from email.message import Message
from typing import Any

REQUEST_DEADLINE_SECONDS = 10.0
# How long a new connection may wait for a slot once the longest-waiting one is let go.
SLOT_WAIT_SECONDS = 2.0


class Connections:
    """The connections waiting for their request, each with when it began waiting."""

    def __init__(self, deadline: float = REQUEST_DEADLINE_SECONDS) -> None:
        self.deadline = deadline
        self._waiting: dict[Any, float] = {}
        self._lock = threading.Lock()

    def waiting(self, connection: Any) -> None:
        with self._lock:
            self._waiting[connection] = time.monotonic()

    def answering(self, connection: Any) -> None:
        """Its request has arrived whole: from now on it is never let go."""
        with self._lock:
            self._waiting.pop(connection, None)

    def let_go_longest_waiting(self) -> bool:
        with self._lock:
            if not self._waiting:
                return False
            connection = min(self._waiting, key=self._waiting.__getitem__)
            del self._waiting[connection]
        _hang_up(connection)
        return True

    def let_go_overdue(self) -> None:
        """Every connection whose request has not arrived within the deadline."""
        now = time.monotonic()
        with self._lock:
            overdue = [c for c, since in self._waiting.items() if now - since > self.deadline]
            for connection in overdue:
                del self._waiting[connection]
        for connection in overdue:
            _hang_up(connection)


def _hang_up(connection: Any) -> None:
    """Ends the connection's reads at once: its thread sees the end and lets the slot go."""
    try:
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # already closed by its client


def opens_a_page(headers: Message) -> str | None:
    """Why this request for the page must not open one (None: it may). A browser says
    what the request is for (Fetch Metadata); one too old to say is judged by what it
    accepts, and by the site it comes from when it names one."""
    dest = headers.get("Sec-Fetch-Dest")
    mode = headers.get("Sec-Fetch-Mode")
    if dest is not None or mode is not None:
        if dest not in (None, "document") or mode not in (None, "navigate"):
            return f"the page opens only in a browser tab of its own, not as {dest or mode} of another page"
        if headers.get("Sec-Fetch-User") is None and headers.get("Sec-Fetch-Site") == "cross-site":
            return "another site cannot open the page by itself; type its address or follow a link to it"
        return None
    accept = headers.get("Accept")
    # An old browser's picture asks for "image/webp,*/*"; a program asks for "*/*" or nothing.
    if accept is not None and "text/html" not in accept and accept.strip() != "*/*":
        return "the page is HTML; this request does not accept it"
    return None
