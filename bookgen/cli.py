"""The command line: each command, its options, and what it does. How its errors, notes
and output reach the terminal (one line each, the right exit status) is
bookgen.terminal's, which every command goes through.

A command in a module of its own is listed in COMMANDS, one line each, and its module is
loaded only when it runs (or when help lists it). `bookgen --version` is answered before
this module is loaded (bookgen.__main__), since click alone costs more than its budget.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, TextIO

import click

from bookgen import __version__
from bookgen.book_lines import summary
from bookgen.check_command import check_spec
from bookgen.errors import CommandLineError
from bookgen.outputs import WriteError
from bookgen.solve_command import DEFAULT_SOLVE_SECONDS, solve_files
from bookgen.terminal import echo, guard_standard_output, notes_to_stderr, output_failed, reported

# A command imports what it needs when it runs (the spec, the types, the build), so
# `bookgen --version` and `bookgen solve` of one puzzle load only their own part.
if TYPE_CHECKING:
    from types import ModuleType


def _speclib() -> ModuleType:
    from bookgen import spec

    return spec


def _registry() -> ModuleType:
    from bookgen.puzzles import registry

    return registry


# -h as well as --help, on every command.
HELP = {"help_option_names": ["-h", "--help"]}

# Commands that live in modules of their own: name -> "module:function", one line each.
COMMANDS = {
    "generate": "bookgen.generate_command:generate",
    "mark": "bookgen.record.mark_command:mark",  # how each student did with a set, in a class record
    "export": "bookgen.publish.commands:export",  # the publisher's: one file a puzzle
    "cover": "bookgen.publish.commands:cover",  # the publisher's: the full-wrap cover
}


class OutputSafeGroup(click.Group):
    """The command group whose own output (--help, --version, usage errors) cannot
    fail with a traceback: a full or closed stream is one line on stderr, exit 1."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        guard_standard_output()
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            output_failed(exc)


class Seconds(click.FloatRange):
    """A number of seconds in a range; NaN (which every comparison lets through) is
    refused at parse, as a number out of range is."""

    name = "seconds"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        converted = super().convert(value, param, ctx)
        if converted != converted:
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return converted


class _Group(OutputSafeGroup):
    """The commands defined here, and those of COMMANDS, each imported when asked for;
    the group's own output cannot fail with a traceback (bookgen.terminal)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module, _, name = COMMANDS[cmd_name].partition(":")
            return vars(importlib.import_module(module))[name]
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Group, context_settings=HELP)
# The package's own version (what the pages' stamp prints), not read from the installed
# metadata: importing importlib.metadata doubled the time `bookgen --version` took.
@click.version_option(version=__version__, prog_name="bookgen")
def main() -> None:
    """Printable puzzle books: every puzzle proved unique and graded by the techniques it needs."""
    notes_to_stderr()


@main.command()
@click.argument("spec_file")
@click.option("-o", "--output", help="PDF to write (default: SPEC with .pdf).")
@click.option("--seed", help="Override the spec's seed (0 to 2**63-1).")
@click.option("--json", "json_path", help="Also write the puzzles as interchange JSON.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None, help="Worker processes (default: all cores).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary line (errors are still printed).")
@click.option("--no-cache", is_flag=True, help="Generate every puzzle afresh; do not read or write the puzzle cache.")
@reported
def build(spec_file: str, output: str | None, seed: str | None, json_path: str | None, jobs: int | None,
          quiet: bool, no_cache: bool) -> None:
    """Build the PDF book described by SPEC_FILE."""
    from bookgen.build import build as build_book

    started = time.monotonic()
    spec = _speclib().load(spec_file)
    if seed is not None:
        spec = spec.with_seed(_seed(seed))
    target = output if output is not None else str(Path(spec_file).with_suffix(".pdf"))
    with _term_of(spec) as term, progress(spec.total_puzzles, quiet) as done:
        spec, note = (term.spec, f", {term.note()}") if term is not None else (spec, "")
        if spec.answers_apart:
            from bookgen.answer_file import apart_path

            note += f", answers in {apart_path(target)}"
        layout = build_book(spec, target, json_path, jobs or os.cpu_count() or 1, done, use_cache=not no_cache,
                            term=term)
    if not quiet:
        seconds = time.monotonic() - started
        echo(f"wrote {target}: {summary(spec, layout)}{note}, in {seconds:.1f} s")


@contextmanager
def _term_of(spec: Any) -> Iterator[Any]:
    """bookgen.record.term's term_of, its modules loaded only for a spec that names a
    class record (most do not: issue 31's start-up)."""
    if spec.record is None:
        yield None
        return
    from bookgen.record.term import term_of

    with term_of(spec) as term:
        yield term


@contextmanager
def progress(total: int, quiet: bool, stream: TextIO | None = None) -> Iterator[Callable[[], None] | None]:
    """A progress bar on stderr while puzzles are made, only when stderr is a terminal
    (a log file or a pipe gets no bar and no control characters); yields the callback
    to call after each puzzle, or None."""
    stream = stream or sys.stderr
    if quiet or not stream.isatty():
        yield None
        return
    with click.progressbar(length=total, label="Making puzzles", file=stream, show_pos=True,
                           show_eta=True, width=30) as bar:
        yield lambda: bar.update(1)


def _seed(text: str) -> int:
    """--seed read exactly as a spec's `seed:` is, with the same range and message."""
    from bookgen.options import OptionValueError, ParseContext
    from bookgen.spec_kinds import Seed

    try:
        return Seed().parse(text, ParseContext())
    except OptionValueError as exc:
        raise CommandLineError(f"--seed: {exc}") from None


@main.command()
@click.argument("spec_file")
@click.option("--print", "for_print", is_flag=True, help="Also build the book and check it as a printer would: "
              "trim and bleed, fonts embedded, pictures at 300 ppi, the safe area, an even page count.")
@reported
def check(spec_file: str, for_print: bool) -> None:
    """Validate SPEC_FILE without generating anything (with --print: build it and check the PDF for print)."""
    check_spec(spec_file, for_print)


@main.command()
@click.argument("puzzle_file")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--timeout", type=Seconds(0.1, 86400), default=DEFAULT_SOLVE_SECONDS, show_default=True,
              help="Seconds to spend at most on each puzzle.")
@reported
def solve(puzzle_file: str, as_json: bool, timeout: float) -> None:
    """Solve a puzzle: interchange JSON (one puzzle or a whole book), a typed-in KenKen,
    sudoku strings (81 characters, . or 0 for a blank), .sdk, or Tatham game IDs (Solo, Keen)."""
    solve_files(puzzle_file, as_json, timeout)


STARTERS = ("book", "worksheet", "large-print")
# The starter's seed line, commented out: a starter makes new puzzles at every build
# unless `new --seed` asks for a fixed seed.
_STARTER_SEED = re.compile(r"^# seed: *[0-9]+ *", re.MULTILINE)


@main.command()
@click.argument("kind", type=click.Choice(STARTERS))
@click.option("-o", "--output", help="Write the starter to this new file (an existing file is never replaced).")
@click.option("--seed", help="Fix the seed, so every build makes the same book (default: new puzzles each build).")
@reported
def new(kind: str, output: str | None, seed: str | None) -> None:
    """A commented starter spec that builds as it is, with new puzzles at every build:
    bookgen new worksheet -o friday.yaml"""
    text = starter(kind, _seed(seed) if seed is not None else None)
    if output is None:
        echo(text, nl=False)
        return
    _write_new(output, text)
    echo(f"wrote {output}; build it with: bookgen build {output}")


def _write_new(path: str, text: str) -> None:
    """Create `path` with `text`, refusing a file (or link) already there: created
    exclusively, so even one made a moment before is never written over."""
    data = text.encode("utf-8")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        raise CommandLineError(f"-o: {path} already exists; bookgen new never replaces a file, "
                               "so choose another name") from None
    except OSError as exc:
        raise CommandLineError(f"-o: cannot write {path} ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except OSError as exc:
        os.unlink(path)
        raise CommandLineError(f"-o: cannot write {path} ({exc.strerror})") from None


def starter(kind: str, seed: int | None = None) -> str:
    """The starter spec of this kind; with `seed`, its seed line given it and switched on."""
    from importlib.resources import files

    text = files("bookgen.starters").joinpath(f"{kind}.yaml").read_text(encoding="utf-8")
    return text if seed is None else _STARTER_SEED.sub(f"seed: {seed:<17}", text, count=1)


# `types` and `keys` lines are wrapped to this width, continued under their start.
WIDTH = 100


def _say(text: str, indent: str = "") -> None:
    """One entry of a listing, wrapped to WIDTH with its continuation indented."""
    import textwrap

    echo(textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "    ",
                        break_on_hyphens=False, break_long_words=False))


@main.command()
@reported
def types() -> None:
    """List the puzzle types, their levels and options, and what is offered."""
    from bookgen.options import declared

    for ptype in _registry().all_types():
        aliases = f" (also: {', '.join(ptype.aliases)})" if ptype.aliases else ""
        _say(f"{ptype.name}{aliases}: {ptype.title}")
        _say(f"levels: {', '.join(ptype.levels)}", "  ")
        for line in ptype.offered_lines():  # where they differ by size or variant
            _say(f"offered: {line}", "  ")
        for name, info, default in declared(ptype.Params):
            _say(_option_line(name, info, default), "  ")
        echo("")
    echo("The keys of a book and of every section: bookgen keys")


@main.command()
@reported
def keys() -> None:
    """List the keys of a book spec and of every section, with what each means."""
    from bookgen.book_spec import BookOptions
    from bookgen.options import declared
    from bookgen.section_options import SectionOptions

    echo("Book keys:")
    for name, info, default in declared(BookOptions):
        _say(_option_line(name, info, default), "  ")
    _say("sections: a list of sections, each with the keys below", "  ")
    echo("\nSection keys (and the puzzle type's own, listed by bookgen types):")
    for name, info, default in declared(SectionOptions):
        _say(_option_line(name, info, default), "  ")


def _option_line(name: str, info: Any, default: Any) -> str:
    if name == "type" and info.help.startswith("the puzzle type"):
        return f"type: one of {', '.join(_registry().names())} (required) - {info.help}"
    shown = "optional" if default in (None, "") else f"default {_shown(default)}"
    return f"{name}: {info.kind.describe()} ({shown}) - {info.help}"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


@main.command()
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="The port to listen on (default 8765, or any free one when it is taken; 0: any free one).")
@click.option("--no-browser", is_flag=True, help="Do not open the browser; open the address printed yourself.")
@reported
def serve(port: int | None, no_browser: bool) -> None:
    """Compose a book on a page in your browser, with a live preview of the real PDF
    (served on this computer only)."""
    from bookgen.serve.run import serve as run_server

    run_server(port, not no_browser, lambda line: click.echo(line, err=True))


@main.command()
@click.argument("spec_file")
@click.option("-o", "--outdir", default="preview", show_default=True)
@click.option("--dpi", type=click.IntRange(20, 300), default=70, show_default=True)
@click.option("--seed", help="Override the spec's seed (0 to 2**63-1).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--no-cache", is_flag=True, help="Generate every puzzle afresh; do not read or write the puzzle cache.")
@reported
def preview(spec_file: str, outdir: str, dpi: int, seed: str | None, quiet: bool, no_cache: bool) -> None:
    """Build SPEC_FILE and rasterise every page of the real PDF to PNG."""
    from bookgen.build import build as build_book, input_files
    from bookgen.outputs import Output, checked, checked_folder, clashing_page_images, commit, writing
    from bookgen.render.preview import rasterise

    spec = _speclib().load(spec_file)
    if seed is not None:
        spec = spec.with_seed(_seed(seed))
    # Every output checked against every input before any work: the PDF, and each name
    # a page's image may take (how many pages, the book will tell).
    checked_folder("-o", outdir)
    out, stem, inputs = Path(outdir), Path(spec_file).stem, input_files(spec)
    clashing_page_images(out, stem, inputs)
    if out.is_dir():
        checked([Output("-o", str(out / f"{stem}.pdf"))], inputs)
    out.mkdir(parents=True, exist_ok=True)
    # Made in a private folder beside them, then renamed into place together: an
    # interrupted or failed preview leaves the earlier one as it was, and nothing else.
    import tempfile

    with tempfile.TemporaryDirectory(prefix=".bookgen-preview.", dir=out) as work:
        pdf = Path(work) / f"{stem}.pdf"
        with progress(spec.total_puzzles, quiet) as done:
            try:
                build_book(spec, pdf, None, os.cpu_count() or 1, done, use_cache=not no_cache)
            except WriteError as exc:  # named as the user will look for it, not in the working folder
                raise WriteError(str(exc).replace(str(pdf), str(out / pdf.name))) from None
        with writing(f"the page images in {outdir}"):
            made = [pdf] + rasterise(pdf, Path(work), dpi)
        targets = [out / path.name for path in made]
        checked([Output("-o", str(target)) for target in targets], inputs)
        commit(list(zip(made, targets)))
    for png in targets[1:]:
        echo(str(png))


if __name__ == "__main__":
    main()
