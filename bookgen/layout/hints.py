"""Worked first steps, after the answer key: for each puzzle of a section with
`hints: true`, its number and page, then the grader's first steps in plain words,
numbered, wrapped to the text column, and beside them the puzzle small, each step's
number shaded into the cells it writes in or crosses out in; page after page under a
running head."""

from __future__ import annotations

from bookgen.layout.heads import footer, running_head
from bookgen.layout.model import Book, Entry, Page, Placement, Rule, TextItem
from bookgen.layout.template import Template
from bookgen.layout.text import LEADING, Measure, ellipsized, wrap
from bookgen.puzzles.base import Hint

HINTS = "Stuck? The first steps"
# The small grid beside the steps: at most this share of the text column wide, and its
# cells at most this many points (a 4×4 stays small, a 9×9 stays readable).
GRID_SHARE = 0.24
GRID_CELL_MAX = 13.0


def hint_pages(entries: list[Entry], hints: dict[int, list[Hint]], first: int, page_of: dict[int, int], book: Book,
               tpl: Template, measure: Measure) -> list[Page]:
    """Pages numbered from `first`; a puzzle's steps are kept on one page."""
    pages: list[Page] = []
    texts, rules, top = _head(first, book, tpl, measure)
    grids: list[Placement] = []
    y = top
    for entry in entries:
        said = hints.get(entry.number)
        if not said:
            continue
        items, grid, height = _block(entry, said, page_of, tpl, measure)
        if y > top and y + height > tpl.text_bottom:
            pages.append(Page(first + len(pages), tuple(texts), tuple(grids), tuple(rules), None, "hints"))
            texts, rules, top = _head(first + len(pages), book, tpl, measure)
            grids, y = [], top
        texts += [TextItem(item.text, item.x, y + item.y, item.size, item.bold) for item in items]
        if grid is not None:
            grids.append(Placement(grid.number, grid.x, y + grid.y, grid.cell, False, grid.size, grid.marks))
        y += height + tpl.sizes.body * 0.8
    pages.append(Page(first + len(pages), tuple(texts), tuple(grids), tuple(rules), None, "hints"))
    return pages


def _head(number: int, book: Book, tpl: Template, measure: Measure) -> tuple[list[TextItem], list[Rule], float]:
    texts, rules, y = running_head(HINTS, tpl.header_for(book.title), tpl, measure)
    return texts + footer(number, book, tpl, measure), rules, y + tpl.gap * 0.3


def _block(entry: Entry, said: list[Hint], page_of: dict[int, int], tpl: Template,
           measure: Measure) -> tuple[list[TextItem], Placement | None, float]:
    """A puzzle's heading and numbered steps (baselines from the block's top), the small
    grid at the right (its top from the block's top) and the block's height."""
    size = tpl.sizes.body
    indent = measure("4.  ", size, False)
    grid = _grid(entry, said, tpl, size)
    width = tpl.content_width - (grid.size[0] * grid.cell + size * 1.5 if grid else 0.0)
    copy = f"{entry.section.copy} · " if entry.section.copy else ""
    heading = ellipsized(f"{copy}Puzzle {entry.shown} (page {page_of[entry.number]})", size, width, measure, True)
    y = size * 1.4
    items = [TextItem(heading, tpl.left, y, size, True)]
    for k, hint in enumerate(said, 1):
        y += size * LEADING
        items.append(TextItem(f"{k}.", tpl.left, y, size))
        for j, line in enumerate(wrap(hint.text, size, width - indent, measure)):
            y += 0.0 if j == 0 else size * LEADING
            items.append(TextItem(line, tpl.left + indent, y, size))
    bottom = y + size * 0.4  # the descenders of the last line
    if grid is not None:
        bottom = max(bottom, grid.y + grid.size[1] * grid.cell)
    return items, grid, bottom


def _grid(entry: Entry, said: list[Hint], tpl: Template, size: float) -> Placement | None:
    """The puzzle drawn small under the heading's line at the right, each step's number
    in the cells it touches (the first step's, where several touch one cell)."""
    cols, rows = entry.ptype.print_size(entry.puzzle)
    if not cols or not rows:
        return None
    cell = min(GRID_CELL_MAX, tpl.content_width * GRID_SHARE / cols)
    marks: dict[tuple[int, int], str] = {}
    for k, hint in enumerate(said, 1):
        for r, c in hint.cells:
            marks.setdefault((r, c), str(k))
    x = tpl.left + tpl.content_width - cols * cell
    return Placement(entry.number, x, size * 0.4, cell, False, (cols, rows), tuple(sorted(marks.items())))
