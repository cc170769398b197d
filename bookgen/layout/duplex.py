"""Books printed on both sides of the paper (`duplex: true`).

Page 1 is a right-hand page. A left-hand (even) page is bound on its right edge, so its
binding margin is there: everything on it moves by the difference of the two margins
(the content keeps its width). Each part of the book (a section, a student's set, the
answers, the hints) starts on a right-hand page, a blank page before it where needed,
so a set or a section can be pulled out of the stack without taking another's back.
"""

from __future__ import annotations

import dataclasses

from bookgen.layout.laid import Page
from bookgen.layout.model import Book
from bookgen.layout.template import Template


def to_right_hand(book: Book, next_number: int) -> list[Page]:
    """The blank page that puts the next part on a right-hand page, or none."""
    if book.left_hand(next_number):
        return [Page(next_number, kind="blank")]
    return []


def mirrored(page: Page, tpl: Template) -> Page:
    """A left-hand page laid out as a right-hand one, moved so that its binding margin is
    on the right: the content's left edge lands on the outer margin."""
    dx = tpl.right - tpl.left
    if not dx:
        return page
    return dataclasses.replace(
        page,
        texts=tuple(dataclasses.replace(t, x=t.x + dx) for t in page.texts),
        placements=tuple(dataclasses.replace(p, x=p.x + dx) for p in page.placements),
        rules=tuple(dataclasses.replace(r, x1=r.x1 + dx, x2=r.x2 + dx) for r in page.rules),
    )
