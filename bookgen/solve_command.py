"""`bookgen solve`: what it does, apart from how its options are read, so a plain
`bookgen solve FILE [--json]` can run without loading the command line's library
(bookgen.__main__; click alone costs a third of the start-up issue 31 allows). Every
other command line (any other option, help, a mistake) is read by click (bookgen.cli),
which then calls the same `solve_files`.
"""

from __future__ import annotations

import os

from bookgen.stopping import time_limit
from bookgen.terminal import echo

# `bookgen solve` stops any puzzle after this long (--timeout), plus a grace for types
# that use the time themselves and then settle for a verified answer (sliding).
DEFAULT_SOLVE_SECONDS = 60.0
SOLVE_GRACE = 5.0


def solve_files(puzzle_file: str, as_json: bool, timeout: float) -> None:
    """Solve every puzzle of `puzzle_file`, printing each result (or all as JSON)."""
    from bookgen.cache_files import lock_waits_at_most
    from bookgen.puzzles import registry
    from bookgen.puzzles.readers import solve_input

    found = solve_input(puzzle_file)
    reports = []
    for label, puzzle in found:
        ptype = registry.get(puzzle.type)
        # A type that honours `timeout` itself (sliding: then a longer verified answer)
        # has a moment more before the hard stop that bounds every type.
        what = f"puzzle {label}" if len(found) > 1 else puzzle_file
        with lock_waits_at_most(timeout):  # tables made once are not the solve's time; waiting for them is
            ptype.prepare_solve(puzzle)
        with time_limit(timeout + SOLVE_GRACE, f"{what}: no answer within {timeout:g} s; allow more with --timeout"):
            result = ptype.solve(puzzle, timeout=timeout)
        if as_json:
            reports.append(ptype.result_json(puzzle, result))
        else:
            heading = f"puzzle {label}: " if len(found) > 1 else ""
            echo(heading + ptype.result_text(puzzle, result))
    if as_json:
        import json

        echo(json.dumps(reports[0] if len(reports) == 1 else reports))


def plain(arguments: list[str]) -> tuple[str, bool] | None:
    """The file and --json of a plain `solve` command line (its arguments after `solve`:
    one file, not starting with -, and --json at most once, either side of it), or None
    for any other: click then reads it, answering help and mistakes as it does."""
    if os.name != "posix" or os.environ.get("_BOOKGEN_COMPLETE"):  # click's wildcards, its shell completion
        return None
    files = [argument for argument in arguments if argument != "--json"]
    if len(files) != 1 or len(arguments) > 2 or not files[0] or files[0].startswith("-"):
        return None
    return files[0], len(arguments) == 2


def run_plain(puzzle_file: str, as_json: bool) -> None:
    """`bookgen solve` as the command group runs it (bookgen.terminal.run_without_click)."""
    from bookgen.terminal import run_without_click

    run_without_click(solve_files, puzzle_file, as_json, DEFAULT_SOLVE_SECONDS)
