"""Page streams compressed on a thread while the later pages are drawn.

ReportLab compresses every page's stream when it writes the file (canvas.save), one
after another: a third to a half of writing a book, and the last thing a build does,
after the pages' workers have ended and a core is idle (a cached 100-puzzle book's 55
streams took 0.10-0.15 s, issue 31). zlib gives up Python's lock while it compresses,
so here each page's stream is handed, as the page is finished, to a thread that
compresses it while the main thread draws the next; the file then takes the bytes made.

The bytes are ReportLab's: its page stream object, made as its page makes it when the
file is written (the same filter, named FlateDecode, over the stream's UTF-8 bytes,
zlib's default level), only made earlier, so the file is the same byte for byte.
"""

from __future__ import annotations

import queue
import threading
import zlib
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFStream


class _Compressed:
    """ReportLab's Flate filter for one stream, its result made by the thread."""

    pdfname = "FlateDecode"

    def __init__(self) -> None:
        self.data: bytes | BaseException | None = None

    def encode(self, _text: Any) -> bytes:
        if isinstance(self.data, BaseException):
            raise self.data
        assert self.data is not None, "PageStreams.finish() runs before the file is written"
        return self.data


class PageStreams:
    """A thread compressing each finished page's stream; finish() before canvas.save(),
    close() in any case (it ends the thread)."""

    def __init__(self) -> None:
        self._todo: queue.SimpleQueue[tuple[_Compressed, bytes] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="bookgen-page-streams", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while (item := self._todo.get()) is not None:
            made, data = item
            try:
                made.data = zlib.compress(data)
            except BaseException as exc:  # noqa: BLE001 - given to the main thread, raised there
                made.data = exc

    def take(self, canvas: Any) -> None:
        """The page canvas.showPage() just finished: its stream object made now, as its
        page would make it when the file is written (PDFPage.check_format), and its bytes
        given to the thread. A page ReportLab would not compress is left to ReportLab."""
        page = canvas._doc.Pages.pages[-1]
        stream = page.stream
        if not page.compression or page.Contents or not stream or rl_config.useA85:
            return
        made = _Compressed()
        contents = PDFStream(content=stream, filters=[made])
        contents.__Comment__ = "page stream"
        page.Contents = contents
        self._todo.put((made, stream.encode("utf8") if isinstance(stream, str) else stream))

    def finish(self) -> None:
        """Wait until every stream taken is compressed."""
        self.close()

    def close(self) -> None:
        if self._thread.is_alive():
            self._todo.put(None)
            self._thread.join()
