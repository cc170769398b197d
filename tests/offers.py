"""What-if offers for tests: a type's measured offer with one row measured otherwise, or
never measured, so a test can see what bookgen says of a row that failed or is missing."""

from __future__ import annotations

from typing import Any

from bookgen.offer import Offer, Row, key_of


def with_row(offer: Offer, options: dict[str, Any], made: int, seeds: int) -> Offer:
    """The offer with the row of these options measured as `made` of `seeds`."""
    row = Row(offer.type, key_of(options), seeds, made)
    return Offer(offer.type, tuple(r for r in offer.rows if r.key != row.key) + (row,))


def without(offer: Offer, options: dict[str, Any]) -> Offer:
    """The offer with the row of these options never measured."""
    return Offer(offer.type, tuple(r for r in offer.rows if r.key != key_of(options)))
