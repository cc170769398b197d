"""Spec -> fonts -> page plan -> puzzles -> layout -> PDF (and JSON): the book made in
the order that refuses a bad request before any work, and writes the outputs together,
only when all of them are complete.

Each step is its own module's: the spec in layout's terms (book_sections), the fonts
and the texts they must print (font_choice), the puzzles (generation), the JSON
(book_json); layout plans the pages and render draws them.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from bookgen.book_sections import book_of, layout_sections, page_template
from bookgen.errors import FontError, LayoutError
from bookgen.font_choice import fonts_for
from bookgen.language import ENGLISH, Words, words_for
from bookgen.layout.plan import plan_book

# The rest of a build (making puzzles, drawing, the JSON, a class record, the front
# matter) is imported by the step that uses it: `check` plans the pages from this
# module and loads none of it (issue 31's start-up). load_ahead() loads it all.
if TYPE_CHECKING:
    from bookgen.book_spec import BookSpec
    from bookgen.layout.lesson import LessonPlan
    from bookgen.layout.laid import BookLayout, Entry
    from bookgen.layout.slots import SlotPlan
    from bookgen.outputs import Input
    from bookgen.puzzles.hint import Hint
    from bookgen.record.term import Term
    from bookgen.render.fonts import Fonts
    from bookgen.render.pdf import Metadata


def metadata(spec: BookSpec) -> Metadata:
    """Title and author as given; the subtitle, or the puzzle types, as the subject;
    the types and levels as keywords; the version that made it as the creator."""
    from bookgen import __version__
    from bookgen.puzzles import registry
    from bookgen.render.pdf import Metadata

    words = words_for(spec.language)
    kinds = list(dict.fromkeys(words.gettext(registry.get(s.options.type).title) for s in spec.sections))
    levels = list(dict.fromkeys(words.gettext(s.params.difficulty) for s in layout_sections(spec)
                                if s.params.difficulty))  # the students' own levels too
    subject = spec.subtitle or words.gettext("Puzzles: {types}").format(types=", ".join(kinds))
    keywords = (words.gettext("puzzles"), *kinds, *levels, f"seed {spec.seed}")
    return Metadata(spec.title, spec.author, subject, tuple(keywords), f"bookgen {__version__}")


def plan(spec: BookSpec, fonts: Fonts | None = None) -> list[SlotPlan | None]:
    """Every section's pages planned from the spec alone, as `check` does: a section that
    cannot be printed as asked (large print at six a page) is refused here, before any
    puzzle is made; so is a text the book's font cannot print."""
    fonts = fonts or fonts_for(spec)
    try:
        return plan_book(layout_sections(spec), book_of(spec), page_template(spec), fonts.measure)
    except LayoutError as exc:
        raise LayoutError(f"{spec.source}: {exc}") from None


def build(spec: BookSpec, output: str | Path, json_path: str | Path | None = None, jobs: int = 1,
          done: Callable[[], None] | None = None, use_cache: bool = False, term: Term | None = None) -> BookLayout:
    """Generate, lay out and write the book; outputs are checked before any work and
    written together, only when all of them are complete. `done()` after each puzzle;
    `use_cache` reuses puzzles an earlier build made (see bookgen.puzzle_cache). With a
    class record's `term` (bookgen.record.term; its spec is the one built), no student
    is given a puzzle the record says they had, and the build is recorded in it once the
    outputs are written."""
    with _collector_eased():
        return _build(spec, output, json_path, jobs, done, use_cache, term)


# Allocations between the cyclic garbage collector's youngest passes during a build
# (Python's default is 700): a build makes hundreds of thousands of short-lived objects,
# nearly all freed by their reference counts, and the passes cost a cached 100-puzzle
# book 50-120 ms (gc callbacks, load 3); with the modules loaded before the build
# frozen out of the passes and this threshold, 35-58 ms.
GC_YOUNG_THRESHOLD = 10_000


@contextmanager
def _collector_eased() -> Iterator[None]:
    """Within the block the collector passes over what existed before it (the modules,
    the spec: gc.freeze, which also keeps worker processes forked later from copying
    those pages when it passes) and runs its youngest pass less often; as before after."""
    previous, frozen = gc.get_threshold(), gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(max(previous[0], GC_YOUNG_THRESHOLD), *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)
        if not frozen:  # what another part of the process froze stays frozen
            gc.unfreeze()


def _build(spec: BookSpec, output: str | Path, json_path: str | Path | None, jobs: int,
           done: Callable[[], None] | None, use_cache: bool, term: Term | None) -> BookLayout:
    from bookgen.answer_file import answers_layout, apart_path
    from bookgen.book_json import book_json, write_json
    from bookgen.layout.lesson import lessons_for
    from bookgen.layout.outline import outline
    from bookgen.outputs import Output, checked, staged, writing

    outputs = [Output("-o", str(output))] + ([Output("--json", str(json_path))] if json_path is not None else [])
    if spec.answers_apart:
        outputs.append(Output("answer_key: separate", str(apart_path(output))))
    targets = checked(outputs, input_files(spec))
    fonts = fonts_for(spec)
    plan(spec, fonts)
    entries = generate_all(spec, jobs, _meanwhile(fonts, done), use_cache, term.excluded if term is not None else None)
    words = words_for(spec.language)
    focus = {s.index: s.options.focus for s in layout_sections(spec) if s.options.focus}
    lessons = lessons_for(entries, focus, words)
    layout, examples = book_layout(spec, entries, fonts, lessons)
    # The lessons' and how-to-play pages' grids are drawn beside the book's puzzles.
    drawn = entries + examples + [lesson.entry for lesson in lessons.values()]
    with staged(targets, [out.path for out in outputs]) as temps:
        with writing(outputs[0].path):
            render(layout, drawn, temps[0], metadata(spec), fonts, outline(layout, entries, words), words,
                   jobs)
        if json_path is not None:
            with writing(outputs[1].path):
                write_json(temps[1], book_json(spec, entries, layout))
        if spec.answers_apart:
            overview = term.overview(entries, words) if term is not None else None
            apart = answers_layout(spec, entries, layout, page_template(spec), fonts.measure, overview)
            with writing(outputs[-1].path):
                render(apart, entries, temps[-1], metadata(spec), fonts, (), words)
    if term is not None:
        term.record(entries)
    return layout


def _meanwhile(fonts: Fonts, done: Callable[[], None] | None) -> Callable[[], None]:
    """`done`, and once, at the first puzzle made, the book's faces read for drawing
    (Atkinson's unslashed zero made, on a first run): while worker processes make the
    other puzzles the main process only waits, and after them it drew the first page
    with this still to do (0.1-0.2 s of a cold class set's CPU, issue 31). A face that
    cannot be read is left for drawing to report, as before."""
    pending = [fonts.regular, fonts.bold]

    def step() -> None:
        while pending:
            try:
                pending.pop().font()
            except FontError:
                pass
        if done is not None:
            done()

    return step


def generate_all(*args: Any, **kwargs: Any) -> list[Entry]:
    """bookgen.generation's, loaded when a build first makes puzzles (and replaceable
    here, as the tests of interrupted builds replace it)."""
    from bookgen.generation import generate_all as made

    return made(*args, **kwargs)


def render(*args: Any, **kwargs: Any) -> None:
    """bookgen.render.pdf's, loaded when a build first draws (and replaceable here)."""
    from bookgen.render.pdf import render as drawn

    drawn(*args, **kwargs)


def book_layout(spec: BookSpec, entries: list[Entry], fonts: Fonts,
                lessons: dict[int, LessonPlan] | None = None) -> tuple[BookLayout, list[Entry]]:
    """The book's pages for its made puzzles, with its front matter (and the example
    puzzles its how-to-play pages draw, returned beside it); a printed book's
    (bookgen.layout.trim) at the inside margin its page count asks for, and an even
    number of pages."""
    from bookgen.layout.pages import lay_out
    from bookgen.layout.trim import printed
    from bookgen.publish.front import examples_for, front_matter

    book, words = book_of(spec), words_for(spec.language)
    hints = worked_hints(entries, words)
    examples = examples_for(spec)

    def lay(pages: int) -> BookLayout:
        tpl = page_template(spec, pages=pages)
        return lay_out(book, entries, tpl, fonts.measure, hints, lessons,
                       front_matter(spec, examples, tpl, fonts.measure))

    return (printed(lay) if spec.printed else lay(0)), examples


def load_ahead() -> None:
    """What a build loads or reads the first time, done now, for processes forked later
    (the composer's fork server): the types and their generator versions, the default
    fonts, the built-in layouts; and every module a build imports only when it first
    needs it (above), so a forked build finds them loaded."""
    import bookgen.answer_file  # noqa: F401 - loaded for the forked builds
    import bookgen.book_json  # noqa: F401
    import bookgen.layout.lesson  # noqa: F401
    import bookgen.layout.outline  # noqa: F401
    import bookgen.layout.trim  # noqa: F401
    import bookgen.outputs  # noqa: F401
    import bookgen.publish.front  # noqa: F401
    import bookgen.puzzles.worked  # noqa: F401
    import bookgen.record.term  # noqa: F401
    import bookgen.render.pdf  # noqa: F401
    from bookgen.generation import load_generators
    from bookgen.layout.template import BUILT_IN, template
    from bookgen.render.fonts import default_fonts

    load_generators()
    fonts = default_fonts()
    fonts.regular.font()
    fonts.bold.font()
    for name in BUILT_IN:
        template(name)


# Sentences of worked steps printed for each puzzle of a section with `hints: true`.
HINT_SENTENCES = 4


def worked_hints(entries: list[Entry], words: Words = ENGLISH) -> dict[int, list[Hint]]:
    """Puzzle number -> the grader's first steps in plain words, for sections with hints."""
    from bookgen.puzzles import worked

    found = {}
    for entry in entries:
        if entry.section.options.hints and (steps := worked.worked_steps(entry.ptype)) is not None:
            found[entry.number] = steps.hints(entry.puzzle, HINT_SENTENCES, words)
    return found


def input_files(spec: BookSpec) -> list[Input]:
    """Files the book is made from, which no output may overwrite: the spec, and every
    file a section's options name (pictures)."""
    from bookgen.outputs import Input
    from bookgen.puzzles import registry

    found = [Input("the spec", Path(spec.source))]
    found += [Input(f"the font given as {name}", path) for name, path in (("font", spec.font),
                                                                            ("bold_font", spec.bold_font)) if path]
    if spec.publishing.cover_image is not None:
        found.append(Input("the picture given as cover_image", spec.publishing.cover_image))
    for number, section in enumerate(spec.sections):
        for name, path in registry.get(section.options.type).input_files(section.params):
            found.append(Input(f"the file given as sections[{number}].{name}", path))
        if section.options.puzzles is not None:
            found.append(Input(f"the file given as sections[{number}].puzzles", section.options.puzzles))
    layouts = [("layout", spec.layout)] + [(f"sections[{n}].layout", s.options.layout)
                                           for n, s in enumerate(spec.sections)]
    for field, layout in layouts:
        if layout and layout.endswith((".yaml", ".yml")):
            found.append(Input(f"the layout file given as {field}", Path(layout)))
    return found
