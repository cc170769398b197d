"""What a preview build shows before the book is made: how many puzzles are made so
far, and, for a class set, the first page at once.

A class set's first page is the first student's sheet, and that student's puzzles are
the first of the book (each copy's seeds are its own, repeats are replaced in book
order). So the first page is the first page of the same spec with the first student
alone: made from five puzzles instead of 140, in well under a second, and the same
pixels as the book's own page 1 (its puzzles, now in the puzzle cache, are then reused
by the whole book's build, so it costs the build nearly nothing). It is rasterised from
that real PDF, as every preview page is, and the page shows it until the book is done.

Both are files in the build's folder, replaced whole (written, then renamed), which
bookgen.serve.builder reads for the page while the build runs.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path

from bookgen.book_spec import BookSpec
from bookgen.errors import BookgenError

PROGRESS_NAME = "progress.json"
FIRST_PAGE = "first-1.png"
# The progress file is written at most this often (seconds), and when the last puzzle is made.
PROGRESS_EVERY = 0.2


class Progress:
    """The puzzles made so far out of `total`, and the first page's image once made."""

    def __init__(self, folder: Path, total: int) -> None:
        self.folder, self.total = folder, total
        self.made = 0
        self.first: str | None = None
        self._written = 0.0

    def done(self) -> None:
        self.made += 1
        if self.made == self.total or time.monotonic() - self._written >= PROGRESS_EVERY:
            self.write()

    def write(self) -> None:
        self._written = time.monotonic()
        temp = self.folder / f"{PROGRESS_NAME}.part"
        temp.write_text(json.dumps({"made": self.made, "of": self.total, "first": self.first}), encoding="utf-8")
        temp.rename(self.folder / PROGRESS_NAME)


def first_page(spec: BookSpec, folder: Path, dpi: int, jobs: int) -> bool:
    """For a set of two or more copies, the first page as FIRST_PAGE in `folder`, made
    from the first copy alone; False when there is nothing to gain (one book) or it
    could not be made (the whole build then says why)."""
    if len(spec.copies) < 2:
        return False
    import pypdfium2  # here: the server reads PROGRESS_NAME without loading it

    from bookgen.build import build

    first = dataclasses.replace(spec, copies=spec.copies[:1], students=spec.students[:1])
    pdf = folder / "first.pdf"
    try:
        build(first, pdf, None, jobs, None, use_cache=True)
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            image = document[0].render(scale=dpi / 72).to_pil()
        finally:
            document.close()
    except (BookgenError, OSError):
        return False
    finally:
        pdf.unlink(missing_ok=True)
    temp = folder / f"{FIRST_PAGE}.part"
    image.save(temp, format="PNG")
    temp.rename(folder / FIRST_PAGE)
    return True
