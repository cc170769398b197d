"""The composer page in a real headless Chromium (Debian's `chromium`), driven by
Playwright for Python pointed at the system browser: a teacher's fifteen minutes.
Skipped, with the reason, where no Chromium or no Playwright is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
import yaml

pytestmark = pytest.mark.slow

NAMES = [f"Student {chr(65 + k % 26)}{k // 26 + 1}" for k in range(29)] + ["Dũng"]
PHONE = {"width": 390, "height": 844}
# Where the screenshots go when asked (CI keeps them; make pictures makes its own).
SHOTS = os.environ.get("BOOKGEN_SCREENSHOTS")


def chromium() -> str | None:
    for name in (os.environ.get("BOOKGEN_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


@pytest.fixture
def browser():
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                                                                   "(make test installs it with the test group)")
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium on this machine: install Debian's chromium package "
                    "(apt-get install chromium chromium-driver; .ci/run does) to run the browser tests")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


def _status(page) -> str:
    return page.inner_text("#status")


def _wait_built(page, puzzles: int, seconds: float = 240):
    page.wait_for_function("n => document.getElementById('status').dataset.puzzles === n && "
                           "!document.getElementById('status').classList.contains('busy') && "
                           "!document.getElementById('pages').classList.contains('stale')",
                           arg=str(puzzles), timeout=seconds * 1000)


def _shot(page, name: str, tmp_path: Path) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name))
    return folder / name


def test_a_teacher_composes_a_class_set_previews_it_and_takes_the_pdf_and_the_spec(browser, served, tmp_path: Path,
                                                                                 bookgen_command):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    page.goto(served.url)
    _wait_built(page, 4)

    page.fill('[data-path="title"]', "Friday puzzles")
    page.select_option('[data-path="layout"]', "worksheet")
    page.select_option('[data-path="paper"]', "Letter")
    page.click("#book-fields details.more > summary")  # the printer's settings
    page.fill('[data-path="seed"]', "2026")
    page.fill('[data-path="students"]', "\n".join(NAMES))
    page.select_option('[data-path="sections[0].size"]', "6")
    page.select_option('[data-path="sections[0].difficulty"]', "easy")
    page.fill('[data-path="sections[0].count"]', "2")
    page.click("#add-section")
    # The first check of a book with "Dũng" makes Noto Sans Bold (about 10 s, once a cache).
    page.wait_for_selector('[data-path="sections[1].type"]', timeout=180_000)
    page.select_option('[data-path="sections[1].type"]', "kenken")
    page.wait_for_selector('[data-path="sections[1].operations:+"]')
    page.select_option('[data-path="sections[1].size"]', "4")
    page.select_option('[data-path="sections[1].difficulty"]', "easy")
    page.fill('[data-path="sections[1].count"]', "2")
    _wait_built(page, 120)

    status = _status(page)
    pages = int(page.get_attribute("#status", "data-pages"))
    assert "Answers on pages" in status and "Puzzle number 2026" in status
    assert page.locator("#pages img").count() == pages
    assert page.locator("#pages figcaption b").count() >= 1  # the answer pages are marked
    _shot(page, "composer-1280.png", tmp_path)

    with page.expect_download() as pdf_download:
        page.click("#dl-pdf")
    with page.expect_download() as spec_download:
        page.click("#dl-spec")
    with page.expect_download() as key_download:
        page.click("#dl-answers")
    pdf, spec, key = (tmp_path / "book.pdf"), (tmp_path / "book.yaml"), (tmp_path / "answers.pdf")
    pdf_download.value.save_as(pdf)
    spec_download.value.save_as(spec)
    key_download.value.save_as(key)

    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    assert data["students"] == NAMES and data["layout"] == "worksheet" and data["paper"] == "Letter"
    assert [(s["type"], s["size"], s["difficulty"], s["count"]) for s in data["sections"]] == [
        ("sudoku", 6, "easy", 2), ("kenken", 4, "easy", 2)]
    with pdfplumber.open(pdf) as book:
        assert len(book.pages) == pages
        text = "\n".join(p.extract_text() or "" for p in book.pages)
    assert all(name in text for name in NAMES) and "Friday puzzles" in text
    with pdfplumber.open(key) as answers:
        assert 0 < len(answers.pages) < pages and "Answers" in (answers.pages[0].extract_text() or "")

    rebuilt = tmp_path / "rebuilt.pdf"
    # The downloaded spec fixes no seed (a new set each build); the seed rebuilds this one.
    assert "seed" not in data and "# seed: 2026 " in spec.read_text(encoding="utf-8")
    subprocess.run(bookgen_command + ["build", str(spec), "-o", str(rebuilt), "-q", "--seed", "2026"], check=True)
    assert rebuilt.read_bytes() == pdf.read_bytes()

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    _shot(page, "composer-phone.png", tmp_path)
    context.close()


def test_a_bad_value_shows_its_error_beside_its_field_in_checks_words(browser, served, tmp_path: Path,
                                                                     bookgen_command):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    page.fill('[data-path="sections[0].count"]', "0")
    error = page.locator('[data-field="sections[0].count"] .error')
    error.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('[data-field=\"sections[0].count\"] .error').textContent")
    shown = error.inner_text().strip()
    assert "Not made yet" in _status(page)

    spec = tmp_path / "book.yaml"
    spec.write_text("seed: 1\nsections:\n  - type: sudoku\n    size: 6\n    difficulty: easy\n    count: 0\n")
    printed = subprocess.run(bookgen_command + ["check", str(spec)], capture_output=True, text=True).stderr.strip()
    assert shown and printed.endswith(f"sections[0].count: {shown}")

    page.fill('[data-path="sections[0].count"]', "3")
    _wait_built(page, 3)
    assert page.locator('[data-field="sections[0].count"] .error').inner_text().strip() == ""


def test_a_level_the_size_does_not_reach_cannot_be_chosen_and_says_why(browser, served):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    page.select_option('[data-path="sections[0].size"]', "4")
    page.wait_for_selector('[data-path="sections[0].difficulty"] option[value="expert"][disabled]', state="attached")
    reasons = page.locator('[data-field="sections[0].difficulty"] details.why li').all_text_contents()
    assert "expert: a 4x4 sudoku can be beginner; expert ones are not offered (every 4x4 falls to the " \
        "beginner's techniques, so none needs one of a higher level)" \
        in reasons


def test_an_opened_spec_fills_the_form_leaves_its_files_out_with_a_note_and_is_built(browser, served, tmp_path: Path):
    spec = tmp_path / "friday.yaml"
    spec.write_text("title: Opened\nseed: 12\nfont: fonts/mine.ttf\nstudents: [Ana, Ben, Chloé]\nsections:\n"
                    "  - type: kenken\n    size: 5x5\n    difficulty: easy\n    count: 1\n", encoding="utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.url)
    _wait_built(page, 4)
    page.set_input_files("#open", str(spec))
    _wait_built(page, 3)
    assert page.input_value('[data-path="title"]') == "Opened" and page.input_value('[data-path="seed"]') == "12"
    assert page.input_value('[data-path="sections[0].type"]') == "kenken"
    assert page.input_value('[data-path="sections[0].size"]') == "5"
    assert page.locator('[data-path="sections[0].size"] option:checked').inner_text() == "5×5"
    assert page.input_value('[data-path="students"]') == "Ana\nBen\nChloé"
    assert "font: fonts/mine.ttf is a file beside your spec" in page.inner_text("#notes")
    assert "Puzzle number 12" in _status(page) and page.locator("#pages img").count() > 0


def test_a_level_typed_after_a_name_is_checked_and_named_in_the_answer_key(browser, served, tmp_path: Path):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    page.goto(served.url)
    _wait_built(page, 4)
    page.select_option('[data-path="layout"]', "worksheet")
    page.select_option('[data-path="sections[0].size"]', "4")
    page.select_option('[data-path="sections[0].difficulty"]', "beginner")
    page.fill('[data-path="sections[0].count"]', "1")
    page.fill('[data-path="students"]', "Ana, beginner\nBen\nCleo, expert")
    error = page.locator('[data-field="students"] .error')
    page.wait_for_function("() => document.querySelector('[data-field=\"students\"] .error').textContent")
    assert error.inner_text().strip().startswith("Cleo at expert: Section 1 (Sudoku): a 4x4 sudoku can be "
                                                 "beginner; expert ones are not offered")

    # A 6x6 section at medium takes every level: the students' own are named in the key.
    page.select_option('[data-path="sections[0].size"]', "6")
    page.select_option('[data-path="sections[0].difficulty"]', "medium")
    page.fill('[data-path="students"]', "Ana, beginner\nBen\nCleo, easy")
    _wait_built(page, 3)
    with page.expect_download() as key_download:
        page.click("#dl-answers")
    key = tmp_path / "answers.pdf"
    key_download.value.save_as(key)
    with pdfplumber.open(key) as answers:
        text = "\n".join(p.extract_text() or "" for p in answers.pages)
    assert "Ana · beginner · 1 (page 1)" in text and "Ben · 1 (page 2)" in text and "Cleo · easy · 1 (page 3)" in text
    context.close()
