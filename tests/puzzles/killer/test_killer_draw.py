"""Speed-ups of the killer's drawing keep what it draws: a dash far from the sum is kept
whole without clipping, exactly as clipping it would keep it."""

from __future__ import annotations

import random

from bookgen.puzzles.killer.draw import DASH, GAP, _kept, clip_out


def _clipped(piece, keep_out):
    """_kept as it was, every side clipped."""
    sides = list(zip(piece, piece[1:]))
    kept = [part for side in sides for part in clip_out(side, keep_out)]
    if kept == sides and len(piece) > 2:
        return [piece]
    return [[a, b] for a, b in kept]


def test_a_dash_is_kept_as_clipping_every_side_keeps_it():
    rng = random.Random(31)
    steps = [0, 0.125, DASH / 2, DASH, GAP, 0.5, 1]
    for _ in range(20000):
        x, y = rng.choice(range(6)) + rng.choice(steps), rng.choice(range(6)) + rng.choice(steps)
        piece = [(x, y)]
        for _ in range(rng.choice([1, 2])):
            dx, dy = rng.choice([(1, 0), (0, 1), (-1, 0), (0, -1)])
            length = rng.choice([DASH / 2, DASH, DASH / 3])
            piece.append((piece[-1][0] + dx * length, piece[-1][1] + dy * length))
        bx, by = rng.choice(range(6)), rng.choice(range(6))
        keep_out = (bx, by, bx + rng.uniform(0.1, 0.8), by + rng.uniform(0.1, 0.6))
        assert _kept(piece, keep_out) == _clipped(piece, keep_out)
        assert _kept(piece, None) == [piece]
