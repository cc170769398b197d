"""The composer's open pages (browser tabs): each with its token, its folder inside the
server's temporary folder and its builder; at most MAX_PAGES, the one opened and left (no
call made), then the least used, closed for a new one. And the one error a request gets."""

from __future__ import annotations

import secrets
import shutil
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

from bookgen.serve.builder import Builder

MAX_PAGES = 8  # pages (browser tabs) at once; the oldest is closed for a new one


class BadRequest(Exception):
    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Page:
    """One open page of the composer."""

    token: str
    folder: Path
    builder: Builder
    language: str = "en"  # the page's words (bookgen.serve.words)
    used: float = field(default_factory=time.monotonic)
    called: bool = False  # it has made a call: a page a browser really shows


class Pages:
    """The open pages, at most MAX_PAGES; each with its own folder and builder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._pages: dict[str, Page] = {}
        self._lock = threading.Lock()

    def open(self, language: str) -> Page:
        token = secrets.token_urlsafe(24)
        folder = self.root / token
        folder.mkdir()
        page = Page(token, folder, Builder(folder), language)
        with self._lock:
            self._pages[token] = page
            # Pages that never made a call go first (opened and left), then the least used.
            oldest = sorted(self._pages.values(), key=lambda p: (p.called, p.used))[:-MAX_PAGES]
            for old in oldest:
                del self._pages[old.token]
        for old in oldest:
            self._close(old)
        return page

    def get(self, token: str | None) -> Page:
        with self._lock:
            page = self._pages.get(token or "")
        if page is None:
            raise BadRequest(HTTPStatus.FORBIDDEN, "this page is no longer open on the server; reload it")
        page.used = time.monotonic()
        page.called = True
        return page

    def close_all(self) -> None:
        with self._lock:
            pages, self._pages = list(self._pages.values()), {}
        for page in pages:
            self._close(page)

    @staticmethod
    def _close(page: Page) -> None:
        page.builder.close()
        shutil.rmtree(page.folder, ignore_errors=True)
