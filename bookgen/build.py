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
import logging
import random
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable

from bookgen import __version__, cache, puzzle_cache
from bookgen.classlist import field_of
from bookgen.puzzles import registry, worked
from bookgen.language import ENGLISH, Words, right_to_left, words_for
from bookgen.errors import FontError, GenerationError, LayoutError, Problem, SpecError
from bookgen.layout.model import Book, BookLayout, Entry, Section
from bookgen.layout.outline import outline
from bookgen.layout.pages import lay_out, plan_book
from bookgen.layout.slots import SlotPlan
from bookgen.layout.template import Template, template
from bookgen.options import declared
from bookgen.outputs import Input, Output, checked, staged, writing
from bookgen.puzzles.base import Budget, Puzzle
from bookgen.puzzles.hint import Hint
from bookgen.render.fonts import (FALLBACK, PRIMARY, FontRequest, Fonts, book_fonts, default_fonts, fallback_fonts,
                                  missing_message, user_face)
from bookgen.render.pdf import Metadata, render
from bookgen.spec import BookSpec, SectionSpec
from bookgen.stopping import OutOfTime, parallel_map, time_limit

# Seconds of CPU time one puzzle may take before the build stops with a clear message.
PUZZLE_BUDGET = 60.0
# Regenerations allowed when a puzzle repeats an earlier one in the same book.
MAX_REPEATS = 20
# Seconds of wall-clock time a cached puzzle may take to be proved again before it is
# made afresh instead (a hostile entry must not hold the build for long; a sound one
# takes well under a second, a 5×5 or 6×6 sliding puzzle's shortest-path proof at most ten).
PROOF_BUDGET = 30.0


@dataclass(frozen=True)
class Task:
    type: str
    params: Any
    seed: int
    number: int
    section_title: str
    copy: int = 0  # which copy of a worksheet set (0 for a single book)
    cached: Puzzle | None = None  # what an earlier build made for this request, to prove again


def derive_seed(book_seed: int, section: int, index: int, attempt: int = 0, copy: int = 0) -> int:
    """A puzzle's own seed: stable across Python versions and processes (not hash()).
    Copies after the first get their own seeds; the first keeps a single book's."""
    key = f"bookgen:{book_seed}:{section}:{index}:{attempt}" + (f":copy{copy}" if copy else "")
    digest = hashlib.sha256(key.encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_puzzle(task: Task) -> Puzzle:
    """Generate one puzzle and prove it fit to print (runs in worker processes)."""
    ptype = registry.get(task.type)
    try:
        puzzle = ptype.generate(task.params, random.Random(task.seed), Budget(PUZZLE_BUDGET))
    except GenerationError as exc:
        raise GenerationError(f"puzzle {task.number} ({task.section_title}): {exc}") from None
    verify(puzzle, task.number)
    return puzzle


def obtain(task: Task) -> tuple[Puzzle, bool]:
    """The task's puzzle, and whether it was made now: the cached one when its type
    proves it again within PROOF_BUDGET (one solution, at its level, the answer obeys
    every rule), else one made afresh (runs in worker processes)."""
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
    for copy, section in _copy_sections(spec):
        spec_section = spec.sections[section.index % len(spec.sections)]
        for index in range(spec_section.options.count):
            number += 1
            seed = derive_seed(spec.seed, spec_section.index, index, copy=copy)
            task = Task(spec_section.options.type, section.params, seed, number, section.options.title, copy)
            label = str(number - copy * spec.puzzles_per_copy) if spec.copies else ""
            planned.append(_Planned(spec_section, task, section, label))
    return planned


def generate_all(spec: BookSpec, jobs: int = 1, done: Callable[[], None] | None = None,
                 use_cache: bool = False) -> list[Entry]:
    """Every puzzle of the book, in order, with repeats within the book (across copies
    too, so every student's set differs) replaced; `done()` after each puzzle. With
    `use_cache`, puzzles made by an earlier build of the same request are reused."""
    planned = _tasks(spec)
    tasks = [p.task for p in planned]
    keys = [puzzle_cache.key(registry.get(t.type), t.params, t.seed) for t in tasks] if use_cache else []
    if use_cache:
        tasks = [dataclasses.replace(t, cached=puzzle_cache.load(k, registry.get(t.type), t.params))
                 for t, k in zip(tasks, keys)]
    cache.probe()  # before any worker starts: an unwritable cache is one note, not one a process
    if jobs > 1 and len(tasks) > 1:
        results = parallel_map(obtain, tasks, min(jobs, len(tasks)), done)
    else:
        results = []
        for task in tasks:
            results.append(obtain(task))
            if done is not None:
                done()
    made = [puzzle for puzzle, _fresh in results]
    if use_cache:
        for key, task, (puzzle, fresh) in zip(keys, tasks, results):
            if fresh:
                puzzle_cache.store(key, registry.get(task.type), puzzle)
    entries, seen = [], set()
    for p, puzzle in zip(planned, made):
        puzzle = _unrepeated(spec, p, puzzle, seen)
        entries.append(Entry(p.task.number, p.section, puzzle, p.label))
    return entries


def layout_sections(spec: BookSpec) -> list[Section]:
    """The sections as layout sees them, once per copy."""
    return [section for _copy, section in _copy_sections(spec)]


def _copy_sections(spec: BookSpec) -> list[tuple[int, Section]]:
    """(copy, section) in print order; a copy's sections are numbered after the previous
    copy's, so each copy starts on its own page under its own name."""
    found = []
    for copy, label in enumerate(spec.copies or ("",)):
        level = spec.level_of(copy)
        for section in spec.sections:
            options = section.options
            tpl = page_template(spec, options.layout) if options.layout else None
            index = copy * len(spec.sections) + section.index
            ptype = registry.get(options.type)
            # A student's level replaces the section's where the section has one to replace.
            own = ptype.at_level(section.params, level) if level else None
            params, shown = (own, level) if own is not None else (section.params, "")
            found.append((copy, Section(index, options, ptype, params, label, tpl, shown)))
    return found


def book_of(spec: BookSpec) -> Book:
    return Book(spec.title, spec.subtitle, spec.author, spec.answer_key, spec.name_line, stamp_of(spec),
                duplex=spec.duplex, language=spec.language)


def stamp_of(spec: BookSpec) -> str:
    """What every page's footer carries so the book can be rebuilt exactly: the version
    that made it and the seed (`bookgen build spec.yaml --seed N`)."""
    return f"bookgen {__version__} · seed {spec.seed}"


def metadata(spec: BookSpec) -> Metadata:
    """Title and author as given; the subtitle, or the puzzle types, as the subject;
    the types and levels as keywords; the version that made it as the creator."""
    words = words_for(spec.language)
    kinds = list(dict.fromkeys(words.gettext(registry.get(s.options.type).title) for s in spec.sections))
    levels = list(dict.fromkeys(words.gettext(s.params.difficulty) for s in layout_sections(spec)
                                if s.params.difficulty))  # the students' own levels too
    subject = spec.subtitle or words.gettext("Puzzles: {types}").format(types=", ".join(kinds))
    keywords = (words.gettext("puzzles"), *kinds, *levels, f"seed {spec.seed}")
    return Metadata(spec.title, spec.author, subject, tuple(keywords), f"bookgen {__version__}")


def page_template(spec: BookSpec, layout: str | None = None) -> Template:
    """The book's layout (or a section's own) on the book's paper; a layout file's path
    is relative to the spec."""
    return template(layout or spec.layout, spec.paper, Path(spec.source).parent)


def plan(spec: BookSpec, fonts: Fonts | None = None) -> list[SlotPlan | None]:
    """Every section's pages planned from the spec alone, as `check` does: a section that
    cannot be printed as asked (large print at six a page) is refused here, before any
    puzzle is made; so is a text the book's font cannot print."""
    fonts = fonts or fonts_for(spec)
    try:
        return plan_book(layout_sections(spec), book_of(spec), page_template(spec), fonts.measure)
    except LayoutError as exc:
        raise LayoutError(f"{spec.source}: {exc}") from None


def spec_texts(spec: BookSpec) -> list[tuple[str, str]]:
    """(field, text) for every text the spec gives the book, and each section's
    instructions: what the book's font must be able to print."""
    found = [("title", spec.title), ("subtitle", spec.subtitle), ("author", spec.author)]
    # Names, not the "Copy 3" labels bookgen writes; each where it was written.
    found += [(f"students{field_of(student.at) or f'[{k}]'}", student.name) for k, student in enumerate(spec.students)]
    for n, section in enumerate(spec.sections):
        found.append((f"sections[{n}].title", section.options.title))
        found.append((f"sections[{n}].instructions", section.options.instructions or ""))
        # A type's own text options are printed too (a sudoku's `symbols:`).
        found += [(f"sections[{n}].{name}", getattr(section.params, name)) for name, _info, _default
                  in declared(type(section.params)) if isinstance(getattr(section.params, name), str)]
    layouts = [("layout", None)] + [(f"sections[{n}].layout", s.options.layout)
                                    for n, s in enumerate(spec.sections) if s.options.layout]
    for field, layout in layouts:
        # As printed: placeholders filled (their braces are never printed), every digit
        # a page number may have.
        tpl = page_template(spec, layout)
        found += [(field, tpl.header_for(spec.title)), (field, tpl.footer_for("0123456789", spec.title))]
    found.append(("language", words_for(spec.language).letters))
    return [(field, text) for field, text in found if text]


# Every character bookgen prints in its own words and numbers, whatever the spec says:
# page numbers and digits, headings ("Contents", "Answers", "Stuck? The first steps"),
# labels ("3   hard   9×9", "Ben · 2 (page 4)"), worked steps, sliding captions, signs,
# grid letters and the ellipsis of a shortened line. A font of the user's must have them
# all: the build would stop at the first it lacks, so `check` says so first.
# (tests/render/test_fonts_hostile.py builds books of every type and furniture and
# checks that every character printed outside the spec's own texts is here.)
FURNITURE = string.ascii_letters + string.digits + " '()+,-.:;?!·×÷–−…"


def fonts_for(spec: BookSpec) -> Fonts:
    """The book's fonts, read now, and every text of the spec checked against them: a
    font that cannot be read, a letter it lacks or a glyph it cannot embed is one line
    naming the spec's line."""
    for field, path in (("font", spec.font), ("bold_font", spec.bold_font)):
        if path is not None:
            try:
                user_face(path).font()
            except FontError as exc:
                raise SpecError(Problem(spec.location(field), field, str(exc))) from None
    texts = spec_texts(spec)
    backwards = [Problem(spec.location(field), field, _right_to_left(ch)) for field, text in texts
                 if (ch := right_to_left(text)) is not None]
    if backwards:
        raise SpecError(backwards)
    fonts = book_fonts(FontRequest(spec.font, spec.bold_font), [text for _field, text in texts])
    _say_why_fallback(spec, fonts, texts)
    problems = []
    for field, text in texts:
        ch = fonts.missing(text)
        if ch is not None:
            problems.append(Problem(spec.location(field), field, _missing_glyph(ch, fonts, spec)))
    if problems:
        raise SpecError(problems)
    if spec.font is not None or spec.bold_font is not None:
        _user_fonts_print(spec, fonts, "".join(text for _field, text in texts))
    return fonts


def _user_fonts_print(spec: BookSpec, fonts: Fonts, texts: str) -> None:
    """A user's fonts have bookgen's own characters, and embed every glyph the book
    prints (a damaged outline is found now, not while the PDF is written)."""
    field = "font" if spec.font is not None else "bold_font"
    ch = fonts.missing(FURNITURE)
    if ch is not None:
        raise SpecError(Problem(spec.location(field), field, f"{missing_message(ch, fonts.names)}, which bookgen "
                                                             "prints itself (page numbers, headings, labels)"))
    try:
        fonts.embeds(FURNITURE + texts)
    except FontError as exc:
        raise SpecError(Problem(spec.location(field), field, str(exc))) from None


def _say_why_fallback(spec: BookSpec, fonts: Fonts, texts: list[tuple[str, str]]) -> None:
    """A book set in the fallback family (one typeface a book) says which text made it so,
    as a note: a teacher sees why one student's name changed every page's letters."""
    if fonts is not fallback_fonts():
        return
    primary = default_fonts()
    # A section's title or instructions that bookgen wrote in the book's language are not
    # the spec's text: the teacher is told of what they wrote, or else of `language:`.
    theirs = [(field, text) for field, text in texts if field != "language" and not (
        field.endswith((".title", ".instructions")) and field not in spec.locations)]
    for field, text in theirs + [("language", words_for(spec.language).letters)]:
        ch = primary.missing(text)
        if ch is not None and fonts.missing(text) is None:
            because = (f"the words it prints in '{spec.language}' have" if field == "language"
                       else f"{text!r} has")
            logging.getLogger("bookgen").warning(
                f"{spec.location(field)}: {field}: the whole book is set in {FALLBACK}, not {PRIMARY}, because "
                f"{because} {ch!r}, which {PRIMARY} lacks (a book keeps to one typeface)")
            return


def _right_to_left(ch: str) -> str:
    return (f"{ch!r} (U+{ord(ch):04X}) is written right to left, which bookgen cannot print yet: its letters "
            "would come out unjoined and in reverse order")


def _missing_glyph(ch: str, fonts: Fonts, spec: BookSpec) -> str:
    advice = "" if spec.font else "; name a font that has it with font: path/to/font.ttf"
    return missing_message(ch, fonts.names) + advice


def _unrepeated(spec: BookSpec, planned: _Planned, puzzle: Puzzle, seen: set[Hashable]) -> Puzzle:
    """Replace a puzzle that repeats an earlier one, deterministically (in book order)."""
    section, task = planned.spec_section, planned.task
    ptype = registry.get(task.type)
    for attempt in range(1, MAX_REPEATS + 1):
        key = (task.type, ptype.identity(puzzle))
        if key not in seen:
            seen.add(key)
            return puzzle
        index = task.number - 1
        seed = derive_seed(spec.seed, section.index, index, attempt, task.copy)
        puzzle = make_puzzle(Task(task.type, task.params, seed, task.number, task.section_title, task.copy))
    raise GenerationError(
        f"puzzle {task.number} ({task.section_title}): too few different puzzles of this kind; ask for fewer"
    )


def build(spec: BookSpec, output: str | Path, json_path: str | Path | None = None, jobs: int = 1,
          done: Callable[[], None] | None = None, use_cache: bool = False) -> BookLayout:
    """Generate, lay out and write the book; outputs are checked before any work and
    written together, only when all of them are complete. `done()` after each puzzle;
    `use_cache` reuses puzzles an earlier build made (see bookgen.puzzle_cache)."""
    outputs = [Output("-o", str(output))] + ([Output("--json", str(json_path))] if json_path is not None else [])
    targets = checked(outputs, input_files(spec))
    fonts = fonts_for(spec)
    plan(spec, fonts)
    entries = generate_all(spec, jobs, done, use_cache)
    words = words_for(spec.language)
    layout = lay_out(book_of(spec), entries, page_template(spec), fonts.measure, worked_hints(entries, words))
    with staged(targets, [out.path for out in outputs]) as temps:
        with writing(outputs[0].path):
            render(layout, entries, temps[0], metadata(spec), fonts, outline(layout, entries, words), words)
        if json_path is not None:
            with writing(outputs[1].path):
                write_json(temps[1], book_json(spec, entries, layout))
    return layout


# Sentences of worked steps printed for each puzzle of a section with `hints: true`.
HINT_SENTENCES = 4


def worked_hints(entries: list[Entry], words: Words = ENGLISH) -> dict[int, list[Hint]]:
    """Puzzle number -> the grader's first steps in plain words, for sections with hints."""
    found = {}
    for entry in entries:
        if entry.section.options.hints and (steps := worked.worked_steps(entry.ptype)) is not None:
            found[entry.number] = steps.hints(entry.puzzle, HINT_SENTENCES, words)
    return found


def input_files(spec: BookSpec) -> list[Input]:
    """Files the book is made from, which no output may overwrite: the spec, and every
    file a section's options name (pictures)."""
    found = [Input("the spec", Path(spec.source))]
    found += [Input(f"the font given as {name}", path) for name, path in (("font", spec.font),
                                                                            ("bold_font", spec.bold_font)) if path]
    for number, section in enumerate(spec.sections):
        for name, path in registry.get(section.options.type).input_files(section.params):
            found.append(Input(f"the file given as sections[{number}].{name}", path))
    layouts = [("layout", spec.layout)] + [(f"sections[{n}].layout", s.options.layout)
                                           for n, s in enumerate(spec.sections)]
    for field, layout in layouts:
        if layout and layout.endswith((".yaml", ".yml")):
            found.append(Input(f"the layout file given as {field}", Path(layout)))
    return found


def book_json(spec: BookSpec, entries: list[Entry], layout: BookLayout) -> dict[str, Any]:
    items = []
    for entry in entries:
        head = {
            "id": str(entry.number),
            **({"copy": entry.section.copy} if entry.section.copy else {}),
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
