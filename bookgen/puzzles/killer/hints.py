"""What killer sudoku's own techniques say in worked steps (placeholders:
bookgen.puzzles.hints), beside the sentences every grid type shares: cages and houses,
and the rule of 45 said for innies, outies or both, for one house ("it") or several
("they")."""

from __future__ import annotations

from bookgen.language import N_
from bookgen.puzzles import hint_sentences  # the shared table alone: a check says no step (start-up)

_RULE_45 = {
    "innies": N_("{Region} adds up to {total}. The cages wholly inside it make {known}. So its squares in cages "
                 "that stick out make {gap}{then}: {rest}.{cross}"),
    "innies/several": N_("{Region} add up to {total}. The cages wholly inside them make {known}. So their squares "
                         "in cages that stick out make {gap}{then}: {rest}.{cross}"),
    "outies": N_("{Region} adds up to {total}, but the cages that cover it make {known}. The {gap} more is in "
                 "their squares outside it{then}. So {rest}.{cross}"),
    "outies/several": N_("{Region} add up to {total}, but the cages that cover them make {known}. The {gap} more "
                         "is in their squares outside them{then}. So {rest}.{cross}"),
    "mixed": N_("{Region} adds up to {total}. The cages wholly inside it, with the cages that stick out of it by a "
                "square or two counted whole, make {known}. So{then} {rest}.{cross}"),
    "mixed/several": N_("{Region} add up to {total}. The cages wholly inside them, with the cages that stick out "
                        "of them by a square or two counted whole, make {known}. So{then} {rest}.{cross}"),
}

SENTENCES: dict[str, str] = {
    **hint_sentences.SENTENCES,
    "last cell of a cage": N_("{Cage} already has {written}. Its last empty square, {cell}, must be {digit}."),
    "cage combinations": N_("{Cage} {can_be}. So {marks}."),
    "cage claims a digit in a house": N_("{Cage}: every way to fill it uses {digits}, which can only go "
                                         "{in_cells}. So no other square {in_group_or} can be {digits_or}: "
                                         "{marks}."),
    "house pins a digit into a cage": N_("{In_group}, {digits} can only go {in_cage}. So the cage must use it "
                                         "there, and it {can_only}: {marks}."),
    "two cages in one house": N_("{Cage} and {other} are both {in_group}, so they share no number. Only some ways "
                                 "to fill the first leave a way to fill the second: it {can_only}. So {marks}."),
    **{f"{technique}/{kind}": said for technique in ("rule of 45 (one house)", "rule of 45", "innies and outies")
       for kind, said in _RULE_45.items()},
}
