"""Worked steps in plain words, for a child who is stuck: one sentence per technique,
in one table, with cells named as a child reads them ("row 3, column 5")."""

from __future__ import annotations

from bookgen.solve.techniques import Step

# What each technique's step says; {cell}/{digit} for a placement, {cells}/{digits} for
# crossed-out pencil marks. A technique not listed gets the general sentence.
SENTENCES: dict[str, str] = {
    "full house": "Row {row}, column {col} is the last empty square of its row, column or box, so it takes "
                  "the one number missing there: {digit}.",
    "hidden single in a box": "{digit} goes in row {row}, column {col}: it is the only place left for {digit} "
                              "in its box.",
    "naked single": "Row {row}, column {col} can only be {digit}: every other number is already in its row, "
                    "its column or its box, or crossed out.",
    "hidden single": "{digit} goes in row {row}, column {col}: it is the only place left for {digit} in one of "
                     "its row, column or box.",
    "pointing and claiming": "In one box the places for {digits} all lie in one row or column (or in one row "
                             "or column they all lie in one box), so {digits} can be crossed out of {cells}.",
    "naked pair": "Two cells of one group can only hold {pair}, so {digits} can be crossed out of {cells}.",
    "hidden pair": "Two numbers fit in only two cells of one group, so the other numbers can be crossed out "
                   "of {cells}.",
}
GENERAL = "Using {technique}, cross out {digits} from {cells}."
GENERAL_PLACE = "Using {technique}, write {digit} in row {row}, column {col}."


def cell_name(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def sentences(step: Step) -> list[str]:
    """The step in plain words: a sentence per digit written, or one for the marks crossed out."""
    table = SENTENCES.get(step.technique)
    if step.placed:
        template = table if table and "{digit}" in table else GENERAL_PLACE
        return [template.format(row=r + 1, col=c + 1, digit=v, technique=step.technique)
                for (r, c), v in step.placed]
    digits = sorted({d for _cell, ds in step.removed for d in ds})
    cells = [cell_name(cell) for cell, _ds in step.removed]
    template = table if table and "{cells}" in table else GENERAL
    pair = _listed([str(d) for d in digits])
    return [template.format(digits=_listed([str(d) for d in digits]), cells=_listed(cells), pair=pair,
                            technique=step.technique)]


def first_sentences(steps: list[Step], limit: int) -> list[str]:
    """The first `limit` sentences of the worked steps: enough to get a child going."""
    said: list[str] = []
    for step in steps:
        said += sentences(step)
        if len(said) >= limit:
            break
    return said[:limit]
