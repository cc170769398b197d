"""What the tests' recording pens share."""

from __future__ import annotations


class PolylinesByParts:
    """`Pen.polylines` as the calls it replaces: a two-point path as a line, a longer
    one as an open outline (so a recording pen records what it always did)."""

    def polylines(self, lines, weight):
        for points in lines:
            if len(points) == 2:
                self.line(points[0], points[1], weight)
            else:
                self.outline(points, weight, closed=False)
