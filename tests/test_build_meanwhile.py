"""While workers make the puzzles, the build reads its faces for drawing, once, at the
first puzzle made; the progress callback still hears of every puzzle, and a face that
cannot be read is left for drawing to report."""

from __future__ import annotations

from bookgen.build import _meanwhile
from bookgen.errors import FontError


class _Face:
    def __init__(self, broken: bool = False) -> None:
        self.reads, self.broken = 0, broken

    def font(self) -> None:
        self.reads += 1
        if self.broken:
            raise FontError("cannot read it")


class _Fonts:
    def __init__(self, regular: _Face, bold: _Face) -> None:
        self.regular, self.bold = regular, bold


def test_faces_are_read_once_at_the_first_puzzle_and_every_puzzle_is_counted() -> None:
    fonts, counted = _Fonts(_Face(), _Face(broken=True)), []
    step = _meanwhile(fonts, lambda: counted.append(1))  # type: ignore[arg-type]
    assert fonts.regular.reads == fonts.bold.reads == 0
    for _ in range(3):
        step()
    assert counted == [1, 1, 1]
    assert fonts.regular.reads == 1 and fonts.bold.reads == 1  # the broken face is not retried here


def test_no_progress_callback_still_reads_the_faces() -> None:
    fonts = _Fonts(_Face(), _Face())
    _meanwhile(fonts, None)()  # type: ignore[arg-type]
    assert fonts.regular.reads == fonts.bold.reads == 1
