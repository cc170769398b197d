"""The composer page for a teacher: in the browser's language (or the one chosen on the
page), problems naming a section as the page shows it, a count of the puzzles made while
a book is built, and pages that open large."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
from pathlib import Path

import pytest

from bookgen.language import LANGUAGES, words_for
from bookgen.serve.early import Progress
from bookgen.serve.server import starting_state
from bookgen.serve.words import NATIVE_NAMES, named_sections, page_language, page_html, page_words


def test_the_page_speaks_the_first_shipped_language_the_browser_accepts():
    assert page_language("", "de-DE,de;q=0.9,en;q=0.8") == "de"
    assert page_language("", "ja,el;q=0.5,fr;q=0.7") == "fr"  # by weight, Japanese not shipped
    assert page_language("", "ja, zh") == "en"
    assert page_language("lang=uk", "de") == "uk"  # chosen on the page
    assert page_language("lang=xx", "pl;q=0.2") == "pl"
    assert page_language("", "de;q=0, it") == "it"  # q=0 means "not this one"


def test_every_language_names_itself_and_translates_every_page_word():
    english = page_words(words_for("en"))
    assert set(NATIVE_NAMES) == set(LANGUAGES)
    for code in LANGUAGES:
        said = page_words(words_for(code))
        assert set(said) == set(english)
        if code != "en":
            same = [key for key in said if said[key] == english[key] and re.search("[a-z]{4}", english[key])]
            assert len(same) <= 2, (code, same)  # a word or two may be alike (French "Page")


def test_the_page_html_is_in_its_language_with_its_words_for_the_script():
    template = (Path(__file__).parents[2] / "bookgen/serve/page/page.html").read_text(encoding="utf-8")
    html = page_html(template, "TOKEN123", "de")
    assert '<html lang="de">' in html and "Für wen die Blätter sind" in html and "{{" not in html
    words = json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', html, re.S)[1])
    assert words["made_of"] == "{made} von {total} Rätseln erstellt"
    assert '<option value="el" lang="el">Ελληνικά</option>' in html and '<option value="de" selected' in html


def test_the_pages_words_do_not_choose_a_books_font():
    """The composer's words never print: a catalogue's letters (which choose the book's
    font) are those of its book messages alone; "↓" is in the page's words only."""
    for code in LANGUAGES[1:]:
        assert "↓" in page_words(words_for(code))["to_pages"]
        assert "↓" not in words_for(code).letters


def test_a_problem_names_the_section_as_the_page_shows_it():
    state = {"book": {}, "sections": [{"type": "sudoku"}, {"type": "kenken"}]}
    said = named_sections("Cleo at hard: sections[1] (KenKen): a 4x4 KenKen can be beginner, easy", state, "en")
    assert said == "Cleo at hard: Section 2 (KenKen): a 4x4 KenKen can be beginner, easy"
    assert named_sections("book.yaml: sections[0].count: expected 1 to 500", state, "de") == \
        "book.yaml: Abschnitt 1 (Sudoku): expected 1 to 500"


def test_a_german_page_starts_a_german_book():
    assert starting_state("de")["book"]["language"] == "de"
    assert starting_state("de")["book"]["title"] == "Mein Rätselbuch"
    assert "language" not in starting_state("en")["book"]


def test_a_builds_progress_is_counted_whole_and_ends_at_the_total(tmp_path: Path):
    progress = Progress(tmp_path, 3)
    progress.write()
    assert json.loads((tmp_path / "progress.json").read_text()) == {"made": 0, "of": 3, "first": None}
    for _ in range(3):
        progress.done()
    assert json.loads((tmp_path / "progress.json").read_text()) == {"made": 3, "of": 3, "first": None}
    assert not list(tmp_path.glob("*.part"))


def _get(url: str, headers: dict) -> str:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60) as answer:
        return answer.read().decode("utf-8")


@pytest.mark.slow
def test_a_browser_asking_for_german_gets_the_page_and_its_errors_in_german(served):
    html = _get(served.url, {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in html and "Welche Rätsel" in html and "Which puzzles" not in html
    assert "Language of this page" in _get(served.url, {"Accept-Language": "ja"})
    client = served.page()  # English: no Accept-Language
    state = {"book": {"seed": "3", "students": ["Ana", "Cleo, expert"]},
             "sections": [{"type": "sudoku", "size": "6", "difficulty": "easy", "count": "1"},
                          {"type": "kenken", "size": "4", "difficulty": "easy", "count": "1"}]}
    problems = client.call("/api/check", {"state": state})["problems"]
    assert any("Section 2 (KenKen)" in p["message"] for p in problems), problems
    assert not any("sections[" in p["message"] for p in problems)
    labels = {f["name"]: f.get("label") for f in client.call("/api/check", {"state": state})["form"]["book"]}
    assert labels["language"] == "Language of the book"


@pytest.mark.slow
def test_a_preview_reports_its_puzzles_made_while_it_builds_and_a_page_opens_large(served, wait_for):
    client = served.page()
    state = {"book": {"seed": "41", "layout": "worksheet"},
             "sections": [{"type": "sudoku", "size": "9", "difficulty": "hard", "count": "12"}]}
    done: dict = {}
    thread = threading.Thread(target=lambda: done.update(client.call("/api/preview", {"state": state})))
    thread.start()
    seen: list[dict] = []

    def counted() -> bool:
        said = client.call("/api/progress", {})
        if said:
            seen.append(said)
        return bool(seen) and not thread.is_alive() or any(s["made"] == 12 for s in seen)

    assert wait_for(counted, 240, 0.05)
    thread.join(240)
    assert seen and all(s["of"] == 12 and 0 <= s["made"] <= 12 for s in seen)
    assert [s["made"] for s in seen] == sorted(s["made"] for s in seen)
    assert done["puzzles"] == 12 and client.call("/api/progress", {}) == {}
    small = client.get(done["files"] + "page-1.png")
    large = client.get(done["files"] + "large-page-1.png")
    assert large.startswith(b"\x89PNG") and len(large) > 2 * len(small)
