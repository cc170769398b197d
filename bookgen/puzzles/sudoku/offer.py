"""The sudoku family's measured offer in words: the keys its rows are measured by, the
refusals `check` gives for what is not offered and the lines `bookgen types` prints, for
sudoku (by variant, size, level and symmetry of the givens) and samurai (by level and
symmetry). The rows are in offer.json beside this module (bookgen.offer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bookgen.errors import ParamsError
from bookgen.puzzles.sudoku.variants import variant

if TYPE_CHECKING:  # only named: a plain solve asks no offer (start-up)
    from bookgen.offer import Offer

# The family's levels, easiest first (a test checks that the grader names the same).
LEVEL_NAMES = ("beginner", "easy", "medium", "hard", "expert")
DEFAULT_SYMMETRY = "rotational"


def variant_name(name: str) -> str:
    """How refusals name the variant."""
    return variant(name).title


def sudoku_key(variant: str, size: int, level: str, symmetry: str) -> dict[str, Any]:
    return {"variant": variant, "size": size, "difficulty": level, "symmetry": symmetry}


def offered(offer: Offer, variant: str, size: int, symmetry: str = DEFAULT_SYMMETRY) -> tuple[str, ...]:
    """The levels offered at this variant, size and symmetry."""
    return offer.values("difficulty", LEVEL_NAMES, variant=variant, size=size, symmetry=symmetry)


def _shown(variant: str, size: int) -> str:
    return f"{size}x{size}{'' if variant == 'classic' else ' ' + variant}"


def symmetry_offer(offer: Offer, symmetry: str) -> dict[tuple[str, int], tuple[str, ...]]:
    """(variant, size) -> the levels offered with this symmetry of the givens."""
    combos = sorted({(row.options["variant"], row.options["size"]) for row in offer.offered(symmetry=symmetry)},
                    key=lambda vs: (vs[0] != "classic", vs))
    return {(variant, size): offered(offer, variant, size, symmetry) for variant, size in combos}


def sudoku_refusal(offer: Offer, variant: str, size: int, level: str, symmetry: str) -> ParamsError | None:
    """Why a sudoku of these options is not offered, or None: first its level (with the
    default symmetry), then its symmetry."""
    what = variant_name(variant)
    plain = sudoku_key(variant, size, level, DEFAULT_SYMMETRY)
    if not offer.delivered(plain):
        levels = offered(offer, variant, size)
        can = f"can be {', '.join(levels)}" if levels else "is not offered at any level"
        why = offer.why_not(plain)
        if size == 4 and level != LEVEL_NAMES[0] and variant != "x":
            # Sampled: every unique 4x4 tried falls to cross-hatching (with its signs' bounds).
            why = "every 4x4 falls to the beginner's techniques, so none needs one of a higher level"
        return ParamsError("difficulty", f"a {size}x{size} {what} {can}; {level} ones are not offered ({why})")
    key = sudoku_key(variant, size, level, symmetry)
    if offer.delivered(key):
        return None
    elsewhere = "; ".join(f"{_shown(v, n)} {', '.join(levels)}" for (v, n), levels in
                          symmetry_offer(offer, symmetry).items())
    return ParamsError("symmetry", f"{symmetry} givens are offered for {elsewhere or 'no puzzle yet'}; "
                                   f"a {size}x{size} {what} at {level} is not ({offer.why_not(key)})")


def sudoku_lines(offer: Offer, symmetries: tuple[str, ...]) -> list[str]:
    """A line per size (and variant) with the default symmetry, then a line per other
    symmetry, for `bookgen types`."""
    combos = sorted({(row.options["variant"], row.options["size"]) for row in offer.rows},
                    key=lambda vs: (vs[0] != "classic", vs))
    lines = [f"{_shown(variant, size)}: {', '.join(offered(offer, variant, size)) or 'none'}"
             for variant, size in combos]
    for symmetry in symmetries:
        if symmetry != DEFAULT_SYMMETRY:
            lines.append(f"symmetry {symmetry}: " + ("; ".join(
                f"{_shown(v, n)} {', '.join(levels)}" for (v, n), levels in symmetry_offer(offer, symmetry).items())
                or "none yet"))
    return lines


def samurai_refusal(offer: Offer, level: str, symmetry: str) -> ParamsError | None:
    """Why a samurai of these options is not offered, or None."""
    plain = {"difficulty": level, "symmetry": DEFAULT_SYMMETRY}
    if not offer.delivered(plain):
        levels = offer.values("difficulty", LEVEL_NAMES, symmetry=DEFAULT_SYMMETRY)
        return ParamsError("difficulty", f"a samurai sudoku can be {', '.join(levels)}; {level} ones are not "
                                         f"offered ({offer.why_not(plain)})")
    key = {"difficulty": level, "symmetry": symmetry}
    if offer.delivered(key):
        return None
    levels = offer.values("difficulty", LEVEL_NAMES, symmetry=symmetry)
    return ParamsError("symmetry", f"{symmetry} givens are offered for a samurai sudoku at "
                                   f"{', '.join(levels) or 'no level yet'}; {level} is not ({offer.why_not(key)})")


def samurai_lines(offer: Offer, side: int, symmetries: tuple[str, ...]) -> list[str]:
    levels = offer.values("difficulty", LEVEL_NAMES, symmetry=DEFAULT_SYMMETRY)
    return [f"{side}x{side} (five 9x9 grids): {', '.join(levels)}"] + [
        f"symmetry {symmetry}: {', '.join(offer.values('difficulty', LEVEL_NAMES, symmetry=symmetry)) or 'none yet'}"
        for symmetry in symmetries if symmetry != DEFAULT_SYMMETRY]
