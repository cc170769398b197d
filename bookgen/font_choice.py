"""The book's fonts, chosen for what the spec asks it to print: the primary family, or
the fallback family when a text of the spec needs it (the book then says which text made
it so), or the user's own `font:` and `bold_font:`; and every text the spec gives checked
against them before any puzzle is made, each fault one line naming the spec's line.
Which files print a font, and how, is render/fonts.py's (the only place that speaks to
ReportLab)."""

from __future__ import annotations

import dataclasses
import logging

from bookgen.book_sections import page_template
from bookgen.book_spec import BookSpec
from bookgen.errors import FontError, Problem, SpecError
from bookgen.language import right_to_left, words_for
from bookgen.options import declared, field_of
from bookgen.render.fonts import (FALLBACK, PRIMARY, FontRequest, Fonts, book_fonts, default_fonts, fallback_fonts,
                                  missing_message, user_face)


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
        values = dataclasses.asdict(section.params)
        found += [(f"sections[{n}].{name}", values[name]) for name, _info, _default
                  in declared(type(section.params)) if isinstance(values[name], str)]
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
# (tests/test_catalogue_fonts_pictures.py builds a book of the types with hints, copies
# and name lines, and checks that every character printed outside the spec's own texts
# is here.)
# The letters and digits written out: the string module's import was a two-hundredth of
# `bookgen check` (start-up, issue 31).
FURNITURE = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" "0123456789"
             " '()+,-.:;?!·×÷–−…")


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
