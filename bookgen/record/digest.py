"""A puzzle's two names in a class record: the digest of its clues (what the solver is
given, as the type's `identity` says) and of its answer (the finished grid).

Every digest the record stores or compares is made by `puzzle_digests` alone, so a
finer notion of a puzzle's identity (the same clues however they are displayed) is one
change here. A digest is stable across machines and Python versions: it hashes the
repr of tuples of numbers and strings, never hash()."""

from __future__ import annotations

import hashlib
from typing import Any

from bookgen.puzzles.base import Puzzle, PuzzleType

DIGEST_CHARS = 32  # 128 bits of SHA-256: no two puzzles of a term will share one by chance


def _digest(kind: str, value: Any) -> str:
    return hashlib.sha256(f"{kind}|{value!r}".encode()).hexdigest()[:DIGEST_CHARS]


def puzzle_digests(ptype: PuzzleType, puzzle: Puzzle) -> tuple[str, str]:
    """(clue digest, answer digest) of one puzzle, both prefixed by its type's name so two
    types never collide."""
    return _digest(f"clues:{puzzle.type}", ptype.identity(puzzle)), _digest(f"answer:{puzzle.type}", puzzle.solution)
