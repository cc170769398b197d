"""What the techniques several grid types share say in worked steps: one sentence a
technique, in English, translated in the catalogues (placeholders and how a step is
said: bookgen.puzzles.hints). Apart from the words' machinery, so a type declares its
table without loading it: `bookgen solve` says no step (start-up, issue 31)."""

from __future__ import annotations

from bookgen.language import N_

# What each technique's step says, for the techniques several types share (a type's
# own techniques have their sentences in its package, added to these). Placeholders:
# see `_words`; a name starting "in_" reads after "in" (preposition included), a
# capital starts a sentence. A technique whose step varies in kind has a sentence per
# kind, under "technique/kind"; one whose subject may be several houses has another
# under ".../several".
SENTENCES: dict[str, str] = {
    # Sudoku-family singles, subsets and lines (also used by KenKen and killer).
    "naked single": N_("{Cell} can only be {digit}. {Every_other} is already in its {houses}, or crossed out."),
    "hidden single": N_("{digit} goes {in_cell}. It is the only place left for {digit} {in_group}."),
    "hidden single in a box": N_("{digit} goes {in_cell}. It is the only place left for {digit} {in_group}."),
    "full house": N_("{Cell} is the last empty square {in_group}. The one missing there is {digit}."),
    "pointing and claiming": N_("{In_group1}, {digits} can only go {in_cells}. Those squares are all "
                                "{in_group2} too. So {marks}."),
    "naked pair": N_("{Cells} can only hold {digits} between them. No other square {in_group} can: {marks}."),
    "naked triple": N_("{Cells} can only hold {digits} between them. No other square {in_group} can: {marks}."),
    "hidden pair": N_("{In_group}, {digits} fit only {in_cells}. So those two squares hold nothing else: "
                      "{marks}."),
    "hidden triple": N_("{In_group}, {digits} fit only {in_cells}. So those three squares hold nothing else: "
                        "{marks}."),
    "X-wing": N_("In two rows (or two columns), {digits_crossed} fits only at the corners of a rectangle. So it "
                 "cannot go anywhere else in those columns (or rows): {marks}."),
    "swordfish": N_("In three rows (or three columns), {digits_crossed} fits only in the same three columns "
                    "(or rows). So it cannot go anywhere else in them: {marks}."),
    "XY-wing": N_("Three squares with two numbers each work like a trap: one of the two ends must be "
                  "{digits_crossed}. A square that sees both ends cannot be {digits_crossed}: {marks}."),
    "XYZ-wing": N_("Three squares work like a trap: one of them must be {digits_crossed}. A square that sees all "
                   "three cannot be {digits_crossed}: {marks}."),
    "X-chain": N_("Follow {digits_crossed} from square to square: each time it is in one place or the other. "
                  "This shows it cannot be {in_cells_crossed}: {marks}."),
    "XY-chain": N_("Follow a chain of squares with two numbers each. It shows that {digits_crossed} cannot be "
                   "{in_cells_crossed}: {marks}."),
    # Cages (KenKen and killer).
    "one-cell cage": N_("A cage of one square holds just its clue. Write {placements}."),
    # Greater-than signs: the square crossed out in is {square}, the one(s) it is compared
    # with {others}; {total} is the other square's highest (or lowest) number, or for a
    # chain the least the largest (or the most the smallest) of the others can be.
    "inequality/smaller": N_("{Square} is smaller than the square {side}, which is at most {total}. So {marks}."),
    "inequality/larger": N_("{Square} is larger than the square {side}, which is at least {total}. So {marks}."),
    "inequality chain/larger": N_("Follow the signs: {square} is larger than {others}. They are all {in_group}, "
                                  "so they are all different, and the largest of them is at least {total}. "
                                  "So {marks}."),
    "inequality chain/smaller": N_("Follow the signs: {square} is smaller than {others}. They are all {in_group}, "
                                   "so they are all different, and the smallest of them is at most {total}. "
                                   "So {marks}."),
}
