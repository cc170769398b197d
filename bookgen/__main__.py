"""`bookgen` from the shell, and `python -m bookgen`: `bookgen --version` answered here,
before the command line's library is loaded (importing click takes longer than the 40 ms
of CPU the answer is allowed, issue 31), every other command by bookgen.cli."""

from __future__ import annotations

import sys

# What click's version option prints, so the two ways of asking answer alike (a test checks).
VERSION_LINE = "bookgen, version {version}"


def run() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.exit(_version())
    from bookgen.cli import main

    main()


def _version() -> int:
    """Print the version; a stream that cannot take it is one line on stderr and exit 2
    (a reader that went away: a quiet stop with SIGPIPE's status), never a traceback."""
    import os

    from bookgen import __version__

    try:
        sys.stdout.write(VERSION_LINE.format(version=__version__) + "\n")
        sys.stdout.flush()
    except OSError as exc:
        # The interpreter's own last flush at exit has nowhere to fail.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if isinstance(exc, BrokenPipeError):
            return 128 + 13
        sys.stderr.write(f"bookgen: cannot write to standard output ({(exc.strerror or str(exc)).lower()})\n")
        return 2
    return 0


if __name__ == "__main__":
    run()
