"""Issue 34's catalogue, fonts: a font whose units per em are 0 (or absurd) is one clear
line from `check` and `build`, not "division by zero"; a font whose licence forbids
embedding (OS/2 fsType restricted, or bitmaps only) is refused by both with a line that
says so, where it was embedded without a word; one that allows only whole-font
embedding gets a note; a font damaged anywhere is refused by `check` or built, never a
traceback from `build` (a fuzz over every table)."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from tests.test_catalogue_fonts_pictures import _atkinson, _font_spec, refused_alike


def _table(font: bytes, tag: bytes) -> tuple[int, int]:
    (count,) = struct.unpack_from(">H", font, 4)
    for k in range(count):
        found, _checksum, offset, length = struct.unpack_from(">4sIII", font, 12 + 16 * k)
        if found == tag:
            return offset, length
    raise KeyError(tag)


def _patched(font: bytes, tag: bytes, at: int, value: int) -> bytes:
    offset, _length = _table(font, tag)
    data = bytearray(font)
    struct.pack_into(">H", data, offset + at, value)
    return bytes(data)


@pytest.mark.parametrize("units", [0, 1, 65535])
def test_absurd_units_per_em_are_one_clear_line(tmp_path: Path, units: int):
    spec = _font_spec(tmp_path, _patched(_atkinson(), b"head", 18, units))
    refused_alike(spec, f"{spec}:1:7: font: cannot read {tmp_path / 'mine.ttf'} as a TrueType font (its 'head' "
                        f"table gives {units} units per em (a font has 16 to 16384): the file is damaged)")


@pytest.mark.parametrize("fs_type, why", [
    (0x0002, "its licence forbids embedding it in a document (OS/2 fsType: restricted licence), and a PDF must "
             "embed its fonts; use a font whose licence allows embedding"),
    (0x0202, "its licence forbids embedding it in a document (OS/2 fsType: restricted licence), and a PDF must "
             "embed its fonts; use a font whose licence allows embedding"),
    (0x0204, "its licence allows embedding it only as bitmaps (OS/2 fsType), and bookgen embeds outlines; use a "
             "font whose licence allows embedding"),
])
def test_a_font_whose_licence_forbids_embedding_is_refused_saying_so(tmp_path: Path, fs_type: int, why: str):
    spec = _font_spec(tmp_path, _patched(_atkinson(), b"OS/2", 8, fs_type))
    refused_alike(spec, f"{spec}:1:7: font: cannot use {tmp_path / 'mine.ttf'}: {why}")


@pytest.mark.parametrize("fs_type", [0x0000, 0x0004, 0x0008])
def test_a_font_whose_licence_allows_printing_is_used_without_a_note(tmp_path: Path, fs_type: int):
    spec = _font_spec(tmp_path, _patched(_atkinson(), b"OS/2", 8, fs_type))
    result = CliRunner().invoke(main, ["check", str(spec)])
    assert result.exit_code == 0 and "note" not in result.output


def test_a_font_that_may_be_embedded_only_whole_gets_a_note(tmp_path: Path):
    spec = _font_spec(tmp_path, _patched(_atkinson(), b"OS/2", 8, 0x0100))
    result = CliRunner().invoke(main, ["check", str(spec)])
    assert f"bookgen: note: the font {tmp_path / 'mine.ttf'}: its licence allows embedding only the whole font " \
           "(OS/2 fsType), not a subset of it" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_a_font_damaged_in_any_table_is_refused_by_check_or_built(tmp_path: Path, seed: int):
    """Bytes changed at random inside one table at a time (every table in turn): `check`
    refuses the font in one line, or `build` makes the book; never a traceback."""
    font = _atkinson()
    rng = random.Random(seed)
    (count,) = struct.unpack_from(">H", font, 4)
    for k in range(count):
        _tag, _checksum, offset, length = struct.unpack_from(">4sIII", font, 12 + 16 * k)
        data = bytearray(font)
        for _ in range(rng.choice([1, 2, 4])):
            data[offset + rng.randrange(min(length, 64) if rng.random() < 0.5 else length)] = rng.randrange(256)
        spec = _font_spec(tmp_path, bytes(data))
        checked = CliRunner().invoke(main, ["check", str(spec)])
        assert checked.exit_code in (0, 2) and len(checked.output.splitlines()) <= 2, checked.output
        if checked.exit_code == 0:
            built = CliRunner().invoke(main, ["build", str(spec), "-o", str(tmp_path / "b.pdf"), "-j", "1", "-q",
                                              "--no-cache"])
            assert built.exit_code == 0, (k, built.output)
