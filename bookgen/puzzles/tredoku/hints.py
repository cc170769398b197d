"""How a tredoku's worked steps name its places, as a child finds them on the drawing: a
face by the letter printed beside it ("face B"), a square by its face and its place in
the face, counted 1 to 9 row by row as the face reads ("face B, square 4"), and a line by
its two ends ("the line from face A, square 1 to face D, square 7"). The step's number is
printed in its squares on the drawing beside the words, so a child finds them by sight
too. Every name as the subject and after "in" (bookgen.puzzles.hint_names)."""

from __future__ import annotations

from bookgen.language import Words
from bookgen.model import Cell, Group
from bookgen.puzzles.hint_names import Name, Naming, listed, span
from bookgen.puzzles.tredoku.figures import SIDE, place
from bookgen.puzzles.tredoku.interchange import LETTERS


def _place(cell: Cell) -> tuple[str, int]:
    """A model cell's face letter and its square's number in the face (0-based)."""
    face, r, c = place(cell)
    return LETTERS[face], r * SIDE + c


def cell_name(cell: Cell, words: Words) -> Name:
    face, square = _place(cell)
    return Name(words.pgettext("tredoku square", "face {face}, square {square}").format(face=face, square=square + 1),
                words.pgettext("in a tredoku square", "in face {face}, square {square}").format(face=face,
                                                                                            square=square + 1))


def cells_name(cells: tuple[Cell, ...] | list[Cell], words: Words) -> Name:
    """Squares face by face: "face B, squares 1 and 4 and face C, square 7"."""
    by_face: dict[str, list[int]] = {}
    for cell in sorted(set(cells), key=_place):
        face, square = _place(cell)
        by_face.setdefault(face, []).append(square)
    parts = []
    for face, squares in by_face.items():
        n, shown = len(squares), span(squares, words)
        parts.append(Name(
            words.npgettext("tredoku squares", "face {face}, square {squares}", "face {face}, squares {squares}", n)
            .format(face=face, squares=shown),
            words.npgettext("in tredoku squares", "in face {face}, square {squares}",
                            "in face {face}, squares {squares}", n).format(face=face, squares=shown)))
    return Name(listed([p.it for p in parts], words), listed([p.inside for p in parts], words))


def house_name(group: Group, size: int, words: Words, layout: tuple[int, int] = (0, 0)) -> Name:
    """A face by its letter; a line by the squares at its two ends."""
    if group.kind == "box":
        face = _place(group.cells[0])[0]
        return Name(words.pgettext("tredoku face", "face {face}").format(face=face),
                    words.pgettext("in a tredoku face", "in face {face}").format(face=face))
    start, end = cell_name(group.cells[0], words).it, cell_name(group.cells[-1], words).it
    return Name(words.gettext("the line from {start} to {end}").format(start=start, end=end),
                words.gettext("in the line from {start} to {end}").format(start=start, end=end))


def houses_name(kinds: tuple[str, ...], words: Words) -> str:
    """What a digit may not repeat in, after "in its": "face or line"."""
    said = []
    if "box" in kinds or not kinds:
        said.append(words.pgettext("in its", "face"))
    if any(kind != "box" for kind in kinds) or not kinds:
        said.append(words.pgettext("in its", "line"))
    return listed(said, words, "or")


NAMING = Naming(cell_name, cells_name, house_name, houses_name)
