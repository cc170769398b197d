"""A ReportLab canvas whose one-line strings cost a third of what they did.

A book draws thousands of short strings (a class set's 61 pages: 6,600, most a digit in
a grid), and ReportLab's drawString makes a text object for each, asks it for its
state, formats its origin, lays its text out line by line and joins it all: about
half of the drawing of a text-heavy book (issue 31). For the only case a book uses (a
TrueType face, no character or word spacing, no render mode, left to right, unshaped)
this canvas writes the same operators directly:

    BT 1 0 0 1 <x> <y> Tm <subset> <size> Tf <leading> TL (<chars>) Tj ... T* ET

byte for byte as ReportLab's text object writes them (its _formatText for a dynamic
font), with the characters given their subset codes by ReportLab's own splitString, in
the same order, so the fonts' subsets are the same. Anything else goes to ReportLab.
The tests compare the two canvases' bytes.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas


class BookCanvas(rl_canvas.Canvas):
    """ReportLab's canvas with drawString, drawCentredString and drawRightString written
    directly for a TrueType face (see the module's note)."""

    def _line(self, x: float, y: float, text: str, shift: float) -> bool:
        """Write `text` at (x - shift * its width, y); False when ReportLab must (not a
        TrueType face, or a canvas drawn top down)."""
        font = pdfmetrics.getFont(self._fontname)
        if not font._dynamicFont or not self.bottomup or not isinstance(text, str):
            return False
        size, doc = self._fontsize, self._doc
        if shift:
            x = x - shift * font.stringWidth(text, size)
        parts = []
        current = -1
        for subset, chars in font.splitString(text, doc):
            if subset != current:
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf {fp_str(self._leading)} TL")
                current = subset
            parts.append(f"({escapePDF(chars)}) Tj")
        self._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(parts)} T* ET")
        return True

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if args or kwargs or not self._line(x, y, text, 0.0):
            super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if args or kwargs or not self._line(x, y, text, 0.5):
            super().drawCentredString(x, y, text, *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        if args or kwargs or not self._line(x, y, text, 1.0):
            super().drawRightString(x, y, text, *args, **kwargs)
