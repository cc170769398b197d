"""Sliding puzzles on paper: the board, the goal beside it (with its grid, numbers and
blank, also in picture mode), one caption size, a track of boxes to record the moves
("Tiles I slid:") with room for a longer honest attempt and the shortest count's box in
bold, an optional strip of tiles to cut out (white gutters, cut lines on white) and
slide on the printed board, and the answer key ("Slide these tiles, in this order:",
and how many other ways are as short).

Everything is drawn through the Pen in tiles (one tile = TILE_UNITS book cells) and the
positions come from one `Frame`, so the size the layout plans with and the drawing
cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, floor
from typing import Any, Sequence

from bookgen.language import ENGLISH, N_
from bookgen.puzzles.pen import Pen, ScaledPen, Weight

BLANK = 0
# A tile is one and a half book cells (about 18 mm at a 12 mm cell): big enough to read, and
# cut-out tiles big enough to pick up. The proportions below are in tiles.
TILE_UNITS = 1.5
# The gap between tiles is twice TILE_INSET, clearly visible; the blank's tint is the
# convention's photocopier-safe minimum plus a margin.
TILE_INSET = 0.06
BLANK_GRAY = 0.2
NUMBER_SIZE = 0.42
NUMBER_WIDTH = 0.6  # the widest a number may be, as a share of its tile: two digits keep clear of the edges
# Picture mode: the white band between a tile's outline and its piece of picture, as a
# share of the tile (about 1.2 mm on a board tile, 0.5 mm in the small goal).
PICTURE_MAT = 0.06
CORNER_BOX = 0.3  # picture mode: the white corner box holding a tile's number
GOAL_CORNER_BOX = 0.45  # larger in the small goal, so its numbers stay legible
GOAL_GAP = 0.6  # between the board and the goal
GOAL_SCALE = 0.45  # the goal's tile size
# One caption size for every line of text under and beside the board ("Goal", "Solve in
# N moves", "Tiles I slid:", the cut-out line), its lines CAPTION_LINE apart.
CAPTION = 0.15
CAPTION_LINE = CAPTION * 2.4
BOX = 0.42  # a box to write one move in: about 7.5 mm at a book cell
# The track holds half as many moves again as the shortest solution (at least
# TRACK_EXTRA more), in full rows: a child who takes a longer way still has a box for
# every move, and no row ends in a lone box. The boxes past the shortest count are
# tinted; the last box of the shortest count is outlined in bold.
TRACK_ROOM = 1.5
TRACK_EXTRA = 4
EXTRA_GRAY = 0.12
CUT_GAP = 0.25  # above the strip of tiles to cut out
# A cut-out tile's picture or number keeps this far inside the line it is cut along, so
# every cut line runs on white, even between two black tiles.
CUT_GUTTER = 0.06
# Answers: ten moves a line in two groups of five, so a reader keeps their place.
ANSWER_PER_LINE = 10
ANSWER_GROUP = 5
ANSWER_STEP = 1.0
ANSWER_GROUP_GAP = 0.6
ANSWER_LINE = 0.75
ANSWER_SIZE = 0.4
# The notes under an answer never shrink below this (about 6 pt at the usual answer cell):
# a note too long for the line at it (a longer language) wraps onto the line kept for it.
NOTE_MIN = 0.85 * ANSWER_SIZE
NOTE_LINES = 3  # the count, how many ways are as short, and one for a wrapped note
ANSWER_HEAD = N_("Slide these tiles, in this order:")
NO_OTHER_WAY = N_("No other way is as short.")
ANOTHER_WAY = N_("Another way just as short is right too.")


@dataclass(frozen=True)
class Frame:
    """Where each part of a puzzle drawing goes, in tiles."""

    rows: int
    cols: int
    moves: int
    cutouts: bool

    @property
    def width(self) -> float:
        return self.cols + GOAL_GAP + self.cols * GOAL_SCALE

    @property
    def goal_at(self) -> tuple[float, float]:
        return (self.cols + GOAL_GAP, CAPTION_LINE)

    @property
    def board_bottom(self) -> float:
        return max(float(self.rows), CAPTION_LINE + self.rows * GOAL_SCALE)

    @property
    def target_y(self) -> float:
        """Baseline of "Solve in N moves"."""
        return self.board_bottom + CAPTION_LINE

    @property
    def boxes_per_row(self) -> int:
        return max(1, floor(self.width / BOX + 1e-9))

    @property
    def boxes_top(self) -> float:
        return self.target_y + CAPTION_LINE * 0.5

    @property
    def boxes(self) -> int:
        """Boxes in the track: room for a longer attempt, in full rows."""
        room = max(self.moves + TRACK_EXTRA, ceil(self.moves * TRACK_ROOM))
        return ceil(room / self.boxes_per_row) * self.boxes_per_row

    @property
    def boxes_bottom(self) -> float:
        return self.boxes_top + self.boxes // self.boxes_per_row * BOX

    @property
    def cut_per_row(self) -> int:
        return max(1, floor(self.width + 1e-9))

    @property
    def cut_top(self) -> float:
        return self.boxes_bottom + CUT_GAP + CAPTION_LINE

    @property
    def height(self) -> float:
        if not self.cutouts:
            return self.boxes_bottom
        pieces = self.rows * self.cols - 1
        return self.cut_top + ceil(pieces / self.cut_per_row)

    def size(self) -> tuple[float, float]:
        """In book cells, as the layout wants it."""
        return self.width * TILE_UNITS, self.height * TILE_UNITS


def answer_size(moves: int) -> tuple[float, float]:
    """The head, the moves in lines of ten, and the lines saying how short it is."""
    width = ANSWER_PER_LINE * ANSWER_STEP + ANSWER_GROUP_GAP
    lines = max(1, ceil(moves / ANSWER_PER_LINE))
    return width, ANSWER_LINE * (lines + 1 + NOTE_LINES)


def prepared(picture: Any) -> Any:
    """A grey picture with its contrast stretched and its tones spread evenly, so colours
    that turn into nearly the same grey stay apart on a photocopy."""
    from PIL import ImageOps

    return ImageOps.equalize(ImageOps.autocontrast(picture, cutoff=1))


def cut(picture: Any, rows: int, cols: int) -> list[Any]:
    """The picture cropped to the board's proportions, in pieces in reading order."""
    width, height = picture.size
    if width * rows > height * cols:  # too wide: keep the middle
        keep = height * cols // rows
        picture = picture.crop(((width - keep) // 2, 0, (width - keep) // 2 + keep, height))
    else:
        keep = width * rows // cols
        picture = picture.crop((0, (height - keep) // 2, width, (height - keep) // 2 + keep))
    width, height = picture.size
    return [picture.crop((c * width // cols, r * height // rows, (c + 1) * width // cols, (r + 1) * height // rows))
            for r in range(rows) for c in range(cols)]


def draw_puzzle(pen: Pen, board: Any, moves: int, cutouts: bool, picture: Any = None) -> None:
    """The board, its goal, the target, the move boxes and (optionally) the cut-outs.
    `board` has rows, cols, start, goal, optimal; `picture` is a grey Pillow image."""
    frame = Frame(board.rows, board.cols, moves, cutouts)
    pen = ScaledPen(pen, TILE_UNITS)
    pieces = cut(prepared(picture), board.rows, board.cols) if picture is not None else None
    home = {tile: cell for cell, tile in enumerate(board.goal)}
    draw_tiles(pen, board, board.start, (0.0, 0.0), 1.0, pieces, home)
    gx, gy = frame.goal_at
    words = pen.words
    pen.text((gx, gy - CAPTION_LINE * 0.35), words.gettext("Goal"), CAPTION, align="left")
    draw_tiles(pen, board, board.goal, (gx, gy), GOAL_SCALE, pieces, home)
    if board.optimal:
        target = words.ngettext("Solve in {moves} move.", "Solve in {moves} moves.", moves)
    else:
        target = words.ngettext("Solve in at most {moves} move.", "Solve in at most {moves} moves.", moves)
    label = words.gettext("Tiles I slid:")
    _caption(pen, (0.0, frame.target_y), f"{target.format(moves=moves)}  {label}", frame.width)
    _draw_boxes(pen, frame)
    if cutouts:
        _caption(pen, (0.0, frame.cut_top - CAPTION_LINE * 0.4),
                 words.gettext("Cut out these tiles and slide them on the board:"), frame.width)
        _draw_cutouts(pen, board, frame, pieces, home)


def _caption(pen: Pen, at: tuple[float, float], text: str, width: float) -> None:
    """A caption at the caption size, or smaller when the book's language makes it wider
    than the drawing (German, Polish...), so it never runs past its slot."""
    wide = pen.text_width(text, CAPTION)
    pen.text(at, text, CAPTION if wide <= width else CAPTION * width / wide, align="left")


def _draw_boxes(pen: Pen, frame: Frame) -> None:
    """One box a move, joined in full rows as wide as the drawing: the boxes past the
    shortest count tinted, the last box of the shortest count in bold."""
    per_row = frame.boxes_per_row
    corners = [(k % per_row * BOX, frame.boxes_top + k // per_row * BOX) for k in range(frame.boxes)]
    for x, y in corners[frame.moves:]:
        pen.fill(_square(x, y, BOX), EXTRA_GRAY)
    for x, y in corners:
        pen.outline(_square(x, y, BOX), Weight.THIN)
    if frame.moves:
        pen.outline(_square(*corners[frame.moves - 1], BOX), Weight.BORDER)


def _draw_cutouts(pen: Pen, board: Any, frame: Frame, pieces: list[Any] | None, home: dict[int, int]) -> None:
    """Every tile at the board's size, in rows: its picture or number inside a white
    gutter, the line to cut along on the white."""
    tiles = sorted(t for t in board.goal if t != BLANK)
    side = 1.0 - 2 * CUT_GUTTER
    size = _number_size(pen, board, side)
    for k, tile in enumerate(tiles):
        row, col = divmod(k, frame.cut_per_row)
        x, y = float(col), frame.cut_top + row
        _draw_tile(pen, tile, x + CUT_GUTTER, y + CUT_GUTTER, side, pieces[home[tile]] if pieces else None, size)
        pen.outline(_square(x, y, 1.0), Weight.THIN)


def draw_tiles(pen: Pen, board: Any, state: Sequence[int], at: tuple[float, float], scale: float,
               pieces: list[Any] | None, home: dict[int, int], corner: float | None = None) -> None:
    """Tiles as separate squares with a gap, the blank shaded, inside a frame (the tray);
    in picture mode each number in a corner box of `corner` of the tile (by default the
    board's, or the goal's when drawn small)."""
    x0, y0 = at
    inset = TILE_INSET * scale
    side = scale - 2 * inset
    pen.outline(_rect(x0, y0, board.cols * scale, board.rows * scale), Weight.BORDER if scale == 1.0 else Weight.THIN)
    size = _number_size(pen, board, side)
    for cell, tile in enumerate(state):
        r, c = divmod(cell, board.cols)
        x, y = x0 + c * scale + inset, y0 + r * scale + inset
        if tile == BLANK:
            pen.fill(_square(x, y, side), BLANK_GRAY)
            continue
        box = corner or (CORNER_BOX if scale == 1.0 else GOAL_CORNER_BOX)
        _draw_tile(pen, tile, x, y, side, pieces[home[tile]] if pieces else None, size, box)
        pen.outline(_square(x, y, side), Weight.TILE if scale == 1.0 else Weight.THIN)


def _draw_tile(pen: Pen, tile: int, x: float, y: float, side: float, piece: Any, size: float,
               box: float = CORNER_BOX) -> None:
    """A number in the middle, or in picture mode the piece, inside a white mat, with its
    number in a white corner box (so a tile that came out plain white is still known by
    its number)."""
    if piece is None:
        pen.text((x + side / 2, y + side / 2), str(tile), size, bold=True)
        return
    # The piece inside a white mat: a dark picture (a night sky) would otherwise fill the
    # tile to its black outline, and a tile's outline, or the bold one round a slid tile
    # on a hint page, vanish into it, on a photocopy above all.
    mat = PICTURE_MAT * side
    pen.image(piece, (x + mat, y + mat), side - 2 * mat, side - 2 * mat)
    corner = box * side
    pen.fill(_square(x, y, corner), 0.0)
    pen.outline(_square(x, y, corner), Weight.THIN)
    pen.text((x + corner / 2, y + corner / 2), str(tile), size * box * 1.3, bold=True)


def _number_size(pen: Pen, board: Any, side: float) -> float:
    """One size for every number on a board, fitted to the widest, so they look alike."""
    widest = str(max(board.goal))
    size = NUMBER_SIZE * side
    width = pen.text_width(widest, size, bold=True)
    return size if width <= NUMBER_WIDTH * side else size * NUMBER_WIDTH * side / width


def shortness(moves: int, optimal: bool, ways: int | None, words: Any = ENGLISH) -> tuple[str, str]:
    """The two lines under an answer, in the book's language: its length, and whether
    other ways are as short (`ways`: how many shortest solutions there are, None where
    not counted)."""
    if not optimal:
        return words.ngettext("{moves} move (not proved shortest).", "{moves} moves (not proved shortest).",
                              moves).format(moves=moves), ""
    head = words.ngettext("{moves} move, the fewest possible.", "{moves} moves, the fewest possible.",
                          moves).format(moves=moves)
    if ways == 1:
        return head, words.gettext(NO_OTHER_WAY)
    if ways is None:
        return head, words.gettext(ANOTHER_WAY)
    return head, words.ngettext("{ways} way takes {moves} moves; each is right.",
                                "{ways} ways take {moves} moves; each is right.", ways).format(ways=ways, moves=moves)


def draw_answer(pen: Pen, moves: tuple[int, ...], optimal: bool, ways: int | None = None) -> None:
    """"Slide these tiles, in this order:", the tiles in rows of ten, the count, and how
    many ways are as short."""
    words = pen.words
    width, _height = answer_size(len(moves))
    head = words.gettext(ANSWER_HEAD)
    head_size = min(ANSWER_SIZE, ANSWER_SIZE * width / max(pen.text_width(head, ANSWER_SIZE, bold=True), 1e-9))
    pen.text((0.0, ANSWER_LINE * 0.7), head, head_size, align="left", bold=True)
    for i, tile in enumerate(moves):
        line, column = divmod(i, ANSWER_PER_LINE)
        x = column * ANSWER_STEP + ANSWER_STEP / 2 + (column // ANSWER_GROUP) * ANSWER_GROUP_GAP
        pen.text((x, ANSWER_LINE * (line + 1.5)), str(tile), ANSWER_SIZE)
    lines = max(1, ceil(len(moves) / ANSWER_PER_LINE))
    notes = [note for note in shortness(len(moves), optimal, ways, words) if note]
    size, printed = note_lines(pen, notes, width)
    for k, note in enumerate(printed):
        pen.text((0.0, ANSWER_LINE * (lines + 1.7 + k)), note, size, align="left")


def note_lines(pen: Pen, notes: list[str], width: float) -> tuple[float, list[str]]:
    """The notes as printed lines and their one size: at the answer size where they fit;
    else a note wraps at a space onto the spare line, down to NOTE_MIN; only when even
    that cannot fit (no spare line left) does the size go lower."""
    def fits(size: float, lines: list[str]) -> bool:
        return all(pen.text_width(line, size) <= width for line in lines)

    for size in (ANSWER_SIZE, NOTE_MIN):
        if fits(size, notes):
            return size, notes
        wrapped = [part for note in notes for part in (_halves(note) if not fits(size, [note]) else [note])]
        if len(wrapped) <= NOTE_LINES and fits(size, wrapped):
            return size, wrapped
    return min(NOTE_MIN, *(NOTE_MIN * width / max(pen.text_width(n, NOTE_MIN), 1e-9) for n in notes)), notes


def _halves(text: str) -> list[str]:
    """The text in two lines, split at the space nearest its middle."""
    spaces = [k for k, ch in enumerate(text) if ch == " "]
    if not spaces:
        return [text]
    cut = min(spaces, key=lambda k: abs(k - len(text) / 2))
    return [text[:cut], text[cut + 1:]]


def move_lines(moves: Sequence[int], per_line: int) -> list[str]:
    return [" ".join(str(m) for m in moves[i : i + per_line]) for i in range(0, len(moves), per_line)] or [""]


def _square(x: float, y: float, side: float) -> list[tuple[float, float]]:
    return _rect(x, y, side, side)


def _rect(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
