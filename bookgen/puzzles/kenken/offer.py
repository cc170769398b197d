"""KenKen's measured offer in words: the key its rows are measured by, the refusal `check`
gives for what is not offered, and the lines `bookgen types` prints. The rows themselves
are in offer.json beside this module (bookgen.offer)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from bookgen.errors import ParamsError
from bookgen.puzzles.kenken.rules import DEFAULT_MAX_CAGE, LEVEL_NAMES, OPERATIONS, Params, describe_ops, ops_key

if TYPE_CHECKING:  # only named: a plain solve asks no offer (start-up)
    from bookgen.offer import Offer

SIZES = range(3, 13)


def offer_key(params: Params) -> dict[str, Any]:
    """Size, level, operations and hidden signs, and the cage options only where they
    change what is generated (`Params.options_key`): the defaults are keyed as max_cage 4
    and no cap of one-cell cages of its own."""
    largest, cap = params.options_key or (DEFAULT_MAX_CAGE, None)
    return {"size": params.size, "difficulty": params.difficulty, "operations": ops_key(params.operations),
            "hide_operations": params.hide_operations, "max_cage": largest, "max_single_cells": cap}


def offered_levels(offer: Offer, size: int, operations: tuple[str, ...] = OPERATIONS,
                   hidden: bool = False) -> tuple[str, ...]:
    """The levels offered at a size with these signs and the default cage options."""
    return offer.values("difficulty", LEVEL_NAMES, size=size, operations=ops_key(operations), hide_operations=hidden,
                        max_cage=DEFAULT_MAX_CAGE, max_single_cells=None)


def refusal(offer: Offer, params: Params) -> ParamsError | None:
    """Why `check` refuses these options, naming what was measured and what is offered
    instead; None when they are offered."""
    key = offer_key(params)
    if offer.delivered(key):
        return None
    signs = "hidden signs" if params.hide_operations else "signs shown"
    what = f"a {params.size}x{params.size} {params.difficulty} KenKen with {describe_ops(params.operations)} ({signs})"
    plain = {**key, "max_cage": DEFAULT_MAX_CAGE, "max_single_cells": None}
    if not offer.delivered(plain):
        levels = offered_levels(offer, params.size, params.operations, params.hide_operations)
        choice = f"; offered at this size with these options: {', '.join(levels)}" if levels else ""
        return ParamsError("difficulty", f"{what} is not offered: {offer.why_not(plain)}{choice}")
    largest, cap = key["max_cage"], key["max_single_cells"]
    plain_limit = dataclasses.replace(params, max_cage=DEFAULT_MAX_CAGE).cage_limit
    field = "max_cage" if largest != plain_limit else "max_single_cells"
    same = {name: value for name, value in key.items() if name not in ("max_cage", "max_single_cells")}
    cage_rows = sorted((row.options["max_cage"], _order(row.options["max_single_cells"])) for row in offer.offered(**same))
    others = [_cage_options(largest_, None if cap_ < 0 else cap_) for largest_, cap_ in cage_rows
              if (largest_, cap_) != (DEFAULT_MAX_CAGE, -1)]
    choice = f"; offered for it: {'; '.join(others)}" if others else "; only the defaults are offered for it"
    return ParamsError(field, f"{what} and {_cage_options(largest, cap)} is not offered: {offer.why_not(key)}{choice}")


def _order(cap: int | None) -> int:
    return -1 if cap is None else cap


def _cage_options(largest: int, cap: int | None) -> str:
    """e.g. "max_cage 6", "max_single_cells 0" or "max_cage 3, max_single_cells 0"."""
    parts = [] if largest == DEFAULT_MAX_CAGE else [f"max_cage {largest}"]
    return ", ".join(parts + ([] if cap is None else [f"max_single_cells {cap}"]))


def _levels_by_size(offer: Offer, operations: tuple[str, ...], hidden: bool) -> str:
    """e.g. "3: beginner-easy, 4: beginner-medium, 5-9: beginner-expert" (sizes with
    the same levels grouped; "-" joins a run of consecutive levels)."""
    groups: list[tuple[list[int], tuple[str, ...]]] = []
    for size in SIZES:
        levels = offered_levels(offer, size, operations, hidden)
        if groups and groups[-1][1] == levels and groups[-1][0][-1] == size - 1:
            groups[-1][0].append(size)
        else:
            groups.append(([size], levels))
    parts = []
    for sizes, levels in groups:
        if not levels:
            continue
        span = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
        ranks = [LEVEL_NAMES.index(level) for level in levels]
        run = len(levels) > 1 and ranks == list(range(ranks[0], ranks[-1] + 1))
        parts.append(f"{span}: {levels[0]}-{levels[-1]}" if run else f"{span}: {'/'.join(levels)}")
    return ", ".join(parts) or "none"


def offered_lines(offer: Offer) -> list[str]:
    """What `bookgen types` says is offered: levels by size for the common choices of
    signs, the other cage options, and how many combinations in all."""
    cage_values = {name: sorted({row.options[name] for row in offer.offered() if row.options[name] is not None
                                 and not (name == "max_cage" and row.options[name] == DEFAULT_MAX_CAGE)})
                   for name in ("max_cage", "max_single_cells")}
    return [
        f"all four signs shown, by size: {_levels_by_size(offer, OPERATIONS, False)}",
        f"signs hidden: {_levels_by_size(offer, OPERATIONS, True)}",
        f"multiply_only: {_levels_by_size(offer, ('*',), False)}",
        *(f"{name} {', '.join(map(str, values)) or 'none yet'} at some sizes and levels (check says which)"
          for name, values in cage_values.items()),
        f"{len(offer.offered())} combinations of size, level, operations, hide_operations and cage options in all, "
        "each made in time from every one of 100 seeds tried",
    ]
