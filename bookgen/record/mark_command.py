"""`bookgen mark class-4b.sqlite`: how each student did with a recorded set (done,
needed help, not done, per section), typed at the terminal, or given on the command
line (`Ana=done "Ben=needed help"`); `--show` lists each student's sets, levels and
marks. The marks move levels where a spec has `progress:` (bookgen.record.progress)."""

from __future__ import annotations

from pathlib import Path

import click

from bookgen.errors import CommandLineError
from bookgen.terminal import echo, reported

# What may be typed for each mark at the prompt, first letters included.
_TYPED = {"d": "done", "done": "done", "h": "needed help", "needed help": "needed help", "help": "needed help",
          "n": "not done", "not done": "not done"}


@click.command()
@click.argument("record_file")
@click.argument("marks", nargs=-1)
@click.option("--set", "set_number", type=click.IntRange(1, None), default=None,
              help="Which recorded set to mark, counted from 1 (default: the latest).")
@click.option("--show", is_flag=True, help="List every student's sets, levels and marks instead.")
@reported
def mark(record_file: str, marks: tuple[str, ...], set_number: int | None, show: bool) -> None:
    """Record how each student did with a set: done, needed help or not done.

    With no MARKS, asks for each student and section in turn (Enter skips). MARKS are
    STUDENT=MARK, for every section, or STUDENT:SECTION=MARK (sections counted from 1)."""
    from bookgen.record import history, store
    from bookgen.record.overview import overview_lines

    path = Path(record_file)
    with store.opened(path, record_file, write=not show, create=False) as conn:
        if show:
            for line in overview_lines(conn):
                echo(line)
            return
        sets = history.builds(conn)
        if not sets:
            raise CommandLineError(f"{record_file}: no set recorded yet; build one first")
        if set_number is not None and set_number > len(sets):
            raise CommandLineError(f"--set: {record_file} has {len(sets)} sets, got {set_number}")
        build = sets[(set_number or len(sets)) - 1]
        students, sections = history.students_of(conn, build.id), history.sections_of(conn, build.id)
        wanted = _given(marks, students, len(sections)) if marks else _asked(build, students, sections,
                                                                             history.marks_of(conn, build.id))
        store.transaction(conn, record_file)
        for (student, section), value in wanted.items():
            history.set_mark(conn, build.id, student, section, value)
        store.commit(conn, record_file)
    echo(f"{record_file}: {len(wanted)} marks recorded for set {sets.index(build) + 1} ({build.title}, {build.date})")


def _given(marks: tuple[str, ...], students: list[str], sections: int) -> dict[tuple[str, int], str]:
    wanted = {}
    for item in marks:
        who, sep, value = item.partition("=")
        student, colon, number = who.partition(":")
        if not sep or value.strip().lower() not in _TYPED:
            raise CommandLineError(f"{item}: expected STUDENT=MARK with MARK done, needed help or not done")
        if student not in students:
            raise CommandLineError(f"{item}: no student {student!r} in this set")
        chosen = range(sections)
        if colon:
            if not number.isdigit() or not 1 <= int(number) <= sections:
                raise CommandLineError(f"{item}: expected a section from 1 to {sections}")
            chosen = range(int(number) - 1, int(number))
        for section in chosen:
            wanted[(student, section)] = _TYPED[value.strip().lower()]
    return wanted


def _asked(build: object, students: list[str], sections: list[tuple[int, str]],
           known: dict[tuple[str, int], str]) -> dict[tuple[str, int], str]:
    wanted = {}
    for student in students:
        for section, title in sections:
            now = known.get((student, section))
            hint = f" [{now}]" if now else ""
            while True:
                typed = click.prompt(f"{student or 'the book'} - {title}: (d)one, needed (h)elp, (n)ot done{hint}",
                                     default="", show_default=False).strip().lower()
                if not typed or typed in _TYPED:
                    break
                echo("  type d, h or n, or press Enter to skip")
            if typed:
                wanted[(student, section)] = _TYPED[typed]
    return wanted
