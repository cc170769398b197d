"""`bookgen` from the shell, and `python -m bookgen`: `bookgen --version` answered here,
before the command line's library is loaded (importing click takes longer than the 40 ms
of CPU the answer is allowed, issue 31), and a plain `bookgen solve FILE [--json]` by
bookgen.solve_command without it (click was a fifth of solving a small puzzle); every
other command line by bookgen.cli. Standard modules solve and check may never use are
loaded when first used (bookgen.deferred)."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing itself is not loaded: --version answers in less than its import
if TYPE_CHECKING:
    from typing import Any, Callable, NoReturn

# What click's version option prints, so the two ways of asking answer alike (a test checks).
VERSION_LINE = "bookgen, version {version}"


def run() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.exit(_version())
    if sys.argv[1:2] in (["solve"], ["check"]):
        import gc

        # The collector's passes over the modules these commands import (one every 700
        # new objects) were a fortieth of a plain check; a plain one makes little garbage,
        # so every 50,000 new objects is enough, as a long solve of a big file still gets.
        usual = gc.get_threshold()
        gc.set_threshold(50_000)
        # Deferred loading keeps one lock of its own beside the import system's: a
        # command running threads (the composer's server, a build's worker pool) could
        # wait on both at once, so only these two, single-threaded, defer.
        from bookgen.deferred import defer_unused

        defer_unused()
    _dataclass_methods_kept()
    if sys.argv[1:2] == ["solve"]:
        from bookgen import solve_command

        plain = solve_command.plain(sys.argv[2:])
        if plain is not None:
            _ended(solve_command.run_plain, *plain)
    if sys.argv[1:2] == ["check"]:
        _keep_yaml_reader_pattern()
        from bookgen import check_command

        spec_file = check_command.plain(sys.argv[2:])
        if spec_file is not None:
            _ended(check_command.run_plain, spec_file)
    if sys.argv[1:2] in (["solve"], ["check"]):
        gc.set_threshold(*usual)  # any other command line of theirs (check --print builds a book) as usual
    from bookgen.cli import main

    main()


def _dataclass_methods_kept() -> None:
    """Compile the methods dataclasses writes once, not in every command (nearly half
    of a plain check's CPU: bookgen.dataclass_code). Before any data class is made."""
    import bookgen
    from bookgen import dataclass_code

    dataclass_code.install(dataclass_code.folder_of(bookgen.__spec__.cached if bookgen.__spec__ else None))


# What yaml.reader.Reader compiles as its class is made (the characters a YAML file may
# not hold), and the same characters as the short ranges they are.
YAML_NON_PRINTABLE = "[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]"
YAML_NON_PRINTABLE_LISTED = "[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]"


def _keep_yaml_reader_pattern() -> None:
    """Compile the listed form and keep it in re's cache under yaml's own text, so that
    yaml.reader, loaded next, takes it from there. yaml's negated set reaches past U+FFFF,
    which re builds into a map of 65,536 code points: 4.6 ms of a check's 100 (issue
    31); the listed ranges compile in a tenth of that. Both match exactly the same
    characters (a test compares them over every code point), so a file is refused at the
    same character with the same message. Where re keeps no such cache (another Python),
    nothing is kept and yaml compiles its own."""
    import re

    cache = vars(re).get("_cache")  # keyed by the pattern's type, text and flags
    if isinstance(cache, dict):
        cache.setdefault((str, YAML_NON_PRINTABLE, 0), re.compile(YAML_NON_PRINTABLE_LISTED))


def _ended(command: Callable[..., object], *args: Any) -> NoReturn:
    """Run a plain command, which ends by SystemExit, and leave as the interpreter would,
    without its teardown: what is to run at exit runs, the standard streams are flushed,
    and the process ends with the command's status. Tearing down every module a command
    loaded is a twentieth of a plain `check` (start-up, issue 31) and changes nothing a
    user sees. Anything unusual (a status that is not a number, a thread still running,
    a stream that cannot be flushed) leaves by the interpreter's own way instead."""
    try:
        command(*args)
    except SystemExit as stop:
        import atexit
        import os

        from bookgen.deferred import loaded

        status = 0 if stop.code is None else stop.code
        if not isinstance(status, int) or (loaded("threading") and sys.modules["threading"].active_count() > 1):
            raise
        atexit._run_exitfuncs()  # as the interpreter's exit runs them (then they are cleared)
        try:
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:
                    stream.flush()
        except BaseException:  # noqa: BLE001 - the interpreter's exit reports it (status 120)
            raise stop from None
        os._exit(status)
    raise AssertionError("a plain command ends by SystemExit")


def _version() -> int:
    """Print the version. A stream that cannot take it (a full device, a reader gone,
    standard output closed before bookgen started) is one line on stderr and exit 1, as
    the command group answers its own --version and --help; never a traceback."""
    import os

    from bookgen import __version__

    try:
        if sys.stdout is None:  # descriptor 1 was closed when Python started
            raise OSError("it was closed before bookgen started")
        sys.stdout.write(VERSION_LINE.format(version=__version__) + "\n")
        sys.stdout.flush()
    except OSError as exc:
        try:  # the interpreter's own last flush at exit then has nowhere to fail
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
        except OSError:
            pass
        why = (exc.strerror or str(exc)).lower()
        if sys.stderr is not None:
            try:
                sys.stderr.write(f"bookgen: cannot write to standard output ({why})\n")
            except OSError:
                pass
        return 1
    return 0


if __name__ == "__main__":
    run()
