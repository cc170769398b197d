"""The `students:` option: the students a worksheet set is made for, as a list in the
spec or the name of a class list file beside it, each name checked as a worksheet's
heading must hold it. An option kind like those of bookgen.options; reading the list
and the files is bookgen.classlist's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bookgen.options import OptionValueError, ParseContext, brief, shown, unprintable, visible

MAX_NAME_LENGTH = 60  # a student's name, as a worksheet's heading holds it


@dataclass(frozen=True)
class Names:
    """The students a worksheet set is made for, each with a level of their own or none:
    written in the spec as a list (names, `{name: Ana, level: easy}`, groups at a level),
    or the name of a class list beside it (a text file with one name a line, or a CSV
    file with a `name` column and optionally a `level` one); bookgen.classlist reads both
    and returns its Students."""

    max_items: int
    max_length: int = MAX_NAME_LENGTH

    def describe(self) -> str:
        return (f"a list of 1 to {self.max_items} different names (each may have a level), or a class list "
                "file (.txt or .csv, one name a line or a name column)")

    def parse(self, raw: Any, ctx: ParseContext) -> tuple[Any, ...]:
        if isinstance(raw, str) and raw.strip():
            return self._from_file(raw.strip(), ctx)
        if not isinstance(raw, list) or not raw:
            raise OptionValueError(f"expected {self.describe()}, got {shown(raw)}")
        if len(raw) > self.max_items:
            raise OptionValueError(f"expected at most {self.max_items} names, got {len(raw)}")
        from bookgen.classlist import EntryError, students_in  # here: a spec without students never loads it

        try:
            return students_in(raw, self)
        except EntryError as exc:
            raise OptionValueError(str(exc), exc.at) from None

    def checked(self, name: str, earlier: list[str]) -> str:
        """One name, as long as a heading holds, and not one already given."""
        if not name or len(name) > self.max_length:
            raise OptionValueError(f"expected names of 1 to {self.max_length} characters, got {brief(name)!r}")
        why = unprintable(name) or ("a name with nothing to print" if not visible(name) else None)
        if why:
            raise OptionValueError(why)
        if name in earlier:
            raise OptionValueError(f"expected different names, got {brief(name)} twice")
        return name

    def _from_file(self, text: str, ctx: ParseContext) -> tuple[Any, ...]:
        from bookgen.classlist import ClassListError, read_class_list

        path = Path(text)
        try:
            return read_class_list(path if path.is_absolute() else ctx.base_dir / path, text, self)
        except ClassListError as exc:
            raise OptionValueError(str(exc)) from None
