"""`bookgen cover`: the book's full-wrap cover, one PDF: bleed, back, spine, front, bleed.

Its sizes are KDP's cover guide's: the spine's width from the interior's page count
(white paper 0.002252 in a page, cream 0.0025 in; bookgen.paper.spine_inches), 0.125 in
of bleed on every edge, a spine title only from 100 pages up (a thinner spine cannot
hold one legibly), and a clear area on the back for the barcode the printer adds (2 x
1.2 in at the back's lower right, 0.25 in in from the trim and the spine). A cover picture is placed on the front and must have at least
300 pixels an inch at the size it prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bookgen.book_spec import BookSpec
from bookgen.build import book_layout
from bookgen.errors import SpecError, Problem
from bookgen.font_choice import fonts_for
from bookgen.generation import generate_all
from bookgen.paper import BLEED_IN, INCH, SAFE_BLEED_IN, size_mm, spine_inches
from bookgen.pictures import PictureError, read_picture
from bookgen.render.cover import CoverPlan, draw_cover

STOCKS = ("white", "cream")
MIN_PPI = 300
SPINE_TITLE_PAGES = 100
BARCODE_IN = (2.0, 1.2)
BARCODE_INSET_IN = 0.25


@dataclass(frozen=True)
class CoverSize:
    """The cover's geometry in inches."""

    trim: tuple[float, float]
    spine: float

    @property
    def width(self) -> float:
        return 2 * BLEED_IN + 2 * self.trim[0] + self.spine

    @property
    def height(self) -> float:
        return self.trim[1] + 2 * BLEED_IN


def cover_size(paper: str, pages: int, stock: str) -> CoverSize:
    width_mm, height_mm = size_mm(paper) or (0.0, 0.0)
    return CoverSize((width_mm / 25.4, height_mm / 25.4), spine_inches(pages, stock))


def make_cover(spec: BookSpec, output: Path, stock: str, jobs: int = 1) -> tuple[int, CoverSize]:
    """Build the interior (its page count), then write the cover; the page count and size."""
    fonts = fonts_for(spec)
    entries = generate_all(spec, jobs, None, use_cache=True)
    pages = len(book_layout(spec, entries, fonts)[0].pages)
    size = cover_size(spec.paper, pages, stock)
    front_x = BLEED_IN + size.trim[0] + size.spine
    safe = SAFE_BLEED_IN
    picture = None
    if spec.publishing.cover_image is not None:
        box = (front_x + safe, BLEED_IN + size.trim[1] * 0.35, size.trim[0] - 2 * safe, size.trim[1] * 0.45)
        try:
            image = read_picture(spec.publishing.cover_image)
        except PictureError as exc:
            raise SpecError(Problem(spec.location("cover_image"), "cover_image", str(exc))) from None
        width, height = image.size
        scale = min(box[2] / width, box[3] / height)
        printed = (width * scale, height * scale)
        ppi = width / printed[0]
        if ppi < MIN_PPI:
            raise SpecError(Problem(spec.location("cover_image"), "cover_image",
                                    f"the picture prints at {ppi:.0f} ppi ({width}x{height} pixels over "
                                    f"{printed[0]:.2f}x{printed[1]:.2f} in); a printer needs at least {MIN_PPI}: "
                                    f"give one of at least {round(printed[0] * MIN_PPI)} pixels across"))
        picture = (image, box[0] + (box[2] - printed[0]) / 2, box[1], printed[0], printed[1])
    barcode = (BLEED_IN + size.trim[0] - BARCODE_INSET_IN - BARCODE_IN[0],
               BLEED_IN + size.trim[1] - BARCODE_INSET_IN - BARCODE_IN[1], *BARCODE_IN)
    sample = None
    if picture is None and entries:
        first = entries[0]
        cols, rows = first.ptype.print_size(first.puzzle)
        room = (size.trim[0] - 2 * safe) * 0.8 * INCH
        cell = min(room / cols, size.trim[1] * 0.45 * INCH / rows)
        x = (front_x + size.trim[0] / 2) * INCH - cols * cell / 2
        y = (BLEED_IN + size.trim[1] * 0.55) * INCH - rows * cell / 2
        sample = (first, x, y, cell)
    plan = CoverPlan(width=size.width * INCH, height=size.height * INCH, bleed=BLEED_IN * INCH,
                     trim_width=size.trim[0] * INCH, spine=size.spine * INCH, safe=safe * INCH,
                     title=spec.title, subtitle=spec.subtitle, author=spec.author,
                     spine_text=pages >= SPINE_TITLE_PAGES,
                     picture=None if picture is None else (picture[0], *(v * INCH for v in picture[1:])),
                     barcode=tuple(v * INCH for v in barcode), sample=sample)
    draw_cover(plan, output, fonts)
    return pages, size
