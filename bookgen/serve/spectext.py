"""The page's state and the spec's YAML text, each made from the other.

The state is what the page's fields hold, as the teacher typed them: {"book": {key:
value}, "sections": [{key: value}, ...]}, each value a string, a boolean or a list of
strings, keyed by the names the spec declares. A spec text made from it is what `check`
reads and `build` builds, and what the page hands out as the spec (so the downloaded
spec makes the same PDF); a spec the teacher opens becomes a state the same way back.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from bookgen.book_spec import BookOptions
from bookgen.errors import Location, Problem, SpecError
from bookgen.options import Bool, Optional, ParseContext, Square, Text, declared
from bookgen.spec_kinds import FilePath, LayoutRef
from bookgen.puzzles import registry
from bookgen.section_options import SectionOptions
from bookgen.students_option import Names
from bookgen.yamltext import compose

SPEC_NAME = "book.yaml"  # how messages name the page's spec, and the name it downloads as
HEADER = "# Made on bookgen's composer page. Build it with:  bookgen build book.yaml\n"
_WHOLE = re.compile(r"[+-]?[0-9]+")

Value = str | bool | list[str]


def plain_kind(kind: Any) -> Any:
    """An option's kind with Optional and Square taken off: what its value is."""
    while isinstance(kind, (Optional, Square)):
        kind = kind.inner
    return kind


def book_options() -> list[tuple[str, Any, Any]]:
    return declared(BookOptions)


def section_options(type_name: str) -> list[tuple[str, Any, Any]]:
    """A section's options: the common ones, then its type's own (none for an unknown type)."""
    common = declared(SectionOptions)
    ptype = registry.get(type_name)
    names = {name for name, _i, _d in common}
    own = [entry for entry in declared(ptype.Params) if entry[0] not in names] if ptype else []
    return common + own


def spec_text(state: dict[str, Any]) -> str:
    """The spec for a state: every value that differs from its option's default (the
    type, count and seed always), in the order the options are declared."""
    book = _values(state.get("book"), book_options(), always=("seed",))
    sections = []
    for section in _list(state.get("sections")):
        section = section if isinstance(section, dict) else {}
        type_name = str(section.get("type", ""))
        entries = _values(section, section_options(type_name), always=("type", "count"))
        sections.append({"type": entries.pop("type", type_name), **entries})
    data = {**book, "sections": sections}
    return HEADER + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)


# The downloaded spec keeps the page's seed only as a comment: built again, it makes a new
# set (next week's); the seed, on every page and in the comment, rebuilds this one.
SEEDED_NAME = "book-seeded.yaml"  # the same spec with its seed fixed, for a teacher who asks
_SEED_LINE = re.compile(r"^seed: *([0-9]+)\n", re.MULTILINE)


def unseeded(text: str) -> str:
    """The spec with its `seed:` line turned into a comment saying how to rebuild this book."""
    return _SEED_LINE.sub(lambda m: f"# seed: {m[1]}   (this book's seed: bookgen build book.yaml --seed {m[1]} "
                                    "rebuilds it; without it, every build is a new set)\n", text, count=1)


def _values(given: Any, options: list[tuple[str, Any, Any]], always: tuple[str, ...]) -> dict[str, Any]:
    given = given if isinstance(given, dict) else {}
    found: dict[str, Any] = {}
    for name, info, default in options:
        if name not in given:
            continue
        value = _written(given[name], plain_kind(info.kind))
        if value is None or (name not in always and _same(value, default)):
            continue
        found[name] = value
    return found


def _written(value: Any, kind: Any) -> Any:
    """A field's value as the spec writes it: None when empty; a list's items trimmed;
    a whole number as a number and true/false as themselves, except in a text."""
    if isinstance(value, bool):
        return value
    if isinstance(value, list):
        items = [str(item).strip() for item in value if str(item).strip()]
        return items or None
    text = str(value).strip() if value is not None else ""
    if not text:
        return None
    if isinstance(kind, Text):
        return text
    if isinstance(kind, Bool) and text.lower() in ("true", "false"):
        return text.lower() == "true"
    if _WHOLE.fullmatch(text) and len(text) < 20:
        return int(text)
    return text


def _same(value: Any, default: Any) -> bool:
    if isinstance(default, tuple) and isinstance(value, list):
        return set(value) == set(default)
    if isinstance(default, bool) or isinstance(value, bool):
        return value is default
    return default is not None and str(value).lower() == str(default).lower()


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def state_of(text: str) -> tuple[dict[str, Any], list[str]]:
    """The state of a spec the teacher opened, and a note for each key the page has no
    field for and each file the spec names (both left out). SpecError when the YAML
    itself cannot be read."""
    root = compose(text, SPEC_NAME)
    raw = _raw(root)
    if not isinstance(raw, dict):
        raise SpecError(Problem(Location(SPEC_NAME, 1, 1), "", "expected a mapping of keys to values"))
    notes: list[str] = []
    book = _fields(raw, book_options(), "", notes, skip=("sections",))
    sections = []
    for index, section in enumerate(_list(raw.get("sections"))):
        if not isinstance(section, dict):
            notes.append(f"sections[{index}] is not a section (a mapping of keys); left out")
            continue
        type_name = str(section.get("type", ""))
        sections.append(_fields(section, section_options(type_name), f"sections[{index}].", notes))
    state = {"book": book, "sections": sections}
    for path, value in named_files(state):
        where, name = _holder(state, path)
        del where[name]
        notes.append(_file_left_out(path, name, value))
    return state, notes


def named_files(state: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, value) for every value in the state that names a file of the teacher's:
    a font, a picture, a layout file, a class list by its file name. The page reads none
    of them (its spec's folder is its own temporary one), so the server refuses them."""
    found = []
    for prefix, given, options in _holders(state):
        for name, info, _default in options:
            value = given.get(name)
            if _names_file(value, plain_kind(info.kind)):
                found.append((prefix + name, str(value).strip()))
    return found


def _holders(state: dict[str, Any]) -> list[tuple[str, dict[str, Any], list[tuple[str, Any, Any]]]]:
    book = state.get("book")
    holders = [("", book if isinstance(book, dict) else {}, book_options())]
    for index, section in enumerate(_list(state.get("sections"))):
        if isinstance(section, dict):
            holders.append((f"sections[{index}].", section, section_options(str(section.get("type", "")))))
    return holders


def _holder(state: dict[str, Any], path: str) -> tuple[dict[str, Any], str]:
    if path.startswith("sections["):
        index, _dot, name = path[len("sections["):].partition("].")
        return state["sections"][int(index)], name
    return state["book"], path


def _names_file(value: Any, kind: Any) -> bool:
    if value is None or isinstance(value, list) or not str(value).strip():
        return False
    if isinstance(kind, FilePath):
        return True
    if isinstance(kind, LayoutRef):
        return str(value).strip().lower() not in kind.names
    return isinstance(kind, Names) and isinstance(value, str)


def _file_left_out(path: str, name: str, value: str) -> str:
    if name == "students":
        return (f"{path}: {value} is a class list file, which the page does not read from your folder; "
                "drop it on the class (or choose it there) to read its names")
    return (f"{path}: {value} is a file beside your spec, which the page does not read; left out here, "
            "so add it back to the downloaded spec")


def _fields(raw: dict, options: list[tuple[str, Any, Any]], prefix: str, notes: list[str],
            skip: tuple[str, ...] = ()) -> dict[str, Value]:
    known = {name: info.kind for name, info, _d in options}
    for name in raw:
        if name not in known and name not in skip:
            notes.append(f"{prefix}{name}: no such key on this page; left out")
    return {name: _field_value(raw[name], known[name]) for name in raw if name in known}


def _field_value(value: Any, kind: Any) -> Value:
    """A value as the page's field holds it; a square side written 6x6 as the field's 6;
    the students a line each, as the class box holds them ("Ana, easy")."""
    if isinstance(value, list) and isinstance(plain_kind(kind), Names):
        return _student_lines(value, plain_kind(kind))
    if isinstance(value, list):
        return [str(item) if item is not None else "" for item in value]
    if isinstance(value, dict):
        return ""
    text = "" if value is None else str(value)
    return Square.side(text) if is_square(kind) else text


def _student_lines(value: list[Any], kind: Names) -> list[str]:
    """The spec's students (names, {name, level}, groups) as the class box's lines, read
    by the spec's own reader; a list it refuses keeps its names as written, and check
    then says what is wrong with it."""
    try:
        return [student.line_text() for student in kind.parse(value, ParseContext())]
    except ValueError:
        return [str(item) if isinstance(item, str) else "" for item in value]


def is_square(kind: Any) -> bool:
    """Whether the option is a square grid's side (written 6 or 6x6)."""
    while isinstance(kind, (Optional, Square)):
        if isinstance(kind, Square):
            return True
        kind = kind.inner
    return False


def _raw(node: yaml.Node | None) -> Any:
    """A composed node as written: scalar text, lists, mappings (keys as text)."""
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        return None if node.tag.endswith(":null") else node.value
    if isinstance(node, yaml.SequenceNode):
        return [_raw(item) for item in node.value]
    return {str(key.value): _raw(value) for key, value in node.value}
