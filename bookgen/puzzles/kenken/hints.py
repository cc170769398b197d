"""What KenKen's own techniques say in worked steps (placeholders: bookgen.puzzles.hints),
beside the sentences every grid type shares."""

from __future__ import annotations

from bookgen.language import N_
from bookgen.puzzles import hint_sentences

SENTENCES: dict[str, str] = {
    **hint_sentences.SENTENCES,
    "cage single": N_("{Cage} {can_be}. So {placed}."),
    "cage arithmetic": N_("{Cage} {can_be}. So {marks}."),
    "cage claims a digit in its line": N_("{Cage}: every way to fill it puts {digits} {in_group}. So no other "
                                          "square {in_group} can be {digits_or}: {marks}."),
    "line pins a digit into a cage": N_("{In_group}, {digits} can only go {in_cage}. So the cage must use it "
                                        "there, and it {can_only}: {marks}."),
    "two cages in a line": N_("{Cage} and {other} share a row or column, where no number repeats. Only some ways "
                              "to fill the first leave a way to fill the second: it {can_only}. So {marks}."),
    "line sum rule/sum": N_("{Group} adds up to {total}. The cages inside it that can make only one total, and the "
                            "numbers already written in it, make {known}. So {rest}.{cross}"),
    "line product rule/product": N_("{Group} multiplies to {total}. The cages inside it that can make only one "
                                    "product, and the numbers already written in it, multiply to {known}. So "
                                    "{rest}.{cross}"),
}
