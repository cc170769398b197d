"""`bookgen generate TYPE [options] --count N --seed S`: puzzles with their answers on
standard output, one a line, without a book (as Simon Tatham's `--generate`), for
publishers' own pipelines and to time the engine from the shell.

The command line describes a one-section spec, read by the spec's own reader, so a
refusal is `check`'s own message (named by its option instead of a file's line) and the
puzzles are the ones that spec's book would print: made, proved unique at their level and
checked by the same pipeline (bookgen.generation), repeats replaced, whatever -j.
A type's options are its Params' declarations; none is declared here again.
"""

from __future__ import annotations

import json
import os
from typing import Any

import click

from bookgen.errors import CommandLineError, SpecError
from bookgen.options import Optional, SubsetOf, declared
from bookgen.puzzles import registry
from bookgen.section_options import SectionOptions
from bookgen.terminal import echo, reported

FORMATS = ("json", "text")
# What a refusal names when the spec's reader names a key: the command line's own words.
SOURCE = "the command line"


class OptionsRefused(CommandLineError):
    """Every problem with the options given, one line each (as `check` lists a spec's)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.refused = lines

    def lines(self) -> list[str]:
        return list(self.refused)


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def type_options(types: tuple[Any, ...]) -> dict[str, str]:
    """Every option these types declare -> its help, the types that take it named when
    not all do."""
    takers: dict[str, list[str]] = {}
    helps: dict[str, set[str]] = {}
    for ptype in types:
        for name, info, _default in declared(ptype.Params):
            takers.setdefault(name, []).append(ptype.name)
            helps.setdefault(name, set()).add(f"{info.help}; {info.kind.describe()}")
    # One type's words where the types' declarations differ would mislead the others'.
    said = {name: next(iter(h)) if len(h) == 1 else "what it means differs by type: see bookgen types"
            for name, h in helps.items()}
    return {name: said[name] + ("" if len(who) == len(types) else f" ({', '.join(who)})")
            for name, who in takers.items()}


def named_type(args: list[str]) -> int | None:
    """Where TYPE is among the arguments, before click reads them: the first that is
    neither an option nor an option's value (every option but -h takes one)."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return i + 1 if i + 1 < len(args) else None
        if not arg.startswith("-") or arg == "-":
            return i
        i += 1 if arg in ("-h", "--help") or "=" in arg or (arg.startswith("-j") and len(arg) > 2) else 2
    return None


class TypeOptions(click.Command):
    """generate's own options and its TYPE's, read from the type's Params: only that
    type's module is imported (all six cost 150 M instructions of start-up), and
    `bookgen generate kenken -h` lists KenKen's; with no TYPE known, every type's. An
    option the type does not take is handed to the spec's reader, which refuses it as
    it refuses a spec's unknown key."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        at = named_type(args)
        ptype = registry.get(args[at]) if at is not None and at < len(args) else None
        ctx.meta["bookgen.types"] = (ptype,) if ptype is not None else registry.all_types()
        if at is not None and at < len(args):  # TYPE first: no unknown option is taken for it
            args = [args[at], *args[:at], *args[at + 1:]]
        return super().parse_args(ctx, args)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        own = super().get_params(ctx)
        types = ctx.meta.get("bookgen.types") or registry.all_types()
        taken = [click.Option([flag(name), name], metavar="VALUE", help=help_)
                 for name, help_ in type_options(types).items()]
        return own[:1] + taken + own[1:]


_COUNT = next(info for name, info, _default in declared(SectionOptions) if name == "count")


@click.command(cls=TypeOptions, context_settings={"help_option_names": ["-h", "--help"],
                                                  "ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("type_name", metavar="TYPE")
@click.option("--count", "count", metavar="N", help=f"{_COUNT.help}; {_COUNT.kind.describe()} (default 1)")
@click.option("--seed", required=True, metavar="S", help="the seed every puzzle is derived from (0 to 2**63-1): same seed, "
              "same puzzles, the ones a book with this seed and this one section prints")
@click.option("--format", "form", type=click.Choice(FORMATS), default="json", show_default=True,
              help="json: each puzzle in the interchange form `bookgen solve` reads; text: a line the type "
                   "writes by hand (a sudoku's givens, then its answer), for types that have one")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None, help="Worker processes (default: all cores).")
@click.pass_context
@reported
def generate(ctx: click.Context, type_name: str, count: str | None, seed: str, form: str, jobs: int | None,
             **given: str | None) -> None:
    """Print puzzles of TYPE with their answers, one a line, each proved unique:
    bookgen generate sudoku --size 9 --difficulty hard --count 10 --seed 1"""
    from bookgen.generation import generate_all

    options = {name: value for name, value in given.items() if value is not None}
    options.update(other_options(ctx.args))
    spec = one_section_spec(type_name, count, seed, options)
    entries = generate_all(spec, jobs or os.cpu_count() or 1)
    lines = [puzzle_line(entry.ptype, entry.puzzle, form, entry.number) for entry in entries]
    for line in lines:
        echo(line)


def one_section_spec(type_name: str, count: str | None, seed: str, options: dict[str, str]) -> Any:
    """The spec the command line describes, read by the spec's reader; its problems as
    the options' own (OptionsRefused)."""
    from bookgen import spec

    entries = {"type": type_name, **({"count": count} if count is not None else {})}
    for name, value in options.items():
        entries[name] = _listed(type_name, name, value)
    text = f"seed: {json.dumps(seed)}\nsections:\n  - " + "\n    ".join(
        f"{name}: {json.dumps(value, ensure_ascii=False)}" for name, value in entries.items()) + "\n"
    try:
        return spec.parse(text, SOURCE)
    except SpecError as exc:
        raise OptionsRefused([f"{_named(p.field)}: {p.message}" if p.field else p.message
                              for p in exc.problems]) from None


def other_options(args: list[str]) -> dict[str, str]:
    """Options TYPE does not take (`--hide-operations yes` for a sudoku), by the spec's
    key, for the reader to refuse; a stray word is given as the key it stands for."""
    found: dict[str, str] = {}
    i = 0
    while i < len(args):
        name, eq, value = args[i].lstrip("-").partition("=")
        if not eq and i + 1 < len(args) and not args[i + 1].startswith("--"):
            value, i = args[i + 1], i + 1
        found[name.replace("-", "_")] = value
        i += 1
    return found


def _listed(type_name: str, name: str, value: str) -> str | list[str]:
    """A list option (KenKen's operations) given as `+,-`: the list a spec writes `[+, -]`."""
    ptype = registry.get(type_name)
    kinds = {n: info.kind for n, info, _d in declared(ptype.Params)} if ptype is not None else {}
    kind = kinds.get(name)
    if isinstance(kind, Optional):
        kind = kind.inner
    return value.split(",") if isinstance(kind, SubsetOf) else value


def _named(field: str) -> str:
    """A spec's field as the command line names it: sections[0].size -> --size."""
    if field in ("seed", "sections"):
        return "--seed" if field == "seed" else "--count"
    name = field.removeprefix("sections[0]").lstrip(".")
    if name == "type":
        return "TYPE"
    return flag(name.split("[", 1)[0]) if name else "TYPE"


def puzzle_line(ptype: Any, puzzle: Any, form: str, number: int) -> str:
    """One puzzle as one line: its interchange JSON headed as a book's `--json` heads
    it (its number, type, level and difficulty score), or the type's line of text."""
    if form == "json":
        from bookgen.puzzles.score import score  # a grading with its log: only for the JSON

        head = {"id": str(number), "type": puzzle.type, "difficulty": puzzle.difficulty, "score": score(puzzle)}
        return json.dumps({**head, **ptype.to_json(puzzle)}, ensure_ascii=False)
    line = ptype.text_line(puzzle)
    if line is None:
        raise CommandLineError(f"--format text: a {ptype.name} of these options has no line of text; "
                               "--format json gives every type")
    return line
