"""Every puzzle of the book: seeded, made and verified, reused from the cache, and kept
different from the others.

Every puzzle gets its own random.Random from (book seed, section, index, attempt), so
the book is the same whatever the number of worker processes. Each puzzle is verified
before it is printed: its type's solver must find exactly one solution at the level the
puzzle claims, and the independent checker must accept the answer that will be printed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import time
from dataclasses import dataclass
from collections import Counter
from typing import Any, Callable, Mapping

from bookgen import cache, puzzle_cache
from bookgen.book_sections import copy_sections
from bookgen.book_spec import BookSpec, SectionSpec
from bookgen.errors import GenerationError
from bookgen.layout.laid import Entry
from bookgen.layout.model import Section
from bookgen.puzzles import registry, worked
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.identity import answer_digest, puzzle_digest
from bookgen.puzzles.score import score
from bookgen.record.digest import puzzle_digests
from bookgen.stopping import OutOfTime, parallel_map, time_limit

# Seconds of CPU time one puzzle may take before the build stops with a clear message.
PUZZLE_BUDGET = 60.0
# Regenerations allowed when a puzzle repeats an earlier one in the same book.
MAX_REPEATS = 20
# Puzzles drawn for a `focus:` section before it gives up on one that needs the technique.
FOCUS_TRIES = 400
# How many times as many answers as a class set needs a section's shape must have before
# no two children may share one (issue 34).
ANSWER_ROOM = 4
# Seconds of wall-clock time a cached puzzle may take to be proved again before it is
# made afresh instead (a hostile entry must not hold the build for long; a sound one
# takes well under a second, a 5×5 or 6×6 sliding puzzle's shortest-path proof at most ten).
PROOF_BUDGET = 30.0
# Seconds of proving cached puzzles again in the main process before the rest go to the
# worker processes (see _obtain_all).
SERIAL_PROOF_SECONDS = 0.5


@dataclass(frozen=True)
class Task:
    """One puzzle to make: its type, params, seed and place in the book."""

    type: str
    params: Any
    seed: int
    number: int
    section_title: str
    copy: int = 0  # which copy of a worksheet set (0 for a single book)
    cached: Puzzle | None = None  # what an earlier build made for this request, to prove again
    focus: str | None = None  # a technique the puzzle must need (`focus:`)
    given: Puzzle | None = None  # the publisher's own puzzle (`puzzles:`), proved when the spec was read


def derive_seed(book_seed: int, section: int, index: int, attempt: int = 0, copy: int = 0) -> int:
    """A puzzle's own seed: stable across Python versions and processes (not hash()).
    Copies after the first get their own seeds; the first keeps a single book's."""
    key = f"bookgen:{book_seed}:{section}:{index}:{attempt}" + (f":copy{copy}" if copy else "")
    digest = hashlib.sha256(key.encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_puzzle(task: Task) -> Puzzle:
    """Generate one puzzle and prove it fit to print (runs in worker processes). With a
    focus, puzzles are drawn (from the task's seed, in turn) until one needs the
    technique, within one budget."""
    ptype = registry.get(task.type)
    steps = worked.worked_steps(ptype) if task.focus else None
    budget = Budget(PUZZLE_BUDGET)
    try:
        for attempt in range(FOCUS_TRIES if steps is not None else 1):
            seed = task.seed if attempt == 0 else derive_seed(task.seed, -1, 0, attempt)
            puzzle = ptype.generate(task.params, random.Random(seed), budget)
            if steps is None or (task.focus and steps.needs_technique(puzzle, task.focus)):
                break
            if budget.expired():
                raise GenerationError(f"no puzzle that needs {task.focus} was found in the time allowed")
        else:
            raise GenerationError(f"no puzzle that needs {task.focus} in {FOCUS_TRIES} tries; it is rare at "
                                  "this size and level: try a bigger grid or a harder level")
    except GenerationError as exc:
        raise GenerationError(f"puzzle {task.number} ({task.section_title}): {exc}") from None
    verify(puzzle, task.number)
    return puzzle


def obtain(task: Task) -> tuple[Puzzle, bool]:
    """The task's puzzle, and whether it was made now: the cached one when its type
    proves it again within PROOF_BUDGET (one solution, at its level, the answer obeys
    every rule), else one made afresh (runs in worker processes)."""
    if task.given is not None:
        return task.given, False
    if task.cached is not None:
        try:
            with time_limit(PROOF_BUDGET, "a cached puzzle took too long to prove"):
                problems = registry.get(task.type).certify(task.cached)
        except OutOfTime:
            problems = ["not proved within the time allowed"]
        if not problems:
            return task.cached, False
    return make_puzzle(task), True


def verify(puzzle: Puzzle, number: int | str) -> None:
    """Exactly one solution, at the claimed level, and the printed answer obeys every rule."""
    problems = registry.get(puzzle.type).certify(puzzle)
    if problems:
        raise GenerationError(f"puzzle {number} failed verification: {'; '.join(problems)}")


@dataclass(frozen=True)
class _Planned:
    """One puzzle to make: the spec's section, its task, and the section as laid out."""

    spec_section: SectionSpec
    task: Task
    section: Section
    label: str  # the number printed: within its copy when there are copies


def _tasks(spec: BookSpec) -> list[_Planned]:
    """Every puzzle of the book in print order: each copy's sections in turn."""
    planned, number = [], 0
    for copy, section in copy_sections(spec):
        spec_section = spec.sections[section.index % len(spec.sections)]
        for index in range(spec_section.options.count):
            number += 1
            seed = derive_seed(spec.seed, spec_section.index, index, copy=copy)
            focus = spec_section.options.focus
            if focus:  # its own seeds, so a puzzle kept for the plain request is never taken for it
                seed = int.from_bytes(hashlib.sha256(f"{seed}:focus:{focus}".encode()).digest()[:8], "big")
            given = spec_section.imported[index] if spec_section.imported else None
            task = Task(spec_section.options.type, section.params, seed, number, section.options.title, copy,
                        focus=focus, given=given)
            label = str(number - copy * spec.puzzles_per_copy) if spec.copies else ""
            planned.append(_Planned(spec_section, task, section, label))
    return planned


def generate_all(spec: BookSpec, jobs: int = 1, done: Callable[[], None] | None = None,
                 use_cache: bool = False, excluded: Mapping[str, set[str]] | None = None) -> list[Entry]:
    """Every puzzle of the book, in order, with repeats within the book (across copies
    too, so every student's set differs) replaced; `done()` after each puzzle. With
    `use_cache`, puzzles made by an earlier build of the same request are reused.
    `excluded`: student -> clue digests a class record says they were given before,
    replaced as repeats are."""
    planned = _tasks(spec)
    tasks = [p.task for p in planned]
    keys = [puzzle_cache.key(registry.get(t.type), t.params, t.seed) for t in tasks] if use_cache else []
    if use_cache:
        tasks = [dataclasses.replace(t, cached=puzzle_cache.load(k, registry.get(t.type), t.params))
                 for t, k in zip(tasks, keys)]
    cache.probe()  # before any worker starts: an unwritable cache is one note, not one a process
    results = _obtain_all(tasks, jobs, done)
    made = [puzzle for puzzle, _fresh in results]
    if use_cache:
        for key, task, (puzzle, fresh) in zip(keys, tasks, results):
            if fresh:
                puzzle_cache.store(key, registry.get(task.type), puzzle)
    entries, seen, answers = [], set(), _Answers(spec, planned)
    for p, puzzle in zip(planned, made):
        puzzle = _unrepeated(spec, p, puzzle, seen, answers, (excluded or {}).get(p.section.copy, set()))
        entries.append(Entry(p.task.number, p.section, puzzle, p.label))
    return scored(entries)


def _obtain_all(tasks: list[Task], jobs: int, done: Callable[[], None] | None) -> list[tuple[Puzzle, bool]]:
    """Every task's puzzle (obtain), in order. Cached puzzles are proved again here, in
    this process, while that stays cheap: a proof takes milliseconds, and starting worker
    processes and sending them puzzles and back cost more than the proofs (a cached
    100-puzzle book took longer with two jobs than with one). Past SERIAL_PROOF_SECONDS
    of such proofs (a book of large sliding puzzles), and for every puzzle to be made,
    the workers take the rest. Which process does a task changes nothing in its result."""
    results: list[tuple[Puzzle, bool] | None] = [None] * len(tasks)
    pending = []
    started = time.monotonic()
    for i, task in enumerate(tasks):
        if task.cached is not None and (jobs == 1 or time.monotonic() - started < SERIAL_PROOF_SECONDS):
            results[i] = obtain(task)
            if done is not None:
                done()
        else:
            pending.append(i)
    if jobs > 1 and len(pending) > 1:
        made = parallel_map(obtain, [tasks[i] for i in pending], min(jobs, len(pending)), done)
    else:
        made = []
        for i in pending:
            made.append(obtain(tasks[i]))
            if done is not None:
                done()
    for i, result in zip(pending, made):
        results[i] = result
    return [result for result in results if result is not None]


class _Answers:
    """The answers each section of a class set has handed out, kept apart where the
    section's shape has at least ANSWER_ROOM times as many answers as the class needs
    (a 4x4 sudoku's 288 for 30 children; not a 3x3 KenKen's 12): two children with one
    answer grid would notice, on tiny grids. Whether a shape has that many is counted
    only when two answers first meet, which on a large grid never happens."""

    def __init__(self, spec: BookSpec, planned: list[_Planned]) -> None:
        self.class_set = len(spec.copies) > 1
        self.needed = Counter(p.spec_section.index for p in planned)
        self.given: dict[int, set[str]] = {}
        self.apart: dict[int, bool] = {}
        self.spare: dict[tuple[int, int], bool] = {}  # (section, answers asked for): has it as many

    def clashes(self, planned: _Planned, puzzle: Puzzle) -> bool:
        """Whether `puzzle`'s answer was handed out before in its section, where they
        are kept apart."""
        if not self.class_set:
            return False
        section = planned.spec_section.index
        if answer_digest(puzzle) not in self.given.get(section, set()):
            return False
        if section not in self.apart:
            ptype = registry.get(planned.task.type)
            self.apart[section] = ptype.answers_at_least(planned.task.params, ANSWER_ROOM * self.needed[section])
        return self.apart[section]

    def take(self, planned: _Planned, puzzle: Puzzle) -> None:
        self.given.setdefault(planned.spec_section.index, set()).add(answer_digest(puzzle))

    def had(self, planned: _Planned, puzzle: Puzzle, before: set[str]) -> bool:
        """Whether a class record says the student was given this puzzle before, or its
        answer grid where the shape has ANSWER_ROOM times as many answers as every
        puzzle they were given and this set's (`before`: those puzzles' and answers'
        digests, bookgen.record.digest)."""
        if not before:
            return False
        clue, answer = puzzle_digests(puzzle)
        if clue in before:
            return True
        if answer not in before:
            return False
        enough = ANSWER_ROOM * (len(before) + planned.spec_section.options.count)
        key = (planned.spec_section.index, enough)
        if key not in self.spare:
            self.spare[key] = registry.get(planned.task.type).answers_at_least(planned.task.params, enough)
        return self.spare[key]


def _unrepeated(spec: BookSpec, planned: _Planned, puzzle: Puzzle, seen: set[str], answers: _Answers,
                before: set[str]) -> Puzzle:
    """Replace a puzzle that repeats an earlier one (the same clues and answer, however
    printed: `puzzle_digest`), whose answer another child of a class set already has
    where the shape has answers to spare, or that a class record says the student was
    given before (`before`: their puzzles' and answers' digests, bookgen.record.digest),
    deterministically (in book order, from the seed)."""
    section, task = planned.spec_section, planned.task
    if task.given is not None:  # the publisher's own are printed as given
        return puzzle
    for attempt in range(1, MAX_REPEATS + 1):
        key = puzzle_digest(puzzle)
        if key not in seen and not answers.clashes(planned, puzzle) and not answers.had(planned, puzzle, before):
            seen.add(key)
            answers.take(planned, puzzle)
            return puzzle
        index = task.number - 1
        seed = derive_seed(spec.seed, section.index, index, attempt, task.copy)
        puzzle = make_puzzle(Task(task.type, task.params, seed, task.number, task.section_title, task.copy,
                                  focus=task.focus))
    raise GenerationError(
        f"puzzle {task.number} ({task.section_title}): too few different puzzles of this kind; ask for fewer"
    )


def scored(entries: list[Entry]) -> list[Entry]:
    """The puzzles of sections that order or print by it with their difficulty score (the
    JSON and export score the rest as they write them: a grading with its log costs a
    build of 200 sudoku about a second); a section with `order: ramp` has its puzzles
    from the lowest score to the highest (ties in the order made), numbered as printed."""
    entries = [dataclasses.replace(e, score=score(e.puzzle)) if e.section.options.order == "ramp"
               or e.section.options.show_score else e for e in entries]
    by_section: dict[int, list[int]] = {}
    for k, entry in enumerate(entries):
        if entry.section.options.order == "ramp":
            by_section.setdefault(entry.section.index, []).append(k)
    for places in by_section.values():
        ranked = sorted((entries[k] for k in places), key=lambda e: (e.score is None, e.score or 0.0))
        for k, entry in zip(places, ranked):
            entries[k] = dataclasses.replace(entry, number=entries[k].number, label=entries[k].label)
    return entries


def load_generators() -> None:
    """Import every type and work out its generator version (the puzzle cache's key)
    now, for processes forked later to start with both (the composer's builds)."""
    for ptype in registry.all_types():
        puzzle_cache.generator_version(type(ptype).__module__)
