"""Draw a book's full-wrap cover (planned by bookgen.publish.cover) with ReportLab: the
title and author on the front, the title along the spine where it is wide enough, the
barcode's area on the back left clear. Lengths in points, y measured down from the top."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from bookgen.layout.laid import Entry
from bookgen.render.fonts import Fonts
from bookgen.render.pdf import PdfPen

TITLE_PT, SUBTITLE_PT, AUTHOR_PT, SMALLEST_PT = 30.0, 15.0, 16.0, 9.0
SPINE_MARGIN = 0.0625 * 72  # KDP: spine text 0.0625 in clear of each fold


@dataclass(frozen=True)
class CoverPlan:
    """A cover's measures, in points."""

    width: float
    height: float
    bleed: float
    trim_width: float
    spine: float
    safe: float
    title: str
    subtitle: str
    author: str
    spine_text: bool
    picture: tuple[Any, float, float, float, float] | None  # image, x, y, width, height
    barcode: tuple[float, ...]  # x, y, width, height: nothing is drawn there
    # Without a picture, the book's first puzzle on the front: (entry, x, y, cell), drawn
    # by its type as in the book.
    sample: tuple[Entry, float, float, float] | None = None


def _fitted(text: str, font: str, size: float, room: float) -> float:
    """The biggest size up to `size` at which `text` fits `room` (never below SMALLEST_PT)."""
    width = pdfmetrics.stringWidth(text, font, size)
    return size if width <= room else max(SMALLEST_PT, size * room / width)


def draw_cover(plan: CoverPlan, path: Path, fonts: Fonts) -> None:
    canvas = rl_canvas.Canvas(str(path), pagesize=(plan.width, plan.height), invariant=1,
                              initialFontName=fonts.checked("", False).pdf_name)
    canvas.setTitle(plan.title)
    canvas.setAuthor(plan.author)
    front = plan.bleed + plan.trim_width + plan.spine
    middle = front + plan.trim_width / 2
    room = plan.trim_width - 2 * plan.safe

    def line(text: str, size: float, bold: bool, y: float, x: float = middle, width: float = room) -> None:
        font = fonts.checked(text, bold).pdf_name
        canvas.setFont(font, _fitted(text, font, size, width))
        canvas.drawCentredString(x, plan.height - y, text)

    top = plan.bleed + plan.safe
    line(plan.title, TITLE_PT, True, top + TITLE_PT * 2)
    if plan.subtitle:
        line(plan.subtitle, SUBTITLE_PT, False, top + TITLE_PT * 2 + SUBTITLE_PT * 2)
    if plan.author:
        line(plan.author, AUTHOR_PT, False, plan.height - plan.bleed - plan.safe - AUTHOR_PT)
    if plan.picture is not None:
        image, x, y, width, height = plan.picture
        canvas.drawImage(ImageReader(image), x, plan.height - y - height, width, height)
    elif plan.sample is not None:
        entry, x, y, cell = plan.sample
        entry.ptype.draw(entry.puzzle, PdfPen(canvas, plan.height, x, y, cell, fonts), None, None)
    if plan.spine_text:
        text = f"{plan.title}   {plan.author}".strip()
        font = fonts.checked(text, True).pdf_name
        across = plan.spine - 2 * SPINE_MARGIN
        size = min(TITLE_PT / 2, across * 0.7)
        size = _fitted(text, font, size, plan.height - 2 * (plan.bleed + plan.safe))
        canvas.saveState()
        canvas.translate(plan.bleed + plan.trim_width + plan.spine / 2 - size * 0.35, plan.height / 2)
        canvas.rotate(-90)
        canvas.setFont(font, size)
        canvas.drawCentredString(0, 0, text)
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
