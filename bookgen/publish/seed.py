"""--seed for the publisher's commands, read as `bookgen build --seed` reads it."""

from __future__ import annotations

from bookgen.book_spec import BookSpec
from bookgen.errors import CommandLineError
from bookgen.options import OptionValueError, ParseContext
from bookgen.spec_kinds import Seed


def seeded(spec: BookSpec, seed: str | None) -> BookSpec:
    if seed is None:
        return spec
    try:
        return spec.with_seed(Seed().parse(seed, ParseContext()))
    except OptionValueError as exc:
        raise CommandLineError(f"--seed: {exc}") from None
