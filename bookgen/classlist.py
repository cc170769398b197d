"""A class list: the students a worksheet set is made for, read from a file beside the
spec (`students: class.txt`) or from one dropped on the composer page.

Two forms, as a school's system exports them or a teacher types them:
- text: one name a line; blank lines and lines starting with # are skipped;
- CSV: a first row naming the columns, one of them `name` (any case), read with the
  delimiter the first row uses (comma, semicolon or tab); the other columns are ignored.

Every name is checked as a name written in the spec is (length, no repeats), and a bad
one is reported with the file and its line. The file is read by bookgen.specfile's
read_text: a regular file only, at most MAX_CLASS_LIST_BYTES, in UTF-8.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from bookgen.errors import InputError
from bookgen.specfile import read_text

# About 4000 names of 60 characters: far more than any school's list for one book.
MAX_CLASS_LIST_BYTES = 256 * 1024
DELIMITERS = (",", ";", "\t")


class ClassListError(ValueError):
    """A class list that cannot be used, in one line naming the file (and line)."""


def read_class_list(path: Path, shown: str, names: Any) -> tuple[str, ...]:
    """The names in the file at `path` (`shown` as the spec wrote it), each checked by
    `names` (an options.Names: its `checked(name, earlier)` raises ValueError)."""
    try:
        text = read_text(str(path), InputError, MAX_CLASS_LIST_BYTES)
    except InputError as exc:
        problem = exc.problems[0]
        line = f", line {problem.location.line}" if problem.location.line else ""
        raise ClassListError(f"{shown}{line}: {problem.message}") from None
    return class_list(text, shown, names)


def class_list(text: str, shown: str, names: Any) -> tuple[str, ...]:
    """The names in a class list's text; ClassListError naming `shown` and the line."""
    found: list[str] = []
    for line, name in _entries(text, shown):
        if len(found) >= names.max_items:
            raise ClassListError(f"{shown}: more than {names.max_items} names, the most one book is made for")
        try:
            found.append(names.checked(name, found))
        except ValueError as exc:
            raise ClassListError(f"{shown}, line {line}: {exc}") from None
    if not found:
        raise ClassListError(f"{shown}: no names in the file (one name a line, or a CSV file with a name column)")
    return tuple(found)


def _entries(text: str, shown: str) -> list[tuple[int, str]]:
    """(line number, name) for every name in the file, blank ones left out."""
    lines = text.splitlines()
    first = lines[0] if lines else ""
    delimiter = next((d for d in DELIMITERS if d in first), None)
    if delimiter is None and first.strip().lower() == "name":  # a CSV file of one column
        return _column(text, ",", 0, shown)
    if delimiter is not None:
        header = [cell.strip().lower() for cell in next(csv.reader([first], delimiter=delimiter))]
        if "name" in header:
            return _column(text, delimiter, header.index("name"), shown)
    # A line starting with # is a note, not a name ("# absent today").
    return [(k, line.strip()) for k, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#")]


def _column(text: str, delimiter: str, column: int, shown: str) -> list[tuple[int, str]]:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    found = []
    try:
        for row in reader:
            if reader.line_num == 1:
                continue
            name = row[column].strip() if column < len(row) else ""
            if name:
                found.append((reader.line_num, name))
    except csv.Error as exc:
        raise ClassListError(f"{shown}, line {reader.line_num}: not CSV as the first row is ({exc})") from None
    return found
