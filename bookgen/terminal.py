"""How a command's outcome reaches the terminal: the project's errors as one line each
on stderr with their exit status (the only place they become so), an interruption as one
line saying what was already written, notes as lines of their own, and output to a
stream that may be full or closed by its reader, never a traceback."""

from __future__ import annotations

import errno
import io
import os
import sys
from functools import wraps
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from bookgen.errors import BookgenError, InputError
from bookgen.stopping import Stopped, exit_status, stop_signals_raise

if TYPE_CHECKING:
    from pathlib import Path


def reported(command: Callable) -> Callable:
    """Turn the project's errors into one line each on stderr and the right exit status."""

    @wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        earlier = len(_committed())  # files earlier commands of this process wrote (tests run several)
        try:
            with stop_signals_raise():
                return command(*args, **kwargs)
        except BookgenError as exc:
            # Input errors already start with file:line; others get the program's name.
            prefix = "" if isinstance(exc, InputError) else "bookgen: "
            for line in exc.lines():
                echo_line(prefix + line, err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt as exc:
            # SIGTERM and SIGHUP arrive as Stopped and are reported as Ctrl-C is.
            how = f" ({exc.name})" if isinstance(exc, Stopped) else ""
            echo_line(f"bookgen: interrupted{how}; {_written_before(_committed()[earlier:])}", err=True)
            sys.exit(exit_status(exc))

    return run


def _committed() -> list[Path]:
    """The files this process has renamed into place (bookgen.outputs): none while that
    module was never loaded, so a command that writes no file (`bookgen solve`) starts
    without it (issue 31)."""
    outputs = sys.modules.get("bookgen.outputs")
    return outputs.committed() if outputs is not None else []


def _written_before(paths: list[Path]) -> str:
    """What an interrupted command had already put in place (outputs are renamed into
    place as a set, at the end: usually nothing)."""
    written = [str(path) for path in paths if path.exists()]
    if not written:
        return "nothing was written"
    shown = ", ".join(written[:3]) + (f" and {len(written) - 3} more" if len(written) > 3 else "")
    return f"it had already written {shown}"


class ClosedOutput(BookgenError):
    """Standard output was closed by its reader (`bookgen types | head -1`): stop quietly,
    with the status a shell gives a command killed by SIGPIPE."""

    exit_code = 128 + 13

    def lines(self) -> list[str]:
        return []


class _ClosedStream(io.TextIOBase):
    """Standard output as bookgen finds it when it was started with that descriptor
    closed (`bookgen types >&-`): every write is an error, so no command reports
    success having said nothing."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it was closed before bookgen started")


def guard_standard_output() -> None:
    """Before any command: a closed standard output is kept closed to writes (the
    descriptor itself is taken by the null device, so no file bookgen opens later gets
    it and receives what was meant for the terminal)."""
    try:
        os.fstat(1)
        return
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != 1:
            os.dup2(null, 1)
            os.close(null)
    except OSError:
        pass
    sys.stdout = _ClosedStream()


def output_failed(exc: OSError) -> NoReturn:
    """A command group's own output (--help, --version, usage errors) that failed: one
    line on stderr, status 1, never a traceback (bookgen.cli's group, and a plain
    `bookgen solve` or `bookgen check`, run_without_click)."""
    _stdout_to_null()
    try:
        echo_line(f"bookgen: cannot write to standard output ({(exc.strerror or str(exc)).lower()})", err=True)
    except OSError:
        pass
    sys.exit(1)


def echo_line(text: str, nl: bool = True, err: bool = False) -> None:
    """click.echo(text, nl=nl, err=err), without loading click where that only writes
    the text and flushes (issue 31's start-up): a str with no escape character (click
    strips colour codes when the stream is no terminal) to a stream whose encoding is
    not ASCII (click mends such a stream), on POSIX (Windows has its own console
    streams). Anything else goes to click.echo itself."""
    stream = sys.stderr if err else sys.stdout
    if os.name != "posix" or not isinstance(text, str) or "\x1b" in text or stream is None or _ascii(stream):
        import click

        click.echo(text, nl=nl, err=err)
        return
    if nl:
        text += "\n"
    if text:
        stream.write(text)
    stream.flush()


def _ascii(stream: Any) -> bool:
    """Whether click would take `stream` for a misconfigured ASCII one (or a binary one)."""
    import codecs

    if isinstance(stream, (io.RawIOBase, io.BufferedIOBase)):
        return True
    encoding = stream.encoding if isinstance(stream, io.TextIOBase) else None
    try:
        return not isinstance(encoding, str) or codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def echo(text: str = "", nl: bool = True) -> None:
    """A line on standard output. A stream that cannot take it is one line on stderr and
    a non-zero exit (a full device), or a quiet stop (a reader that went away), never a
    traceback; stdout then goes to the null device, so the interpreter's last flush at
    exit has nowhere to fail."""
    try:
        echo_line(text, nl=nl)
    except OSError as exc:
        _stdout_to_null()
        if exc.errno == errno.EPIPE:
            raise ClosedOutput("standard output was closed") from None
        from bookgen.outputs import WriteError

        raise WriteError(f"cannot write to standard output ({(exc.strerror or str(exc)).lower()})") from None


def _stdout_to_null() -> None:
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file descriptor (a test's captured stream): nothing will flush it


def notes_to_stderr() -> None:
    """Notes (such as an unwritable cache) as one line each on the current stderr.
    Where the command defers (solve, check), logging is loaded when a note is first
    written, not at start-up: they rarely write one (bookgen.deferred)."""
    from bookgen import deferred

    if deferred.deferring():
        deferred.defer("logging", then=_note_handler)
    else:
        import logging

        _note_handler(logging)


def _note_handler(_loaded: ModuleType) -> None:
    """Send the "bookgen" logger's notes to stderr, one line each (logging has loaded)."""
    import logging

    class NoteHandler(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            echo_line(f"bookgen: note: {record.getMessage()}", err=True)

    log = logging.getLogger("bookgen")
    log.handlers = [NoteHandler()]
    log.propagate = False
    log.setLevel(logging.WARNING)


def run_without_click(command: Callable, *args: Any) -> NoReturn:
    """A command as the command group runs it (OutputSafeGroup, click's standalone mode),
    for a plain command line read without loading click (bookgen.__main__): stdout
    guarded, notes to stderr, the project's errors one line each with their status, a
    stream that fails one line and status 1; exit 0."""
    guard_standard_output()
    try:
        notes_to_stderr()
        reported(command)(*args)
    except (EOFError, KeyboardInterrupt):  # as click's standalone mode says it
        echo_line("Aborted!", err=True)
        sys.exit(1)
    except OSError as exc:
        if exc.errno == errno.EPIPE:  # as click's standalone mode: quiet, status 1
            from click.utils import PacifyFlushWrapper

            sys.stdout, sys.stderr = PacifyFlushWrapper(sys.stdout), PacifyFlushWrapper(sys.stderr)
            sys.exit(1)
        output_failed(exc)
    sys.exit(0)
