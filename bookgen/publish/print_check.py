"""`bookgen check --print`: the book built and its PDF read back for what a print-on-
demand interior is checked for: every page the trim size (with bleed where asked),
every font embedded, every picture at least 300 pixels an inch at the size it prints,
nothing inside the margin the printer may cut or bind into (the safe area: 0.375 in
from the trim with bleed, 0.25 in without), an even number of pages.

No PDF/X or PDF/A validator is used: veraPDF (the reference one) is a Java program, not
on the package registries this project installs from.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pypdfium2.raw as raw

from bookgen.book_spec import BookSpec
from bookgen.build import build
from bookgen.errors import BookgenError
from bookgen.paper import BLEED_IN, INCH, SAFE_BLEED_IN, SAFE_IN, size_mm

MIN_PPI = 300.0
TOLERANCE = 0.05  # points: a page size or position within this is on the mark
# PDFium's bounds of a mark, rounded: a mark this near the safe line is on it.
INK_SLACK = 0.25
# What is looked for outside the safe area, by PDFium's kinds of page object.
KINDS = {raw.FPDF_PAGEOBJ_TEXT: "texts", raw.FPDF_PAGEOBJ_PATH: "lines and shapes",
         raw.FPDF_PAGEOBJ_IMAGE: "pictures"}


class PrintCheckFailed(BookgenError):
    """What a print shop would refuse, a line each (exit 1)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems

    def lines(self) -> list[str]:
        return self.problems


@dataclass(frozen=True)
class Report:
    """What the print check found of a built PDF."""

    pages: int
    page_size: tuple[float, float]  # inches
    trim: tuple[float, float]  # inches
    bleed: bool
    fonts: int
    pictures: int
    lowest_ppi: float | None
    problems: tuple[str, ...]

    def lines(self) -> list[str]:
        w, h = self.page_size
        said = [f"pages: {self.pages} ({'even' if self.pages % 2 == 0 else 'odd'}), "
                f"{w:.3f} x {h:.3f} in ({self.trim[0]:.3f} x {self.trim[1]:.3f} in trim"
                f"{' + 0.125 in bleed on the outside, top and bottom' if self.bleed else ', no bleed'})",
                f"fonts: {self.fonts}, all embedded" if not any("font" in p for p in self.problems)
                else f"fonts: {self.fonts}",
                f"pictures: {self.pictures}" + (f", the lowest at {self.lowest_ppi:.0f} ppi" if self.lowest_ppi else ""),
                f"safe area: every mark at least {SAFE_BLEED_IN if self.bleed else SAFE_IN} in inside the trim"
                if not any("safe area" in p for p in self.problems) else "safe area: see below"]
        return said


def check_book(spec: BookSpec, jobs: int = 1) -> Report:
    """Build the book into a private folder and read its PDF back."""
    with tempfile.TemporaryDirectory(prefix=".bookgen-check.") as work:
        pdf = Path(work) / "book.pdf"
        build(spec, pdf, None, jobs, None, use_cache=True)
        return check_pdf(pdf, spec.paper, spec.publishing.bleed)


def check_pdf(pdf: Path, paper: str, bleed: bool) -> Report:
    """Read a book's PDF back with PDFium (the previews' reader, part of the runtime)."""
    width_mm, height_mm = size_mm(paper) or (0.0, 0.0)
    trim = (width_mm / 25.4, height_mm / 25.4)
    extra = BLEED_IN if bleed else 0.0
    expected = ((trim[0] + extra) * INCH, (trim[1] + 2 * extra) * INCH)
    safe = (SAFE_BLEED_IN if bleed else SAFE_IN) * INCH - INK_SLACK
    problems: list[str] = []
    fonts: dict[str, bool] = {}
    pictures, lowest, no_trim_box = 0, None, []
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        count = len(document)
        if count % 2:
            problems.append(f"an odd number of pages ({count}); a printed book has an even number")
        for number in range(1, count + 1):
            page = document[number - 1]
            size = page.get_mediabox()[2:]
            if abs(size[0] - expected[0]) > TOLERANCE or abs(size[1] - expected[1]) > TOLERANCE:
                problems.append(f"page {number}: {size[0] / INCH:.3f} x {size[1] / INCH:.3f} in, expected "
                                f"{expected[0] / INCH:.3f} x {expected[1] / INCH:.3f} in")
                continue
            # A right-hand (odd) page bleeds on its right, a left-hand page on its left.
            left = extra * INCH if number % 2 == 0 else 0.0
            trim_box = (left, extra * INCH, left + trim[0] * INCH, extra * INCH + trim[1] * INCH)
            if bleed and any(abs(a - b) > TOLERANCE for a, b in zip(page.get_trimbox(), trim_box)):
                no_trim_box.append(number)
            box = (trim_box[0] + safe, trim_box[1] + safe, trim_box[2] - safe, trim_box[3] - safe)
            outside: dict[str, int] = {}
            found = []
            for item in page.get_objects():
                kind = KINDS.get(item.type)
                if kind is None:
                    continue
                x0, y0, x1, y1 = item.get_bounds()
                if x0 < box[0] or y0 < box[1] or x1 > box[2] or y1 > box[3]:
                    outside[kind] = outside.get(kind, 0) + 1
                if item.type == raw.FPDF_PAGEOBJ_TEXT:
                    font = item.get_font()
                    name = font.get_base_name()
                    fonts[name] = fonts.get(name, False) or bool(font.is_embedded)
                elif item.type == raw.FPDF_PAGEOBJ_IMAGE:
                    pixels = item.get_px_size()
                    found.append(min(pixels[0] / max(x1 - x0, 1e-6), pixels[1] / max(y1 - y0, 1e-6)) * INCH)
            if outside:
                said = ", ".join(f"{n} {kind}" for kind, n in outside.items())
                problems.append(f"page {number}: {said} outside the safe area")
            low = [ppi for ppi in found if ppi < MIN_PPI]
            pictures += len(found)
            if found:
                lowest = min(found) if lowest is None else min(lowest, *found)
            if low:
                problems.append(f"page {number}: {len(low)} picture{'s' if len(low) > 1 else ''} print at "
                                f"{min(low):.0f} ppi or less (at least {MIN_PPI:.0f} needed)")
    finally:
        document.close()
    if no_trim_box:
        shown = ", ".join(map(str, no_trim_box[:5])) + ("…" if len(no_trim_box) > 5 else "")
        problems.append(f"pages {shown}: no trim box of the trim's size")
    problems[:0] = [f"the font {name} is not embedded" for name, embedded in fonts.items() if not embedded]
    return Report(count, (expected[0] / INCH, expected[1] / INCH), trim, bleed, len(fonts), pictures, lowest,
                  tuple(problems))


def print_check(spec: BookSpec) -> list[str]:
    """The check's lines; PrintCheckFailed listing every problem found."""
    report = check_book(spec, os.cpu_count() or 1)
    if report.problems:
        raise PrintCheckFailed(list(report.problems))
    return report.lines()
