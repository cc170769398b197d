"""The book's bookmarks: the title page, each student's set, each section with its
puzzles under it, and the answer key, in page order, so a reader of the PDF can jump
to any of them."""

from __future__ import annotations

from bookgen.language import ENGLISH, N_, Words
from bookgen.layout.answers import ANSWERS
from bookgen.layout.hints import HINTS
from bookgen.layout.laid import BookLayout, Entry, Mark

CONTENTS = N_("Title and contents")


def outline(layout: BookLayout, entries: list[Entry], words: Words = ENGLISH) -> tuple[Mark, ...]:
    """The bookmarks, in the book's language."""
    marks: list[Mark] = []
    if layout.pages and layout.pages[0].kind == "title":
        marks.append(Mark(words.gettext(CONTENTS), layout.pages[0].number, 0))
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
        marks.append(Mark(puzzle_mark(entry, words), page, depth + 1, tops[entry.number]))
    hint_pages = [page.number for page in layout.pages if page.kind == "hints"]
    ends = [(min(layout.answer_page_of.values()), ANSWERS)] if layout.answer_page_of else []
    ends += [(hint_pages[0], HINTS)] if hint_pages else []
    marks += [Mark(words.gettext(title), page, 0) for page, title in sorted(ends)]  # in page order
    return tuple(marks)


def puzzle_mark(entry: Entry, words: Words = ENGLISH) -> str:
    """"Puzzle 3: easy 4×4", as the label beside the puzzle reads."""
    described = entry.ptype.describe(entry.puzzle, words)
    level = words.gettext(entry.puzzle.difficulty) if entry.puzzle.difficulty else ""
    return words.gettext("Puzzle {number}: {level} {size}").format(number=entry.shown, level=level,
                                                                   size=described).replace("  ", " ").strip()


def _tops(layout: BookLayout) -> dict[int, float]:
    """Where each puzzle's label begins, in points from the top of its page: a bookmark
    opens the page with the puzzle at the top of the window."""
    band = layout.template.label_band
    return {p.number: max(0.0, p.y - band * 1.5) for page in layout.pages if page.kind != "hints"
            for p in page.placements if not p.answer}
