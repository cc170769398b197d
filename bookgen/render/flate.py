"""Page streams compressed on several threads at once before the file is written.

ReportLab compresses every page's stream when it writes the file (canvas.save), one
after another: a third to a half of writing a book, and the last thing a build does,
after the pages' workers have ended and the other cores are idle (a cached 100-puzzle
book's 55 streams took 0.10-0.15 s, issue 31). zlib gives up Python's lock while it
compresses, so here the streams are shared out among threads that compress them at once,
just before the file is written, and the file then takes the bytes made. (Compressing
each page on a thread while the next was drawn cost more: the thread took Python's lock
back twice a page from a main thread that was drawing, and with the workers busy it often
waited for a core while holding it.)

The bytes are ReportLab's: its page stream object, made as its page makes it when the
file is written (the same filter, named FlateDecode, over the stream's UTF-8 bytes,
zlib's default level), only made earlier, so the file is the same byte for byte.
"""

from __future__ import annotations

import threading
import zlib
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFStream


class _Compressed:
    """ReportLab's Flate filter for one stream, its result made beforehand."""

    pdfname = "FlateDecode"

    def __init__(self, data: bytes) -> None:
        self.data = data

    def encode(self, _text: Any) -> bytes:
        return self.data


def compress_pages(canvas: Any, threads: int) -> None:
    """Every finished page's stream object made now, as its page would make it when the
    file is written (PDFPage.check_format), its bytes compressed by `threads` threads at
    once. A page ReportLab would not compress, or whose stream is made, is left to it."""
    pages = [page for page in canvas._doc.Pages.pages
             if page.compression and not page.Contents and page.stream and not rl_config.useA85]
    texts = [page.stream.encode("utf8") if isinstance(page.stream, str) else page.stream for page in pages]
    made: list[bytes | BaseException | None] = [None] * len(texts)

    def share(start: int) -> None:
        for k in range(start, len(texts), threads):
            try:
                made[k] = zlib.compress(texts[k])
            except BaseException as exc:  # noqa: BLE001 - raised in the calling thread below
                made[k] = exc

    helpers = [threading.Thread(target=share, args=(start,), name="bookgen-page-streams", daemon=True)
               for start in range(1, max(1, threads))]
    for helper in helpers:
        helper.start()
    try:
        share(0)
    finally:
        for helper in helpers:
            helper.join()
    for page, data in zip(pages, made):
        if isinstance(data, BaseException):
            raise data
        assert data is not None, "every share is compressed once its thread has ended"
        contents = PDFStream(content=page.stream, filters=[_Compressed(data)])
        contents.__Comment__ = "page stream"
        page.Contents = contents
