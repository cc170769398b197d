"""Page use: the share of each puzzle page's text area (the paper inside its margins)
covered by puzzle drawings, averaged over the puzzle pages of each sample book.

Run: python bench/page_use.py [spec.yaml ...] [--json]   (default: every book in samples/)

Before the layout engine (main at eebe960, one puzzle a page unless per_page was given,
fixed cells, grids at the top of their slots), measured the same way on the samples as
they then were: classroom 36% (11 pages), kenken 35% (11 pages), sliding 40% (9 pages).
After: classroom 50% (11 pages), kenken 51% (10), sliding 56% (10, now with move boxes
and a page of cut-out tiles), worksheet 51%, large-print 45%.
With sections shared out evenly over their pages and small grids allowed 25 mm cells
(issue 21): classroom 50% -> 51%, kenken 51% -> 54%, worksheet 51% -> 59%; killer 53%,
large-print 46%, sliding 54%, variety 54% unchanged; page counts unchanged.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from benchlib import Report, add_json_flag

from bookgen.book_sections import book_of, page_template
from bookgen.generation import generate_all
from bookgen.layout.pages import lay_out
from bookgen.render.pdf import measure
from bookgen.spec import load

ROOT = Path(__file__).resolve().parent.parent


def page_use(path: Path) -> tuple[float, int, int]:
    """(mean share of the text area covered, puzzle pages, all pages)."""
    spec = load(path)
    tpl = page_template(spec)
    layout = lay_out(book_of(spec), generate_all(spec, 1), tpl, measure)
    area = tpl.content_width * (tpl.height - tpl.top - tpl.bottom)
    shares = []
    for page in layout.pages:
        drawings = [p for p in page.placements if not p.answer]
        if drawings:
            shares.append(sum(p.size[0] * p.size[1] * p.cell ** 2 for p in drawings) / area)
    return sum(shares) / len(shares), len(shares), len(layout.pages)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="Page use of sample books")
    parser.add_argument("specs", nargs="*", type=Path)
    add_json_flag(parser)
    args = parser.parse_args(argv)
    report = Report(args.json)
    books = []
    for path in args.specs or sorted((ROOT / "samples").glob("*.yaml")):
        share, puzzle_pages, pages = page_use(path)
        shown = path.resolve().relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else path.name
        books.append({"spec": shown, "page_use_percent": round(share * 100, 1), "puzzle_pages": puzzle_pages,
                      "pages": pages})
        report.say(f"{path.name:<20} page use {share * 100:4.0f}%   {puzzle_pages} puzzle pages, {pages} pages in all")
    report.done({"books": books})


if __name__ == "__main__":
    main(sys.argv[1:])
