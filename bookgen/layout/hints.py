"""Worked first steps ("Stuck?"), for a child: for each puzzle of a section with
`hints: true`, its number and page, then the grader's first steps in short numbered
sentences, and beside them the puzzle drawn big enough to read, its rows numbered down
the left and its columns along the top (the sentences name squares by row and column),
each step's number in the squares it writes in or crosses out in, and there the pencil
marks the step crosses out, struck through (a child has no pencil marks of their own to
cross out). Steps that each carry their own picture (a sliding puzzle's board after each
move) go side by side instead, each numbered sentence over its picture. Page after page
under a running head.

Where: these pages come straight after the puzzles, before the answer key. A child who
is stuck turns to them without passing the answers on the way, and a teacher who keeps
the key back still tears off only the last pages.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bookgen.language import ENGLISH, N_, Words
from bookgen.layout.duplex import to_right_hand
from bookgen.layout.heads import footer, running_head
from bookgen.layout.laid import Entry, Page, Placement
from bookgen.layout.model import Book, Rule, TextItem
from bookgen.layout.template import Template
from bookgen.layout.text import LEADING, Measure, ellipsized, wrap
from bookgen.puzzles.hint import Hint, StepMarks
from bookgen.puzzles.worked import WorkedSteps, worked_steps

HINTS = N_("Stuck? The first steps")
# The grid beside the steps: at most this share of the text column wide, its cells at
# most this many points (about 10.6 mm; a 9x9 is held to the share, about 60 mm across on A4; its KenKen
# clues and pencil marks still legible), and at least this many, below which the steps
# go under the grid instead of beside it.
GRID_SHARE = 0.42
GRID_CELL_MAX = 30.0
GRID_CELL_MIN = 11.0
# Steps that each carry their own picture (a sliding board after each move) go side by
# side, this many to a row, each sentence over its picture, the columns STRIP_GAP body
# sizes apart; a picture's cells at most this many points (about 8.5 mm: a 6x6 board
# still fits a quarter of the text column).
STRIP_COLUMNS = 4
STRIP_GAP = 1.5
STRIP_CELL_MAX = 24.0
STRIP_BOOK_BODY = 10.0  # the body size (a book's) at which that cap holds; larger type raises it
# A drawing much taller than wide (a tredoku staircase) is held to this share of the
# page's text height, so a page still holds more than one puzzle's steps.
GRID_HEIGHT_SHARE = 0.45
# The smallest print a child reads on a hint page, in points, and the largest share of
# the type size a font's capitals take (Atkinson 0.67, Noto 0.71): drawings are sized
# from their smallest text in cells with it.
READABLE = 6.0
CAP_HEIGHT = 0.75
# Row and column numbers: their size as a share of the cell (at most the body size),
# and their distance from the grid, in their own sizes.
NUMBER_SHARE = 0.45
NUMBER_GAP = 0.5


def hint_pages(entries: list[Entry], hints: dict[int, list[Hint]], first: int, page_of: dict[int, int], book: Book,
               tpl: Template, measure: Measure) -> list[Page]:
    """Pages numbered from `first`; a puzzle's steps are kept on one page, and each
    student's (or copy's) steps start on a sheet of their own (printed on both sides, a
    right-hand page: their own leaf), so each child can be handed only their own help."""
    pages: list[Page] = []
    texts, rules, top = _head(first, book, tpl, measure)
    grids: list[Placement] = []
    y = top
    copy = None
    for entry in entries:
        said, worked = hints.get(entry.number), worked_steps(entry.ptype)
        if not said or worked is None:
            continue
        items, drawings, height = _block(entry, worked, said, page_of, tpl, measure, book.words, tpl.text_bottom - top)
        another = copy is not None and entry.section.copy != copy
        copy = entry.section.copy
        if y > top and (another or y + height > tpl.text_bottom):
            pages.append(Page(first + len(pages), tuple(texts), tuple(grids), tuple(rules), None, "hints"))
            if another:
                pages += to_right_hand(book, first + len(pages))
            texts, rules, top = _head(first + len(pages), book, tpl, measure)
            grids, y = [], top
        texts += [TextItem(item.text, item.x, y + item.y, item.size, item.bold, item.align) for item in items]
        grids += [dataclasses.replace(drawing, y=y + drawing.y) for drawing in drawings]
        y += height + tpl.sizes.body * 1.2
    pages.append(Page(first + len(pages), tuple(texts), tuple(grids), tuple(rules), None, "hints"))
    return pages


def _head(number: int, book: Book, tpl: Template, measure: Measure) -> tuple[list[TextItem], list[Rule], float]:
    texts, rules, y = running_head(book.words.gettext(HINTS), tpl.header_for(book.title), tpl, measure)
    return texts + footer(number, book, tpl, measure), rules, y + tpl.gap * 0.3


def _block(entry: Entry, worked: WorkedSteps, said: list[Hint], page_of: dict[int, int], tpl: Template,
           measure: Measure, words: Words, page_room: float) -> tuple[list[TextItem], list[Placement], float]:
    """A puzzle's heading and numbered steps (baselines from the block's top), its grid
    with numbered rows and columns, or each step's own picture (tops from the block's
    top), and the block's height. The steps go beside the grid, or under it when the
    column left beside it is narrow; then a tall grid (a samurai's 21 rows) gives way so
    that it and its steps fit the `page_room` of a page."""
    size = tpl.sizes.body
    copy = f"{entry.section.copy} · " if entry.section.copy else ""
    heading = copy + words.gettext("Puzzle {number} (page {page})").format(number=entry.shown,
                                                                          page=page_of[entry.number])
    items = [TextItem(ellipsized(heading, size, tpl.content_width, measure, True), tpl.left, size * 1.2, size, True)]
    if any(hint.picture is not None for hint in said):
        steps, pictures, bottom = _strip(entry, worked, said, size * 1.2, tpl, measure)
        return items + steps, pictures, bottom
    cols, rows = worked.worked_size(entry.puzzle)
    if not cols or not rows:
        return items + numbered_steps(said, size * 1.2, tpl.left, tpl.content_width, size, measure)[0], [], size * 2
    numbered = worked.numbered_hint_grid
    # The cell at which the drawing's smallest print (a 12x12's pencil marks) is a child's
    # READABLE points: a grid that needs more goes under its steps, as big as that.
    need = readable_cell(entry, worked, StepMarks.of(said))
    tall = (tpl.text_bottom - tpl.top) * GRID_HEIGHT_SHARE / rows
    cell = min(GRID_CELL_MAX, tpl.content_width * GRID_SHARE / (cols + 1), tall)
    numbers = min(size, cell * NUMBER_SHARE)
    # Room for the column numbers above and the row numbers at the left (none when the
    # type names its squares otherwise and draws those names itself).
    room = numbers * (1 + NUMBER_GAP) if numbered else 0.0
    beside = cell >= max(GRID_CELL_MIN, need)
    if not beside:
        cell = min(max(GRID_CELL_MAX, need), (tpl.content_width - room) / cols, max(tall, need))
        numbers = min(size, cell * NUMBER_SHARE)
        room = numbers * (1 + NUMBER_GAP) if numbered else 0.0
        under = numbered_steps(said, 0.0, tpl.left, tpl.content_width, size, measure)[1]
        cell = min(cell, (page_room - (size * 1.8 + room + size * 0.4) - under) / rows)
        numbers = min(size, cell * NUMBER_SHARE)
        room = numbers * (1 + NUMBER_GAP) if numbered else 0.0
    grid_x = tpl.left + tpl.content_width - cols * cell if beside else tpl.left + room
    grid_y = size * 1.2 + size * 0.6 + room
    grid = Placement(entry.number, grid_x, grid_y, cell, False, (cols, rows), marks=StepMarks.of(said))
    if numbered:
        items += grid_numbers(grid, numbers)
    if beside:
        width = grid_x - room - size * 1.5 - tpl.left
        steps, bottom = numbered_steps(said, size * 1.2, tpl.left, width, size, measure)
    else:
        steps, bottom = numbered_steps(said, grid_y + rows * cell + size * 0.4, tpl.left, tpl.content_width, size,
                                       measure)
    return items + steps, [grid], max(bottom, grid_y + rows * cell)


def readable_cell(entry: Entry, worked: WorkedSteps, marks: StepMarks) -> float:
    """The cell (points) at which every text of the worked drawing prints at READABLE
    points or more, its capitals at most CAP_HEIGHT of the type size (0 if it has none)."""
    sizes = _TextSizes(entry)
    worked.draw_worked(entry.puzzle, sizes, marks, None)
    smallest = min(sizes.seen, default=0.0)
    return READABLE * CAP_HEIGHT / smallest if smallest > 0 else 0.0


class _TextSizes:
    """A Pen that draws nothing and keeps the size (in cells) of every text asked of it."""

    cell = None

    def __init__(self, entry: Entry) -> None:
        self.words = ENGLISH
        self.seen: list[float] = []

    def text(self, at: Any, text: str, size: float, align: str = "center", bold: bool = False,
             gray: float = 1.0) -> None:
        if text.strip():
            self.seen.append(size)

    def text_width(self, text: str, size: float, bold: bool = False) -> float:
        return len(text) * size * 0.75  # about a digit's width in cap heights, a little more

    def line(self, *args: Any, **kwargs: Any) -> None:
        """Nothing drawn: only the texts' sizes are wanted."""

    outline = polylines = fill = fill_loops = image = line


def _strip(entry: Entry, worked: WorkedSteps, said: list[Hint], y: float, tpl: Template,
           measure: Measure) -> tuple[list[TextItem], list[Placement], float]:
    """Steps side by side, STRIP_COLUMNS to a row, each numbered sentence over its own
    picture (a sliding board after the move), the pictures of a row lined up under the
    longest sentence; the items, the pictures and the foot of the last row."""
    size = tpl.sizes.body
    cols, rows = worked.hint_picture_size(entry.puzzle)
    # Large print's type widens the gaps: four to a row, its pictures came out smaller
    # than a book's (a 5x5 board 7.6 mm against 8.0). Its pictures get at least a book's
    # cell (the cap grown with the type), on fewer to a row where four would not.
    book = min(STRIP_CELL_MAX, _strip_width(tpl, min(size, STRIP_BOOK_BODY), STRIP_COLUMNS) / cols)
    cap = STRIP_CELL_MAX * max(1.0, size / STRIP_BOOK_BODY)
    columns = STRIP_COLUMNS
    while columns > 1 and _strip_width(tpl, size, columns) / cols < book - 1e-9:
        columns -= 1
    width = _strip_width(tpl, size, columns)
    gap = size * STRIP_GAP
    cell = min(cap, width / cols)
    items: list[TextItem] = []
    pictures: list[Placement] = []
    for first in range(0, len(said), columns):
        row = said[first:first + columns]
        xs = [tpl.left + k * (width + gap) for k in range(len(row))]
        bottom = y
        for k, (x, hint) in enumerate(zip(xs, row)):
            steps, foot = numbered_steps([hint], y, x, width, size, measure, first + k + 1)
            items += steps
            bottom = max(bottom, foot)
        top = bottom + size * 0.4
        pictures += [Placement(entry.number, x, top, cell, False, (cols, rows), picture=hint.picture)
                     for x, hint in zip(xs, row)]
        y = top + rows * cell + size * 0.6
    return items, pictures, y


def _strip_width(tpl: Template, size: float, columns: int) -> float:
    """A column's width in a row of `columns` steps set in `size` type."""
    return (tpl.content_width - size * STRIP_GAP * (columns - 1)) / columns


def numbered_steps(said: list[Hint], y: float, x: float, width: float, size: float,
           measure: Measure, number: int = 1) -> tuple[list[TextItem], float]:
    """The sentences numbered from `number`, from under the baseline `y`, wrapped to
    `width`, a little air between steps; the items and the foot of the last line."""
    indent = measure("4.  ", size, False)
    items = []
    for k, hint in enumerate(said, number):
        y += size * (LEADING + 0.35)
        items.append(TextItem(f"{k}.", x, y, size, True))
        for j, line in enumerate(wrap(hint.text, size, width - indent, measure)):
            y += 0.0 if j == 0 else size * LEADING
            items.append(TextItem(line, x + indent, y, size))
    return items, y + size * 0.4


def grid_numbers(grid: Placement, size: float) -> list[TextItem]:
    """Row numbers down the left of the grid and column numbers along its top (its top
    and left measured as the block's)."""
    cols, rows = int(grid.size[0]), int(grid.size[1])
    gap = size * NUMBER_GAP
    items = [TextItem(str(c + 1), grid.x + (c + 0.5) * grid.cell, grid.y - gap, size, False, "center")
             for c in range(cols)]
    items += [TextItem(str(r + 1), grid.x - gap, grid.y + (r + 0.5) * grid.cell + size * 0.36, size, False, "right")
              for r in range(rows)]
    return items
