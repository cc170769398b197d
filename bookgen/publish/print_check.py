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
from typing import Any

import pdfplumber
import pypdf

from bookgen.book_spec import BookSpec
from bookgen.build import build
from bookgen.errors import BookgenError
from bookgen.paper import BLEED_IN, INCH, SAFE_BLEED_IN, SAFE_IN, size_mm

MIN_PPI = 300.0
TOLERANCE = 0.05  # points: a page size or position within this is on the mark
# A grid's outer line is drawn centred on its edge; an ink mark counts from where it is
# drawn, so nothing on a page may come nearer the trim than the safe distance less this.
INK_SLACK = 0.5


class PrintCheckFailed(BookgenError):
    """What a print shop would refuse, a line each (exit 1)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems

    def lines(self) -> list[str]:
        return self.problems


@dataclass(frozen=True)
class Report:
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
    width_mm, height_mm = size_mm(paper) or (0.0, 0.0)
    trim = (width_mm / 25.4, height_mm / 25.4)
    extra = BLEED_IN if bleed else 0.0
    expected = ((trim[0] + extra) * INCH, (trim[1] + 2 * extra) * INCH)
    safe = (SAFE_BLEED_IN if bleed else SAFE_IN) * INCH - INK_SLACK
    problems: list[str] = []
    reader = pypdf.PdfReader(str(pdf))
    fonts = _fonts(reader, problems)
    if bleed:
        problems += _trim_boxes(reader, trim, extra * INCH)
    if len(reader.pages) % 2:
        problems.append(f"an odd number of pages ({len(reader.pages)}); a printed book has an even number")
    pictures, lowest = 0, None
    with pdfplumber.open(str(pdf)) as document:
        for number, page in enumerate(document.pages, 1):
            size = (float(page.width), float(page.height))
            if abs(size[0] - expected[0]) > TOLERANCE or abs(size[1] - expected[1]) > TOLERANCE:
                problems.append(f"page {number}: {size[0] / INCH:.3f} x {size[1] / INCH:.3f} in, expected "
                                f"{expected[0] / INCH:.3f} x {expected[1] / INCH:.3f} in")
                continue
            # A right-hand (odd) page bleeds on its right, a left-hand page on its left.
            left = extra * INCH if number % 2 == 0 else 0.0
            box = (left + safe, extra * INCH + safe, left + trim[0] * INCH - safe, extra * INCH + trim[1] * INCH - safe)
            outside = _outside(page, box)
            if outside:
                problems.append(f"page {number}: {outside} outside the safe area")
            found = [_ppi(image) for image in page.images]
            low = [ppi for ppi in found if ppi < MIN_PPI]
            pictures += len(found)
            if found:
                lowest = min(found) if lowest is None else min(lowest, *found)
            if low:
                problems.append(f"page {number}: {len(low)} picture{'s' if len(low) > 1 else ''} print at "
                                f"{min(low):.0f} ppi or less (at least {MIN_PPI:.0f} needed)")
    return Report(len(reader.pages), (expected[0] / INCH, expected[1] / INCH), trim, bleed, fonts, pictures, lowest,
                  tuple(problems))


def _trim_boxes(reader: pypdf.PdfReader, trim: tuple[float, float], bleed: float) -> list[str]:
    """Pages that bleed must say where the trim is (a TrimBox of the trim's size)."""
    wrong = [number for number, page in enumerate(reader.pages, 1) if "/TrimBox" not in page
             or abs(float(page.trimbox.width) - trim[0] * INCH) > TOLERANCE
             or abs(float(page.trimbox.height) - trim[1] * INCH) > TOLERANCE
             or abs(float(page.trimbox.bottom) - bleed) > TOLERANCE]
    return [f"pages {', '.join(map(str, wrong[:5]))}{'…' if len(wrong) > 5 else ''}: no trim box of the trim's size"] \
        if wrong else []


def _fonts(reader: pypdf.PdfReader, problems: list[str]) -> int:
    """How many fonts the pages use; a problem for each one not embedded."""
    seen: dict[str, bool] = {}
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        for ref in (fonts.get_object().values() if fonts is not None else []):
            font = ref.get_object()
            name = str(font.get("/BaseFont"))
            seen[name] = seen.get(name, False) or _embedded(font)
    for name, embedded in seen.items():
        if not embedded:
            problems.append(f"the font {name} is not embedded")
    return len(seen)


def _embedded(font: Any) -> bool:
    descriptor = font.get("/FontDescriptor")
    if descriptor is None and "/DescendantFonts" in font:
        descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _outside(page: Any, box: tuple[float, float, float, float]) -> str:
    """What on the page lies outside `box` (x0, top, x1, bottom in points): "2 letters", or ""."""
    x0, top, x1, bottom = box
    found = []
    for kind, items in (("letters", page.chars), ("lines", page.lines), ("shapes", page.rects + page.curves),
                        ("pictures", page.images)):
        count = sum(1 for item in items if item["x0"] < x0 or item["x1"] > x1 or item["top"] < top
                    or item["bottom"] > bottom)
        if count:
            found.append(f"{count} {kind}")
    return ", ".join(found)


def _ppi(image: dict[str, Any]) -> float:
    """A picture's pixels an inch where it prints (the lower of its two ways)."""
    pixels_w, pixels_h = image["srcsize"]
    width_in = max(float(image["x1"] - image["x0"]), 1e-6) / INCH
    height_in = max(float(image["bottom"] - image["top"]), 1e-6) / INCH
    return min(pixels_w / width_in, pixels_h / height_in)


def print_check(spec: BookSpec) -> list[str]:
    """The check's lines; PrintCheckFailed listing every problem found."""
    report = check_book(spec, os.cpu_count() or 1)
    if report.problems:
        raise PrintCheckFailed(list(report.problems))
    return report.lines()
