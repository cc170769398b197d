"""The bad-input catalogue: every file a careless or hostile user can hand bookgen gets
exactly one line naming the file (and line, where there is one) and exit status 2, with
bounded work and nothing written."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.specfile import MAX_DEPTH, MAX_SPEC_BYTES

GOOD_SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: easy\n"


def _alias_bomb() -> str:
    """Eight levels of nine aliases each: 600 bytes that would expand to 43 million values."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n" + GOOD_SECTION


def _many_sections(sections: int, count: int) -> str:
    return "sections:\n" + f"  - type: sudoku\n    size: 4\n    difficulty: easy\n    count: {count}\n" * sections


# name -> (file content, the one line expected after "FILE:")
SPECS: dict[str, tuple[bytes | str, str]] = {
    "empty": ("", "1:1: the spec is empty; it needs at least 'sections' (a list of sections)"),
    "only a comment": ("# nothing yet\n", "1:1: the spec is empty; it needs at least 'sections' (a list of sections)"),
    "complex key": ("sections:\n  - type: sudoku\n    ? [a, b]\n    : 3\n", "3:7: a key must be a plain name, not a list"),
    "mapping as key": ("? {a: 1}\n: 2\n" + GOOD_SECTION, "1:3: a key must be a plain name, not a mapping"),
    "NUL byte": ("title: x\x00y\n" + GOOD_SECTION, "1:9: a NUL character: this is not a text file"),
    "control character": ("title: x\x07\n" + GOOD_SECTION, "1:9: the character #x0007 is not allowed in a spec"),
    "UTF-16 with BOM": (("title: x\n" + GOOD_SECTION).encode("utf-16"),
                        ": the file is UTF-16 (Notepad's \"Unicode\"); save it as UTF-8"),
    "UTF-16 without BOM": (("title: x\n" + GOOD_SECTION).encode("utf-16-le"),
                           ": the file is UTF-16 (Notepad's \"Unicode\"); save it as UTF-8"),
    "Latin-1": (b"title: caf\xe9\n" + GOOD_SECTION.encode(), "1:11: not UTF-8 text (byte 0xE9); save the file as UTF-8"),
    "syntax error at the last line": ("title: x\n" + GOOD_SECTION + "    size: [4\n",
                                      "6:13: YAML syntax error: expected ',' or ']', but got the end of the file"),
    "title nested 500 deep": ("title: " + "[" * 500 + "]" * 500 + "\n" + GOOD_SECTION,
                              f"1:{7 + MAX_DEPTH}: nested more than {MAX_DEPTH} levels deep"),
    "3000 nested mappings": ("title: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n" + GOOD_SECTION,
                             f"1:{9 + 4 * (MAX_DEPTH - 2)}: nested more than {MAX_DEPTH} levels deep"),
    "100,000 open brackets": ("title: " + "[" * 100_000 + "\n",
                              f"1:{7 + MAX_DEPTH}: nested more than {MAX_DEPTH} levels deep"),
    "alias bomb": (_alias_bomb(), "1:1: more than 20,000 values once aliases are expanded; a spec this large is not a book"),
    "alias to itself": ("sections: &a\n  - *a\n", "1:11: an alias refers to the value that contains it"),
    "merge into itself": ("sections:\n  - &b\n    type: sudoku\n    <<: *b\n",
                          "2:5: an alias refers to the value that contains it"),
    "merge of a list of values": ("sections:\n  - type: sudoku\n    <<: [1, 2]\n",
                                  "3:10: '<<' merges a mapping (such as *base), not a value"),
    "100,000-digit seed": ("seed: " + "9" * 100_000 + "\n" + GOOD_SECTION,
                           "1:1: seed: expected a whole number from 0 to 2**63-1, got a number of 100000 digits"),
    "negative seed": ("seed: -1\n" + GOOD_SECTION, "1:1: seed: expected a whole number from 0 to 2**63-1, got -1"),
    "seed 2**64": ("seed: 18446744073709551616\n" + GOOD_SECTION,
                   "1:1: seed: expected a whole number from 0 to 2**63-1, got 18446744073709551616"),
    "a long wrong value is cut short": ("sections:\n  - type: sudoku\n    count: " + "x" * 5000 + "\n",
                                        "3:5: sections[0].count: expected a whole number from 1 to 500, got "
                                        + "x" * 39 + "…"),
    "200 sections": (_many_sections(200, 1), "1:1: sections: expected at most 100 sections, got 200"),
    "too many puzzles": (_many_sections(3, 500), "1:1: sections: expected at most 1000 puzzles in the book, got 1500"),
    "sliding: more puzzles than positions": (
        "sections:\n  - type: sliding\n    size: 3\n    moves: 31\n    count: 3\n",
        "5:5: sections[0].count: only 2 different 3×3 positions need exactly 31 moves, and a book can draw "
        "at most half of them (1); ask for fewer"),
    "sliding: the same request in two sections adds up": (
        "sections:\n" + "  - type: sliding\n    size: 3\n    moves: 30\n    count: 60\n" * 2,
        "9:5: sections[1].count: only 221 different 3×3 positions need exactly 30 moves, and a book can draw "
        "at most half of them (110); ask for fewer"),
    "sliding: moves beyond what can be proved shortest": (
        "sections:\n  - type: sliding\n    size: 4\n    moves: 60\n",
        "4:5: sections[0].moves: a 4×4 scramble is proved shortest up to 44 moves; ask for at most 44"),
    "10 MB spec": ("title: x\n" + "#" * (10 * 1024 * 1024) + "\n" + GOOD_SECTION,
                   f": the file is larger than {MAX_SPEC_BYTES // 1024} KB, the most bookgen reads"),
}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_line(result, expected: str, status: int = 2) -> None:
    assert result.exit_code == status, result.output
    assert "Traceback" not in result.output
    assert result.output.splitlines() == [expected]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_a_bad_spec_gives_its_one_line_and_exit_2(name: str, tmp_path: Path):
    content, expected = SPECS[name]
    spec = tmp_path / "book.yaml"
    if isinstance(content, bytes):
        spec.write_bytes(content)
    else:
        spec.write_text(content, encoding="utf-8")
    one_line(run("check", str(spec)), f"{spec}{expected if expected.startswith(':') else ':' + expected}")
    one_line(run("build", str(spec), "-o", str(tmp_path / "book.pdf")),
             f"{spec}{expected if expected.startswith(':') else ':' + expected}")
    assert [p.name for p in tmp_path.iterdir()] == ["book.yaml"]


def test_merge_keys_bring_in_a_base_and_own_keys_win(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text("sections:\n  - &small\n    type: sudoku\n    size: 4\n    difficulty: easy\n"
                    "  - <<: *small\n    count: 3\n    title: More\n")
    one_line(run("check", str(spec)), f"{spec}: ok (2 sections, 4 puzzles)", status=0)


def test_a_merge_key_with_an_unknown_key_in_the_base_names_the_base_line(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text("sections:\n  - &base\n    type: sudoku\n    sise: 4\n  - <<: *base\n")
    result = run("check", str(spec))
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"{spec}:4:5: sections[0].sise: unknown key 'sise'; did you mean 'size'?",
                                          f"{spec}:4:5: sections[1].sise: unknown key 'sise'; did you mean 'size'?"]


@pytest.mark.parametrize("path, expected", [
    ("", "'': expected a file name, got nothing"),
    (".", ".: this is a folder, not a file"),
    ("/dev/zero", "/dev/zero: not a regular file (a device, pipe or socket)"),
])
def test_a_spec_that_is_not_a_file_is_refused_without_reading(path: str, expected: str):
    if path.startswith("/dev/") and not Path(path).exists():
        pytest.skip(f"no {path} here")
    one_line(run("check", path), expected)


def test_a_pipe_as_spec_is_refused_without_blocking(tmp_path: Path):
    import os

    fifo = tmp_path / "spec.yaml"
    os.mkfifo(fifo)
    # Opening a FIFO blocks until a writer comes; a writer that never writes lets us see
    # that bookgen refuses it from its type rather than reading it forever.
    writer = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    try:
        one_line(run("check", str(fifo)), f"{fifo}: not a regular file (a device, pipe or socket)")
    finally:
        os.close(writer)


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "abc", "9" * 5000])
def test_the_command_line_seed_has_the_spec_range_and_message(seed: str, tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(GOOD_SECTION)
    shown = seed if len(seed) < 40 else "a number of 5000 digits"
    one_line(run("build", str(spec), "--seed", seed, "-o", str(tmp_path / "x.pdf")),
             f"bookgen: --seed: expected a whole number from 0 to 2**63-1, got {shown}")
    assert not (tmp_path / "x.pdf").exists()


def test_the_largest_seed_is_accepted_on_the_command_line(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(GOOD_SECTION)
    assert run("build", str(spec), "--seed", str(2**63 - 1), "-o", str(tmp_path / "x.pdf"), "-j", "1").exit_code == 0


def _png_header(width: int, height: int) -> bytes:
    """A PNG's signature and header chunk only: enough for a reader to learn its size."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    end = struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND"))
    return b"\x89PNG\r\n\x1a\n" + chunk + end


@pytest.mark.parametrize("width, height, expected", [
    (20000, 20000, "the picture is larger than 50 megapixels; use a smaller copy"),
    (12000, 12000, "12000×12000 pixels is larger than 50 megapixels; use a smaller copy"),
])
def test_a_huge_picture_is_refused_from_its_header(tmp_path: Path, width: int, height: int, expected: str):
    (tmp_path / "huge.png").write_bytes(_png_header(width, height))
    spec = tmp_path / "book.yaml"
    spec.write_text("sections:\n  - type: sliding\n    size: 3\n    image: huge.png\n")
    one_line(run("check", str(spec)), f"{spec}:4:5: sections[0].image: cannot read huge.png as a picture ({expected})")
