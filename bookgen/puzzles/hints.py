"""Worked steps in plain words, for a child who is stuck: one sentence per technique,
in one table, with cells named as a child reads them ("row 3, column 5"), cages by
their clue and place ("the 12× cage in row 2, columns 3 and 4") and houses by name
("row 4", "the box of rows 1–3, columns 4–6").

A sentence is a template filled from the step: the digits written and crossed out, and
what the technique noted it looked at (its `Detail`). Every placeholder a template may
use is in `_words`; a template naming anything else is a bug the tests catch.
"""

from __future__ import annotations

from math import prod
from typing import Callable, Mapping

from bookgen.model import Cage, Cell, Group
from bookgen.puzzles.base import Hint
from bookgen.solve.grader import Detail, Step

# The clue's sign, as printed (KenKen); killer cages and hidden signs show the number only.
SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}
# A cage's ways are listed in full up to this many; beyond, counted with a few examples.
LISTED_WAYS = 6
# Digits written in one step are listed up to this many (one-square cages); beyond, the
# sentence says what to do.
LISTED_PLACEMENTS = 4


# What each technique's step says, for the techniques several types share (a type's
# own techniques have their sentences in its package, added to these). Placeholders:
# see `_words`. A technique whose step varies in kind has a sentence per kind, under
# "technique/kind".
SENTENCES: dict[str, str] = {
    # Sudoku-family singles, subsets and lines (also used by KenKen and killer).
    "naked single": "Row {row}, column {col} can only be {digit}: every other {number} is already in its "
                    "{houses}, or crossed out.",
    "hidden single": "{digit} goes in row {row}, column {col}: it is the only place left for {digit} in {group}.",
    "hidden single in a box": "{digit} goes in row {row}, column {col}: it is the only place left for {digit} "
                              "in {group}.",
    "full house": "Row {row}, column {col} is the last empty square of {group}, so it takes the one {number} "
                  "missing there: {digit}.",
    "pointing and claiming": "In {group1}, {digits} can only go in {cells}, which are all in {group2} too, "
                             "so {marks}.",
    "naked pair": "{Cells} can only hold {digits} between them, so the rest of {group} cannot: {marks}.",
    "naked triple": "{Cells} can only hold {digits} between them, so the rest of {group} cannot: {marks}.",
    "hidden pair": "In {group}, {digits} fit only in {cells}, so those two cells hold nothing else: {marks}.",
    "hidden triple": "In {group}, {digits} fit only in {cells}, so those three cells hold nothing else: {marks}.",
    "X-wing": "In two rows (or columns), {digits_crossed} fits only in the same two columns (rows), at the "
              "corners of a rectangle; whichever way it goes, those two columns (rows) get it there, so {marks}.",
    "swordfish": "In three rows (or columns), {digits_crossed} fits only in the same three columns (rows); "
                 "whichever way it goes, those columns (rows) get it there, so {marks}.",
    "XY-wing": "Three cells with two {numbers} each work like a trap: whichever {number} the middle one takes, one of "
               "the two ends is {digits_crossed}, so a cell that sees both ends cannot be: {marks}.",
    "XYZ-wing": "Three cells work like a trap: whichever way they go, one of them is {digits_crossed}, so a cell "
                "that sees all three cannot be: {marks}.",
    "X-chain": "Following one {number} from cell to cell, where it must be in one place or the other, shows it "
               "cannot be in {cells_crossed}: {marks}.",
    "XY-chain": "Following a chain of cells with two {numbers} each shows that {cells_crossed} cannot be "
                "{digits_crossed}: {marks}.",
    # Cages (KenKen and killer).
    "one-cell cage": "A cage of one square holds just its clue: write {placements}.",
}
GENERAL = "Using {technique}, {marks}."
GENERAL_PLACE = "Using {technique}, write {digit} in row {row}, column {col}."


# What is printed for a value: the value itself, or a sudoku's `symbols:` letter for it
# (a 6x6 with symbols ABCDEF says "C goes in row 2, column 4").
Label = Callable[[int], str]


def symbol_noun(label: Label, size: int) -> str:
    """What the sentences call the things written in the cells: numbers, unless the
    puzzle prints letters (`symbols: ABCDEF`) or a mix (16x16: 1-9 then A-G)."""
    shown = [label(v) for v in range(1, size + 1)]
    if all(text.isdigit() for text in shown):
        return "number"
    return "letter" if all(text.isalpha() for text in shown) else "symbol"


def cell_name(cell: Cell) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _listed(items: list[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or "or")."""
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _placements(placed: tuple[tuple[Cell, int], ...], label: Label = str) -> str:
    """ "3 in row 1, column 1; 1 in row 1, column 2; and 5 in row 2, column 6": with
    semicolons, as each part has a comma of its own. A long list says what to do instead."""
    if len(placed) > LISTED_PLACEMENTS:
        return f"the number of each of the {len(placed)} one-square cages in its square"
    parts = [f"{label(v)} in {cell_name(cell)}" for cell, v in placed]
    if len(parts) <= 2:
        return " and ".join(parts)
    return "; ".join(parts[:-1]) + "; and " + parts[-1]


def _span(numbers: list[int]) -> str:
    """1-based, consecutive: "3", "3 and 4", "3–5"."""
    shown = sorted({x + 1 for x in numbers})
    if len(shown) == 1:
        return str(shown[0])
    if len(shown) == 2 or shown[-1] - shown[0] != len(shown) - 1:
        return _listed([str(x) for x in shown])
    return f"{shown[0]}\u2013{shown[-1]}"


def cells_name(cells: tuple[Cell, ...] | list[Cell]) -> str:
    """Cells as a child finds them, by row (or by column, when that is shorter): "row 2,
    columns 3 and 4 and row 3, column 1"."""
    by_row: dict[int, list[int]] = {}
    by_col: dict[int, list[int]] = {}
    for r, c in sorted(set(cells)):
        by_row.setdefault(r, []).append(c)
        by_col.setdefault(c, []).append(r)
    if len(by_col) < len(by_row):
        parts = [f"column {c + 1}, row{'s' if len(rs) > 1 else ''} {_span(rs)}" for c, rs in by_col.items()]
    else:
        parts = [f"row {r + 1}, column{'s' if len(cs) > 1 else ''} {_span(cs)}" for r, cs in by_row.items()]
    return " and ".join(parts)


def clue(cage: Cage) -> str:
    """The clue as printed: "12×", "3−", "17" (killer, and KenKen with hidden signs)."""
    if cage.distinct or len(cage.cells) == 1:
        return str(cage.target)
    return f"{cage.target}{SIGNS.get(cage.op, '')}"


def cage_name(cage: Cage) -> str:
    """ "the 12× cage in row 2, columns 3 and 4", or where its clue is printed when it
    spreads over rows and columns."""
    rows, cols = {r for r, _c in cage.cells}, {c for _r, c in cage.cells}
    if len(rows) == 1 or len(cols) == 1:
        return f"the {clue(cage)} cage in {cells_name(cage.cells)}"
    return f"the {clue(cage)} cage starting at {cell_name(cage.anchor)}"


def house_name(group: Group, size: int, layout: tuple[int, int] = (0, 0)) -> str:
    """A row, column or box by where it is; a diagonal, window or region by its kind."""
    cells = group.cells
    if group.kind == "diagonal":
        corner = "top left" if cells[0][0] == cells[0][1] else "top right"
        return f"the diagonal from the {corner}"
    if group.kind == "window":
        return f"the shaded window through {cell_name(min(cells))}"
    if group.kind == "region":
        return f"the bold-edged region through {cell_name(min(cells))}"
    return group_name(cells, size, layout)


def group_name(cells: tuple[Cell, ...], size: int, layout: tuple[int, int] = (0, 0)) -> str:
    """A house or a region of whole houses by what it is: "row 4", "rows 4 and 5",
    "column 2", "the box of rows 1–3, columns 4–6" (`size`: the grid's side). In a
    layout of several grids (`layout`: its rows and columns, a samurai's 21x21) a line
    of one grid says which: "row 1, columns 13–21"."""
    rows, cols = sorted({r for r, _c in cells}), sorted({c for _r, c in cells})
    if len(rows) * len(cols) != len(cells):
        return f"the group through {cell_name(min(cells))}"
    if len(rows) == 1:
        return f"row {rows[0] + 1}" + (f", columns {_span(cols)}" if len(cols) < layout[1] else "")
    if len(cols) == 1:
        return f"column {cols[0] + 1}" + (f", rows {_span(rows)}" if len(rows) < layout[0] else "")
    if len(cols) == size:
        return f"rows {_span(rows)}"
    if len(rows) == size:
        return f"columns {_span(cols)}"
    boxes = "box" if len(cells) == size else "boxes"
    return f"the {boxes} of rows {_span(rows)}, columns {_span(cols)}"


def _plural(name: str) -> bool:
    return name.startswith(("rows", "columns", "the boxes"))


def digit_set(values: tuple[int, ...], cage: Cage) -> str:
    """One way to fill a cage: "8 and 9"; with three digits or more, the sum or product
    that makes the clue, "1+2+4" or "2×3×4" (with hidden signs, whichever does)."""
    shown = [str(v) for v in values]
    if len(shown) < 3:
        return _listed(shown)
    op = "+" if cage.distinct else cage.op
    if op not in ("+", "*"):  # hidden signs: the one that makes the clue (+ when both do)
        op = "+" if sum(values) == cage.target else "*" if prod(values) == cage.target else ""
    # No spaces: a line is never broken inside one way ("1+2+4").
    return SIGNS[op].join(shown) if op else _listed(shown)


def ways_name(ways: tuple[tuple[int, ...], ...], cage: Cage) -> str:
    """A cage's ways in a few words: all of them, or how many with some examples."""
    if len(ways) <= LISTED_WAYS:
        return _listed([digit_set(w, cage) for w in ways], "or")
    examples = ", ".join(digit_set(w, cage) for w in ways[:3])
    return f"one of {len(ways)} ways ({examples}…)"


def _can_be(detail: Detail) -> str:
    """ "can only be 1 and 4, 2 and 5 or 3 and 6", or, when the pencil marks rule some
    out, "can be …, but with the numbers already written and crossed out only … fits"."""
    cage, ways, fit = detail.cage, detail.ways, detail.fit
    if fit == ways:
        return f"can only be {ways_name(ways, cage)}"
    fits = "fits" if len(fit) == 1 else "fit"
    return (f"can be {ways_name(ways, cage)}, but with the numbers already written and crossed out only "
            f"{ways_name(fit, cage)} still {fits}")


def _marks(step: Step, label: Label = str) -> str:
    """What to do with the pencil marks, cells grouped alike: "cross out 5 and 6 in row 1,
    columns 1 and 2", or, when fewer marks stay than go, "row 3, column 1 can only be 1
    or 2" (a child pencils in the few that stay)."""
    gone: dict[Cell, set[int]] = {}
    for cell, digits in step.removed:  # a step may cross out in one cell twice (a cage, then a house)
        gone.setdefault(cell, set()).update(digits)
    left = dict(step.left)
    crossed: dict[tuple[int, ...], list[Cell]] = {}
    kept: dict[tuple[int, ...], list[Cell]] = {}
    for cell, digits in gone.items():
        stay = left.get(cell, ())
        if stay and len(stay) < len(digits):
            kept.setdefault(stay, []).append(cell)
        else:
            crossed.setdefault(tuple(sorted(digits)), []).append(cell)
    parts = []
    if crossed:
        parts.append("cross out " + "; ".join(f"{_listed([label(d) for d in digits])} in {cells_name(cells)}"
                                              for digits, cells in crossed.items()))
    for stay, cells in kept.items():
        can = "must be" if len(stay) == 1 else "can only be"
        parts.append(f"{cells_name(cells)} {can} {_listed([label(d) for d in stay], 'or')}")
    return "; ".join(parts)


def _placed(placed: tuple[tuple[Cell, int], ...], label: Label = str) -> str:
    """ "row 3, column 1 is 2 and row 4, column 1 is 3" (semicolons past two)."""
    parts = [f"{cell_name(cell)} is {label(v)}" for cell, v in placed]
    return " and ".join(parts) if len(parts) <= 2 else "; ".join(parts[:-1]) + "; and " + parts[-1]


def _houses(step: Step) -> str:
    names = list(step.houses) or ["row", "column"]
    return _listed(names, "or")


def _rest(step: Step) -> str:
    """The conclusion of a sum or product rule: what the cells still empty make."""
    detail = step.detail
    cells, minus, need = detail.cells, detail.minus, detail.need
    if minus:
        more = (f"{need} more than" if need > 0 else f"{-need} less than" if need < 0 else "the same as")
        together = " together" if len(minus) > 1 else ""
        return f"{cells_name(cells)} {_more(cells)} {more} {cells_name(minus)}{together}"
    if len(cells) == 1:
        return f"{cell_name(cells[0])} must be {need}"
    verb = "multiply to" if detail.kind == "product" else "add up to"
    return f"{cells_name(cells)} {verb} {need}"


def _more(cells: tuple[Cell, ...]) -> str:
    return "is" if len(cells) == 1 else "add up to"


def _gap(detail: Detail) -> int:
    return detail.known - detail.total if detail.kind == "outies" else detail.total - detail.known


def _then(step: Step) -> str:
    """For the rule of 45: the part of the gap already written, when there is some."""
    detail = step.detail
    written = _gap(detail) - detail.need
    if detail.kind == "mixed":
        return ", counting the numbers already written," if written else ""
    return f", {written} of it already written" if written else ""


def _words(step: Step, label: Label = str) -> dict[str, object]:
    """Every placeholder a sentence may use, for this step, values printed by `label`."""
    detail = step.detail
    groups = [house_name(g, step.size, step.layout) for g in detail.groups]
    crossed_cells = [cell for cell, _d in step.removed]
    marks = _marks(step, label)
    crossed_digits = sorted({d for _c, ds in step.removed for d in ds})
    words: dict[str, object] = {
        "technique": step.technique,
        "houses": _houses(step),
        "marks": marks,
        # A sum rule that leaves one cell one number says so instead of listing cross-outs.
        "cross": "" if len(detail.cells) == 1 and not detail.minus else f" So {marks}.",
        "cells_crossed": cells_name(crossed_cells),
        "digits_crossed": _listed([label(d) for d in crossed_digits], "or"),
        "group": _listed(groups), "Group": _listed(groups)[:1].upper() + _listed(groups)[1:],
        "group_or": _listed(groups, "or"),
        "group1": groups[0] if groups else "", "group2": groups[-1] if groups else "",
        "region": group_name(detail.region, step.size) if detail.region else "",
        "cells": cells_name(detail.cells),
        "digits": _listed([label(d) for d in detail.digits]),
        "digits_or": _listed([label(d) for d in detail.digits], "or"),
        "written": _listed([label(d) for d in detail.digits]),
        "total": detail.total, "known": detail.known, "gap": _gap(detail), "need": detail.need,
        "rest": _rest(step), "then": _then(step),
        "placements": _placements(step.placed, label),
        "placed": _placed(step.placed, label),
    }
    words["number"] = symbol_noun(label, step.size) if step.size else "number"
    words["numbers"] = f"{words['number']}s"
    words["Region"] = str(words["region"])[:1].upper() + str(words["region"])[1:]
    plural = _plural(str(words["region"]) or _listed(groups))
    words["adds"], words["it"], words["its"] = ("add", "them", "their") if plural else ("adds", "it", "its")
    words["Cells"] = str(words["cells"])[:1].upper() + str(words["cells"])[1:]
    if detail.cage is not None:
        words["cage"] = cage_name(detail.cage)
        words["Cage"] = "T" + str(words["cage"])[1:]
        words["can_be"] = _can_be(detail)
        words["can_only"] = f"can only be {ways_name(detail.fit, detail.cage)}"
    if detail.other is not None:
        words["other"] = cage_name(detail.other)
    return words


def template_for(step: Step, table: Mapping[str, str] = SENTENCES) -> str | None:
    key = f"{step.technique}/{step.detail.kind}" if step.detail.kind else step.technique
    return table.get(key)


def hints(step: Step, label: Label = str, table: Mapping[str, str] = SENTENCES) -> list[Hint]:
    """The step in plain words from the type's `table` of sentences: a sentence per
    digit written (or one for all, when the sentence lists them), or one for the marks
    crossed out; values printed by `label`."""
    template = template_for(step, table)
    words = _words(step, label)
    if step.placed:
        everywhere = tuple(cell for cell, _v in step.placed)
        if template and ("{placements}" in template or "{placed}" in template):
            return [Hint(template.format(**words), everywhere)]
        template = template if template and "{digit}" in template else GENERAL_PLACE
        return [Hint(template.format(**words, row=r + 1, col=c + 1, digit=label(v)), ((r, c),))
                for (r, c), v in step.placed]
    template = template if template and "{digit}" not in template else GENERAL
    return [Hint(template.format(**words), tuple(dict.fromkeys(cell for cell, _d in step.removed)))]


def sentences(step: Step, label: Label = str, table: Mapping[str, str] = SENTENCES) -> list[str]:
    return [hint.text for hint in hints(step, label, table)]


def first_hints(steps: list[Step], limit: int, label: Label = str,
                table: Mapping[str, str] = SENTENCES) -> list[Hint]:
    """The first `limit` sentences of the worked steps: enough to get a child going."""
    said: list[Hint] = []
    for step in steps:
        said += hints(step, label, table)
        if len(said) >= limit:
            break
    return said[:limit]


def first_sentences(steps: list[Step], limit: int, label: Label = str,
                    table: Mapping[str, str] = SENTENCES) -> list[str]:
    return [hint.text for hint in first_hints(steps, limit, label, table)]
