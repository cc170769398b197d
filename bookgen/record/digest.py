"""A puzzle's two names in a class record: the digest of the puzzle (its clues and answer,
however printed: bookgen.puzzles.identity) and of its answer grid alone.

Every digest the record stores or compares is made by `puzzle_digests` alone, cut to
DIGEST_CHARS hexadecimal digits; the identity itself is bookgen.puzzles.identity's, the
same one that keeps a book from holding one puzzle twice."""

from __future__ import annotations

from bookgen.puzzles.base import Puzzle
from bookgen.puzzles.identity import answer_digest, puzzle_digest

DIGEST_CHARS = 32  # 128 bits of SHA-256: no two puzzles of a term will share one by chance


def puzzle_digests(puzzle: Puzzle) -> tuple[str, str]:
    """(puzzle digest, answer digest) of one puzzle; both name its type, so two types
    never collide."""
    return puzzle_digest(puzzle)[:DIGEST_CHARS], answer_digest(puzzle)[:DIGEST_CHARS]
