"""The README stays a short page a teacher can read, and it and the docs/ pages stay true
to the repository: its two commands are Makefile targets, and every relative link (and
every #anchor into a Markdown page) leads somewhere that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
# Pages written by others (make bench writes the first two): linked to, so they must exist.
EXPECTED = ["docs/benchmarks.md", "docs/offer.md", "docs/install.md", "docs/index.md", "LICENSE"]

FENCE = re.compile(r"^```.*?^```[^\n]*$", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    """The text without code blocks and code spans, where a [..](..) is not a link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def _anchors(page: Path) -> set[str]:
    """The #anchors GitHub makes for a page's headings."""
    seen: dict[str, int] = {}
    anchors = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug = re.sub(r"[^\w\- ]", "", heading.replace("`", "").strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def test_the_readme_is_short():
    words = len(README.read_text(encoding="utf-8").split())
    assert words <= 2600, f"README.md has {words} words; the reference belongs in docs/"


def test_the_first_commands_are_make_sample_and_make_test_and_both_are_targets():
    text = README.read_text(encoding="utf-8")
    first = FENCE.search(text)
    assert first is not None and text.index(first.group()) < text.index("\n## "), "no code block before the first section"
    commands = [line.split("#")[0].strip() for line in first.group().splitlines()[1:-1] if line.strip()]
    assert commands == ["make sample", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("sample", "test"):
        assert re.search(rf"^{target}:", makefile, re.M), f"the Makefile has no target {target}"


def test_the_readme_names_the_distribution_and_the_licence():
    text = README.read_text(encoding="utf-8")
    assert "bookgen-puzzles" in text
    assert "MIT" in text and "(LICENSE)" in text


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(page: Path):
    broken = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists() or ROOT not in where.parents:
            broken.append(f"{target}: no such file in the repository")
        elif anchor and where.suffix == ".md" and anchor not in _anchors(where):
            broken.append(f"{target}: no heading makes #{anchor}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_pages_linked_to_are_there():
    linked = {Path(t.partition("#")[0]).as_posix() for t in LINK.findall(_prose(README.read_text(encoding="utf-8")))}
    for name in EXPECTED:
        assert name in linked, f"README.md does not link to {name}"
        assert (ROOT / name).exists(), f"{name} is linked to but missing"
