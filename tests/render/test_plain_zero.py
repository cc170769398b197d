"""The book's zero is an oval without a slash (Atkinson Hyperlegible's own is slashed,
unfamiliar to young children): drawn by the registered font, its middle is paper; every
other glyph of the font is as shipped."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from reportlab.pdfgen import canvas

from bookgen.render.fonts import BOLD_WEIGHT, PRIMARY, _family_file, default_fonts
from bookgen.render.plain_zero import plain_zero


def _middle_is_paper(tmp_path: Path, bold: bool, text: str) -> bool:
    face = default_fonts().face(bold)
    face.font()  # registered with ReportLab
    pdf = tmp_path / "zero.pdf"
    page = canvas.Canvas(str(pdf), pagesize=(300, 300), invariant=1)
    page.setFont(face.pdf_name, 200)
    width = page.stringWidth(text, face.pdf_name, 200)
    page.drawString(150 - width / 2, 80, text)
    page.save()
    image = pypdfium2.PdfDocument(str(pdf))[0].render(scale=1).to_pil().convert("L")
    # The glyph's middle: half its width across, half the cap height (0.7 em) up.
    middle = (150, 300 - (80 + 0.35 * 200))
    dark = [image.getpixel((middle[0] + dx, int(middle[1]) + dy)) < 128 for dx in (-3, 0, 3) for dy in (-3, 0, 3)]
    return not any(dark)


@pytest.mark.parametrize("bold", [False, True])
def test_the_books_zero_has_no_slash_through_its_middle(tmp_path: Path, bold: bool):
    assert _middle_is_paper(tmp_path, bold, "0")
    assert not _middle_is_paper(tmp_path, bold, "8")  # the check sees a glyph's middle ink


@pytest.mark.parametrize("weight", [400, BOLD_WEIGHT])
def test_only_the_zero_changes_and_the_same_file_gives_the_same_bytes(weight: int):
    from fontTools.ttLib import TTFont

    path = _family_file(PRIMARY, weight)
    changed, shipped = TTFont(io.BytesIO(plain_zero(path))), TTFont(str(path))
    assert changed["glyf"]["zero"].numberOfContours == 2 and shipped["glyf"]["zero"].numberOfContours == 3
    for name in shipped.getGlyphOrder():
        if name != "zero":
            assert changed["glyf"][name].compile(changed["glyf"]) == shipped["glyf"][name].compile(shipped["glyf"]), name
    assert plain_zero.__wrapped__(path) == plain_zero(path)


@pytest.mark.parametrize("weight", [400, BOLD_WEIGHT])
def test_the_shipped_file_measures_as_the_plain_zero_font_does(weight: int):
    # `check` measures with the shipped file (never unslashing the zero): every width,
    # character and height ReportLab reads must be the changed font's.
    from reportlab.pdfbase.ttfonts import TTFont

    path = _family_file(PRIMARY, weight)
    changed, shipped = TTFont("changed", io.BytesIO(plain_zero(path))).face, TTFont("shipped", str(path)).face
    assert changed.charToGlyph == shipped.charToGlyph and changed.charWidths == shipped.charWidths
    assert (changed.defaultWidth, changed.capHeight, changed.ascent, changed.descent) == \
        (shipped.defaultWidth, shipped.capHeight, shipped.ascent, shipped.descent)


def test_a_default_face_measures_alike_before_and_after_its_zero_is_unslashed():
    from bookgen.render.fonts import Face

    path = _family_file(PRIMARY, 400)
    face = Face("PlainZeroMeasured", "test", lambda: io.BytesIO(plain_zero(path)), measured=lambda: str(path))
    text = "Contents 0123456789 Ångström ×÷−"
    before = (face.metrics().stringWidth(text, 11), face.cap_height, face.missing(text + "ω"))
    face.font()  # now the changed font itself is read, and measured
    assert (face.metrics().stringWidth(text, 11), face.cap_height, face.missing(text + "ω")) == before
    assert face.metrics() is face.font()


@pytest.mark.parametrize("weight", [400, BOLD_WEIGHT])
def test_the_plain_zero_font_is_kept_in_the_cache_and_read_back_as_made(weight: int, monkeypatch):
    import hashlib
    import os

    from bookgen import cache
    from bookgen.render import fonts

    made = plain_zero(_family_file(PRIMARY, weight))
    assert hashlib.sha256(made).hexdigest() in cache.SHIPPED_DIGESTS.values()  # the package ships its digest
    fonts.plain_zero_font.cache_clear()
    assert fonts.plain_zero_font(weight) == made
    stem = _family_file(PRIMARY, weight).stem
    (kept,) = (Path(os.environ["BOOKGEN_CACHE_DIR"]) / "fonts").glob(f"{stem}-plain-zero-*.ttf")
    assert kept.read_bytes().endswith(made)
    fonts.plain_zero_font.cache_clear()
    monkeypatch.setattr(fonts, "plain_zero", lambda path: pytest.fail("made again, though cached"))
    assert fonts.plain_zero_font(weight) == made


def test_an_edited_cached_plain_zero_font_is_made_again(monkeypatch):
    import hashlib
    import json
    import os

    from bookgen.render import fonts

    fonts.plain_zero_font.cache_clear()
    made = fonts.plain_zero_font(400)
    (kept,) = (Path(os.environ["BOOKGEN_CACHE_DIR"]) / "fonts").glob("*-Regular-plain-zero-*.ttf")
    header = json.loads(kept.read_bytes().partition(b"\n")[0])
    shipped = _family_file(PRIMARY, 400).read_bytes()  # the slashed zero, its checksum made to match
    header.update(length=len(shipped), sha256=hashlib.sha256(shipped).hexdigest())
    kept.write_bytes(json.dumps(header).encode() + b"\n" + shipped)
    fonts.plain_zero_font.cache_clear()
    assert fonts.plain_zero_font(400) == made
    fonts.plain_zero_font.cache_clear()


def test_a_cache_that_cannot_be_written_is_no_note_for_the_plain_zero_font(tmp_path: Path, monkeypatch, caplog):
    from bookgen import cache
    from bookgen.render import fonts

    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(blocked / "bookgen"))
    monkeypatch.setattr(cache, "_keys", {})
    monkeypatch.setattr(cache, "_key_faults", {})
    monkeypatch.setattr(cache, "_noted", set())
    fonts.plain_zero_font.cache_clear()
    with caplog.at_level("WARNING", logger="bookgen"):
        assert fonts.plain_zero_font(400) == plain_zero(_family_file(PRIMARY, 400))
    assert caplog.records == []
    assert cache.cache_key() is None and len(caplog.records) == 1  # a call that is not quiet still says why
    fonts.plain_zero_font.cache_clear()
