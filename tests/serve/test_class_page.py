"""The class section of the composer page: a class record opened (or created) by name,
next week's set made, recorded and previewed in one click, marks recorded per child,
the second set drawing none of the first's puzzles; through the server's calls, and in
a real headless Chromium with screenshots at desktop and phone widths."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from test_browser import PHONE, _shot, _wait_built, browser  # noqa: F401 - the browser fixture

STATE = {"book": {"title": "Week", "seed": "5", "layout": "worksheet", "students": ["Ana", "Ben", "Cleo"]},
         "sections": [{"type": "sudoku", "size": "4", "difficulty": "beginner", "count": "2"}]}


@pytest.mark.slow
def test_the_class_calls_open_make_next_weeks_set_and_mark(served, tmp_path: Path):
    client = served.page()
    record = tmp_path / "class-4b.sqlite"
    refused = client.call("/api/class/open", {"path": str(record)})
    assert "no such class record" in refused["error"] and not record.exists()
    assert "ends in" in client.call("/api/class/open", {"path": str(tmp_path / "notes.txt")})["error"]
    opened = client.call("/api/class/open", {"path": str(record), "create": True})
    assert opened["sets"] == [] and record.exists()
    first = client.call("/api/class/next", {"path": str(record), "state": STATE})
    assert first["problems"] == [] and "set 1 in" in first["record"] and first["seed"] != 5
    assert [s["number"] for s in first["class"]["sets"]] == [1]
    marked = client.call("/api/class/mark", {"path": str(record), "set": 1, "student": "Ana", "section": 0,
                                             "mark": "done"})
    assert {"student": "Ana", "section": 0, "mark": "done"} in marked["latest"]["marks"]
    second = client.call("/api/class/next", {"path": str(record), "state": STATE})
    assert "set 2 in" in second["record"] and second["seed"] != first["seed"]
    rows = sqlite3.connect(record).execute("SELECT student, clue_digest FROM puzzles").fetchall()
    assert len(rows) == 12 and len(set(rows)) == 12
    text = record.with_suffix(".db")
    text.write_text("Ana\nBen\n")
    damaged = client.call("/api/class/open", {"path": str(text)})
    assert "not an SQLite database" in damaged["error"] and text.read_text() == "Ana\nBen\n"


@pytest.mark.slow
def test_a_teacher_opens_a_record_makes_next_weeks_set_and_marks_it(browser, served, tmp_path: Path):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(served.url)
    _wait_built(page, 4)
    page.fill('[data-path="title"]', "Week")
    page.wait_for_timeout(600)
    _wait_built(page, 4)
    page.fill("#record-path", str(tmp_path / "class-4b.sqlite"))
    page.click("#record-open")
    page.wait_for_selector("#record-problem p")
    assert "no such class record" in page.inner_text("#record-problem")
    page.check("#record-create")
    page.click("#record-open")
    page.wait_for_selector("#record-summary")
    assert "No set yet" in page.inner_text("#record-summary")
    page.click("#record-next")
    page.wait_for_selector("#record-table")
    page.wait_for_function("() => /set 1 in/.test(document.getElementById('status').textContent)")
    assert page.locator("#pages img").count() > 0
    page.select_option("select.record-mark", "needed help")
    page.wait_for_function("() => document.querySelector('select.record-mark').value === 'needed help'")
    page.wait_for_timeout(300)
    marks = sqlite3.connect(tmp_path / "class-4b.sqlite").execute("SELECT mark FROM marks").fetchall()
    assert marks == [("needed help",)]
    page.click("#record-next")
    page.wait_for_function("() => /set 2 in/.test(document.getElementById('status').textContent)")
    page.wait_for_function("() => document.querySelectorAll('#record-table th').length === 4")
    page.locator("#class-record").scroll_into_view_if_needed()
    _shot(page, "class-desktop.png", tmp_path)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    page.locator("#class-record").scroll_into_view_if_needed()
    _shot(page, "class-phone.png", tmp_path)
    context.close()


@pytest.mark.slow
def test_a_german_page_shows_the_class_record_in_german(browser, served, tmp_path: Path):  # noqa: F811
    """The class record's panel speaks the page's language, as the rest of it does: its
    heading, help, buttons, problems, table, levels and marks (it was English only)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE",
                                  extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"})
    page = context.new_page()
    page.goto(served.url)
    _wait_built(page, 4)
    assert page.inner_text("#class-record legend") == "Das Klassenheft"
    assert page.inner_text("#record-open") == "Öffnen"
    assert page.inner_text("#record-next") == "Satz für nächste Woche erstellen"
    assert "Kein Kind bekommt ein Rätsel zweimal" in page.inner_text("#class-record .help")
    page.fill("#record-path", str(tmp_path / "klasse-4b.sqlite"))
    page.click("#record-open")
    page.wait_for_selector("#record-problem p")
    assert "kein solches Klassenheft" in page.inner_text("#record-problem")
    page.check("#record-create")
    page.click("#record-open")
    page.wait_for_selector("#record-summary")
    assert page.inner_text("#record-summary") == "Noch kein Satz: Erstellen Sie den ersten."
    page.click("#record-next")
    page.wait_for_selector("#record-table")
    headings = page.locator("#record-table th").all_inner_texts()
    assert headings[:2] == ["Kind", "Abschnitt"]
    assert page.inner_text("#record-summary").startswith("Bisherige Sätze: 1.")
    page.wait_for_function("() => /als Satz 1 in .*gespeichert/.test(document.getElementById('status').textContent)")
    assert page.locator("select.record-mark option").all_inner_texts() == \
        ["—", "geschafft", "brauchte Hilfe", "nicht gemacht"]
    table = page.inner_text("#record-table")
    assert "leicht" in table and "easy" not in table and "(die ganze Klasse)" in table  # the level in German
    page.locator("#class-record").scroll_into_view_if_needed()
    _shot(page, "class-de-desktop.png", tmp_path)
    context.close()
