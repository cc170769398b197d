"""Every printed word in the book's language: each shipped catalogue has every message
the code prints (read from the source the way `pybabel extract` reads it), with the
placeholders of the English and as many plural forms as its language has; a book read
back from its PDF speaks German, Polish or French throughout; right-to-left text is
refused with one line, never printed backwards."""

from __future__ import annotations

import functools
import gettext
import re
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from click.testing import CliRunner

import bookgen
from bookgen.cli import main
from bookgen.language import LANGUAGES, LEVEL_NAMES, LOCALE_DIR, SOURCE, catalogue_path, words_for
from bookgen.puzzles import registry

PACKAGE = Path(bookgen.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "N_": None}


def extracted() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, message) -> its English forms, for every message the code marks."""
    found = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS):
        forms = message if isinstance(message, tuple) else (message,)
        found[(context, forms[0])] = forms
    return found


@functools.cache
def messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """extracted(), once, when a test first asks (not when the tests are collected)."""
    return extracted()


def test_the_code_marks_the_messages_a_book_prints():
    assert len(messages()) > 120
    for message in ("Answers", "Name", "Class", "Date", "Contents", "Copy {number}", "Tiles I slid:",
                    "Stuck? The first steps", "{Cell} can only be {digit}. {Every_other} is already in its "
                                              "{houses}, or crossed out."):
        assert any(text == message for _context, text in messages()), message



@pytest.mark.parametrize("n", [0, 1, 2, 5, 21, -1])
def test_english_answers_every_message_as_gettexts_null_catalogue_does(n: int):
    # English's own catalogue keeps gettext unloaded (start-up): the same answers.
    english, null = words_for(SOURCE).catalogue, gettext.NullTranslations()
    for message in ("Answers", "{count} puzzles", ""):
        assert english.gettext(message) == null.gettext(message)
        assert english.pgettext("composer", message) == null.pgettext("composer", message)
        assert english.ngettext(message, message + "s", n) == null.ngettext(message, message + "s", n)
        assert english.npgettext("composer", message, message + "s", n) == null.npgettext("composer", message,
                                                                                          message + "s", n)

def test_the_shipped_languages_are_the_catalogues_in_the_package():
    folders = {path.name for path in Path(LOCALE_DIR).iterdir() if (path / "LC_MESSAGES").is_dir()}
    assert set(LANGUAGES) == folders | {SOURCE} and len(LANGUAGES) >= 12


def test_the_template_for_translators_lists_exactly_the_messages_of_the_code():
    with open(Path(LOCALE_DIR, "bookgen.pot"), "rb") as handle:
        template = read_po(handle)
    listed = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    assert listed == set(messages())


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_every_language_translates_every_message_with_its_placeholders_and_plural_forms(code: str):
    with open(catalogue_path(code), "rb") as handle:
        catalogue = read_po(handle, locale=code)
    plurals = get_plural(code).num_plurals  # what the language counts (CLDR), not what the file claims
    assert catalogue.num_plurals == plurals
    said = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalogue if m.id}
    missing = [text for key, _forms in messages().items() if key not in said for text in key[1:]]
    assert not missing, f"{code} lacks {missing[:5]}"
    for key, forms in messages().items():
        message = said[key]
        assert not message.fuzzy, (code, key)
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(text.strip() for text in translated), (code, key)
        if len(forms) > 1:
            assert len(translated) == plurals, (code, key, translated)
        english = set(PLACEHOLDER.findall(forms[-1]))
        for text in translated:
            assert set(PLACEHOLDER.findall(text)) == english, (code, key, text)


# Counts at which languages' plural rules part: small numbers, the teens, and the round
# millions for which French, Spanish, Italian and Portuguese say "de"/"di" ("1 000 000 de coups").
COUNTS = [*range(0, 1201), 1_000_000, 2_000_000, 1_000_001, 10_000_000, 21_000_000, 100_000_000]


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_each_catalogues_rule_chooses_the_form_its_language_wants_for_every_count(code: str):
    """The rule printed in the catalogue's header is the one the runtime applies (it is
    compiled into the catalogue read); it must choose, for every count, the form CLDR's
    rule for the language chooses, in the order of the language's forms."""
    with open(catalogue_path(code), "rb") as handle:
        catalogue = read_po(handle, locale=code)
    ours = gettext.c2py(catalogue.plural_expr)
    cldr = gettext.c2py(get_plural(code).plural_expr)
    assert [ours(n) for n in COUNTS] == [cldr(n) for n in COUNTS]
    runtime = words_for(code).catalogue.plural
    assert [runtime(n) for n in COUNTS] == [cldr(n) for n in COUNTS]


@pytest.mark.parametrize("code,counts", [
    ("fr", {0: "0 coup,", 1: "1 coup,", 2: "2 coups,", 1_000_000: "1000000 de coups,", 1_000_001: "1000001 coups,"}),
    ("es", {1: "1 movimiento,", 2: "2 movimientos,", 1_000_000: "1000000 de movimientos,"}),
    ("it", {1: "1 mossa,", 2: "2 mosse,", 2_000_000: "2000000 di mosse,"}),
    ("pt", {1: "1 movimento,", 2: "2 movimentos,", 1_000_000: "1000000 de movimentos,"}),
    ("pl", {1_000_000: "1000000 ruchów,", 1_000_002: "1000002 ruchy,"}),
    ("de", {1_000_000: "1000000 Züge,"}),
])
def test_a_million_moves_get_the_form_their_language_wants(code: str, counts: dict):
    words = words_for(code)
    for n, start in counts.items():
        said = words.ngettext("{moves} move, the fewest possible.", "{moves} moves, the fewest possible.", n)
        assert said.format(moves=n).startswith(start), (n, said)


def test_every_level_of_every_type_has_a_word_in_the_catalogues():
    levels = {level for ptype in registry.all_types() for level in ptype.levels}
    assert levels <= set(LEVEL_NAMES)


@pytest.mark.parametrize("code,counts", [
    ("pl", {1: "1 ruch,", 3: "3 ruchy,", 5: "5 ruchów,", 22: "22 ruchy,"}),
    ("ru", {1: "1 ход,", 3: "3 хода,", 5: "5 ходов,", 21: "21 ход,"}),
    ("cs", {1: "1 tah,", 3: "3 tahy,", 5: "5 tahů,"}),
    ("uk", {1: "1 хід,", 2: "2 ходи,", 11: "11 ходів,"}),
    ("de", {1: "1 Zug,", 2: "2 Züge,"}),
])
def test_counted_words_agree_with_their_number_in_languages_with_several_plurals(code: str, counts: dict):
    words = words_for(code)
    for n, start in counts.items():
        said = words.ngettext("{moves} move, the fewest possible.", "{moves} moves, the fewest possible.", n)
        assert said.format(moves=n).startswith(start)


BOOK = """\
title: Rätsel für die Klasse
language: {language}
seed: 4
layout: {layout}
{extra}sections:
  - type: sudoku
    size: 4
    difficulty: beginner
    count: 2
    hints: true
  - type: kenken
    size: 4
    difficulty: easy
    count: 2
  - type: sliding
    size: 3
    moves: 6
    count: 1
"""


def build(tmp_path: Path, language: str, layout: str = "book", extra: str = "") -> Path:
    spec = tmp_path / "book.yaml"
    spec.write_text(BOOK.format(language=language, layout=layout, extra=extra), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(tmp_path / "book.pdf"), "--jobs", "1", "-q"])
    assert result.exit_code == 0, result.output
    return tmp_path / "book.pdf"


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


# What an English book prints that a translated one must not.
ENGLISH_WORDS = ("Answers", "Contents", "Stuck?", "Tiles I slid", "Goal", "Solve in", "Fill in the grid",
                 "(page ", "Slide these tiles", " goes in row ", "Puzzle ")
PRINTED = {
    "de": ("Inhalt", "Lösungen", "Steckst du fest? Die ersten Schritte", "Calcudoku", "Schiebepuzzles",
           "Geschobene Plättchen:", "Ziel", "Löse es in 6 Zügen.", "(Seite ", "Fülle das Gitter so aus",
           "Schiebe diese Plättchen in dieser Reihenfolge:", "6 Züge, so wenige wie möglich."),
    "pl": ("Spis treści", "Rozwiązania", "Utknąłeś? Pierwsze kroki", "KenKen", "Piętnastki", "Przesunięte płytki:",
           "Rozwiąż w 6 ruchach.", "(strona ", "Wypełnij diagram tak", "6 ruchów, najmniej jak się da."),
    "fr": ("Sommaire", "Solutions", "Bloqué ? Les premiers pas", "Calcudoku", "Taquins", "Pièces que j’ai déplacées :",
           "Résous-le en 6 coups.", "(page ", "Remplis la grille", "6 coups, le moins possible."),
}


@pytest.mark.parametrize("code", sorted(PRINTED))
def test_a_book_read_back_prints_its_headings_instructions_hints_and_captions_in_its_language(tmp_path: Path,
                                                                                             code: str):
    text = pdf_text(build(tmp_path, code))
    for words in PRINTED[code]:
        assert words in text, words
    leaked = [words for words in ENGLISH_WORDS if words in text and words not in PRINTED[code]]
    assert not leaked


def test_worksheet_lines_copies_and_bookmarks_are_in_the_books_language(tmp_path: Path):
    pdf = build(tmp_path, "de", "worksheet", "copies: 2\n")
    text = pdf_text(pdf)
    assert all(words in text for words in ("Name", "Klasse", "Datum", "Exemplar 1", "Exemplar 2"))
    assert "Class" not in text and "Copy 1" not in text
    reader = pypdf.PdfReader(pdf)
    titles = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)
    walk(reader.outline)
    assert "Exemplar 1" in titles and "Lösungen" in titles and any(t.startswith("Rätsel 1: Anfänger") for t in titles)
    assert not [t for t in titles if t.startswith("Puzzle") or t == "Answers"]


@pytest.mark.slow  # Greek is set in Noto Sans, whose bold is made (conftest)
def test_a_greek_book_prints_greek_headings_and_instructions(tmp_path: Path):
    text = pdf_text(build(tmp_path, "el"))
    assert all(words in text for words in ("Περιεχόμενα", "Λύσεις", "Σουντόκου", "Συρόμενα παζλ", "Στόχος",
                                           "Κόλλησες; Τα πρώτα βήματα", "Συμπλήρωσε το πλέγμα"))


def run(tmp_path: Path, text: str):
    spec = tmp_path / "book.yaml"
    spec.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(spec)])


def test_a_right_to_left_language_is_refused_with_one_line_naming_the_field(tmp_path: Path):
    result = run(tmp_path, "language: ar\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and ":1:" in lines[0] and "language" in lines[0] and "right to left" in lines[0]


def test_right_to_left_text_is_refused_with_one_line_naming_its_field_and_line(tmp_path: Path):
    result = run(tmp_path, "title: ok\nsections:\n  - type: sudoku\n    title: \"\u0633\u0648\u062f\u0648\u0643\u0648\"\n"
                           "    size: 4\n    difficulty: beginner\n")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and ":4:" in lines[0] and "sections[0].title" in lines[0] and "right to left" in lines[0]
    assert "Traceback" not in result.output


def test_an_unknown_language_names_the_shipped_ones(tmp_path: Path):
    result = run(tmp_path, "language: xx\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n")
    assert result.exit_code == 2 and "language" in result.output and "de" in result.output


def answers_on_first_key_page(tmp_path: Path, language: str) -> int:
    spec = tmp_path / f"key-{language}.yaml"
    spec.write_text(f"seed: 31\nlayout: worksheet\nlanguage: {language}\n"
                    "students: [Amira, Ben, Chloe, Dev, Elif, Finn, Grace, Hugo, Iris, Jon, Kai, Lena]\n"
                    "sections:\n  - type: sudoku\n    size: 6\n    difficulty: easy\n    count: 4\n"
                    "    per_page: 4\n", encoding="utf-8")
    pdf = tmp_path / f"key-{language}.pdf"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(pdf), "--jobs", "1", "-q"])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(pdf) as read:
        # Only the key labels its answers "Amira · 2 (page 1)".
        labels = [len(re.findall(r"· \d+ \(\S+ \d+\)", page.extract_text())) for page in read.pages]
    return next(n for n in labels if n)


@pytest.mark.slow  # two class sets of 48 puzzles
def test_a_russian_answer_label_packs_a_key_page_as_full_as_an_english_one(tmp_path: Path):
    # "(страница 16)" was wider than a 6×6 answer, so a row held four answers where English
    # holds five, and the sample class set's key took a third sheet on A4.
    assert answers_on_first_key_page(tmp_path, "ru") == answers_on_first_key_page(tmp_path, "en")
