"""What killer sudoku's own techniques say in worked steps (placeholders:
bookgen.puzzles.hints), beside the sentences every grid type shares: cages and houses,
and the rule of 45 said for innies, outies or both."""

from __future__ import annotations

from bookgen.puzzles import hints

_RULE_45 = {
    "innies": "{Region} {adds} up to {total}. The cages wholly inside {it} make {known}, so {its} cells in cages "
              "that stick out make {gap}{then}: {rest}.{cross}",
    "outies": "{Region} {adds} up to {total}, but the cages that cover {it} make {known}: the {gap} more is in "
              "their cells outside {it}{then}, so {rest}.{cross}",
    "mixed": "{Region} {adds} up to {total}. The cages wholly inside {it}, with the cages that stick out of {it} "
             "by a cell or two counted whole, make {known}, so{then} {rest}.{cross}",
}

SENTENCES: dict[str, str] = {
    **hints.SENTENCES,
    "last cell of a cage": "{Cage} already has {written}, so its last empty cell, row {row}, column {col}, is "
                           "{digit}.",
    "cage combinations": "{Cage} {can_be}, so {marks}.",
    "cage claims a digit in a house": "Every way to fill {cage} uses {digits}, and it can only go in {cells}, so "
                                      "no other cell of {group_or} can be {digits_or}: {marks}.",
    "house pins a digit into a cage": "In {group}, {digits} can only go in {cage}, so the cage must use it there "
                                      "and {can_only}: {marks}.",
    "two cages in one house": "{Cage} and {other} are both inside {group}, so they share no number. Only some "
                              "ways to fill the first leave a way to fill the second: it {can_only}, so {marks}.",
    **{f"{technique}/{kind}": said for technique in ("rule of 45 (one house)", "rule of 45", "innies and outies")
       for kind, said in _RULE_45.items()},
}
