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
from bookgen.specfile import MAX_SPEC_BYTES
from bookgen.yamltext import MAX_DEPTH

GOOD_SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"


def _alias_bomb() -> str:
    """Eight levels of nine aliases each: 600 bytes that would expand to 43 million values."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n" + GOOD_SECTION


def _many_sections(sections: int, count: int) -> str:
    return "sections:\n" + f"  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: {count}\n" * sections


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
    "alias bomb": (_alias_bomb(), "1:1: more than 20,000 values once aliases are expanded; no spec is this large"),
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
    spec.write_text("sections:\n  - &small\n    type: sudoku\n    size: 4\n    difficulty: beginner\n"
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
    one_line(run("build", path), expected)


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


# ----- puzzle files for `bookgen solve`

_SUDOKU_4 = {"type": "sudoku", "rows": 4, "cols": 4, "symbols": [1, 2, 3, 4],
             "groups": [[[r, c] for c in range(4)] for r in range(4)], "givens": []}


def _with(**changes) -> str:
    import json

    return json.dumps({**_SUDOKU_4, **changes})


PUZZLE_FILES: dict[str, tuple[str, str]] = {
    "groups is a number": (_with(groups=5), ": groups: expected a list, got 5"),
    "a group is a number": (_with(groups=[5]), ": groups[0]: expected a list, got 5"),
    "cage cells is a number": (_with(type="kenken", cages=[{"cells": 5, "op": "+", "target": 3}]),
                               ": cages[0].cells: expected a list, got 5"),
    "givens is a number": (_with(givens=5), ": givens: expected a list, got 5"),
    "a given is too short": (_with(givens=[[0, 0]]), ": givens[0]: expected [row, col, value], got [0, 0]"),
    "rows is Infinity": (_with().replace('"rows": 4', '"rows": Infinity'),
                         ": JSON value bookgen cannot use: Infinity is not a number a puzzle can hold"),
    "rows is text": (_with(rows="four"), ": rows: expected a whole number, got \"four\""),
    "rows is true": (_with(rows=True), ": rows: expected a whole number, got true"),
    "a line break in a value": (_with(rows="\x85"), ': rows: expected a whole number, got "\\x85"'),
    "100,000 nested brackets": ("[" * 100_000, ": JSON nested too deeply to be a puzzle"),
    "a 36x36 grid": (_with(rows=36, cols=36), ": rows: expected a whole number from 1 to 25, got 36"),
    "a 5000-digit target": ('{"type": "kenken", "rows": 4, "cols": 4, "symbols": [1, 2, 3, 4], "cages": '
                            '[{"cells": [[0, 0]], "op": "=", "target": ' + "9" * 5000 + "}]}",
                            ": JSON value bookgen cannot use: a number of 5000 digits is more than any puzzle holds"),
    "a 35-digit target": (_with(type="kenken", cages=[{"cells": [[0, 0]], "op": "=", "target": 10**34}]),
                          ": cages[0].target: expected a whole number of at most 30 digits, got "
                          "10000000000000000000000000000000000"),
    "typed-in 5000-digit target": ("a a\nb b\n\na " + "9" * 5000 + "+\nb 3+\n",
                                   ":4: clue: expected a target of at most 30 digits, got one of 5000"),
}


@pytest.mark.parametrize("name", sorted(PUZZLE_FILES))
def test_a_bad_puzzle_file_gives_its_one_line_and_exit_2(name: str, tmp_path: Path):
    content, expected = PUZZLE_FILES[name]
    path = tmp_path / "p.json"
    path.write_text(content)
    one_line(run("solve", str(path)), f"{path}{expected}")


def _kenken_text(rows: list[str], clues: dict[str, str]) -> str:
    return "\n".join(rows) + "\n\n" + "\n".join(f"{k} {v}" for k, v in clues.items()) + "\n"


@pytest.mark.parametrize("rows, clues, first_line", [
    # A 9-cell row cage (40 s before), and a 405+ over the whole grid (20 GB before).
    ([letter * 9 for letter in "abcdefghi"], {letter: "45+" for letter in "abcdefghi"}, "several solutions"),
    (["a" * 9] * 9, {"a": "405+"}, "several solutions"),
    ([letter * 12 for letter in "abcdefghijkl"], {letter: "479001600x" for letter in "abcdefghijkl"},
     "several solutions"),
])
def test_large_cages_are_solved_by_bounds_in_bounded_time(rows, clues, first_line, tmp_path: Path):
    path = tmp_path / "k.txt"
    path.write_text(_kenken_text(rows, clues))
    result = run("solve", str(path))
    assert result.exit_code == 0 and result.output.startswith(first_line)


def test_every_type_stops_at_its_time_limit_with_one_line(tmp_path: Path, monkeypatch):
    import time

    import bookgen.solve_command
    from bookgen.puzzles.sudoku import type as sudoku

    monkeypatch.setattr(bookgen.solve_command, "SOLVE_GRACE", 0.0)
    monkeypatch.setattr(sudoku.PUZZLE_TYPE, "solve", lambda puzzle, timeout=None: time.sleep(30))
    path = tmp_path / "p.json"
    path.write_text(_with())
    one_line(run("solve", str(path), "--timeout", "0.2"),
             f"bookgen: {path}: no answer within 0.2 s; allow more with --timeout", status=1)


@pytest.mark.slow  # waits out its one-second limit
def test_a_search_that_cannot_end_soon_stops_at_the_time_limit(tmp_path: Path, monkeypatch):
    import bookgen.solve_command

    monkeypatch.setattr(bookgen.solve_command, "SOLVE_GRACE", 0.0)
    path = tmp_path / "k.txt"
    path.write_text(_kenken_text(["a" * 9] * 9, {"a": "404+"}))  # no solution, provable only by trying all
    one_line(run("solve", str(path), "--timeout", "1"),
             f"bookgen: {path}: no answer within 1 s; allow more with --timeout", status=1)


# ----- generated inputs: a result or one line per problem, never a traceback or a hang

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_KEYS = ["title", "subtitle", "author", "paper", "seed", "answer_key", "name_line", "sections", "type", "size",
         "difficulty", "count", "per_page", "large_print", "rows", "cols", "moves", "blank", "operations",
         "hide_operations", "max_cage", "image", "symmetry", "layout", "copies", "students", "<<", "sise"]
_SCALARS = st.one_of(
    st.sampled_from(["sudoku", "kenken", "sliding", "killer", "easy", "hard", "A4", "letter", "yes", "no", "~",
                     "0x10", "1e3", "-1", "0123", "", "''", "\"a\"", "[]", "{}", "*a", "&a x", "!!str 3", "9" * 50]),
    st.integers(-10, 20).map(str),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
)


def _yaml_value(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _SCALARS
    inner = _yaml_value(depth - 1)
    return st.one_of(
        _SCALARS,
        st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
        st.dictionaries(st.sampled_from(_KEYS), inner, max_size=4).map(
            lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"),
    )


_SECTION = st.dictionaries(st.sampled_from(_KEYS), _yaml_value(2), max_size=6).map(
    lambda d: "  - " + "\n    ".join(f"{k}: {v}" for k, v in d.items()) if d else "  - {}")
_SPEC = st.one_of(
    st.tuples(st.dictionaries(st.sampled_from(_KEYS[:7]), _yaml_value(1), max_size=4),
              st.lists(_SECTION, max_size=3)).map(
        lambda parts: "".join(f"{k}: {v}\n" for k, v in parts[0].items()) + "sections:\n" + "\n".join(parts[1]) + "\n"),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.text(max_size=200),
)


def _one_line_each(result, path: Path) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code != 0:
        lines = result.output.splitlines()
        assert lines and all(line.startswith((str(path), "bookgen: ")) for line in lines), result.output


@pytest.mark.slow  # 150 generated specs
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_SPEC)
def test_generated_specs_are_checked_or_refused_line_by_line(text: str, tmp_path: Path):
    spec = tmp_path / "gen.yaml"
    spec.write_bytes(text.encode("utf-8", "surrogatepass"))
    result = run("check", str(spec))
    assert result.exit_code in (0, 2), result.output
    _one_line_each(result, spec)


_JSON_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=4)),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=20,
)
_CELL = st.lists(st.integers(-1, 5), min_size=2, max_size=2)
_PUZZLE = st.fixed_dictionaries(
    {"type": st.sampled_from(["sudoku", "kenken", "sliding", "killer", "nonsense"])},
    optional={
        "rows": st.one_of(st.integers(-1, 6), _JSON_VALUE),
        "cols": st.one_of(st.integers(-1, 6), _JSON_VALUE),
        "symbols": st.one_of(st.just([1, 2, 3, 4]), _JSON_VALUE),
        "groups": st.one_of(st.lists(st.lists(_CELL, max_size=4), max_size=4), _JSON_VALUE),
        "cages": st.one_of(st.lists(st.fixed_dictionaries({"cells": st.lists(_CELL, max_size=4),
                                                            "op": st.sampled_from(["+", "-", "*", "/", "=", "?"]),
                                                            "target": st.integers(-2, 30)}), max_size=4),
                           _JSON_VALUE),
        "givens": st.one_of(st.lists(st.lists(st.integers(-1, 5), max_size=4), max_size=4), _JSON_VALUE),
        "start": st.one_of(st.lists(st.lists(st.integers(-1, 6), max_size=3), max_size=3), _JSON_VALUE),
        "goal": _JSON_VALUE,
        "moves": _JSON_VALUE,
        "solution": _JSON_VALUE,
        "hide_operations": _JSON_VALUE,
    },
)


@pytest.mark.slow  # 150 generated puzzle files
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(puzzle=_PUZZLE)
def test_generated_puzzle_files_are_solved_or_refused_in_one_line(puzzle: dict, tmp_path: Path):
    import json

    path = tmp_path / "gen.json"
    path.write_text(json.dumps(puzzle))
    result = run("solve", str(path), "--timeout", "2")
    assert result.exit_code in (0, 1, 2), result.output
    _one_line_each(result, path)
    if result.exit_code != 0:
        assert len(result.output.splitlines()) == 1, result.output


@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet="abcd \n+-x/*×÷−0123456789", max_size=80))
def test_generated_typed_in_kenken_is_solved_or_refused_in_one_line(text: str, tmp_path: Path):
    path = tmp_path / "gen.txt"
    path.write_text(text)
    result = run("solve", str(path), "--timeout", "2")
    assert result.exit_code in (0, 1, 2), result.output
    _one_line_each(result, path)
