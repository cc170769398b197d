"""What the tests of worked steps share: replaying a puzzle's recorded steps against its
answer."""

from __future__ import annotations


def replay_soundly(puzzle, steps) -> dict:
    """Replay `steps` from the givens, asserting each is sound (a digit written is the
    answer's and goes in an empty square, a mark crossed out is not the answer); the
    squares written, givens included."""
    answer = answer_of(puzzle)
    written = {(r, c): v for r, c, v in puzzle.board.givens}
    for step in steps:
        assert step.placed or step.removed, step
        for cell, digit in step.placed:
            assert digit == answer[cell] and cell not in written, (step.technique, cell)
            written[cell] = digit
        for cell, digits in step.removed:
            assert answer[cell] not in digits, (step.technique, cell)
    return written


def answer_of(puzzle) -> dict:
    """The answer by square."""
    return {cell: puzzle.solution[cell[0]][cell[1]] for cell in puzzle.board.cells}
