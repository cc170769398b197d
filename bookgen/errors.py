"""The project's own exceptions. Only the CLI turns them into one-line messages and exit codes."""

from __future__ import annotations

from dataclasses import dataclass


class BookgenError(Exception):
    """Base of every error bookgen reports to a user."""

    exit_code = 1

    def lines(self) -> list[str]:
        """The one-line messages the CLI prints for this error."""
        return [one_line(str(self))]


def one_line(text: str) -> str:
    """Text made safe to print as one line: a line break or control character a user's
    file brought in (NEL, U+2028, a tab) is shown escaped instead of acted on."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


@dataclass(frozen=True)
class Location:
    """Where in an input file something is: 1-based line and column."""

    file: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where, which field, and what was expected."""

    location: Location
    field: str
    message: str

    def __str__(self) -> str:
        field = f" {self.field}:" if self.field else ""
        return one_line(f"{self.location}:{field} {self.message}")


class InputError(BookgenError):
    """Bad input from the user (a spec, a typed-in puzzle, a JSON file): exit status 2."""

    exit_code = 2

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]


class SpecError(InputError):
    """A book spec that cannot be used; carries every problem found in the file."""


class LayoutFileError(InputError):
    """A layout file that cannot be used: each problem names its file, line and key."""


class PuzzleFormatError(InputError):
    """A puzzle file (interchange JSON or typed-in text) that cannot be read."""


class CommandLineError(BookgenError):
    """A command-line option with a value bookgen cannot use: exit status 2."""

    exit_code = 2


class ParamsError(BookgenError):
    """A puzzle request that is impossible or too large; raised before any work.

    `field` names the option at fault so the spec layer can point at its line.
    """

    exit_code = 2

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


class GenerationError(BookgenError):
    """A puzzle could not be generated within its budget."""


class LayoutError(BookgenError):
    """Puzzles that cannot be placed on the page as asked, or a layout file that cannot
    be used: a problem with the input, found before any puzzle is made."""

    exit_code = 2


class FontError(BookgenError):
    """A font file that cannot be read, or a character the book's font cannot print
    (never printed as an empty box): exit status 2."""

    exit_code = 2


# What the compiled engine raises, as bookgen's bridge (bookgen.solve.engine) hands it on:
# the engine's one error enum (engine/src/py/errors.rs), class for class. These are not
# BookgenErrors: a user never sees one. A generator turns NothingFound and DeadlinePassed
# into a GenerationError in its own words; the others are answers the callers act on
# (a contradiction, a cage too large to list) or a mistake in bookgen itself.


class EngineError(Exception):
    """Base of what the compiled engine raises."""


class EngineRequestError(EngineError, ValueError):
    """Arguments the engine cannot work with (a cell outside the grid, an unknown name)."""


class Contradiction(EngineError):
    """A cell lost its last candidate: the clues contradict."""


class CageTooLarge(EngineError, ValueError):
    """A cage with too many ways to make its target to list: no person would list them
    either, so listing-based reasoning (the grader) skips it."""


class SearchAborted(EngineError):
    """A search's node limit ran out before it finished."""


class DeadlinePassed(EngineError):
    """A long engine call's deadline passed before it finished."""


class NothingFound(EngineError):
    """A generator used up its attempts (or its time, between attempts) without a puzzle."""


class RecordError(BookgenError):
    """A class record (`record:`) that cannot be used as it is: not a bookgen record,
    damaged, newer than this bookgen, read-only or held by another program. Said in one
    line naming the file; the file is left as it was: exit status 2."""

    exit_code = 2
