"""The option kinds only a book spec's own fields declare (a file, a page layout, the
seed, `answer_key`'s word, the language), apart from bookgen.options, whose kinds every
puzzle type's Params declares: a plain `bookgen solve` builds its type's Params and so
the kinds in bookgen.options, and never these (start-up: each frozen data class costs
its generated methods' compilation when the module is imported).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bookgen.language import RIGHT_TO_LEFT
from bookgen.options import Bool, Choice, OptionValueError, ParseContext, brief, parse_int, path_of, scalar

if TYPE_CHECKING:
    from pathlib import Path

# The order messages name the built-in layouts in, the usual ones first; it only orders
# them: which layouts exist is what layouts/ holds, and one added there comes after these.
_LAYOUT_ORDER = ("book", "worksheet", "large-print")


@dataclass(frozen=True)
class BoolOr(Bool):
    """True or false, or one word more (`answer_key: separate`); a Bool to the page's
    check box."""

    word: str = ""

    def describe(self) -> str:
        return f"true, false or {self.word}"

    def parse(self, raw: Any, ctx: ParseContext) -> bool | str:
        if isinstance(raw, str) and raw.strip().lower() == self.word:
            return self.word
        try:
            return super().parse(raw, ctx)
        except OptionValueError:
            raise OptionValueError(f"expected {self.describe()}, got {brief(str(raw))}") from None


@dataclass(frozen=True)
class FilePath:
    """A path to an existing file, relative to the spec's folder."""

    def describe(self) -> str:
        return "a path to a file, relative to the spec"

    def parse(self, raw: Any, ctx: ParseContext) -> Path:
        text = scalar(raw, self.describe())
        path = path_of(text)
        if not path.is_absolute():
            path = ctx.base_dir / path
        if not path.is_file():
            raise OptionValueError(f"expected an existing file, got {brief(text)} ({_not_a_file(path)})")
        return path


def _not_a_file(path: Path) -> str:
    """Why a path named as a file is not a regular file bookgen can read."""
    if path.is_dir():
        return "a folder"
    if path.exists():
        return "not a regular file: a device, pipe or socket"
    return "not found"


@lru_cache(maxsize=1)
def built_in_layouts() -> tuple[str, ...]:
    """The names of the built-in page layouts: the YAML files of the bookgen.layouts
    package (layouts/ in the repo). Read at this level, from the files themselves, so the
    spec checks a layout's name without importing layout, and layout knows the same list."""
    # The package's own folder (bookgen ships as files, never zipped): importlib.resources
    # would cost every command its import, a fifth of `bookgen solve`'s start.
    found = [entry.name.removesuffix(".yaml") for entry in (path_of(__file__).parent / "layouts").iterdir()
             if entry.name.endswith(".yaml")]
    rank = {name: k for k, name in enumerate(_LAYOUT_ORDER)}
    return tuple(sorted(found, key=lambda name: (rank.get(name, len(rank)), name)))


@dataclass(frozen=True)
class LayoutRef:
    """A page layout: one of the built-in names (any case), or a layout file (.yaml)
    relative to the spec. Returns the name, or the file's path as text."""

    names: tuple[str, ...] = field(default_factory=built_in_layouts)

    def describe(self) -> str:
        return f"one of {', '.join(self.names)}, or a layout file (.yaml) relative to the spec"

    def parse(self, raw: Any, ctx: ParseContext) -> str:
        text = scalar(raw, self.describe())
        if text.lower() in self.names:
            return text.lower()
        if not text.lower().endswith((".yaml", ".yml")):
            raise OptionValueError(f"expected {self.describe()}, got {brief(text)}")
        path = path_of(text)
        if not path.is_absolute():
            path = ctx.base_dir / path
        if not path.is_file():
            raise OptionValueError(f"expected an existing layout file, got {brief(text)} ({_not_a_file(path)})")
        return str(path)


@dataclass(frozen=True)
class Seed:
    """A seed: a whole number from 0 to 2**63-1."""

    def describe(self) -> str:
        return "a whole number from 0 to 2**63-1"

    def parse(self, raw: Any, ctx: ParseContext) -> int:
        value = parse_int(raw, self.describe())
        if not 0 <= value < 2**63:
            raise OptionValueError(f"expected {self.describe()}, got {brief(value)}")
        return value


@dataclass(frozen=True)
class LanguageChoice(Choice):
    """The `language:` option: a shipped language's ISO 639-1 code, any case; a
    right-to-left one is refused saying why, not as an unknown code."""

    def parse(self, raw: Any, ctx: ParseContext) -> str:
        text = str(raw).strip().lower() if isinstance(raw, str) else raw
        script = RIGHT_TO_LEFT.get(text) if isinstance(text, str) else None
        if script is not None:
            raise OptionValueError(f"{script} is written right to left, which bookgen cannot print yet "
                                   f"(its letters would come out unjoined and backwards); "
                                   f"expected {self.describe()}")
        return super().parse(text, ctx)
