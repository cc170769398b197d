"""The README's pictures of the composer page (`make pictures`): `bookgen serve` driven in
headless Chromium (Debian's chromium, through Playwright) to a class set being composed,
photographed at 1280x800 and at a phone's width."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

NAMES = ["Ana", "Ben", "Chloé", "Dev", "Eli", "Fatima", "Gus", "Hana", "Ivo", "Jonas", "Kai", "Lea"]


def main(out: Path) -> None:
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser_path is None:
        sys.exit("make pictures: the composer's pictures need Chromium (apt-get install chromium)")
    server = subprocess.Popen([sys.executable, "-m", "bookgen.cli", "serve", "--no-browser", "--port", "0"],
                              stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:[0-9]+/", server.stderr.readline())[0]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=browser_path, headless=True, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="en-GB",
                                    extra_http_headers={"Accept-Language": "en-GB"})
            page.goto(url)
            page.wait_for_selector("#pages img", timeout=120_000)
            page.fill('[data-path="title"]', "Friday puzzles")
            page.fill('[data-path="author"]', "Ms Rivera, class 4B")
            page.select_option('[data-path="layout"]', "worksheet")
            page.click("#book-fields details.more > summary")  # the printer's settings
            page.fill('[data-path="seed"]', "2026")
            page.fill('[data-path="students"]', "\n".join(NAMES))
            page.select_option('[data-path="sections[0].size"]', "4")
            page.select_option('[data-path="sections[0].difficulty"]', "beginner")  # a 4x4's only level
            page.fill('[data-path="sections[0].count"]', "2")
            page.click("#add-section")
            page.wait_for_selector('[data-path="sections[1].type"]', timeout=120_000)
            page.select_option('[data-path="sections[1].type"]', "kenken")
            page.wait_for_selector('[data-path="sections[1].operations:+"]')
            page.select_option('[data-path="sections[1].size"]', "4")
            page.select_option('[data-path="sections[1].difficulty"]', "easy")
            page.fill('[data-path="sections[1].count"]', "2")
            page.wait_for_function("() => document.getElementById('status').dataset.puzzles === '48' && "
                                   "!document.getElementById('pages').classList.contains('stale')", timeout=300_000)
            page.wait_for_function("() => [...document.querySelectorAll('#pages img')].every(i => i.complete && i.naturalWidth > 0)")
            page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
            page.screenshot(path=str(out / "composer-page.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(out / "composer-phone.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
