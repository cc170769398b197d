"""A printed book's interior (a trim size from bookgen.paper, or any paper with `bleed:`):
pages that bleed, margins that keep every word in the safe area, an inside margin that
grows with the page count, and an even number of pages.

The page count is known only once the book is laid out, and the inside margin changes
how much a page holds; so the book is laid out at the margin of its first guess and
again while the count it comes to asks for another margin (a bracket of KDP's table is
150 pages wide or more, so this ends after one or two more passes).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable

from bookgen.layout.template import Template
from bookgen.paper import BLEED_IN, INCH, SAFE_BLEED_IN, SAFE_IN, gutter_inches

if TYPE_CHECKING:  # a whole book's layout, which a check never makes (start-up)
    from bookgen.layout.laid import BookLayout

# The footer's type reaches below its baseline by about this share of its size (descenders).
DESCENT = 0.3
# A grid fills its slot to the content's edge and its outer lines are drawn centred on it,
# with square caps and mitred corners: a small grid's border (3.5/40 of a 25 mm cell,
# 6.2 pt) reaches past the margin by up to 4.4 pt at a corner. Every printed margin keeps
# this much more, so the ink stays in the safe area.
INK = 5.0
MOST_PASSES = 4


def for_print(tpl: Template, bleed: bool, pages: int) -> Template:
    """The template on a printed book's page: `bleed` adds BLEED_IN on the outside, top
    and bottom edges (a right-hand page's outside is its right; left-hand pages are
    mirrored by the duplex layout); every margin at least the safe distance from the
    trim, the binding margin KDP's for `pages` pages (each with room for a line's ink)."""
    extra = BLEED_IN * INCH if bleed else 0.0
    safe = (SAFE_BLEED_IN if bleed else SAFE_IN) * INCH + INK
    low = max(tpl.sizes.footer, tpl.sizes.stamp) * DESCENT
    return dataclasses.replace(
        tpl,
        width=tpl.width + extra,
        height=tpl.height + 2 * extra,
        top=max(tpl.top, safe) + extra,
        bottom=max(tpl.bottom, safe + low) + extra,
        right=max(tpl.right, safe) + extra,
        left=max(gutter_inches(pages) * INCH + INK, safe),
        bleed=extra,
    )


def printed(lay: Callable[[int], BookLayout]) -> BookLayout:
    """The book laid out by `lay(pages)` (on its templates for a book of that many pages)
    made a printed book's: at the inside margin its own page count asks for, with a
    blank page at the end when the count is odd."""
    guess = 0
    for _ in range(MOST_PASSES):
        layout = lay(guess)
        count = len(layout.pages) + len(layout.pages) % 2
        if gutter_inches(count) == gutter_inches(guess):
            break
        guess = count
    return even(layout)


def even(layout: BookLayout) -> BookLayout:
    """The layout with a blank last page when its count is odd (a sheet has two sides)."""
    if len(layout.pages) % 2 == 0:
        return layout
    from bookgen.layout.laid import Page

    blank = Page(len(layout.pages) + 1, kind="blank")
    return dataclasses.replace(layout, pages=layout.pages + (blank,))
