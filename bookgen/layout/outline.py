"""The book's bookmarks: the title page, each student's set, each section with its
puzzles under it, and the answer key, in page order, so a reader of the PDF can jump
to any of them."""

from __future__ import annotations

from bookgen.layout.answers import ANSWERS
from bookgen.layout.hints import HINTS
from bookgen.layout.model import BookLayout, Entry, Mark

CONTENTS = "Title and contents"


def outline(layout: BookLayout, entries: list[Entry]) -> tuple[Mark, ...]:
    marks: list[Mark] = []
    if layout.pages and layout.pages[0].kind == "title":
        marks.append(Mark(CONTENTS, layout.pages[0].number, 0))
    tops = _tops(layout)
    copy, section = None, None
    for entry in entries:
        page = layout.page_of[entry.number]
        depth = 1 if entry.section.copy else 0
        if entry.section.copy and entry.section.copy != copy:
            copy = entry.section.copy
            marks.append(Mark(copy, page, 0, tops[entry.number]))
            section = None
        if entry.section.index != section:
            section = entry.section.index
            marks.append(Mark(entry.section_title, page, depth, tops[entry.number]))
        marks.append(Mark(puzzle_mark(entry), page, depth + 1, tops[entry.number]))
    if layout.answer_page_of:
        marks.append(Mark(ANSWERS, min(layout.answer_page_of.values()), 0))
    hint_pages = [page.number for page in layout.pages if page.kind == "hints"]
    if hint_pages:
        marks.append(Mark(HINTS, hint_pages[0], 0))
    return tuple(marks)


def puzzle_mark(entry: Entry) -> str:
    """"Puzzle 3: easy 4×4", as the label beside the puzzle reads."""
    described = entry.ptype.describe(entry.puzzle)
    return f"Puzzle {entry.shown}: {entry.puzzle.difficulty} {described}".rstrip()


def _tops(layout: BookLayout) -> dict[int, float]:
    """Where each puzzle's label begins, in points from the top of its page: a bookmark
    opens the page with the puzzle at the top of the window."""
    band = layout.template.label_band
    return {p.number: max(0.0, p.y - band * 1.5) for page in layout.pages if page.kind != "hints"
            for p in page.placements if not p.answer}
