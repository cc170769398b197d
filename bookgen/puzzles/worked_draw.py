"""The marks worked steps put on the grid beside them, drawn over the type's own drawing:
each square a step touches shaded (under the lines and clues), the pencil marks a step
crosses out, small and struck through, and each step's number in a black square in the
cell's lower right corner (where no clue goes), so it never reads as a digit of the
puzzle. A type draws them through `draw_marked`, saying where its squares are (a tredoku's
are parallelograms), how it prints a value (a picture) and how big a number may be."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bookgen.puzzles.hint import Cell, StepMarks
from bookgen.puzzles.pen import Pen, Point, Weight

# The shade of a cell a step touches (0 white, 1 black), and the side of the square
# holding the step's number and its distance from the cell's lower right corner, in cells.
MARK_GRAY = 0.16
MARK_SIZE = 0.42
MARK_INSET = 0.06
# Pencil marks, three to a row in up to three rows (the nine of a 9x9 fit), clear of
# everything else in the square: below a KenKen clue or killer sum in the top left
# corner, inside a killer cage's dashed line, and left of the step's badge, which is
# smaller in a square with marks (PENCIL_BADGE). Cap height, the first mark's middle and
# the pitch, in cells; more marks than fit are left out (the sentence still names them).
PENCIL_SIZE = 0.13
PENCIL_LEFT = 0.23
PENCIL_TOP = 0.49
PENCIL_PITCH_X = 0.165
PENCIL_PITCH_Y = 0.155
PENCIL_PER_ROW = 3
PENCIL_MOST = 9
PENCIL_BADGE = 0.30
PENCIL_GONE_GRAY = 0.55


@dataclass(frozen=True)
class Frame:
    """A cell on the drawing: its top-left corner and its edges across and down (a square,
    or a tredoku's parallelogram). `at(u, v)`: the point u across and v down, in shares
    of the cell's edges; what is drawn there stays upright."""

    corner: Point
    across: Point
    down: Point

    def at(self, u: float, v: float) -> Point:
        return (self.corner[0] + u * self.across[0] + v * self.down[0],
                self.corner[1] + u * self.across[1] + v * self.down[1])


def square(cell: Cell) -> Frame:
    """A square cell at its row and column."""
    r, c = cell
    return Frame((float(c), float(r)), (1.0, 0.0), (0.0, 1.0))


# How a pencil mark is printed: (pen, its label, its middle, its cap height, its ink).
Symbol = Callable[[Pen, str, Point, float, float], None]


def text_symbol(pen: Pen, label: str, at: Point, size: float, gray: float) -> None:
    """A value as text (a digit, a letter)."""
    pen.text(at, label, size, "center", gray=gray)


def draw_marked(pen: Pen, marks: StepMarks, under: Callable[[], None], frame: Callable[[Cell], Frame] = square,
                symbol: Symbol = text_symbol, badge_most: float = MARK_SIZE) -> None:
    """The steps' marks with the drawing `under` them: the shading first, then the
    drawing, then pencil marks and the numbered squares, at most `badge_most` cells a
    side (smaller where the drawing needs the rest of a corner: greater-than signs)."""
    shaded = [cell for cell, _label in marks.badges] + list(marks.shaded)
    frames = {cell: frame(cell) for cell in {*shaded} | {m.cell for m in marks.pencil}}
    for cell in shaded:
        pen.fill([frames[cell].at(u, v) for u, v in ((0, 0), (1, 0), (1, 1), (0, 1))], MARK_GRAY)
    under()
    for each in marks.pencil:
        _pencil_marks(pen, frames[each.cell], each.marks, each.crossed, symbol)
    with_marks = {each.cell for each in marks.pencil if len(each.marks) <= PENCIL_MOST}
    for cell, label in marks.badges:
        _badge(pen, frames[cell], label, min(badge_most, PENCIL_BADGE if cell in with_marks else MARK_SIZE))


def _badge(pen: Pen, frame: Frame, label: str, side: float) -> None:
    """A step's number, white on a black square of `side` cells in the cell's lower right
    corner."""
    x, y = frame.at(1 - MARK_INSET - side / 2, 1 - MARK_INSET - side / 2)
    x, y = x - side / 2, y - side / 2
    pen.fill([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], 1.0)
    pen.text((x + side / 2, y + side / 2), label, side * 0.62, "center", True, gray=0.0)


def _pencil_marks(pen: Pen, frame: Frame, marks: tuple[str, ...], crossed: tuple[str, ...], symbol: Symbol) -> None:
    """A square's pencil marks small, PENCIL_PER_ROW a row from under its clue, those a step
    crosses out grey and struck through, each stroke no wider than its own mark; each
    mark drawn as its puzzle prints it (a digit, a letter or a picture)."""
    if len(marks) > PENCIL_MOST:
        return
    half = PENCIL_SIZE * 0.6
    for k, mark in enumerate(marks):
        row, col = divmod(k, PENCIL_PER_ROW)
        x, y = frame.at(PENCIL_LEFT + col * PENCIL_PITCH_X, PENCIL_TOP + row * PENCIL_PITCH_Y)
        gone = mark in crossed
        symbol(pen, mark, (x, y), PENCIL_SIZE, PENCIL_GONE_GRAY if gone else 1.0)
        if gone:
            pen.line((x - half, y + half), (x + half, y - half), Weight.THIN)
