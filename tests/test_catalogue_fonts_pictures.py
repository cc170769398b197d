"""Issue 22's catalogue, fonts and pictures: a damaged font or picture is one line from
`check` and the same line from `build` (exit 2, nothing written); a font is asked for
the characters the book prints, never for a placeholder's braces; what `check` accepts,
the build prints."""

from __future__ import annotations

import functools
import io
import string
import struct
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.font_choice import FURNITURE
from bookgen.cli import main

SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def refused_alike(spec: Path, expected: str) -> None:
    """`check` and `build` print the same one line, exit 2, and write nothing."""
    before = sorted(p.name for p in spec.parent.iterdir())
    for args in (("check", str(spec)), ("build", str(spec), "-o", str(spec.with_suffix(".pdf")), "-j", "1")):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert result.output.splitlines() == [expected]
    assert sorted(p.name for p in spec.parent.iterdir()) == before


def _atkinson() -> bytes:
    import fontpkg

    return fontpkg.path("Atkinson Hyperlegible", 400).read_bytes()


def _subset(characters: str) -> bytes:
    """Atkinson Hyperlegible with only these characters (fontTools' subsetter)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(_atkinson()))
    subsetter = subset.Subsetter()
    subsetter.populate(text=characters)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _with_cmap(font: bytes, cmap: bytes) -> bytes:
    """The font with its character map replaced by `cmap`, appended at the end."""
    data = bytearray(font)
    (count,) = struct.unpack_from(">H", data, 4)
    for k in range(count):
        if data[12 + 16 * k: 16 + 16 * k] == b"cmap":
            struct.pack_into(">II", data, 12 + 16 * k + 8, len(data), len(cmap))
    return bytes(data) + cmap


def _format12(groups: list[tuple[int, int, int]]) -> bytes:
    body = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    body += b"".join(struct.pack(">III", *group) for group in groups)
    return struct.pack(">HHHHI", 0, 1, 3, 10, 12) + body


def _font_spec(tmp_path: Path, font: bytes, extra: str = "") -> Path:
    (tmp_path / "mine.ttf").write_bytes(font)
    spec = tmp_path / "book.yaml"
    spec.write_text("font: mine.ttf\n" + extra + SECTION)
    return spec


@pytest.mark.parametrize("keep", [0, 11, 100, 1000, 20_000, -100])
def test_a_truncated_font_is_one_line_from_check_and_build(tmp_path: Path, keep: int):
    font = _atkinson()
    spec = _font_spec(tmp_path, font[:keep])
    reason = ("too short to be a font" if 0 <= keep < 12 else "truncated: its 'DSIG' table runs past the end of the file")
    refused_alike(spec, f"{spec}:1:7: font: cannot read {tmp_path / 'mine.ttf'} as a TrueType font ({reason})")


@pytest.mark.parametrize("name, font, reason", [
    ("a character map from 0 to 2**32", lambda: _with_cmap(_atkinson(), _format12([(0, 0xFFFFFFFF, 1)])),
     "a character map of 4,294,967,296 characters, more than any font has"),
    ("a thousand overlapping groups", lambda: _with_cmap(_atkinson(), _format12([(0, 0xFFFF, 1)] * 1000)),
     "a character map of 327,680 characters, more than any font has"),
    ("a character map past its table", lambda: _with_cmap(_atkinson(), _format12([(0, 10, 1)])[:-6]),
     "truncated: a character map runs past the end of its table"),
    ("PostScript outlines", lambda: b"OTTO" + _atkinson()[4:],
     "an OpenType font with PostScript (CFF) outlines; bookgen embeds TrueType outlines only"),
    ("a picture named .ttf", lambda: b"\x89PNG\r\n\x1a\n" + bytes(100),
     "not a TrueType font (its first bytes are not a TrueType signature)"),
])
def test_a_hostile_font_is_refused_before_it_is_parsed(tmp_path: Path, name: str, font, reason: str):
    spec = _font_spec(tmp_path, font())
    refused_alike(spec, f"{spec}:1:7: font: cannot read {tmp_path / 'mine.ttf'} as a TrueType font ({reason})")


def test_a_font_without_digits_is_refused_by_check_as_the_build_would(tmp_path: Path):
    spec = _font_spec(tmp_path, _subset(FURNITURE.replace("7", "")))
    refused_alike(spec, f"{spec}: layout: no glyph for '7' (U+0037) in the font {tmp_path / 'mine.ttf'}")


def test_a_font_lacking_a_word_bookgen_prints_is_refused_at_the_font(tmp_path: Path):
    spec = _font_spec(tmp_path, _subset(FURNITURE.replace("×", "")))
    refused_alike(spec, f"{spec}:1:7: font: no glyph for '×' (U+00D7) in the font {tmp_path / 'mine.ttf'}, which "
                        "bookgen prints itself (page numbers, headings, labels)")


def test_a_font_needs_no_braces_for_the_placeholders_it_never_prints(tmp_path: Path):
    assert "{" not in FURNITURE
    (tmp_path / "l.yaml").write_text("header: '{title}'\nfooter: '{page} / {title}'\n")
    spec = _font_spec(tmp_path, _subset(FURNITURE + "/"), "title: Maths\nlayout: l.yaml\n")
    assert run("check", str(spec)).exit_code == 0
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"), "-j", "1")
    assert result.exit_code == 0, result.output


@pytest.mark.slow  # builds a book of every type and furniture (about 10 s)
def test_every_character_bookgen_prints_in_its_own_words_is_in_the_furniture(tmp_path: Path):
    import pdfplumber

    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: T\ncopies: 2\nname_line: true\nsections:\n"
        "  - {type: sudoku, size: 9, difficulty: medium, count: 1, hints: true, title: S, instructions: I}\n"
        "  - {type: sudoku, size: 16, difficulty: beginner, count: 1, title: S, instructions: I}\n"
        "  - {type: sudoku, variant: toroidal, size: 6, difficulty: easy, count: 1, title: S, instructions: I}\n"
        "  - {type: kenken, size: 5, difficulty: hard, count: 1, hints: true, title: S, instructions: I}\n"
        "  - {type: kenken, size: 4, difficulty: easy, hide_operations: true, count: 1, title: S, instructions: I}\n"
        "  - {type: killer, size: 6, difficulty: medium, count: 1, hints: true, title: S, instructions: I}\n"
        "  - {type: sliding, size: 3, difficulty: easy, cutouts: true, count: 1, title: S, instructions: I}\n"
        "  - {type: samurai, difficulty: beginner, count: 1, title: S, instructions: I}\n")
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        printed = {c["text"] for page in pdf.pages for c in page.chars}
    assert printed - set(FURNITURE) == set()


# ----- pictures

def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(extra: bytes = b"") -> bytes:
    """A small grey PNG with `extra` chunks after its header."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (30, 30), 100).save(out, "PNG")
    png = out.getvalue()
    return png[:33] + extra + png[33:]


@functools.cache
def _bomb() -> bytes:
    """200 MB of zeros in about 200 KB: made when a test first needs it, not when the
    tests are collected (3 s in every worker of every run)."""
    return zlib.compress(bytes(200 * 2**20), 9)


# name -> (the picture's bytes, made when its test runs; the reason check and build give)
PICTURES = {
    "a zTXt chunk inflating to 200 MB": (lambda: _png(_chunk(b"zTXt", b"Comment\x00\x00" + _bomb())),
                                         "a text chunk (zTXt) that inflates to more than 1 MB"),
    "an iTXt chunk inflating to 200 MB": (lambda: _png(_chunk(b"iTXt", b"Comment\x00\x01\x00en\x00\x00" + _bomb())),
                                          "a text chunk (iTXt) that inflates to more than 1 MB"),
    "an iCCP profile inflating to 200 MB": (lambda: _png(_chunk(b"iCCP", b"icc\x00\x00" + _bomb())),
                                            "a colour profile (iCCP) that inflates to more than 1 MB"),
    "twenty text chunks of 900 KB": (
        lambda: _png(b"".join(_chunk(b"zTXt", b"C\x00\x00" + zlib.compress(bytes(900 * 1024))) for _ in range(20))),
        "its text and colour-profile chunks inflate to more than 8 MB"),
    "a truncated PNG": (lambda: _png()[:60], "a damaged picture (image file is truncated)"),
    "a GIF": (lambda: b"GIF89a" + bytes(40), "not a PNG or JPEG picture"),
    "random bytes": (lambda: bytes(range(256)) * 4, "not a PNG or JPEG picture"),
    "an empty file": (lambda: b"", "not a PNG or JPEG picture"),
}


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_a_hostile_picture_is_one_line_from_check_and_build(tmp_path: Path, name: str):
    make, reason = PICTURES[name]
    (tmp_path / "pic.png").write_bytes(make())
    spec = tmp_path / "book.yaml"
    spec.write_text("sections:\n  - type: sliding\n    size: 3\n    image: pic.png\n")
    refused_alike(spec, f"{spec}:4:5: sections[0].image: cannot read pic.png as a picture ({reason})")


def test_a_pipe_as_picture_is_refused_without_waiting(tmp_path: Path):
    import os

    os.mkfifo(tmp_path / "pic.png")
    spec = tmp_path / "book.yaml"
    spec.write_text("sections:\n  - type: sliding\n    size: 3\n    image: pic.png\n")
    result = run("check", str(spec))
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"{spec}:4:5: sections[0].image: expected an existing file, got pic.png "
                                          "(not a regular file: a device, pipe or socket)"]


def test_a_picture_with_small_text_chunks_is_read(tmp_path: Path):
    from bookgen.pictures import read_picture

    (tmp_path / "pic.png").write_bytes(_png(_chunk(b"zTXt", b"Comment\x00\x00" + zlib.compress(b"hello" * 100))))
    assert read_picture(tmp_path / "pic.png").size == (30, 30)


def test_the_furniture_is_what_the_help_says():
    assert set(string.digits) <= set(FURNITURE) and "…" in FURNITURE
