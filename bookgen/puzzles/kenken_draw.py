"""Drawing a KenKen through the layout's pen (never ReportLab directly)."""

from __future__ import annotations

from bookgen.model import Grid, outline
from bookgen.puzzles import grid as gridlib
from bookgen.puzzles.base import Pen, Puzzle, Weight
from bookgen.puzzles.kenken_rules import clue_text, is_hidden


# Sizes in cell units (see the shared print conventions): clue cap height about 1/4 of
# the cell, answers about 1/2; the inset keeps the clue off the bold cage line.
CLUE_SIZE = 0.22
CLUE_INSET = 0.09
ANSWER_SIZE = 0.46
ANSWER_SIZE_TWO_DIGITS = 0.40
# Answers sit a touch below the middle so they never meet a clue (its band ends at
# CLUE_INSET + CLUE_SIZE = 0.31; an answer's top is at 0.6 - 0.46/2 = 0.37), all at the
# same height: digits at two heights looked ragged in the small answer grids.
ANSWER_Y = 0.6
CANDIDATE_GRAY = 0.45


def draw_kenken(puzzle: Puzzle, pen: Pen, solution: Grid | None) -> None:
    model = puzzle.board
    n = model.rows
    hidden = is_hidden(puzzle)
    gridlib.draw_cell_lines(pen, model)
    # Each cage's outline traced once, so its corners join cleanly; neighbouring cages
    # overlap on the edge they share, which draws it bold exactly where two cages meet.
    for cage in model.cages:
        for loop in outline(cage.cells):
            pen.outline([(float(x), float(y)) for x, y in loop], Weight.CAGE)
    pen.outline([(0.0, 0.0), (float(n), 0.0), (float(n), float(n)), (0.0, float(n))], Weight.BORDER)
    for cage in model.cages:
        r, c = cage.anchor
        text = clue_text(cage, hidden)
        size = CLUE_SIZE
        room = 1 - 2 * CLUE_INSET
        width = pen.text_width(text, size)
        if width > room:
            size *= room / width
        pen.text((c + CLUE_INSET, r + CLUE_INSET), text, size, align="topleft")
    if solution is not None:
        digit_size = ANSWER_SIZE_TWO_DIGITS if n >= 10 else ANSWER_SIZE
        for r in range(n):
            for c in range(n):
                pen.text((c + 0.5, r + ANSWER_Y), str(solution[r][c]), digit_size)
    elif getattr(puzzle.params, "candidates", False):
        for r in range(n):
            for c in range(n):
                _draw_candidates(pen, r, c, n)


def _draw_candidates(pen: Pen, r: int, c: int, n: int) -> None:
    """The digits 1..N small and faint in a little grid below the clue's band."""
    columns = 2 if n <= 4 else 3 if n <= 9 else 4
    rows = -(-n // columns)
    top, bottom, left, right = 0.36, 0.94, 0.12, 0.88
    step_x = (right - left) / columns
    step_y = (bottom - top) / rows
    size = min(step_y * 0.62, 0.16)
    for d in range(1, n + 1):
        i = d - 1
        x = c + left + step_x * (i % columns + 0.5)
        y = r + top + step_y * (i // columns + 0.5)
        pen.text((x, y), str(d), size, gray=CANDIDATE_GRAY)


