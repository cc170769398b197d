"""The composer page's own words, in the teacher's language.

The page speaks the language the browser asks for (Accept-Language), or the one chosen
on the page (`?lang=`), among the book's languages (bookgen.language.LANGUAGES); its words
are messages of the book's catalogues under the context "composer" (never printed in a
book, so they do not choose a book's font). The server puts them in the page: the fixed
words in the HTML, the rest as JSON for the script, and the labels and help of the
options a teacher meets first over the declarations' own (which speak to a spec's
writer); an option not listed here keeps its declared name and help.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from bookgen.language import LANGUAGES, LEVEL_NAMES, SOURCE, Words, words_for

# Each language named in its own words, for the page's and the book's language lists.
NATIVE_NAMES = {"en": "English", "cs": "Čeština", "de": "Deutsch", "el": "Ελληνικά", "es": "Español",
                "fr": "Français", "it": "Italiano", "nl": "Nederlands", "pl": "Polski", "pt": "Português",
                "ru": "Русский", "uk": "Українська"}
_SECTION_PATH = re.compile(r"sections\[(\d+)\](?:\.[A-Za-z_]+)?(?: \(([^)]*)\))?")


def page_language(query: str, accept: str) -> str:
    """The page's language: `lang=xx` in the query if shipped, else the first shipped
    one the browser accepts (by its q weights), else English."""
    for pair in query.split("&"):
        key, _sep, value = pair.partition("=")
        if key == "lang" and value.lower() in LANGUAGES:
            return value.lower()
    ranked = []
    for order, item in enumerate(accept.split(",")[:30]):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        match = re.search(r"q=([0-9.]{1,5})", params)
        if match:
            try:
                weight = float(match[1])
            except ValueError:
                weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and weight > 0:
            ranked.append((-weight, order, code))
    return min(ranked)[2] if ranked else SOURCE


def page_words(words: Words) -> dict[str, str]:
    """The page's fixed words (key -> text): placeholders in braces are filled by the page."""
    pgettext = words.pgettext
    return {
        "title": pgettext("composer", "Puzzle sheets for your class"),
        "page_language": pgettext("composer", "Language of this page"),
        "open": pgettext("composer", "Open a saved book…"),
        "to_pages": pgettext("composer", "The pages ↓"),
        "who": pgettext("composer", "1. Who the sheets are for"),
        "who_help": pgettext("composer", "One set of sheets for each child, with their name on it. Type the names, "
                                         "one a line; a comma and a level after a name gives that child puzzles at "
                                         "their own level (Ben, easy). Or choose a class list: a text file, or a "
                                         "spreadsheet saved as CSV with a column headed “name”."),
        "which": pgettext("composer", "2. Which puzzles"),
        "add_section": pgettext("composer", "Add another kind of puzzle"),
        "print": pgettext("composer", "3. Print"),
        "printer": pgettext("composer", "More: the printer's settings"),
        "section": pgettext("composer", "Section {number}"),
        "move_up": pgettext("composer", "Move up"),
        "move_down": pgettext("composer", "Move down"),
        "remove": pgettext("composer", "Remove"),
        "more": pgettext("composer", "More"),
        "why_not": pgettext("composer", "Not offered here, and why"),
        "not_offered": pgettext("composer", "not offered"),
        "default": pgettext("composer", "default"),
        "choose_list": pgettext("composer", "Choose a class list…"),
        "children": pgettext("composer", "Children on the list: {count}"),
        "no_children": pgettext("composer", "No names: one book, not a set for each child"),
        "starting": pgettext("composer", "Starting…"),
        "making": pgettext("composer", "Making the sheets…"),
        "made_of": pgettext("composer", "{made} of {total} puzzles made"),
        "laying_out": pgettext("composer", "All {total} puzzles made; setting the pages…"),
        "not_built": pgettext("composer", "Not made yet: a choice needs changing (it is marked in red)."),
        "failed": pgettext("composer", "Not made: {reason}"),
        "pages": pgettext("composer", "Pages: {count}"),
        "puzzles": pgettext("composer", "Puzzles: {count}"),
        "answers_on": pgettext("composer", "Answers on pages {pages}"),
        "hints_on": pgettext("composer", "First steps on pages {pages}"),
        "seed": pgettext("composer", "Puzzle number {seed}"),
        "seconds": pgettext("composer", "made in {seconds} s"),
        "page_n": pgettext("composer", "Page {number}"),
        "answers": pgettext("composer", "answers"),
        "enlarge": pgettext("composer", "Page {number}: see it large"),
        "close": pgettext("composer", "Close"),
        "dl_pdf": pgettext("composer", "Download the PDF to print"),
        "dl_answers": pgettext("composer", "The answer key alone"),
        "dl_spec": pgettext("composer", "Save these choices (.yaml)"),
        "new_puzzles": pgettext("composer", "New puzzles"),
        "new_puzzles_help": pgettext("composer", "Other puzzles at the same levels"),
        "dismiss": pgettext("composer", "Dismiss"),
        "too_large": pgettext("composer", "{name}: larger than 256 KB"),
        "section_named": pgettext("composer", "Section {number} ({kind})"),
        "starting_title": pgettext("composer", "My puzzle book"),
        "use_nearest": pgettext("composer", "Give them this section's nearest level"),
        **record_words(words),
    }


def record_words(words: Words) -> dict[str, str]:
    """The class record's panel (page/class.js): its words, the marks a teacher gives
    (shown in the teacher's words, sent as the record's own English) and the levels."""
    pgettext = words.pgettext
    return {
        "record_legend": pgettext("composer", "The class record"),
        "record_help": pgettext("composer", "A file that remembers every set this class was given: no child gets a "
                                            "puzzle twice, and the marks you give move each child's level. Its name, "
                                            "from the folder bookgen serve was started in."),
        "record_open": pgettext("composer", "Open"),
        "record_create": pgettext("composer", "create it if it does not exist"),
        "record_next": pgettext("composer", "Make next week's set"),
        "record_student": pgettext("composer", "Child"),
        "record_section": pgettext("composer", "Section"),
        "record_book": pgettext("composer", "(the whole class)"),
        "record_set_title": pgettext("composer", "{title}, {date}, puzzle number {seed}"),
        "record_summary": pgettext("composer", "Sets so far: {count}. The latest: {title}, {date}. Mark it below."),
        "record_none": pgettext("composer", "No set yet: make the first one."),
        "record_how": pgettext("composer", "How {student} did with this set"),
        "record_making": pgettext("composer", "Making next week's set…"),
        "record_not_made": pgettext("composer", "Not made: see the class record."),
        "mark.done": pgettext("composer", "done"),
        "mark.needed help": pgettext("composer", "needed help"),
        "mark.not done": pgettext("composer", "not done"),
        **{f"level.{name}": words.gettext(name) for name in LEVEL_NAMES},
    }


def record_said(words: Words, what: str, **values: str) -> str:
    """What the server says of a class record (its problems, a set recorded), in the
    page's words."""
    said = {"recorded": words.pgettext("composer", "recorded as set {number} in {path}"),
            "missing": words.pgettext("composer", "{path}: no such class record; tick “create it” to start one"),
            "suffix": words.pgettext("composer", "a class record's file name ends in {suffixes}, not {name}"),
            "book": words.pgettext("composer", "the book has a problem; fix it above first")}
    return said[what].format(**values)


def field_words(words: Words) -> dict[str, tuple[str, str]]:
    """The label and help a teacher reads for the options met first (option -> words);
    a section's options are keyed "section.<name>"."""
    pgettext = words.pgettext
    return {
        "title": (pgettext("composer", "Title"), pgettext("composer", "on the title page")),
        "subtitle": (pgettext("composer", "Subtitle"), pgettext("composer", "a line under the title")),
        "author": (pgettext("composer", "Author"), pgettext("composer", "your name or your class, under the title")),
        "paper": (pgettext("composer", "Paper"), pgettext("composer", "the paper in your printer")),
        "seed": (pgettext("composer", "Puzzle number"),
                 pgettext("composer", "the same number makes the same puzzles again; “New puzzles” picks another")),
        "answer_key": (pgettext("composer", "Answer key"), pgettext("composer", "the solutions at the back")),
        "name_line": (pgettext("composer", "Name lines"),
                      pgettext("composer", "name, class and date lines on every puzzle page")),
        "layout": (pgettext("composer", "Layout"),
                   pgettext("composer", "book: a title page and contents; worksheet: name, class and date lines; "
                                        "large print: one big puzzle a page")),
        "copies": (pgettext("composer", "Copies"),
                   pgettext("composer", "how many different sets of puzzles (for a class, type the names instead)")),
        "students": (pgettext("composer", "Names"), ""),
        "font": (pgettext("composer", "Font"),
                 pgettext("composer", "a font file of your own: the page cannot read it; add it to the saved "
                                      "choices")),
        "bold_font": (pgettext("composer", "Bold font"),
                      pgettext("composer", "a font file of your own: the page cannot read it; add it to the saved "
                                           "choices")),
        "duplex": (pgettext("composer", "Both sides of the paper"),
                   pgettext("composer", "for printing on both sides: each child's set starts on a right-hand page")),
        "language": (pgettext("composer", "Language of the book"),
                     pgettext("composer", "every printed word: headings, instructions and hints")),
        "section.title": (pgettext("composer", "Heading"),
                          pgettext("composer", "over these puzzles (default: the name of the kind)")),
        "section.type": (pgettext("composer", "Kind of puzzle"), ""),
        "section.count": (pgettext("composer", "How many"),
                          pgettext("composer", "puzzles of this kind for each child")),
        "section.per_page": (pgettext("composer", "Puzzles on a page"),
                             pgettext("composer", "default: as many as fit with cells easy to write in")),
        "section.large_print": (pgettext("composer", "Large print"),
                                pgettext("composer", "bigger cells, about 14 mm, for young children")),
        "section.hints": (pgettext("composer", "First steps"),
                          pgettext("composer", "each puzzle's first steps in plain words, on pages before the "
                                               "answers")),
        "section.layout": (pgettext("composer", "Layout"),
                           pgettext("composer", "these puzzles' page layout (default: the book's)")),
        "section.instructions": (pgettext("composer", "Instructions"),
                                 pgettext("composer", "your own instructions (default: written for a ten-year-old)")),
        "section.size": (pgettext("composer", "Size"), pgettext("composer", "how big the grid is")),
        "section.levels": (pgettext("composer", "A child's level it lacks"),
                           pgettext("composer", "exact: say so; nearest: give that child the nearest level there is")),
        "section.difficulty": (pgettext("composer", "Level"),
                               pgettext("composer", "how hard: the hardest step a puzzle needs")),
    }


def localised_form(form: dict[str, Any], code: str) -> dict[str, Any]:
    """The form with the teacher's labels and help in the page's language, and the book's
    language offered by its own name."""
    words = words_for(code)
    known = field_words(words)

    def shown(field: dict[str, Any], key: str) -> dict[str, Any]:
        label, help_text = known.get(key, (None, None))
        extra: dict[str, Any] = {} if label is None else {"label": label, "help": help_text}
        if field["name"] == "language" and "choices" in field:
            extra["choices"] = [{**c, "label": NATIVE_NAMES.get(c["value"], c["label"])} for c in field["choices"]]
        if field["name"] == "difficulty" and "choices" in field:  # a level in the teacher's words
            extra["choices"] = [{**c, "label": words.gettext(c["value"])} for c in field["choices"]]
        return {**field, **extra}

    return {"book": [shown(f, f["name"]) for f in form["book"]],
            "sections": [[shown(f, "section." + f["name"]) for f in fields] for fields in form["sections"]]}


def named_sections(text: str, state: dict[str, Any], code: str) -> str:
    """A message with `sections[1]` (and its field, or its type in brackets) said as the
    page shows it: "Section 2 (KenKen)"."""
    words = words_for(code)
    sections = state.get("sections") or []

    def said(match: re.Match[str]) -> str:
        index = int(match[1])
        kind = match[2] or _kind(sections[index] if index < len(sections) else {})
        named = words.pgettext("composer", "Section {number} ({kind})") if kind else \
            words.pgettext("composer", "Section {number}")
        return named.format(number=index + 1, kind=kind)

    return _SECTION_PATH.sub(said, text)


def _kind(section: Any) -> str:
    from bookgen.puzzles import registry

    name = section.get("type") if isinstance(section, dict) else None
    found = registry.get(name) if isinstance(name, str) else None
    return found.title if found is not None else ""


def page_html(template: str, token: str, code: str) -> str:
    """The page in `code`'s words: {{key}} replaced, the words as JSON for the script,
    the language list in each language's own name."""
    words = page_words(words_for(code))
    text = template.replace("{{TOKEN}}", token).replace("{{LANG}}", code)
    options = "".join(f'<option value="{c}"{" selected" if c == code else ""} lang="{c}">'
                      f"{html.escape(NATIVE_NAMES[c])}</option>" for c in LANGUAGES)
    text = text.replace("{{LANGUAGES}}", options)
    text = text.replace("{{WORDS}}", json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"))
    return re.sub(r"\{\{(\w+)\}\}", lambda m: html.escape(words.get(m[1], m[0])), text)
