"""The composer page as a teacher meets it, in headless Chromium: in German for a German
browser, by keyboard alone, at a phone's width, with a progress bar while the sheets are
made and pages that open large. (The browser and its skip reasons: test_browser.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_browser import PHONE, _shot, _wait_built, browser  # noqa: F401 - browser is a fixture

pytestmark = pytest.mark.slow


def test_a_german_browser_gets_the_page_in_german_and_a_german_book(browser, served, tmp_path: Path):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE",
                                  extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"})
    page = context.new_page()
    page.goto(served.url)
    _wait_built(page, 4)
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("#class legend") == "1. Für wen die Blätter sind"
    assert page.inner_text("#puzzles legend").startswith("2. Welche Rätsel")
    assert "Seiten: 3" in page.inner_text("#status") and "Rätsel: 4" in page.inner_text("#status")
    assert page.input_value('[data-path="language"]') == "de"
    assert page.locator('[data-path="language"] option:checked').inner_text() == "Deutsch"
    assert page.locator('[data-path="sections[0].difficulty"] option:checked').inner_text() == "leicht"
    _shot(page, "composer-de-1280.png", tmp_path)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _shot(page, "composer-de-phone.png", tmp_path)

    # Changed on the page: English words, the book composed so far kept.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.fill('[data-path="sections[0].count"]', "2")
    _wait_built(page, 2)
    page.select_option("#page-language", "en")
    page.wait_for_load_state()
    _wait_built(page, 2)
    assert page.inner_text("#class legend") == "1. Who the sheets are for"
    assert page.input_value('[data-path="sections[0].count"]') == "2"
    context.close()


def _tab_to(page, test: str, presses: int = 80) -> bool:
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(test):
            return True
    return False


def test_every_control_is_reached_and_used_by_keyboard_alone(browser, served, tmp_path: Path):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    page.evaluate("document.activeElement.blur()")
    assert _tab_to(page, "document.activeElement.id === 'open'"), "Open a saved book… is not reached by Tab"
    assert _tab_to(page, "document.activeElement.dataset.path === 'students:file'"), \
        "Choose a class list… is not reached by Tab"
    # A choice made with the keys: the size, then the count typed.
    assert _tab_to(page, "document.activeElement.dataset.path === 'sections[0].size'")
    page.keyboard.press("ArrowUp")  # 6×6 -> 4×4: sizes are listed small to large
    page.wait_for_function("() => document.querySelector('[data-path=\"sections[0].size\"]').value !== '6'")
    assert _tab_to(page, "document.activeElement.dataset.path === 'sections[0].count'")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    _wait_built(page, 3)
    # The printer's settings open with the keyboard, and a page opens large and closes.
    assert _tab_to(page, "document.activeElement.tagName === 'SUMMARY' && "
                         "document.activeElement.parentElement.parentElement.id === 'book-fields'")
    page.keyboard.press("Enter")
    assert page.locator('[data-path="seed"]').is_visible()
    assert _tab_to(page, "document.activeElement.classList.contains('enlarge')", 120)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('large').open && "
                           "document.getElementById('large-image').naturalWidth > 900")
    _shot(page, "composer-large-page.png", tmp_path)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('large').open")


def test_a_bar_counts_the_puzzles_made_while_the_sheets_are_made(browser, served):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    page.evaluate("() => { window.counts = []; new MutationObserver(() => "
                  "window.counts.push(document.getElementById('progress-count').textContent))"
                  ".observe(document.getElementById('progress-count'), {childList: true, characterData: true, "
                  "subtree: true}); }")
    page.select_option('[data-path="sections[0].size"]', "9")
    page.select_option('[data-path="sections[0].difficulty"]', "hard")
    page.fill('[data-path="sections[0].count"]', "12")
    _wait_built(page, 12, 300)
    counts = page.evaluate("window.counts")
    assert counts and all(c.endswith("of 12 puzzles made") or c == "All 12 puzzles made; setting the pages…"
                          for c in counts), counts
    assert page.locator("#progress-box").is_hidden()


def test_a_level_the_page_changed_stays_noted_until_dismissed(browser, served):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    page.select_option('[data-path="sections[0].difficulty"]', "hard")
    _wait_built(page, 4)
    page.select_option('[data-path="sections[0].size"]', "4")
    _wait_built(page, 4)
    page.wait_for_timeout(1500)  # the preview has come and gone: the note is still there
    note = page.locator("#events .event")
    assert note.count() == 1 and "Section 1 (Sudoku): hard is not offered" in note.inner_text()
    note.locator("button").click()
    assert page.locator("#events .event").count() == 0


def test_a_class_sets_first_sheet_is_shown_before_the_whole_set_is_made(browser, served, tmp_path: Path):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    # Whether the first sheet came while the bar still counted, and the image it showed.
    page.evaluate("() => { window.early = []; new MutationObserver(() => { "
                  "const img = document.querySelector('#pages figure.early img'); "
                  "if (img) window.early.push({src: img.getAttribute('src'), "
                  "busy: document.getElementById('status').classList.contains('busy')}); })"
                  ".observe(document.getElementById('pages'), {childList: true}); }")
    page.fill('[data-path="students"]', "\n".join(f"Child {n}" for n in range(1, 25)))
    page.wait_for_selector("#pages figure.early img", timeout=240_000)
    page.wait_for_function("() => { const img = document.querySelector('#pages figure.early img'); "
                           "return !img || img.naturalWidth > 300; }", timeout=60_000)
    _shot(page, "composer-first-sheet.png", tmp_path)
    _wait_built(page, 24 * 4, 300)
    early = page.evaluate("window.early")
    assert early and early[0]["busy"] and early[0]["src"].endswith("/first-1.png"), early
    # The whole set replaces it, its page 1 first.
    assert page.locator("#pages figure.early").count() == 0
    assert page.locator("#pages figure img").first.get_attribute("src").endswith("page-1.png")
