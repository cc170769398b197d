"""Worked steps in plain words, for a child who is stuck: short sentences, one table of
them per technique, in the book's language. Squares are named as a child reads them
("row 3, column 5"), cages by their clue and place, houses by name ("row 4", "the box
of rows 1–3, columns 4–6"): see bookgen.puzzles.hint_names, which gives every name as
the subject and after "in", so a sentence in any language can use the right form.

A sentence is a message filled from the step: the digits written and crossed out, and
what the technique noted it looked at (its `Detail`). Every placeholder a sentence may
use is in `_words`; a sentence naming anything else is a bug the tests catch. The
sentences are written in English here and translated in the catalogues
(bookgen.language); the table holds the English, the book's language is looked up when
a step is said.
"""

from __future__ import annotations

from typing import Callable, Mapping

from bookgen.language import ENGLISH, N_, Words
from bookgen.model import Cell
from bookgen.puzzles.hint import Hint, PencilMarks
from bookgen.puzzles.hint_sentences import SENTENCES  # what each technique's step says
from bookgen.puzzles.hint_names import (GRID_NAMING, Name, Naming, cage_name, cells_name, group_name, is_several,
                                        listed, ways_name)
from bookgen.solve.grader import Detail, Step

# Digits written in one step are listed up to this many (one-square cages); beyond, the
# sentence says what to do.
LISTED_PLACEMENTS = 4

GENERAL = N_("{Marks}.")
GENERAL_PLACE = N_("Write {digit} {in_cell}.")


# The letter a drawing prints on a house, by the house's cells (a toroidal sudoku's
# regions that wrap round the edges): worked steps name such a house by its letter.
Marked = Mapping[frozenset[Cell], str]

# What is printed for a value: the value itself, or a sudoku's `symbols:` letter for it
# (a 6x6 with symbols ABCDEF says "C goes in row 2, column 4").
Label = Callable[[int], str]


def symbol_noun(label: Label, size: int) -> str:
    """What the cells hold: numbers, unless the puzzle prints letters (`symbols: ABCDEF`)
    or a mix (16x16: 1-9 then A-G). A type that prints pictures says so itself."""
    shown = [label(v) for v in range(1, size + 1)]
    if all(text.isdigit() for text in shown):
        return "number"
    return "letter" if all(text.isalpha() for text in shown) else "symbol"


def _every_other(noun: str, words: Words) -> str:
    said = {"number": words.gettext("every other number"), "letter": words.gettext("every other letter"),
            "symbol": words.gettext("every other symbol"), "picture": words.gettext("every other picture")}
    return said[noun]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _marks(step: Step, words: Words, label: Label = str, naming: Naming = GRID_NAMING) -> str:
    """What to do with the pencil marks, squares grouped alike: "cross out 5 and 6 in row
    1, columns 1 and 2", or, when fewer marks stay than go, "row 3, column 1 can only be 1
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
        places = [words.gettext("{digits} {in_squares}").format(digits=listed([label(d) for d in digits], words),
                                                                 in_squares=naming.cells(cells, words).inside)
                  for digits, cells in crossed.items()]
        parts.append(words.gettext("cross out {what}").format(what="; ".join(places)))
    for stay, cells in kept.items():
        shown, squares = listed([label(d) for d in stay], words, "or"), naming.cells(cells, words).it
        if len(stay) == 1:
            said = words.ngettext("{squares} must be {digits}", "{squares} must be {digits}", len(cells))
        else:
            said = words.ngettext("{squares} can only be {digits}", "{squares} can only be {digits}", len(cells))
        parts.append(said.format(squares=squares, digits=shown))
    return "; ".join(parts)


def _semicolons(parts: list[str], words: Words) -> str:
    """ "a and b", or "a; b; and c" when each part has a comma of its own."""
    if len(parts) <= 2:
        return listed(parts, words)
    return words.pgettext("list", "{items}; and {last}").format(items="; ".join(parts[:-1]), last=parts[-1])


def _placements(placed: tuple[tuple[Cell, int], ...], words: Words, label: Label = str,
                naming: Naming = GRID_NAMING) -> str:
    """ "3 in row 1, column 1; 1 in row 1, column 2; and 5 in row 2, column 6". A long list
    says what to do instead."""
    if len(placed) > LISTED_PLACEMENTS:
        return words.ngettext("the number of the {count} one-square cage in its square",
                              "the number of each of the {count} one-square cages in its square",
                              len(placed)).format(count=len(placed))
    return _semicolons([words.gettext("{digit} {in_square}").format(digit=label(v), in_square=naming.cell(cell, words)
                                                                      .inside) for cell, v in placed], words)


def _placed(placed: tuple[tuple[Cell, int], ...], words: Words, label: Label = str,
            naming: Naming = GRID_NAMING) -> str:
    """ "row 3, column 1 is 2 and row 4, column 1 is 3" (semicolons past two)."""
    return _semicolons([words.gettext("{square} is {digit}").format(square=naming.cell(cell, words).it, digit=label(v))
                        for cell, v in placed], words)


def _rest(step: Step, words: Words) -> str:
    """The conclusion of a sum or product rule: what the squares still empty make."""
    detail = step.detail
    cells, minus, need = detail.cells, detail.minus, detail.need
    squares = cells_name(cells, words).it
    if minus:
        others = cells_name(minus, words).it
        if len(minus) > 1:
            others = words.gettext("{squares} together").format(squares=others)
        if need > 0:
            said = words.ngettext("{squares} is {need} more than {others}",
                                  "{squares} add up to {need} more than {others}", len(cells))
        elif need < 0:
            said = words.ngettext("{squares} is {need} less than {others}",
                                  "{squares} add up to {need} less than {others}", len(cells))
        else:
            said = words.ngettext("{squares} is the same as {others}", "{squares} add up to the same as {others}",
                                  len(cells))
        return said.format(squares=squares, need=abs(need), others=others)
    if len(cells) == 1:
        return words.gettext("{square} must be {need}").format(square=squares, need=need)
    if detail.kind == "product":
        return words.gettext("{squares} multiply to {need}").format(squares=squares, need=need)
    return words.gettext("{squares} add up to {need}").format(squares=squares, need=need)


def _gap(detail: Detail) -> int:
    return detail.known - detail.total if detail.kind == "outies" else detail.total - detail.known


def _then(step: Step, words: Words) -> str:
    """For the rule of 45: the part of the gap already written, when there is some."""
    detail = step.detail
    written = _gap(detail) - detail.need
    if not written:
        return ""
    if detail.kind == "mixed":
        return words.gettext(", counting the numbers already written,")
    return words.gettext(", {written} of it already written").format(written=written)


def _can_be(detail: Detail, words: Words) -> str:
    """ "can only be 1 and 4, 2 and 5 or 3 and 6", or, when the pencil marks rule some
    out, "can be …, but with the numbers already written and crossed out only … fits"."""
    cage, ways, fit = detail.cage, detail.ways, detail.fit
    if fit == ways:
        return words.gettext("can only be {ways}").format(ways=ways_name(ways, cage, words))
    return words.ngettext("can be {ways}, but with the numbers already written and crossed out only {fit} still "
                          "fits", "can be {ways}, but with the numbers already written and crossed out only {fit} "
                          "still fit", len(fit)).format(ways=ways_name(ways, cage, words),
                                                        fit=ways_name(fit, cage, words))


def _named(words_: dict[str, object], key: str, name) -> None:
    """A name under its placeholders: `key` (the subject), `in_key` (after "in") and
    their capitalised forms, which start a sentence."""
    words_[key], words_[f"in_{key}"] = name.it, name.inside
    words_[_capital(key)], words_[f"In_{key}"] = _capital(name.it), _capital(name.inside)


def _words(step: Step, label: Label = str, words: Words = ENGLISH, naming: Naming = GRID_NAMING,
           noun: str | None = None) -> dict[str, object]:
    """Every placeholder a sentence may use, for this step, values named by `label` and
    all of them together by `noun` ("picture"; None: as the labels look), places named
    by `naming`."""
    detail = step.detail
    groups = [naming.house(g, step.size, words, step.layout) for g in detail.groups]
    marks = _marks(step, words, label, naming)
    crossed_digits = sorted({d for _c, ds in step.removed for d in ds})
    found: dict[str, object] = {
        "technique": step.technique,
        "houses": naming.houses(step.houses, words),
        "marks": marks, "Marks": _capital(marks),
        # A sum rule that leaves one cell one number says so instead of listing cross-outs.
        "cross": "" if len(detail.cells) == 1 and not detail.minus else " " + words.gettext("So {marks}.").format(
            marks=marks),
        "digits_crossed": listed([label(d) for d in crossed_digits], words, "or"),
        "digits": listed([label(d) for d in detail.digits], words),
        "digits_or": listed([label(d) for d in detail.digits], words, "or"),
        "written": listed([label(d) for d in detail.digits], words),
        "total": detail.total, "known": detail.known, "gap": _gap(detail), "need": detail.need,
        "rest": _rest(step, words), "then": _then(step, words),
        "placements": _placements(step.placed, words, label, naming),
        "placed": _placed(step.placed, words, label, naming),
        "Every_other": _capital(_every_other(noun or (symbol_noun(label, step.size) if step.size else "number"),
                                             words)),
    }
    _named(found, "cells_crossed", naming.cells([cell for cell, _d in step.removed], words))
    _named(found, "cells", naming.cells(detail.cells, words))
    _named(found, "group", _joined(groups, words, "and"))
    _named(found, "group_or", _joined(groups, words, "or"))
    _named(found, "group1", groups[0] if groups else _joined([], words, "and"))
    _named(found, "group2", groups[-1] if groups else _joined([], words, "and"))
    _named(found, "region", group_name(detail.region, step.size, words) if detail.region else Name("", ""))
    # A sign's square and what it is compared with (the first of the cells, the rest).
    _named(found, "square", naming.cell(detail.cells[0], words) if detail.cells else Name("", ""))
    _named(found, "others", naming.cells(detail.cells[1:], words))
    found["side"] = _side(detail.cells, words)
    if detail.cage is not None:
        _named(found, "cage", cage_name(detail.cage, words))
        found["can_be"] = _can_be(detail, words)
        found["can_only"] = words.gettext("can only be {ways}").format(ways=ways_name(detail.fit, detail.cage, words))
    if detail.other is not None:
        _named(found, "other", cage_name(detail.other, words))
    return found


def _side(cells: tuple[Cell, ...], words: Words) -> str:
    """Where the second square is from the first, when they are neighbours: "to its
    right", "above it"…; empty otherwise."""
    if len(cells) < 2:
        return ""
    (r1, c1), (r2, c2) = cells[0], cells[1]
    # TRANSLATORS: where the square a sign compares with lies, after "the square": "the square to its right".
    sides = {(0, 1): words.gettext("to its right"), (0, -1): words.gettext("to its left"),
             (-1, 0): words.gettext("above it"), (1, 0): words.gettext("below it")}
    return sides.get((r2 - r1, c2 - c1), "")


def _joined(names: list[Name], words: Words, last: str) -> Name:
    return Name(listed([n.it for n in names], words, last), listed([n.inside for n in names], words, last))


def template_for(step: Step, table: Mapping[str, str] = SENTENCES) -> str | None:
    key = f"{step.technique}/{step.detail.kind}" if step.detail.kind else step.technique
    several = step.detail.region and is_several(step.detail.region, step.size)
    return (table.get(f"{key}/several") if several else None) or table.get(key)


def hints(step: Step, label: Label = str, table: Mapping[str, str] = SENTENCES, words: Words = ENGLISH,
          naming: Naming = GRID_NAMING, marks: Label | None = None, noun: str | None = None) -> list[Hint]:
    """The step in plain words from the type's `table` of sentences, in `words`' language:
    a sentence per digit written (or one for all, when the sentence lists them), or one
    for the marks crossed out; values named by `label` (and by `noun` all together),
    pencil marks by `marks` (as printed: a picture's label, not its name in words),
    places named by `naming`."""
    template = template_for(step, table)
    found = _words(step, label, words, naming, noun)
    if step.placed:
        everywhere = tuple(cell for cell, _v in step.placed)
        if template and ("{placements}" in template or "{placed}" in template):
            return [Hint(words.gettext(template).format(**found), everywhere)]
        template = template if template and "{digit}" in template else GENERAL_PLACE
        said = []
        for (r, c), v in step.placed:
            square = naming.cell((r, c), words)
            filled = {**found, "digit": label(v), "cell": square.it, "Cell": _capital(square.it),
                      "in_cell": square.inside}
            said.append(Hint(_capital(words.gettext(template).format(**filled)), ((r, c),)))
        return said
    template = template if template and "{digit}" not in template else GENERAL
    return [Hint(_capital(words.gettext(template).format(**found)),
                 tuple(dict.fromkeys(cell for cell, _d in step.removed)), _pencil_marks(step, marks or label))]


def _pencil_marks(step: Step, label: Label) -> tuple[PencilMarks, ...]:
    """What each square a step crosses out in could hold before it, and what goes: a
    child has no pencil marks of their own to cross out, so the diagram prints them."""
    gone: dict[Cell, set[int]] = {}
    for cell, digits in step.removed:
        gone.setdefault(cell, set()).update(digits)
    left = dict(step.left)
    return tuple(PencilMarks(cell, tuple(label(d) for d in sorted(set(left.get(cell, ())) | digits)),
                             tuple(label(d) for d in sorted(digits))) for cell, digits in gone.items())


def sentences(step: Step, label: Label = str, table: Mapping[str, str] = SENTENCES,
              words: Words = ENGLISH) -> list[str]:
    return [hint.text for hint in hints(step, label, table, words)]


def first_hints(steps: list[Step], limit: int, label: Label = str, table: Mapping[str, str] = SENTENCES,
                words: Words = ENGLISH, naming: Naming = GRID_NAMING, marks: Label | None = None,
                noun: str | None = None) -> list[Hint]:
    """The first `limit` sentences of the worked steps: enough to get a child going."""
    said: list[Hint] = []
    for step in steps:
        said += hints(step, label, table, words, naming, marks, noun)
        if len(said) >= limit:
            break
    return said[:limit]

