"""Setting up hand-made positions on the engine's board, for tests of its techniques."""

from __future__ import annotations

from bookgen.solve.engine import Board


def restrict(board: Board, i: int, bits: int) -> bool:
    """Keep only `bits` (a mask over symbol indices) among cell i's candidates: True when
    one went; raises Contradiction."""
    return board.eliminate(i, board.cand[i] & ~bits)
