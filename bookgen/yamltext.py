"""A YAML text read with the spec's guarantees (the spec, a layout file, the composer
page's text): YAML's safe loader with a depth limit while composing, aliases and merge
keys expanded within bounds, and every problem one line naming the file, line and
column. Kept apart from bookgen.specfile's file reading, so a command that reads no YAML
(`bookgen solve`) does not load the YAML library.
"""

from __future__ import annotations

from typing import Any

import yaml

from bookgen.errors import InputError, Location, Problem, SpecError
from bookgen.specfile import text_position

MAX_DEPTH = 20  # nesting of lists and mappings, counted after aliases are expanded
MAX_VALUES = 20_000  # values in the spec after aliases and merge keys are expanded

MERGE_TAG = "tag:yaml.org,2002:merge"


class _TooDeep(Exception):
    def __init__(self, mark: Any) -> None:
        self.mark = mark


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader with a depth limit while composing (the composer is recursive:
    thousands of nested lists would exhaust Python's stack)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def compose(text: str, source: str, error: type[InputError] = SpecError, what: str = "spec") -> yaml.Node | None:
    """A user's YAML file (a spec, a layout) as nodes (positions kept), merge keys
    (`<<: *base`) applied, and its size after alias expansion checked; `error` with one
    problem otherwise."""
    try:
        loader = _BoundedLoader(text)
    except yaml.reader.ReaderError as exc:
        line, column = text_position(text[: exc.position])
        raise error(Problem(Location(source, line, column), "",
                            f"the character #x{exc.character:04X} is not allowed in a {what}")) from None
    try:
        root = loader.get_single_node()
    except _TooDeep as exc:
        raise error(Problem(_at(source, exc.mark, text), "", f"nested more than {MAX_DEPTH} levels deep")) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _at(source, mark, text) if mark else Location(source)
        message = str(exc.problem or exc.context).replace("'<stream end>'", "the end of the file")
        raise error(Problem(where, "", f"YAML syntax error: {message}")) from None
    except yaml.YAMLError as exc:
        raise error(Problem(Location(source), "", f"YAML error: {exc}")) from None
    finally:
        loader.dispose()
    if root is not None:
        _Expander(source, text, error, what).check(root)
    return root


def compose_shipped(text: str, source: str, error: type[InputError] = SpecError,
                    what: str = "spec") -> yaml.Node | None:
    """A YAML file the package ships (a built-in layout), as nodes: composed by libyaml
    where PyYAML has it, in a tenth of the time (`bookgen check` reads the book layout
    each time: a twelfth of its start-up, issue 31), else as a user's file is. Both give
    the same nodes, tags, values and positions for every shipped file (a test compares
    them); a user's file is always composed by `compose`, whose messages and limits are
    the pure-Python composer's."""
    if not yaml.__with_libyaml__:
        return compose(text, source, error, what)
    return yaml.compose(text, Loader=yaml.CSafeLoader)


def _at(source: str, mark: Any, text: str) -> Location:
    """A mark's position, moved back onto the last line when it is past the end."""
    lines = text.splitlines() or [""]
    if mark.line >= len(lines):
        return Location(source, len(lines), len(lines[-1]) + 1)
    return Location(source, mark.line + 1, mark.column + 1)


class _Expander:
    """Applies merge keys, refuses keys that are not plain names, and measures every node
    as if aliases were expanded (once per node, so an alias bomb costs no more than the
    text it is written in)."""

    def __init__(self, source: str, text: str, error: type[InputError], what: str) -> None:
        self.source, self.text, self.error, self.what = source, text, error, what
        self.measured: dict[int, tuple[int, int]] = {}  # id(node) -> (values, depth)
        self.open: set[int] = set()

    def fail(self, node: yaml.Node, message: str) -> None:
        raise self.error(Problem(_at(self.source, node.start_mark, self.text), "", message))

    def check(self, root: yaml.Node) -> None:
        values, depth = self.measure(root)
        if depth > MAX_DEPTH:
            self.fail(root, f"nested more than {MAX_DEPTH} levels deep once aliases are expanded")
        if values > MAX_VALUES:
            self.fail(root, f"more than {MAX_VALUES:,} values once aliases are expanded; "
                            f"no {self.what} is this large")

    def measure(self, node: yaml.Node) -> tuple[int, int]:
        key = id(node)
        if key in self.measured:
            return self.measured[key]
        if key in self.open:
            self.fail(node, "an alias refers to the value that contains it")
        self.open.add(key)
        if isinstance(node, yaml.MappingNode):
            self.merge(node)
        children = self.children(node)
        values, depth = 1, 0
        for child in children:
            child_values, child_depth = self.measure(child)
            values, depth = values + child_values, max(depth, child_depth)
            if values > MAX_VALUES or depth > MAX_DEPTH:
                break  # already too large: stop before the expansion grows further
        self.open.discard(key)
        self.measured[key] = (values, depth + 1)
        return self.measured[key]

    def children(self, node: yaml.Node) -> list[yaml.Node]:
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        if isinstance(node, yaml.MappingNode):
            for key, _value in node.value:
                if not isinstance(key, yaml.ScalarNode):
                    self.fail(key, f"a key must be a plain name, not a {_kind(key)}")
            return [value for _key, value in node.value]
        return []

    def merge(self, node: yaml.MappingNode) -> None:
        """`<<: *base` (or a list of bases): the base's keys, unless given here too."""
        if not any(key.tag == MERGE_TAG for key, _value in node.value):
            return
        own = [(k, v) for k, v in node.value if k.tag != MERGE_TAG]
        names = {k.value for k, _v in own if isinstance(k, yaml.ScalarNode)}
        merged = []
        for key, value in node.value:
            if key.tag != MERGE_TAG:
                continue
            bases = value.value if isinstance(value, yaml.SequenceNode) else [value]
            for base in bases:
                if not isinstance(base, yaml.MappingNode):
                    self.fail(base, f"'<<' merges a mapping (such as *base), not a {_kind(base)}")
                self.measure(base)  # its own merges first
                for k, v in base.value:
                    if isinstance(k, yaml.ScalarNode) and k.value not in names:
                        names.add(k.value)
                        merged.append((k, v))
        node.value = own + merged


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "list"
    if isinstance(node, yaml.MappingNode):
        return "mapping"
    return "value"

