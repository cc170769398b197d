"""Killer sudoku's measured offer in words: the key its rows are measured by (size, level,
largest cage, givens allowed), the refusals `check` gives and the lines `bookgen types`
prints. The rows are in offer.json beside this module (bookgen.offer). Options other
than the defaults were measured one at a time, so two of them changed together are not
offered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bookgen.errors import ParamsError

if TYPE_CHECKING:  # only named: a plain solve asks no offer (start-up)
    from bookgen.offer import Offer

LEVEL_NAMES = ("beginner", "easy", "medium", "hard", "expert")
SIZES = (4, 6, 9)
# The options that change what is generated, at their defaults.
OPTION_DEFAULTS: dict[str, int] = {"max_cage": 5, "givens": 0}


def killer_key(size: int, level: str, **options: int) -> dict[str, Any]:
    return {"size": size, "difficulty": level, **OPTION_DEFAULTS, **options}


def offered(offer: Offer, size: int) -> tuple[str, ...]:
    """The levels offered at a size with the default options."""
    return offer.values("difficulty", LEVEL_NAMES, size=size, **OPTION_DEFAULTS)


def offered_values(offer: Offer, size: int, level: str, name: str) -> tuple[int, ...]:
    """The values of option `name` offered at this size and level, the others at their
    defaults (the default is always among them where the level is offered)."""
    others = {k: v for k, v in OPTION_DEFAULTS.items() if k != name}
    return offer.values(name, size=size, difficulty=level, **others)


def spans(values: tuple[int, ...]) -> str:
    """2, 3, 4, 6 -> "2-4, 6": a short list for messages and `bookgen types`."""
    found: list[list[int]] = []
    for value in values:
        if found and value == found[-1][-1] + 1:
            found[-1].append(value)
        else:
            found.append([value])
    return ", ".join(f"{s[0]}-{s[-1]}" if len(s) > 2 else ", ".join(map(str, s)) for s in found)


def refusal(offer: Offer, size: int, level: str, options: dict[str, int]) -> ParamsError | None:
    """Why a killer of these options is not offered, or None."""
    plain = killer_key(size, level)
    if not offer.delivered(plain):
        levels = offered(offer, size)
        return ParamsError("difficulty", f"a {size}x{size} killer sudoku can be {', '.join(levels)}; "
                                         f"{level} ones are not offered ({offer.why_not(plain)})")
    changed = [name for name, default in OPTION_DEFAULTS.items() if options[name] != default]
    if len(changed) > 1:
        return ParamsError(changed[1], f"{' and '.join(changed)} were each tried only with the other at its "
                                       "default; set one of them")
    for name in changed:
        key = killer_key(size, level, **{name: options[name]})
        if offer.delivered(key):
            continue
        allowed = offered_values(offer, size, level, name)
        return ParamsError(name, f"a {size}x{size} {level} killer sudoku is offered with {name} {spans(allowed)}; "
                                 f"{options[name]} is not offered ({offer.why_not(key)})")
    return None


def offered_lines(offer: Offer) -> list[str]:
    """A line per size with its levels, then per option and size the values per level."""
    lines = [f"{size}x{size}: {', '.join(offered(offer, size))}" for size in SIZES]
    for name in OPTION_DEFAULTS:
        for size in SIZES:
            per_level = [f"{level} {spans(offered_values(offer, size, level, name))}" for level in offered(offer, size)]
            lines.append(f"{size}x{size} {name}: {'; '.join(per_level)}")
    return lines
