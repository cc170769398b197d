"""What KenKen's own techniques say in worked steps (placeholders: bookgen.puzzles.hints),
beside the sentences every grid type shares."""

from __future__ import annotations

from bookgen.puzzles import hints

SENTENCES: dict[str, str] = {
    **hints.SENTENCES,
    "cage single": "{Cage} {can_be}, so {placed}.",
    "cage arithmetic": "{Cage} {can_be}, so {marks}.",
    "cage claims a digit in its line": "Every way to fill {cage} puts {digits} in {group}, so no other cell of "
                                       "{group} can be {digits_or}: {marks}.",
    "line pins a digit into a cage": "In {group}, {digits} can only go in {cage}, so the cage must use it there "
                                     "and {can_only}: {marks}.",
    "two cages in a line": "{Cage} and {other} share a row or column, where a number cannot repeat. Only some "
                           "ways to fill the first leave a way to fill the second: it {can_only}, so {marks}.",
    "line sum rule/sum": "{Group} adds up to {total}. The cages inside it that can make only one total, and "
                         "the numbers already written in it, make {known}, so {rest}.{cross}",
    "line product rule/product": "{Group} multiplies to {total}. The cages inside it that can make only one "
                                 "product, and the numbers already written in it, multiply to {known}, so "
                                 "{rest}.{cross}",
}
