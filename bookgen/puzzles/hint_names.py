"""How worked steps name places, in the book's language: a square by its row and column
("row 3, column 5"), squares by row or by column, houses by place or kind ("row 4", "the
box of rows 1–3, columns 4–6", "the shaded window through row 2, column 2") and cages by
their clue ("the 12× cage (row 2, columns 3 and 4)").

Every name comes in two forms, because most languages but English inflect a noun by
where it stands: as the subject or a label (`Name.it`: "row 3, column 5", Polish "wiersz
3, kolumna 5") and after "in" (`Name.inside`: "in row 3, column 5", Polish "w wierszu 3,
kolumnie 5"), preposition included. A sentence uses one or the other, never a name in
a case of its own making; a cage's squares go in brackets, where any language keeps
them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Callable, Mapping

from bookgen.language import Words
from bookgen.model import Cage, Cell, Group

# The clue's sign, as printed (KenKen); killer cages and hidden signs show the number only.
SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}
# A cage's ways are listed in full up to this many; beyond, counted with a few examples.
LISTED_WAYS = 6


@dataclass(frozen=True)
class Name:
    """A place named as the subject (`it`) and after "in" (`inside`)."""

    it: str
    inside: str


def listed(items: list[str], words: Words, last: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or "or"), with the language's own conjunction."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    joined = ", ".join(items[:-1])
    if last == "or":
        return words.pgettext("list", "{items} or {last}").format(items=joined, last=items[-1])
    return words.pgettext("list", "{items} and {last}").format(items=joined, last=items[-1])


def span(numbers: list[int], words: Words) -> str:
    """1-based, consecutive: "3", "3 and 4", "3–5"."""
    shown = sorted({x + 1 for x in numbers})
    if len(shown) == 1:
        return str(shown[0])
    if len(shown) == 2 or shown[-1] - shown[0] != len(shown) - 1:
        return listed([str(x) for x in shown], words)
    return f"{shown[0]}\u2013{shown[-1]}"


def cell_name(cell: Cell, words: Words) -> Name:
    row, col = cell[0] + 1, cell[1] + 1
    return Name(words.pgettext("square", "row {row}, column {col}").format(row=row, col=col),
                words.pgettext("in a square", "in row {row}, column {col}").format(row=row, col=col))


def _by_row(row: int, cols: list[int], words: Words) -> Name:
    n, shown = len(cols), span(cols, words)
    return Name(words.npgettext("squares", "row {row}, column {cols}", "row {row}, columns {cols}", n)
                .format(row=row + 1, cols=shown),
                words.npgettext("in squares", "in row {row}, column {cols}", "in row {row}, columns {cols}", n)
                .format(row=row + 1, cols=shown))


def _by_col(col: int, rows: list[int], words: Words) -> Name:
    n, shown = len(rows), span(rows, words)
    return Name(words.npgettext("squares", "column {col}, row {rows}", "column {col}, rows {rows}", n)
                .format(col=col + 1, rows=shown),
                words.npgettext("in squares", "in column {col}, row {rows}", "in column {col}, rows {rows}", n)
                .format(col=col + 1, rows=shown))


def cells_name(cells: tuple[Cell, ...] | list[Cell], words: Words) -> Name:
    """Squares as a child finds them, by row (or by column, when that is shorter): "row 2,
    columns 3 and 4 and row 3, column 1"."""
    by_row: dict[int, list[int]] = {}
    by_col: dict[int, list[int]] = {}
    for r, c in sorted(set(cells)):
        by_row.setdefault(r, []).append(c)
        by_col.setdefault(c, []).append(r)
    if len(by_col) < len(by_row):
        parts = [_by_col(c, rs, words) for c, rs in by_col.items()]
    else:
        parts = [_by_row(r, cs, words) for r, cs in by_row.items()]
    return Name(listed([p.it for p in parts], words), listed([p.inside for p in parts], words))


def clue(cage: Cage) -> str:
    """The clue as printed: "12×", "3−", "17" (killer, and KenKen with hidden signs)."""
    if cage.distinct or len(cage.cells) == 1:
        return str(cage.target)
    return f"{cage.target}{SIGNS.get(cage.op, '')}"


def cage_name(cage: Cage, words: Words) -> Name:
    """ "the 12× cage (row 2, columns 3 and 4)", or where its clue is printed when it
    spreads over rows and columns."""
    rows, cols = {r for r, _c in cage.cells}, {c for _r, c in cage.cells}
    if len(rows) == 1 or len(cols) == 1:
        where = cells_name(cage.cells, words).it
    else:
        where = words.gettext("from {square}").format(square=cell_name(cage.anchor, words).it)
    return Name(words.pgettext("cage", "the {clue} cage ({where})").format(clue=clue(cage), where=where),
                words.pgettext("in a cage", "in the {clue} cage ({where})").format(clue=clue(cage), where=where))


def house_name(group: Group, size: int, words: Words, layout: tuple[int, int] = (0, 0),
               marked: Mapping[frozenset[Cell], str] | None = None) -> Name:
    """A row, column or box by where it is; a diagonal, window or region by its kind; a
    region the drawing marks with a letter (`marked`: a toroidal sudoku's regions that
    wrap round the edges) by its letter, which a child finds on every piece of it."""
    cells = group.cells
    mark = (marked or {}).get(frozenset(cells))
    if mark is not None and group.kind == "region":
        return Name(words.gettext("the region marked {mark}").format(mark=mark),
                    words.gettext("in the region marked {mark}").format(mark=mark))
    if group.kind == "diagonal":
        if cells[0][0] == cells[0][1]:
            return Name(words.gettext("the diagonal from the top left"),
                        words.gettext("in the diagonal from the top left"))
        return Name(words.gettext("the diagonal from the top right"), words.gettext("in the diagonal from the top right"))
    through = cell_name(min(cells), words).it
    if group.kind == "window":
        return Name(words.gettext("the shaded window through {square}").format(square=through),
                    words.gettext("in the shaded window through {square}").format(square=through))
    if group.kind == "region":
        return Name(words.gettext("the bold-edged region through {square}").format(square=through),
                    words.gettext("in the bold-edged region through {square}").format(square=through))
    return group_name(cells, size, words, layout)


def group_name(cells: tuple[Cell, ...], size: int, words: Words, layout: tuple[int, int] = (0, 0)) -> Name:
    """A house or a region of whole houses by what it is: "row 4", "rows 4 and 5",
    "column 2", "the box of rows 1–3, columns 4–6" (`size`: the grid's side). In a
    layout of several grids (`layout`: its rows and columns, a samurai's 21x21) a line
    of one grid says which: "row 1, columns 13–21"."""
    rows, cols = sorted({r for r, _c in cells}), sorted({c for _r, c in cells})
    if len(rows) * len(cols) != len(cells):
        through = cell_name(min(cells), words).it
        return Name(words.gettext("the group through {square}").format(square=through),
                    words.gettext("in the group through {square}").format(square=through))
    if len(rows) == 1:
        if len(cols) < layout[1]:
            return _by_row(rows[0], cols, words)
        return Name(words.gettext("row {row}").format(row=rows[0] + 1),
                    words.gettext("in row {row}").format(row=rows[0] + 1))
    if len(cols) == 1:
        if len(rows) < layout[0]:
            return _by_col(cols[0], rows, words)
        return Name(words.gettext("column {col}").format(col=cols[0] + 1),
                    words.gettext("in column {col}").format(col=cols[0] + 1))
    shown_rows, shown_cols = span(rows, words), span(cols, words)
    if len(cols) == size:
        return Name(words.gettext("rows {rows}").format(rows=shown_rows),
                    words.gettext("in rows {rows}").format(rows=shown_rows))
    if len(rows) == size:
        return Name(words.gettext("columns {cols}").format(cols=shown_cols),
                    words.gettext("in columns {cols}").format(cols=shown_cols))
    if len(cells) == size:
        return Name(words.gettext("the box of rows {rows}, columns {cols}").format(rows=shown_rows, cols=shown_cols),
                    words.gettext("in the box of rows {rows}, columns {cols}").format(rows=shown_rows,
                                                                                      cols=shown_cols))
    return Name(words.gettext("the boxes of rows {rows}, columns {cols}").format(rows=shown_rows, cols=shown_cols),
                words.gettext("in the boxes of rows {rows}, columns {cols}").format(rows=shown_rows, cols=shown_cols))


def is_several(cells: tuple[Cell, ...], size: int) -> bool:
    """Whether a region of whole houses is more than one house (its sentence says "they")."""
    rows, cols = {r for r, _c in cells}, {c for _r, c in cells}
    return not (len(rows) == 1 or len(cols) == 1 or len(cells) == size)


def digit_set(values: tuple[int, ...], cage: Cage, words: Words) -> str:
    """One way to fill a cage: "8 and 9"; with three digits or more, the sum or product
    that makes the clue, "1+2+4" or "2×3×4" (with hidden signs, whichever does)."""
    shown = [str(v) for v in values]
    if len(shown) < 3:
        return listed(shown, words)
    op = "+" if cage.distinct else cage.op
    if op not in ("+", "*"):  # hidden signs: the one that makes the clue (+ when both do)
        op = "+" if sum(values) == cage.target else "*" if prod(values) == cage.target else ""
    # No spaces: a line is never broken inside one way ("1+2+4").
    return SIGNS[op].join(shown) if op else listed(shown, words)


def ways_name(ways: tuple[tuple[int, ...], ...], cage: Cage, words: Words) -> str:
    """A cage's ways in a few words: all of them, or how many with some examples."""
    if len(ways) <= LISTED_WAYS:
        return listed([digit_set(w, cage, words) for w in ways], words, "or")
    examples = ", ".join(digit_set(w, cage, words) for w in ways[:3])
    return words.ngettext("one of {count} way ({examples}…)", "one of {count} ways ({examples}…)",
                          len(ways)).format(count=len(ways), examples=examples)


def houses_name(kinds: tuple[str, ...], words: Words) -> str:
    """ "row, column or box": the kinds of house a digit may not repeat in, each as it
    reads after "in its" ("in its row, column or box")."""
    shown = [_kind_after_its(kind, words) for kind in (kinds or ("row", "column"))]
    return listed(shown, words, "or")


def _kind_after_its(kind: str, words: Words) -> str:
    said = {"row": words.pgettext("in its", "row"), "column": words.pgettext("in its", "column"),
            "box": words.pgettext("in its", "box"), "cage": words.pgettext("in its", "cage"),
            "region": words.pgettext("in its", "region"), "diagonal": words.pgettext("in its", "diagonal"),
            "window": words.pgettext("in its", "window"), "group": words.pgettext("in its", "group")}
    return said.get(kind, said["group"])


@dataclass(frozen=True)
class Naming:
    """How a type's worked steps name its places: a square, squares, a house (with the
    puzzle's size and layout, as `house_name` takes them) and the kinds of house a digit
    may not repeat in. A grid of rows and columns by default; a type whose squares are
    not found by row and column (tredoku's faces) gives its own."""

    cell: Callable[[Cell, Words], Name]
    cells: Callable[[tuple[Cell, ...] | list[Cell], Words], Name]
    house: Callable[[Group, int, Words, tuple[int, int]], Name]
    houses: Callable[[tuple[str, ...], Words], str]


def _house(group: Group, size: int, words: Words, layout: tuple[int, int]) -> Name:
    return house_name(group, size, words, layout)


GRID_NAMING = Naming(cell_name, cells_name, _house, houses_name)


def grid_naming(marked: Mapping[frozenset[Cell], str] | None = None) -> Naming:
    """A grid's names, with the houses its drawing marks with a letter (`marked`, by their
    cells) named by that letter."""
    if not marked:
        return GRID_NAMING

    def house(group: Group, size: int, words: Words, layout: tuple[int, int]) -> Name:
        return house_name(group, size, words, layout, marked)

    return Naming(cell_name, cells_name, house, houses_name)
