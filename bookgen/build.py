"""Spec -> per-puzzle seeded RNG -> generate and verify -> layout -> PDF (and JSON).

Every puzzle gets its own random.Random from (book seed, section, index, attempt), so
the book is the same whatever the number of worker processes. Each puzzle is verified
before it is printed: its type's solver must find exactly one solution at the level the
puzzle claims, and the independent checker must accept the answer that will be printed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Hashable

from bookgen import puzzles
from bookgen.errors import GenerationError
from bookgen.layout.pages import Book, BookLayout, Entry, lay_out
from bookgen.layout.template import template
from bookgen.outputs import Input, Output, checked, staged
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.render.pdf import measure, render
from bookgen.spec import BookSpec, SectionSpec
from bookgen.stopping import parallel_map

# Seconds of CPU time one puzzle may take before the build stops with a clear message.
PUZZLE_BUDGET = 60.0
# Regenerations allowed when a puzzle repeats an earlier one in the same book.
MAX_REPEATS = 20


@dataclass(frozen=True)
class Task:
    type: str
    params: Any
    seed: int
    number: int
    section_title: str


def derive_seed(book_seed: int, section: int, index: int, attempt: int = 0) -> int:
    """A puzzle's own seed: stable across Python versions and processes (not hash())."""
    digest = hashlib.sha256(f"bookgen:{book_seed}:{section}:{index}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_puzzle(task: Task) -> Puzzle:
    """Generate one puzzle and prove it fit to print (runs in worker processes)."""
    ptype = puzzles.get(task.type)
    try:
        puzzle = ptype.generate(task.params, random.Random(task.seed), Budget(PUZZLE_BUDGET))
    except GenerationError as exc:
        raise GenerationError(f"puzzle {task.number} ({task.section_title}): {exc}") from None
    verify(puzzle, task.number)
    return puzzle


def verify(puzzle: Puzzle, number: int | str) -> None:
    """Exactly one solution, at the claimed level, and the printed answer obeys every rule."""
    problems = puzzles.get(puzzle.type).certify(puzzle)
    if problems:
        raise GenerationError(f"puzzle {number} failed verification: {'; '.join(problems)}")


def _tasks(spec: BookSpec) -> list[tuple[SectionSpec, Task]]:
    tasks, number = [], 0
    for section in spec.sections:
        for index in range(section.count):
            number += 1
            seed = derive_seed(spec.seed, section.index, index)
            tasks.append((section, Task(section.type, section.params, seed, number, section.title)))
    return tasks


def generate_all(spec: BookSpec, jobs: int = 1) -> list[Entry]:
    """Every puzzle of the book, in order, with repeats within the book replaced."""
    pairs = _tasks(spec)
    tasks = [task for _section, task in pairs]
    if jobs > 1 and len(tasks) > 1:
        made = parallel_map(make_puzzle, tasks, min(jobs, len(tasks)))
    else:
        made = [make_puzzle(task) for task in tasks]
    entries, seen = [], set()
    for (section, task), puzzle in zip(pairs, made):
        puzzle = _unrepeated(spec, section, task, puzzle, seen)
        ptype = puzzles.get(section.type)
        entries.append(Entry(task.number, section.title, section.index, ptype.instructions_for(section.params), puzzle, ptype,
                             section.per_page, section.large_print))
    return entries


def _unrepeated(spec: BookSpec, section: SectionSpec, task: Task, puzzle: Puzzle, seen: set[Hashable]) -> Puzzle:
    """Replace a puzzle that repeats an earlier one, deterministically (in book order)."""
    ptype = puzzles.get(task.type)
    for attempt in range(1, MAX_REPEATS + 1):
        key = (task.type, ptype.identity(puzzle))
        if key not in seen:
            seen.add(key)
            return puzzle
        index = task.number - 1
        seed = derive_seed(spec.seed, section.index, index, attempt)
        puzzle = make_puzzle(Task(task.type, task.params, seed, task.number, task.section_title))
    raise GenerationError(
        f"puzzle {task.number} ({task.section_title}): too few different puzzles of this kind; ask for fewer"
    )


def build(spec: BookSpec, output: str | Path, json_path: str | Path | None = None, jobs: int = 1) -> BookLayout:
    """Generate, lay out and write the book; outputs are checked before any work and
    written together, only when all of them are complete."""
    outputs = [Output("-o", str(output))] + ([Output("--json", str(json_path))] if json_path is not None else [])
    targets = checked(outputs, input_files(spec))
    entries = generate_all(spec, jobs)
    book = Book(spec.title, spec.subtitle, spec.author, spec.answer_key, spec.name_line)
    layout = lay_out(book, entries, template(spec.paper), measure)
    with staged(targets, [out.path for out in outputs]) as temps:
        render(layout, entries, temps[0], spec.title, spec.author)
        if json_path is not None:
            write_json(temps[1], book_json(spec, entries, layout))
    return layout


def input_files(spec: BookSpec) -> list[Input]:
    """Files the book is made from, which no output may overwrite: the spec, and every
    file a section's options name (pictures)."""
    found = [Input("the spec", Path(spec.source))]
    for number, section in enumerate(spec.sections):
        for f in dataclasses.fields(section.params):
            value = getattr(section.params, f.name)
            if isinstance(value, Path):
                found.append(Input(f"the file given as sections[{number}].{f.name}", value))
    return found


def book_json(spec: BookSpec, entries: list[Entry], layout: BookLayout) -> dict[str, Any]:
    items = []
    for entry in entries:
        head = {
            "id": str(entry.number),
            "section": entry.section_title,
            "type": entry.puzzle.type,
            "difficulty": entry.puzzle.difficulty,
            "page": layout.page_of[entry.number],
            "answer_page": layout.answer_page_of.get(entry.number),
        }
        items.append({**head, **entry.ptype.to_json(entry.puzzle)})
    return {"title": spec.title, "seed": spec.seed, "puzzles": items}


def write_json(path: str | Path, data: Any) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
