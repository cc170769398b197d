"""What the tests' recording pens share."""

from __future__ import annotations

from bookgen.language import ENGLISH


class PolylinesByParts:
    """`Pen.polylines` as the calls it replaces: a two-point path as a line, a longer
    one as an open outline (so a recording pen records what it always did); and the
    Pen's two attributes: the words of an English book, and no size on paper."""

    words = ENGLISH
    cell: float | None = None

    def polylines(self, lines, weight):
        for points in lines:
            if len(points) == 2:
                self.line(points[0], points[1], weight)
            else:
                self.outline(points, weight, closed=False)
