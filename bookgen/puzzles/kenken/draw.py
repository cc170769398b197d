"""Drawing a KenKen through the layout's pen (never ReportLab directly).

One clue size serves a whole section (the layout hands every drawing the section's
clues as its style): the size at which the widest clue of any of its grids fits its
cell with a millimetre clear of the lines either side, so no grid's clues look smaller
than its neighbour's and a four-digit product never touches a cage line.
"""

from __future__ import annotations

from typing import Hashable, Iterable

from bookgen.model import Grid, outline
from bookgen.puzzles import grid_draw
from bookgen.puzzles.base import Puzzle
from bookgen.puzzles.pen import LINE_RATIO, Pen, Weight
from bookgen.puzzles.kenken.rules import Params, clue_text, is_hidden


# Sizes in cell units (see the shared print conventions): clue cap height about 1/4 of
# the cell, answers about 1/2; the inset keeps the clue off the bold cage line.
CLUE_SIZE = 0.22
CLUE_INSET = 0.09
# A clue keeps at least this clear of the ink of the lines round its cell, in points (1 mm).
CLUE_CLEAR = 72 / 25.4
# Below a cell of about 8.6 mm (a worked step's small diagram) the clearance cannot be
# had: the clue keeps this close to the corner, leaving the rest of the cell its room.
FARTHEST_CLUE = 0.16
# When the pen does not say how big a cell is (a drawing recorded in tests), clues are
# fitted as for the smallest cell a book plans by default.
NOMINAL_CELL = 11.5 * 72 / 25.4
ANSWER_SIZE = 0.46
ANSWER_SIZE_TWO_DIGITS = 0.40
# Answers sit a touch below the middle so they never meet a clue (its band ends at most
# at FARTHEST_CLUE + CLUE_SIZE = 0.38, at 0.35 in an 11.5 mm cell; an answer's top is at
# 0.6 - 0.46/2 = 0.37, and a key whose clues are printed has big cells), all at the same
# height: digits at two heights looked ragged in the small answer grids.
ANSWER_Y = 0.6
# Pencil marks: light grey, at most this cap height, in a band from CANDIDATE_BAND_TOP
# to the foot of the cell (an answer written at ANSWER_Y ends about 0.83 down, so with
# two rows of marks the band starts just below the middle of a handwritten digit).
CANDIDATE_GRAY = 0.6
CANDIDATE_SIZE = 0.1
CANDIDATE_BAND_TOP = (0.78, 0.68)  # one row, two rows
# A clue, answer key included, prints at least this cap height in points (about a 6 pt
# font) or, in an answer key, not at all.
MIN_CLUE_POINTS = 4.2


def clues_of(puzzles: Iterable[Puzzle]) -> tuple[str, ...]:
    """Every clue printed on these grids, each once (a section's style)."""
    return tuple(sorted({clue_text(cage, is_hidden(p)) for p in puzzles for cage in p.board.cages}))


def clue_inset(cell_points: float) -> float:
    """How far (in cells) a clue keeps from its cell's edges: CLUE_CLEAR from the ink of
    the thickest line that may run there (the frame), between CLUE_INSET and FARTHEST_CLUE."""
    return min(FARTHEST_CLUE, max(CLUE_INSET, CLUE_CLEAR / cell_points + LINE_RATIO[Weight.BORDER] / 2))


def clue_size(clues: Iterable[str], pen: Pen) -> float:
    """One clue size for every clue given: CLUE_SIZE unless the widest would not fit its
    cell with its clearance on both sides, then the size at which it just fits (never one
    clue smaller than the rest: mixed sizes read as different kinds of clue)."""
    room = 1 - 2 * clue_inset(_cell_points(pen))
    widest = max((pen.text_width(text, CLUE_SIZE) for text in clues), default=0.0)
    return CLUE_SIZE * min(1.0, room / widest) if widest > 0 else CLUE_SIZE


def _cell_points(pen: Pen) -> float:
    return pen.cell or NOMINAL_CELL


def draw_kenken(puzzle: Puzzle, pen: Pen, solution: Grid | None, style: Hashable | None = None) -> None:
    """The grid, its cages and clues (at one size for all of `style`, the section's clues,
    or this grid's own), and the solution or pencil marks."""
    model = puzzle.board
    n = model.rows
    hidden = is_hidden(puzzle)
    grid_draw.draw_cell_lines(pen, model)
    # Each cage's outline traced once, so its corners join cleanly; neighbouring cages
    # overlap on the edge they share, which draws it bold exactly where two cages meet.
    for cage in model.cages:
        for loop in outline(cage.cells):
            pen.outline([(float(x), float(y)) for x, y in loop], Weight.CAGE)
    pen.outline([(0.0, 0.0), (float(n), 0.0), (float(n), float(n)), (0.0, float(n))], Weight.BORDER)
    size = clue_size(style if isinstance(style, tuple) else clues_of([puzzle]), pen)
    inset = clue_inset(_cell_points(pen))
    # The PDF pen says how many points a cell is; an answer grid whose clues would print
    # under MIN_CLUE_POINTS leaves them out (they would not survive a photocopier, and
    # the answer digits are what the key is for).
    cell_points = pen.cell
    legible = solution is None or cell_points is None or size * cell_points >= MIN_CLUE_POINTS
    if legible:
        for cage in model.cages:
            r, c = cage.anchor
            pen.text((c + inset, r + inset), clue_text(cage, hidden), size, align="topleft")
    if solution is not None:
        digit_size = ANSWER_SIZE_TWO_DIGITS if n >= 10 else ANSWER_SIZE
        # Below the middle only to clear a clue; with the clues left out, centred (low
        # digits in a bare grid looked as if they had slipped).
        y = ANSWER_Y if legible else 0.5
        for r in range(n):
            for c in range(n):
                pen.text((c + 0.5, r + y), str(solution[r][c]), digit_size)
    elif isinstance(puzzle.params, Params) and puzzle.params.candidates:
        singles = {cage.cells[0] for cage in model.cages if len(cage.cells) == 1}
        for r in range(n):
            for c in range(n):
                if (r, c) not in singles:
                    _draw_candidates(pen, r, c, n)


def _draw_candidates(pen: Pen, r: int, c: int, n: int) -> None:
    """The digits 1..N small and light in a band along the foot of the cell (one row up
    up to 9, two rows above), leaving the middle free for the answer and the top for the
    clue: the solver crosses out the ones that cannot go there."""
    rows = 1 if n <= 9 else 2
    columns = -(-n // rows)
    top, bottom, left, right = CANDIDATE_BAND_TOP[rows - 1], 0.95, 0.06, 0.94
    step_x = (right - left) / columns
    step_y = (bottom - top) / rows
    size = min(step_y * 0.6, step_x * 0.75, CANDIDATE_SIZE)
    for d in range(1, n + 1):
        i = d - 1
        x = c + left + step_x * (i % columns + 0.5)
        y = r + top + step_y * (i // columns + 0.5)
        pen.text((x, y), str(d), size, gray=CANDIDATE_GRAY)
