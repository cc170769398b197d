"""A class list: the students a worksheet set is made for, each with a level of their
own or none, read from the spec's `students:` list, from a file beside the spec
(`students: class.txt`) or from one dropped on the composer page.

Three forms, as a teacher types them or a school's system exports them:
- in the spec: a list of names, `{name: Ana, level: easy}`, or a group of names at one
  level, `{group: Red table, level: hard, names: [Cleo, Dev]}` (`group` is optional);
- text: one name a line; blank lines and lines starting with # are skipped;
- CSV: a first row naming the columns, one of them `name` (any case) and optionally
  `level`, read with the delimiter the first row uses (comma, semicolon or tab); the
  other columns are ignored.
A name written as text (in the spec's list, a text file, the composer page's class box)
may end with a comma and a level, `Ana, easy`. Anything else is a name as written, so
`Rivera, Ana` stays a name; but once a list gives a level that way, every comma in it
must come before a level, so a misspelt level (`Ana, eazy`) is refused, not printed as
part of a name.

Every name is checked as a name written in the spec is (length, no repeats) and every
level against LEVELS, and a bad one is reported with the file and its line. A file is
read by bookgen.specfile's read_text: a regular file only, at most
MAX_CLASS_LIST_BYTES, in UTF-8.
"""

from __future__ import annotations

import csv
import difflib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bookgen.classlist_columns import Undecodable, columns, decoded, is_heading, level_words
from bookgen.specfile import FileRefused, read_bytes

# About 4000 names of 60 characters: far more than any school's list for one book.
MAX_CLASS_LIST_BYTES = 256 * 1024
DELIMITERS = (",", ";", "\t")
# The ladder every type's levels are named from, easiest first (a type offers some of
# them: sliding puzzles easy to hard; tests/test_student_levels.py checks every type's).
LEVELS = ("beginner", "easy", "medium", "hard", "expert")
ENTRY_KEYS = ("name", "level")
GROUP_KEYS = ("group", "level", "names")

Path_ = tuple[Any, ...]  # where in the spec's list: (3,), (3, "level"), (3, "names", 1)


class ClassListError(ValueError):
    """A class list that cannot be used, in one line naming the file (and line)."""


class EntryError(ValueError):
    """A bad entry of the spec's own list, with where in the list it is (`at`)."""

    def __init__(self, message: str, at: Path_) -> None:
        super().__init__(message)
        self.at = at


@dataclass(frozen=True)
class Student:
    """One student: their name, their level (None: each section's own), and where they
    were written: a class list file's line, or their name's and level's places in the
    spec's list."""

    name: str
    level: str | None = None
    line: int | None = None
    at: Path_ = ()
    level_at: Path_ = ()

    def line_text(self) -> str:
        """The student as the composer page's class box holds them: `Ana, easy`."""
        return f"{self.name}, {self.level}" if self.level else self.name


def level_named(text: str, who: str) -> str:
    """A level as written (any case), or ValueError saying what the levels are."""
    level = text.strip().lower()
    if level in LEVELS:
        return level
    if level in level_words():  # the class's own language: leicht, facile
        return level_words()[level]
    close = difflib.get_close_matches(level, LEVELS, n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    raise ValueError(f"{_brief(who)}'s level: expected one of {', '.join(LEVELS)}, got {_brief(text.strip())!r}{hint}")


def split_level(text: str) -> tuple[str, str | None]:
    """`Ana, easy` -> ("Ana", "easy"); a line whose part after its last comma is no
    level is a name as written ("Rivera, Ana")."""
    name, comma, tail = text.rpartition(",")
    if comma and tail.strip().lower() in LEVELS:
        return name.strip(), tail.strip().lower()
    if comma and tail.strip().lower() in level_words():
        return name.strip(), level_words()[tail.strip().lower()]
    return text.strip(), None


def _level_as_name(name: str) -> str | None:
    """Why a name cannot be a level's name: `[Ana, easy]` in YAML is two names, Ana and
    easy, where `['Ana, easy']` was meant."""
    if name.lower() not in LEVELS:
        return None
    return (f"{name!r} is a level, not a name; give it with its student: 'Ana, {name.lower()}' (in quotes "
            f"inside [ ]), or {{name: Ana, level: {name.lower()}}}")


def _comma_without_level(text: str, level: str | None, any_levels: bool) -> str | None:
    """Why a line cannot be read, in a list that gives levels after commas: a comma
    that comes before no level (a misspelt one)."""
    if not any_levels or level is not None or "," not in text:
        return None
    tail = text.rpartition(",")[2].strip()
    close = difflib.get_close_matches(tail.lower(), LEVELS, n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return (f"{_brief(text)!r}: expected a level after the comma ({', '.join(LEVELS)}), got {_brief(tail)!r}{hint} "
            "(in a list that gives levels a comma comes before one; a name with a comma goes in a CSV file's "
            "name column, or in the spec as {name: ...})")


# ----- the spec's own list


def students_in(raw: list[Any], names: Any) -> tuple[Student, ...]:
    """The students of the spec's list, each name checked by `names` (a students_option.Names:
    its `checked(name, earlier)` raises ValueError); EntryError naming the place."""
    found: list[Student] = []
    texts = [(k, item) for k, item in enumerate(raw) if not isinstance(item, (dict, list)) and item is not None]
    any_levels = any(split_level(str(item))[1] for _k, item in texts)
    for k, item in enumerate(raw):
        for student in _entry(item, (k,), any_levels):
            if len(found) >= names.max_items:
                raise EntryError(f"expected at most {names.max_items} names, got more", (k,))
            try:
                names.checked(student.name, [s.name for s in found])
            except ValueError as exc:
                raise EntryError(str(exc), student.at) from None
            found.append(student)
    return tuple(found)


def _entry(item: Any, at: Path_, any_levels: bool) -> list[Student]:
    if isinstance(item, dict):
        return _group(item, at) if "names" in item else [_named(item, at)]
    text = _text(item, at, "a name, a name and its level, or a group")
    name, level = split_level(text)
    why = _comma_without_level(text, level, any_levels) or _level_as_name(name)
    if why:
        raise EntryError(why, at)
    return [Student(name, level, at=at, level_at=at if level else ())]


def _named(item: dict, at: Path_) -> Student:
    """`{name: Ana, level: easy}`."""
    _known(item, ENTRY_KEYS, at)
    if "name" not in item:
        raise EntryError("a student needs a name: {name: Ana, level: easy}", at)
    name = _text(item["name"], at + ("name",), "a name")
    level = _level(item, at, name)
    return Student(name, level, at=at + ("name",), level_at=at + ("level",) if level else ())


def _group(item: dict, at: Path_) -> list[Student]:
    """`{group: Red table, level: hard, names: [Cleo, Dev]}`: every name at the level."""
    _known(item, GROUP_KEYS, at)
    label = _text(item["group"], at + ("group",), "a group's name") if "group" in item else ""
    who = f"the group {label}" if label else "a group"
    if "level" not in item:
        raise EntryError(f"{who} needs a level for its names: {{level: easy, names: [...]}}", at)
    level = _level(item, at, label or "the group")
    listed = item["names"]
    if not isinstance(listed, list) or not listed:
        raise EntryError(f"{who}'s names: expected a list of one or more names", at + ("names",))
    students = []
    for j, raw in enumerate(listed):
        place = at + ("names", j)
        name = _text(raw, place, "a name")
        if split_level(name)[1] is not None:
            raise EntryError(f"{_brief(name)}: a name in {who} has the group's level; "
                             "write the student outside the group to give another", place)
        students.append(Student(name, level, at=place, level_at=at + ("level",)))
    return students


def _level(item: dict, at: Path_, who: str) -> str | None:
    if "level" not in item or item["level"] is None:
        return None
    text = _text(item["level"], at + ("level",), "a level")
    try:
        return level_named(text, who)
    except ValueError as exc:
        raise EntryError(str(exc), at + ("level",)) from None


def _known(item: dict, keys: tuple[str, ...], at: Path_) -> None:
    for key in item:
        if key not in keys:
            close = difflib.get_close_matches(str(key), keys, n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else f"; expected {', '.join(keys)}"
            raise EntryError(f"unknown key {_brief(str(key))!r}{hint}", at)


def _text(raw: Any, at: Path_, expected: str) -> str:
    if raw is None or isinstance(raw, (list, dict)):
        got = "nothing" if raw is None else ("a list" if isinstance(raw, list) else "a mapping")
        raise EntryError(f"expected {expected}, got {got}", at)
    return str(raw).strip()


def _brief(text: str, limit: int = 40) -> str:
    shown = text.replace("\n", " ")
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


# ----- a file


def read_class_list(path: Path, shown: str, names: Any) -> tuple[Student, ...]:
    """The students in the file at `path` (`shown` as the spec wrote it), each name
    checked by `names` (a students_option.Names)."""
    try:
        data = read_bytes(str(path), MAX_CLASS_LIST_BYTES)
    except FileRefused as exc:
        raise ClassListError(f"{shown}: {exc.message}") from None
    return class_list(class_list_text(data, shown), shown, names)


def class_list_text(data: bytes, shown: str) -> str:
    """A class list file's text, decoded as the command line and the composer page both
    read it (bookgen.classlist_columns.decoded); ClassListError naming the file."""
    try:
        return decoded(data)
    except Undecodable as exc:
        where, _sep, why = str(exc).partition(": ") if str(exc).startswith("line ") else ("", "", str(exc))
        raise ClassListError(f"{shown}, {where}: {why}" if where else f"{shown}: {why}") from None


def class_list(text: str, shown: str, names: Any) -> tuple[Student, ...]:
    """The students in a class list's text; ClassListError naming `shown` and the line."""
    found: list[Student] = []
    entries = _entries(text, shown)
    any_levels = any(level is not None for _line, _name, level, _raw in entries)
    for line, name, level, raw in entries:
        if len(found) >= names.max_items:
            raise ClassListError(f"{shown}: more than {names.max_items} names, the most one book is made for")
        try:
            why = (_comma_without_level(raw, level, any_levels) if raw is not None else None) or _level_as_name(name)
            if why:
                raise ValueError(why)
            names.checked(name, [s.name for s in found])
            found.append(Student(name, level, line))
        except ValueError as exc:
            raise ClassListError(f"{shown}, line {line}: {exc}") from None
    if not found:
        raise ClassListError(f"{shown}: no names in the file (one name a line, or a CSV file with a name column)")
    return tuple(found)


Row = tuple[int, str, str | None, str | None]  # line, name, level, the text line (None in CSV)


def _entries(text: str, shown: str) -> list[Row]:
    """(line number, name, level, text line) for every name in the file, blank ones left out."""
    text = text.removeprefix("\ufeff")
    lines = text.splitlines()
    first = lines[0] if lines else ""
    delimiter = next((d for d in DELIMITERS if d in first), None)
    if delimiter is None and columns([first]) is not None:  # a CSV file of one column
        return _columns(text, ",", [0], None, shown)
    if delimiter is None and is_heading([first]):  # "Niveau" alone: a heading, but of no names
        raise ClassListError(f"{shown}, line 1: the only column is {first.strip()[:30]!r}; expected a heading row "
                             "with a name column (or first name and last name)")
    if delimiter is not None:
        header = next(csv.reader([first], delimiter=delimiter))
        found = columns(header)
        if found is not None:
            return _columns(text, delimiter, found[0], found[1], shown)
        # A heading row (or a row of a spreadsheet's) that names no name column: its rows
        # would otherwise each become a child called "Lea;Müller;leicht". A text list's
        # "Ana, easy" (or "Rivera, Ana") has two parts and no heading word.
        if is_heading(header) or delimiter != "," or len(header) > 2:
            shown_cells = ", ".join(repr(cell.strip()[:30]) for cell in header[:8])
            raise ClassListError(f"{shown}, line 1: the columns are {shown_cells}; expected a heading row with a "
                                 "name column (or first name and last name), and a level column if students have "
                                 "levels")
    # A line starting with # is a note, not a name ("# absent today").
    found: list[Row] = []
    for k, line in enumerate(lines, 1):
        if line.strip() and not line.lstrip().startswith("#"):
            name, level = split_level(line)
            found.append((k, name, level, line.strip()))
    return found


def _columns(text: str, delimiter: str, name_columns: list[int], level_column: int | None,
             shown: str) -> list[Row]:
    """The rows of a CSV file under its heading; a first and a last name are joined."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    found: list[Row] = []
    starts = 1
    try:
        for row in reader:
            starts = reader.line_num + 1  # where the next row begins (a quote left open: there)
            if reader.line_num == 1:
                continue
            name = " ".join(part for k in name_columns if k < len(row) and (part := row[k].strip()))
            if not name:
                continue
            written = row[level_column].strip() if level_column is not None and level_column < len(row) else ""
            try:
                level = level_named(written, name) if written else None
            except ValueError as exc:
                raise ClassListError(f"{shown}, line {reader.line_num}: {exc}") from None
            found.append((reader.line_num, name, level, None))
    except csv.Error as exc:
        if text.count('"') % 2 or "end of data" in str(exc):
            raise ClassListError(f"{shown}, line {starts}: a quote (\") opens a cell here that is never closed; "
                                 "close it, or remove it") from None
        raise ClassListError(f"{shown}, line {reader.line_num}: not CSV as the first row is ({exc})") from None
    return found
