"""The composer page's class section: a class record opened by its file name (created
when asked), each student's sets, levels and marks, marks recorded for a set, and next
week's set made (and recorded) in one click, shown like any preview.

The record is a file of the teacher's that they name on the page, so it is the one file
of theirs the page uses: only a name ending in .sqlite or .db, resolved from the folder
`bookgen serve` was started in; every check a build makes of a record (bookgen.record.store)
is made here too, and a problem is the page's one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from bookgen.errors import BookgenError
from bookgen.language import words_for
from bookgen.record import history, store
from bookgen.record.overview import overview
from bookgen.record.schema import MARKS
from bookgen.serve.words import record_said

# The server's Page (bookgen.serve.server imports this module, so it is not imported back).
Page = Any

# The first line of a spec the class section builds: the child records that build in the
# record (every other preview only reads it).
RECORD_THIS_SET = "# bookgen serve: record this set\n"
SUFFIXES = (".sqlite", ".db")


def routes(wait: Callable[[Page, str], dict[str, Any]],
           reviewed: Callable[[Page, dict[str, Any]], dict[str, Any]]) -> dict[str, Callable[..., dict[str, Any]]]:
    """The class section's calls, for the server's table: `reviewed` checks a page state
    as a preview does, `wait` builds a spec text as a preview does."""
    return {"/api/class/open": lambda page, body: class_open(body, page.language),
            "/api/class/mark": lambda page, body: class_mark(body, page.language),
            "/api/class/next": lambda page, body: class_next(page, body, wait, reviewed)}


def _path(body: dict[str, Any], language: str = "en") -> Path:
    name = body.get("path")
    if not isinstance(name, str) or not name.strip() or len(name) > 500:
        raise ValueError("expected the class record's file name")
    path = Path(name.strip()).expanduser()
    if path.suffix.lower() not in SUFFIXES:
        raise ValueError(record_said(words_for(language), "suffix", suffixes=" / ".join(SUFFIXES), name=path.name))
    return path.resolve()


def _answer(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return work()
    except ValueError as exc:
        return {"error": str(exc)}
    except BookgenError as exc:
        return {"error": "; ".join(exc.lines())}


def class_open(body: dict[str, Any], language: str = "en") -> dict[str, Any]:
    """The record's sets and rows; created (empty) when missing and `create` is asked.
    A problem the teacher can act on is said in the page's `language`."""
    def work() -> dict[str, Any]:
        path = _path(body, language)
        if not path.exists() and not body.get("create"):
            return {"error": record_said(words_for(language), "missing", path=str(path))}
        with store.opened(path, str(path), write=bool(body.get("create")) and not path.exists()) as conn:
            return described(conn, path)
    return _answer(work)


def class_mark(body: dict[str, Any], language: str = "en") -> dict[str, Any]:
    """One mark (done, needed help, not done) of a student's section in a set."""
    def work() -> dict[str, Any]:
        path, mark = _path(body, language), body.get("mark")
        if mark not in MARKS:
            raise ValueError(f"expected a mark: {', '.join(MARKS)}")
        with store.opened(path, str(path), write=True, create=False) as conn:
            sets = history.builds(conn)
            number, student, section = body.get("set"), body.get("student"), body.get("section")
            if not isinstance(number, int) or not 1 <= number <= len(sets):
                raise ValueError(f"expected a set from 1 to {len(sets)}")
            build = sets[number - 1]
            if student not in history.students_of(conn, build.id) or not isinstance(section, int) \
                    or section not in dict(history.sections_of(conn, build.id)):
                raise ValueError("no such student or section in that set")
            store.transaction(conn, str(path))
            history.set_mark(conn, build.id, student, section, mark)
            store.commit(conn, str(path))
            return described(conn, path)
    return _answer(work)


def class_next(page: Page, body: dict[str, Any], wait: Callable[[Page, str], dict[str, Any]],
               reviewed: Callable[[Page, dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """Next week's set: the page's book with a new seed and the record, built, recorded
    and shown as a preview; with the record's new state."""
    try:
        path = _path(body, page.language)
    except ValueError as exc:
        return {"error": str(exc)}
    state = body.get("state") if isinstance(body.get("state"), dict) else {}
    book = {k: v for k, v in (state.get("book") or {}).items() if k != "seed"}
    answer = reviewed(page, {**state, "book": book})
    if answer["problems"]:
        return {**answer, "error": record_said(words_for(page.language), "book")}
    built = wait(page, RECORD_THIS_SET + answer["spec"] + f"record: {_quoted(str(path))}\n")
    opened = class_open({"path": str(path)}, page.language)
    if built.get("record") and opened.get("sets"):  # the build's note, in the page's words
        built = {**built, "record": record_said(words_for(page.language), "recorded", number=str(len(opened["sets"])),
                                                path=str(path))}
    return {**answer, **built, "class": opened}


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def described(conn: Any, path: Path) -> dict[str, Any]:
    sets, rows = overview(conn)
    latest = sets[-1] if sets else None
    return {"path": str(path),
            "sets": [{"number": k + 1, "date": b.date, "title": b.title, "seed": b.seed} for k, b in enumerate(sets)],
            "rows": [{"student": r.student, "section": r.section, "title": r.title,
                      "cells": [{"level": level, "mark": mark} for level, mark in r.cells]} for r in rows],
            "latest": None if latest is None else {
                "number": len(sets), "sections": [{"section": s, "title": t}
                                                  for s, t in history.sections_of(conn, latest.id)],
                "students": history.students_of(conn, latest.id),
                "marks": [{"student": s, "section": k, "mark": m}
                          for (s, k), m in history.marks_of(conn, latest.id).items()]},
            "marks": list(MARKS)}
