"""What `check` says of the page's book: the spec made from the state, read by the
spec's own reader and planned as `check` plans it, each problem kept with its field so
the page shows it beside that field, in the words `check` prints."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bookgen.build import plan
from bookgen.errors import BookgenError, InputError
from bookgen.serve.spectext import SPEC_NAME, spec_text
from bookgen.spec import parse

# Notes (a book set in the other typeface) are caught per review; reviews take turns so
# one page's notes never land on another's.
_NOTES_LOCK = threading.Lock()


@dataclass(frozen=True)
class Review:
    """What checking a spec from the page found."""

    spec: str  # the spec text, as the page hands it out
    problems: list[dict[str, str]] = field(default_factory=list)  # field, message, line (as check prints it)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"spec": self.spec, "problems": self.problems, "notes": self.notes}


class Notes(logging.Handler):
    """The notes bookgen logs (a book set in the other typeface), kept to be shown."""

    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


def review(state: dict[str, Any], folder: Path) -> Review:
    """Check the state's spec as `bookgen check` would, with `folder` as the spec's
    folder (the page's own temporary folder: no file of the teacher's is read)."""
    text = spec_text(state)
    notes = Notes()
    log = logging.getLogger("bookgen")
    with _NOTES_LOCK:
        log.addHandler(notes)
        try:
            plan(parse(text, str(folder / SPEC_NAME), folder))
        except InputError as exc:
            problems = [_problem(p.field, p.message, str(p), folder) for p in exc.problems]
            return Review(text, problems, [shortened(note, folder) for note in notes.said])
        except BookgenError as exc:
            problems = [_problem("", line, line, folder) for line in exc.lines()]
            return Review(text, problems, [shortened(note, folder) for note in notes.said])
        finally:
            log.removeHandler(notes)
    return Review(text, [], [shortened(note, folder) for note in notes.said])


def _problem(field_name: str, message: str, line: str, folder: Path) -> dict[str, str]:
    return {"field": field_name, "message": shortened(message, folder), "line": shortened(line, folder)}


def shortened(text: str, folder: Path) -> str:
    """A message without the page's temporary folder in it (the spec is book.yaml)."""
    return text.replace(str(folder) + "/", "")
