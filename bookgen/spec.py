"""The book spec read: YAML -> frozen BookSpec (bookgen.book_spec), every problem reported
at once with file:line:column.

YAML is composed (not loaded) so each value keeps its position; scalars are read from
their source text by the declared option types, so YAML 1.1's surprises (`no` as false,
`0123` as octal) never reach the book unannounced.
"""

from __future__ import annotations

import dataclasses
import difflib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from bookgen.book_spec import BookOptions, BookSpec, Publishing, SectionSpec
from bookgen.puzzles import registry, worked
from bookgen.puzzles.base import PuzzleType
from bookgen.puzzles.levels import focused, level_refusal, nearest_level
from bookgen.errors import BookgenError, Location, ParamsError, Problem, SpecError
from bookgen.language import Words, words_for
from bookgen.options import OptionValueError, ParseContext, brief, declared, field_of
from bookgen.section_options import SectionOptions
from bookgen.specfile import MAX_PUZZLES, MAX_SECTIONS, MAX_SPEC_BYTES, read_text
from bookgen.yamltext import compose

if TYPE_CHECKING:  # a class list's students, named only: a spec without students never reads one (start-up)
    from bookgen.classlist import Student

# A spec without `seed:` gets one drawn afresh from this range (six digits, easy to copy
# off a page's footer into `--seed`), so next week's worksheets are not this week's.
FRESH_SEEDS = (100_000, 999_999)


def fresh_seed() -> int:
    """A seed for a spec that gives none: from the system's randomness, never the global
    generator (which a library user may have seeded)."""
    low, high = FRESH_SEEDS
    import secrets  # here: only a spec without a seed needs it, and it loads hashlib (start-up, issue 31)

    return low + secrets.randbelow(high - low + 1)


def load(path: str | Path) -> BookSpec:
    """Read and validate a spec file; raise SpecError listing every problem in it."""
    source = str(path)
    return parse(read_text(source, SpecError, MAX_SPEC_BYTES), source, Path(path).parent)


def parse(text: str, source: str, base_dir: Path = Path(".")) -> BookSpec:
    root = compose(text, source)
    reader = _Reader(source, ParseContext(base_dir))
    spec = reader.book(root)
    if reader.problems:
        raise SpecError(reader.problems)
    return spec


def _raw(node: yaml.Node) -> Any:
    """A node as the user wrote it: scalar text, lists, mappings; None for an empty value."""
    if isinstance(node, yaml.ScalarNode):
        if node.tag.endswith(":null"):
            return None
        return node.value
    if isinstance(node, yaml.SequenceNode):
        return [_raw(n) for n in node.value]
    return {k.value: _raw(v) for k, v in node.value}


class _Reader:
    def __init__(self, source: str, ctx: ParseContext) -> None:
        self.source = source
        self.ctx = ctx
        self.problems: list[Problem] = []
        self.requested: dict[tuple[str, Any], int] = {}  # puzzles asked for, per type and options
        self.locations: dict[str, Location] = {}

    def at(self, node: yaml.Node | None) -> Location:
        if node is None:
            return Location(self.source, 1, 1)
        return Location(self.source, node.start_mark.line + 1, node.start_mark.column + 1)

    def problem(self, node: yaml.Node | None, field: str, message: str) -> None:
        self.problems.append(Problem(self.at(node), field, message))

    def mapping(self, node: yaml.Node | None, field: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """Keys -> (key node, value node); a problem unless the node is a mapping."""
        if not isinstance(node, yaml.MappingNode):
            what = "nothing" if node is None or node.tag.endswith(":null") else "a " + _kind(node)
            self.problem(node, field, f"expected a mapping of keys to values, got {what}")
            return {}
        found: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            name = str(key.value)
            if name in found:
                self.problem(key, _join(field, name), "this key is given twice")
            found[name] = (key, value)
        return found

    def fields(self, entries: dict, field: str, options_type: type, skip: tuple[str, ...] = ()) -> dict[str, Any]:
        """Parse the declared options present in `entries` (others keep their defaults)."""
        values = {}
        for name, info, _default in declared(options_type):
            if name in skip or name not in entries:
                continue
            key, value = entries[name]
            self.located(_join(field, name), value)
            try:
                values[name] = info.kind.parse(_raw(value), self.ctx)
            except OptionValueError as exc:
                # A fault inside a list (a student's level) is named at its own line.
                where = _node_at(value, exc.at) if exc.at else key
                self.problem(where, _join(field, name) + field_of(exc.at), str(exc))
        return values

    def located(self, field: str, node: yaml.Node) -> None:
        self.locations[field] = self.at(node)
        if isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self.locations[f"{field}[{i}]"] = self.at(item)

    def unknown(self, entries: dict, field: str, known: list[str]) -> None:
        for name, (key, _value) in entries.items():
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else f"; expected one of {', '.join(known)}"
                self.problem(key, _join(field, name), f"unknown key '{name}'{hint}")

    def distinct_enough(self, ptype: Any, params: Any, count: int) -> None:
        """A type with few different puzzles for some options (small sliding boards) says
        how many a book can hold; sections asking for the same puzzles add up."""
        key = (ptype.name, params)
        total = self.requested.get(key, 0) + count
        self.requested[key] = total
        ptype.refuse_count(params, total)

    def book(self, root: yaml.Node | None) -> BookSpec:
        if root is None:
            self.problem(root, "", "the spec is empty; it needs at least 'sections' (a list of sections)")
            return BookSpec(self.source, "", "", "", "", 0, False, False, ())
        entries = self.mapping(root, "")
        book_keys = [name for name, _i, _d in declared(BookOptions)] + ["sections"]
        self.unknown(entries, "", book_keys)
        options = BookOptions(**self.fields(entries, "", BookOptions))
        words = words_for(options.language)
        sections: list[SectionSpec] = []
        sections_read = False  # every section read: students' levels are checked against them
        if "sections" not in entries:
            if entries:
                self.problem(root, "sections", "missing required key 'sections' (a list of sections)")
        else:
            key, value = entries["sections"]
            if not isinstance(value, yaml.SequenceNode) or not value.value:
                self.problem(key, "sections", "expected a list of one or more sections")
            elif len(value.value) > MAX_SECTIONS:
                self.problem(key, "sections", f"expected at most {MAX_SECTIONS} sections, got {len(value.value)}")
            else:
                for i, node in enumerate(value.value):
                    section = self.section(i, node, words)
                    if section is not None:
                        sections.append(section)
                sections_read = len(sections) == len(value.value)
                copies = max(options.copies, len(options.students or ()))
                total = sum(s.options.count for s in sections) * copies
                if total > MAX_PUZZLES:
                    whole = "the book (all copies)" if copies > 1 else "the book"
                    self.problem(key, "sections", f"expected at most {MAX_PUZZLES} puzzles in {whole}, got {total}")
        students = options.students or ()
        if students:
            self.student_places(entries["students"][1], students)
            if sections_read:
                self.student_levels(entries["students"], students, sections)
        seed = options.seed if options.seed is not None else fresh_seed()
        return BookSpec(self.source, options.title, options.subtitle, options.author, options.paper,
                        seed, options.answer_key is True, options.name_line, tuple(sections), options.layout,
                        options.seed is not None, self.copies(entries, options, words), options.font,
                        options.bold_font, duplex=options.duplex, language=options.language,
                        students=students, answers_apart=options.answer_key == "separate",
                        record=options.record, progress=options.progress, locations=self.locations,
                        publishing=publishing_of(options))

    def copies(self, entries: dict, options: BookOptions, words: Words) -> tuple[str, ...]:
        """One label a copy: the students' names, or "Copy 1", "Copy 2"...; () for one book."""
        if options.students is not None:
            if "copies" in entries and options.copies != len(options.students):
                self.problem(entries["copies"][0], "copies",
                             f"{options.copies} copies but {len(options.students)} students; give one or the other")
            return tuple(student.name for student in options.students)
        if options.copies > 1:
            return tuple(words.gettext("Copy {number}").format(number=k) for k in range(1, options.copies + 1))
        return ()

    def student_places(self, node: yaml.Node, students: tuple[Student, ...]) -> None:
        """Where each student's name and level were written (a class list file: the
        spec's `students:` line), so a later problem (a letter no font has) names it."""
        for k, student in enumerate(students):
            self.locations[f"students{field_of(student.at) or f'[{k}]'}"] = self.at(_node_at(node, student.at))

    def student_levels(self, entry: tuple[yaml.Node, yaml.Node], students: tuple[Student, ...],
                       sections: list[SectionSpec]) -> None:
        """Every student's level is one each section can make, asked of the type and its
        measured offer as a section's own difficulty is; one problem a level as written
        (a group's level once) and section, naming the student."""
        written: dict[tuple[int | None, tuple[Any, ...]], list[Student]] = {}
        for student in students:
            if student.level is not None:
                written.setdefault((student.line, student.level_at), []).append(student)
        for (line, at), group in written.items():
            level = group[0].level
            for n, section in enumerate(sections):
                ptype = registry.get(section.options.type)
                why = level_refusal(ptype, section, level)
                if why is None:
                    continue
                nearest = nearest_level(ptype, section, level) if section.options.levels == "nearest" else None
                if nearest is not None:  # said once a build, as a note: the book is made
                    logging.getLogger("bookgen").warning(
                        "%s at %s: sections[%d] (%s) makes no %s puzzles here; given %s, its nearest level",
                        _who(group), level, n, section.options.title, level, nearest)
                    continue
                key, node = entry
                where = f"{_raw(node)}, line {line}: " if line is not None else ""  # a class list file's
                self.problem(_node_at(node, at) if at else key, f"students{field_of(at)}",
                             f"{where}{_who(group)} at {level}: sections[{n}] ({section.options.title}): {why}")

    def section(self, index: int, node: yaml.Node, words: Words) -> SectionSpec | None:
        field = f"sections[{index}]"
        if isinstance(node, yaml.MappingNode) and not node.value:
            self.problem(node, field, "an empty section; it needs at least 'type' "
                                      f"(one of {', '.join(registry.names())})")
            return None
        entries = self.mapping(node, field)
        if not entries:
            return None
        common = [name for name, _i, _d in declared(SectionOptions)]
        if "type" not in entries:
            self.problem(node, f"{field}.type", f"missing required key 'type' (one of {', '.join(registry.names())})")
            self.unknown(entries, field, common)
            return None
        type_key, type_node = entries["type"]
        ptype = registry.get(str(_raw(type_node)))
        if ptype is None:
            shown = _raw(type_node)
            close = difflib.get_close_matches(str(shown), registry.known_names(), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self.problem(type_key, f"{field}.type",
                         f"expected one of {', '.join(registry.names())}, got {brief(shown)}{hint}")
            return None
        own = [name for name, _i, _d in declared(ptype.Params)]
        self.unknown(entries, field, common + [name for name in own if name not in common])
        before = len(self.problems)
        common_values = self.fields(entries, field, SectionOptions, skip=("type",))
        params_values = self.fields(entries, field, ptype.Params)
        if len(self.problems) > before:
            return None
        params = ptype.Params(**params_values)
        given = SectionOptions(**common_values)
        if given.hints and worked.worked_steps(ptype) is None:
            offered = ", ".join(t.name for t in registry.all_types() if worked.worked_steps(t) is not None)
            self.problem(entries["hints"][0], f"{field}.hints", f"{worked.NO_WORKED_STEPS}; hints are offered for {offered}")
            return None
        if given.self_check and worked.worked_steps(ptype) is None:
            self.problem(entries["self_check"][0], f"{field}.self_check", f"a {ptype.name} has no self-check")
            return None
        if given.focus is not None and given.puzzles is not None:
            self.problem(entries["focus"][0], f"{field}.focus",
                         "a section of your own puzzles (puzzles:) cannot also ask for a technique (focus:)")
            return None
        if given.focus is not None:
            focus, why = focused(ptype, params, given.focus)
            if why:
                self.problem(entries["focus"][1], f"{field}.focus", why)
                return None
            given = dataclasses.replace(given, focus=focus)
        imported: tuple[Any, ...] = ()
        if given.puzzles is not None:
            imported = self.imported(entries, field, ptype, params, given)
            if not imported:
                return None
            given = dataclasses.replace(given, count=len(imported))
        try:
            ptype.validate(params)
            if not imported:
                self.distinct_enough(ptype, params, given.count)
        except ParamsError as exc:
            key = entries.get(exc.field, (node, None))[0]
            self.problem(key, f"{field}.{exc.field}", exc.message)
            return None
        return SectionSpec(index, _resolved(given, ptype, params, words), params, imported)

    def imported(self, entries: dict, field: str, ptype: PuzzleType, params: Any,
                 given: SectionOptions) -> tuple[Any, ...]:
        """The section's own puzzles (`puzzles:`), each proved and graded; every one that
        is refused is a problem at its file and line (and the section is dropped)."""
        assert given.puzzles is not None
        from bookgen.puzzles import readers  # here: only a section of the user's own puzzles reads a file (start-up)

        try:
            found = readers.read_file(given.puzzles)
        except BookgenError as exc:
            self.problem(entries["puzzles"][1], f"{field}.puzzles", str(exc))
            return ()
        source = str(given.puzzles)
        refused = readers.problems_of(found, source, f"{field}.puzzles")
        seen: dict[Any, int] = {}
        for f in found:
            if f.puzzle is None:
                continue
            first = seen.setdefault(ptype.identity(f.puzzle), f.line)
            if first != f.line:
                refused.append(Problem(Location(source, f.line, 1), f"{field}.puzzles",
                                       f"the same puzzle as line {first}; a book never prints one twice"))
                continue
            wrong = ptype.misfit(f.puzzle, dataclasses.replace(params, difficulty=f.puzzle.difficulty))
            if wrong is not None:
                refused.append(Problem(Location(source, f.line, 1), f"{field}.puzzles",
                                       f"{wrong} (the section's type and size must be the puzzles')"))
        if not found:
            refused.append(Problem(Location(source), f"{field}.puzzles", "no puzzles in the file"))
        elif "count" in entries and given.count != len(found):
            refused.append(Problem(self.at(entries["count"][1]), f"{field}.count",
                                   f"{given.count} puzzles asked for, the file has {len(found)}; leave count out"))
        self.problems += refused
        return () if refused else tuple(f.puzzle for f in found)


def publishing_of(options: BookOptions) -> Publishing:
    """The publishing keys, as read."""
    values = dataclasses.asdict(options)
    return Publishing(**{f.name: values[f.name] for f in dataclasses.fields(Publishing)})


def _who(students: list[Student]) -> str:
    """"Ana", "Cleo and Dev", "Cleo, Dev and 3 more"."""
    names = [s.name for s in students]
    if len(names) <= 2:
        return " and ".join(names)
    return f"{names[0]}, {names[1]} and {len(names) - 2} more"


def _node_at(node: yaml.Node, at: tuple[Any, ...]) -> yaml.Node:
    """The node at a place inside a list or mapping ((3, "level")), or the nearest one
    above it that exists."""
    for part in at:
        if isinstance(part, int) and isinstance(node, yaml.SequenceNode) and part < len(node.value):
            node = node.value[part]
        elif isinstance(part, str) and isinstance(node, yaml.MappingNode):
            found = [value for key, value in node.value if key.value == part]
            if not found:
                break
            node = found[0]
        else:
            break
    return node


def _resolved(given: SectionOptions, ptype: PuzzleType, params: Any, words: Words) -> SectionOptions:
    """A section's options as printed: the registry's name for its type, and the type's
    title and instructions, in the book's language, where the section gives none (empty
    instructions stay empty)."""
    instructions = given.instructions if given.instructions is not None else ptype.instructions_for(params, words)
    title = given.title or ptype.title_for(params, words)
    return dataclasses.replace(given, type=ptype.name, title=title, instructions=instructions)


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "list"
    if isinstance(node, yaml.ScalarNode):
        return f"value ({brief(node.value)})"
    return "mapping"


def _join(field: str, name: str) -> str:
    return f"{field}.{name}" if field else name
