"""`bookgen check`: what it does, apart from how its options are read, so a plain
`bookgen check SPEC` runs without loading the command line's library (bookgen.__main__),
as a plain `bookgen solve` does (click is a sixth of checking a small spec: start-up,
issue 31). Every other command line (--print, help, a mistake) is read by click
(bookgen.cli), which then calls the same `check_spec`."""

from __future__ import annotations

import os

from bookgen.terminal import echo


def check_spec(spec_file: str, for_print: bool) -> None:
    """Validate the spec without generating anything (with `for_print`: build it and
    check the PDF for print), printing what it would make."""
    from bookgen import spec as speclib
    from bookgen.book_lines import counted
    from bookgen.build import plan

    spec = speclib.load(spec_file)
    if spec.record is None:  # the class record's modules are loaded only for a spec that names one
        plan(spec)
        echo(f"{spec_file}: ok ({counted(spec)})")
    else:
        from bookgen.record.term import check_lines, term_of

        with term_of(spec, write=False) as term:
            plan(term.spec if term is not None else spec)
            echo(f"{spec_file}: ok ({counted(spec)})")
            for line in check_lines(term):
                echo(line)
    if for_print:
        from bookgen.publish.print_check import print_check

        for line in print_check(spec):
            echo(f"  {line}")


def plain(arguments: list[str]) -> str | None:
    """The spec of a plain `check` command line (its arguments after `check`: one file,
    not starting with -), or None for any other: click then reads it, answering help and
    mistakes as it does."""
    if os.name != "posix" or os.environ.get("_BOOKGEN_COMPLETE"):  # click's wildcards, its shell completion
        return None
    if len(arguments) != 1 or not arguments[0] or arguments[0].startswith("-"):
        return None
    return arguments[0]


def run_plain(spec_file: str) -> None:
    """`bookgen check` as the command group runs it (bookgen.terminal.run_without_click)."""
    from bookgen.terminal import run_without_click

    run_without_click(check_spec, spec_file, False)
