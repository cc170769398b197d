"""The composer page's form, made from the declared options, and what it offers.

Every field comes from a declaration: the book's options (the spec's BookOptions), a
section's (SectionOptions) and its type's (its Params), each shown by what its kind is
(a choice, a whole number, true or false, a list, text), so an option added to any of
them appears on the page with nothing written here. A choice is offered when the spec
with that choice made has no problem at that field, asked of the spec's own reader
(bookgen.spec.parse, which asks the types' validate and the measured offer): the page
offers what `check` accepts, and a choice not offered carries `check`'s own words why.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from bookgen.errors import SpecError
from bookgen.paper import NAMED, PaperSize
from bookgen.options import Bool, Choice, Int, Optional, SubsetOf, Text, declared
from bookgen.spec_kinds import FilePath, LayoutRef, Seed
from bookgen.puzzles import registry
from bookgen.section_options import SectionOptions
from bookgen.serve.spectext import SPEC_NAME, book_options, is_square, plain_kind, section_options, spec_text
from bookgen.spec import parse
from bookgen.students_option import Names

# A whole-number option with at most this many values is a list to choose from (each
# one offered or not); a wider one is a number field.
MAX_LISTED_NUMBERS = 16
# What the page says of an option whose value is a file: it reads no files of yours.
CHOICES = ("select", "check", "subset")  # the widgets whose every value is weighed
# The field a change names, as the page names it: sections[2].difficulty.
_CHANGED = re.compile(r"sections\[([0-9]{1,4})\]\.([A-Za-z_][A-Za-z0-9_]{0,99})")
FILE_NOTE = "a file beside the spec: the page reads none of your files; add it to the downloaded spec"


def field(name: str, info: Any, default: Any, path: str) -> dict[str, Any]:
    """How the page shows one option: its widget, choices, default and help."""
    kind = info.kind
    plain = plain_kind(kind)
    shown = {"name": name, "path": path, "help": info.help, "expects": kind.describe(),
             "optional": isinstance(kind, Optional), "default": _default(default)}
    if name == "type" and path.startswith("sections["):
        return {**shown, "widget": "select", "optional": False,
                "choices": [_choice(t.name, f"{t.title} ({t.name})") for t in registry.all_types()]}
    if isinstance(plain, Bool):
        return {**shown, "widget": "check"}
    # A square grid's side is shown as the grid is named (6×6), as `bookgen types` names it.
    named = (lambda v: f"{v}×{v}") if is_square(kind) else (lambda v: None)
    if isinstance(plain, PaperSize):  # the named papers; a size by its sides is the spec's to give
        return {**shown, "widget": "select", "choices": [_choice(name) for name in NAMED]}
    if isinstance(plain, (Choice, LayoutRef)):
        values = plain.values if isinstance(plain, Choice) else plain.names
        return {**shown, "widget": "select", "choices": [_choice(str(v), named(v)) for v in values]}
    if isinstance(plain, Int) and plain.lo is not None and plain.hi is not None:
        if plain.hi - plain.lo < MAX_LISTED_NUMBERS:
            return {**shown, "widget": "select",
                    "choices": [_choice(str(v), named(v)) for v in range(plain.lo, plain.hi + 1)]}
        return {**shown, "widget": "number", "min": plain.lo, "max": plain.hi}
    if isinstance(plain, SubsetOf):
        return {**shown, "widget": "subset", "choices": [_choice(v) for v in plain.values]}
    if isinstance(plain, Names):
        return {**shown, "widget": "names", "max": plain.max_items}
    if isinstance(plain, FilePath):
        return {**shown, "widget": "file", "note": FILE_NOTE}
    if isinstance(plain, Seed):
        return {**shown, "widget": "seed"}
    if isinstance(plain, Text) and plain.max_length > 200:
        return {**shown, "widget": "textarea", "max": plain.max_length}
    if isinstance(plain, Text):
        return {**shown, "widget": "text", "max": plain.max_length}
    return {**shown, "widget": "text"}


def _choice(value: str, label: str | None = None) -> dict[str, Any]:
    return {"value": value, "label": label or value, "offered": True, "why": ""}


def _default(default: Any) -> Any:
    if isinstance(default, tuple):
        return list(default)
    if default is None or isinstance(default, bool):
        return default
    return str(default)


def form(state: dict[str, Any]) -> dict[str, Any]:
    """The whole form for a state: the book's fields and each section's, its choices
    marked offered or not (with why)."""
    book = [field(name, info, default, name) for name, info, default in book_options()]
    sections = []
    for index, section in enumerate(state.get("sections") or []):
        section = section if isinstance(section, dict) else {}
        sections.append(section_form(index, section))
    return {"book": book, "sections": sections}


def section_form(index: int, section: dict[str, Any]) -> list[dict[str, Any]]:
    type_name = str(section.get("type", ""))
    common = {name for name, _info, _default in declared(SectionOptions)}
    fields = [{**field(name, info, default, f"sections[{index}].{name}"), "own": name not in common}
              for name, info, default in section_options(type_name)]
    # A value typed wrong elsewhere (count: 0) would stop the reader before it asks what
    # is offered: the choices are weighed with such values left at their defaults.
    base = _problems_by_field(_one_section(section, "type", section.get("type", "")))
    typed = {f["name"] for f in fields if f["widget"] not in CHOICES and f"sections[0].{f['name']}" in base}
    weighed = {name: value for name, value in section.items() if name not in typed}
    for shown in fields:
        if shown["widget"] in CHOICES and shown["name"] != "type":
            _mark_offer(shown, weighed)
    return fields


def _mark_offer(shown: dict[str, Any], section: dict[str, Any]) -> None:
    """Each choice of this field marked offered, or not with check's words; a check box
    gets the words for the value it would change to."""
    name = shown["name"]
    if shown["widget"] == "check":
        current = section.get(name, shown["default"]) is True
        why = field_problem(_one_section(section, name, not current), name)
        shown["toggle"] = {"offered": why is None, "why": why or ""}
        return
    for choice in shown["choices"]:
        if shown["widget"] == "subset":
            chosen = section.get(name, shown["default"]) or []
            chosen = list(chosen) if isinstance(chosen, list) else [str(chosen)]
            value: Any = [v for v in chosen if v != choice["value"]] if choice["value"] in chosen \
                else chosen + [choice["value"]]
        else:
            value = choice["value"]
        why = field_problem(_one_section(section, name, value), name)
        choice["offered"], choice["why"] = why is None, why or ""


def _one_section(section: dict[str, Any], name: str, value: Any) -> str:
    """A spec of this section alone with one option changed (a fixed seed: the seed has
    nothing to do with what is offered)."""
    return spec_text({"book": {"seed": "1"}, "sections": [{**section, name: value}]})


@lru_cache(maxsize=8192)
def _problems_by_field(text: str) -> dict[str, str]:
    try:
        parse(text, SPEC_NAME)
    except SpecError as exc:
        return {problem.field: problem.message for problem in exc.problems}
    return {}


def field_problem(text: str, name: str) -> str | None:
    """What `check` says of this section's option in a one-section spec, or None."""
    return _problems_by_field(text).get(f"sections[0].{name}")


def settle(state: dict[str, Any], changed: str) -> list[str]:
    """After the teacher changes one field, another of the same section whose value is
    no longer offered (a level the new size does not reach) takes the nearest offered
    value, and a note says so; the changed field is left as the teacher set it."""
    notes: list[str] = []
    named = _CHANGED.fullmatch(changed)
    if named is None:  # a book field, or nothing the page names (any text may come)
        return notes
    index, changed_name = int(named[1]), named[2]
    sections = state.get("sections") or []
    if not 0 <= index < len(sections) or not isinstance(sections[index], dict):
        return notes
    section = sections[index]
    for _round in range(3):
        problems = _problems_by_field(_one_section(section, changed_name, section.get(changed_name, "")))
        moved = False
        for shown in section_form(0, section):
            name = shown["name"]
            if name == changed_name or f"sections[0].{name}" not in problems or shown["widget"] != "select":
                continue
            offered = [c["value"] for c in shown["choices"] if c["offered"]]
            if not offered:
                continue
            values = [c["value"] for c in shown["choices"]]
            was = str(section.get(name, shown["default"]) or "")
            here = values.index(was) if was in values else 0
            best = min(offered, key=lambda v: (abs(values.index(v) - here), values.index(v)))
            section[name] = best
            notes.append(f"sections[{index}].{name}: {was or 'the default'} is not offered with these choices; "
                         f"set to {best}")
            moved = True
            break
        if not moved:
            break
    return notes
