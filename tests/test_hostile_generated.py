"""Generated hostile files (Hypothesis, fixed seeds): layout files, class lists, pictures,
fonts and cache entries made of random values, random bytes, truncations, chunk bombs
and consistent tampering. Each is read or refused with bookgen's own error, never a
traceback; a layout `check` accepts, the build prints; and a cache entry, however
edited, is placed only when it is a sound puzzle of its request, by proofs that share no
code with bookgen's (a SAT solver for grids, breadth-first search for sliding boards).
`bench/fuzz_files.py` runs 1,000 such cases through the command line."""

from __future__ import annotations

import hashlib
import io
import json
import struct
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bookgen.cli import main
from bookgen.errors import FontError
from bookgen.layout.layout_file import SCHEMA

SETTINGS = settings(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_line_each(result, *allowed: str) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code != 0:
        lines = result.output.splitlines()
        assert lines and all(line.startswith(allowed) for line in lines), result.output


# ----- layout files

_NUMBERS = st.sampled_from([".nan", ".inf", "-.inf", "1e999", "-3", "0", "0.5", "4", "13", "60", "72", "100",
                            "1_000", "0x10", "~", "''", "[1, 2]", "{a: 1}", "yes", "*a", "&a 5", "!!float 3"])
_TEXTS = st.one_of(st.sampled_from(["'{page}'", "'{title}'", "'{title.upper}'", "'{page[0]}'", "'{'", "'}}{{'",
                                    "'{0}'", "'{}'", "\"\\0\"", "\"\\u202E x\"", "'" + "x" * 300 + "'"]),
                   st.text(alphabet="{}ptage x", max_size=12).map(json.dumps))


def _layout_value(kind) -> st.SearchStrategy[str]:
    if isinstance(kind, dict):
        return st.dictionaries(st.sampled_from(list(kind) + ["nope"]), _NUMBERS, max_size=4).map(
            lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}")
    return st.one_of(_NUMBERS, _TEXTS, st.lists(_NUMBERS, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"))


_LAYOUT = st.one_of(
    st.lists(st.sampled_from(list(SCHEMA) + ["colour"]).flatmap(
        lambda key: _layout_value(SCHEMA.get(key, 0)).map(lambda value: f"{key}: {value}")), max_size=6).map(
        lambda lines: "\n".join(lines) + "\n"),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
)


@settings(SETTINGS, max_examples=80)
@given(text=_LAYOUT)
def test_generated_layout_files_are_checked_or_refused_line_by_line(text: str, tmp_path: Path):
    (tmp_path / "mine.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
    spec = tmp_path / "book.yaml"
    spec.write_text("layout: mine.yaml\n" + SECTION)
    result = run("check", str(spec))
    assert result.exit_code in (0, 2), result.output
    one_line_each(result, str(tmp_path / "mine.yaml"), str(spec), "bookgen: ")


@pytest.mark.slow  # builds a book for each layout check accepts
@settings(SETTINGS, max_examples=25)
@given(text=_LAYOUT)
def test_a_generated_layout_check_accepts_is_built_and_one_it_refuses_the_build_refuses_alike(text: str,
                                                                                             tmp_path: Path):
    (tmp_path / "mine.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
    spec = tmp_path / "book.yaml"
    spec.write_text("layout: mine.yaml\n" + SECTION)
    checked = run("check", str(spec))
    built = run("build", str(spec), "-o", str(tmp_path / "book.pdf"), "-j", "1")
    assert built.exit_code == checked.exit_code, (checked.output, built.output)
    if checked.exit_code != 0:
        assert built.output == checked.output


# ----- class lists

@settings(SETTINGS, max_examples=150)
@given(text=st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: b.decode("latin-1"))),
       csv=st.booleans())
def test_generated_class_lists_give_names_or_one_line_per_problem(text: str, csv: bool, tmp_path: Path):
    from bookgen.classlist import ClassListError, read_class_list
    from bookgen.options import unprintable, visible
    from bookgen.students_option import Names

    path = tmp_path / ("class.csv" if csv else "class.txt")
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        names = [student.name for student in read_class_list(path, path.name, Names(max_items=60))]
    except ClassListError as exc:
        assert str(exc).startswith(path.name) and "\n" not in str(exc)
    else:
        assert 1 <= len(names) <= 60 and len(set(names)) == len(names)
        assert all(0 < len(name) <= 60 and visible(name) and unprintable(name) is None for name in names)


# ----- pictures

def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _picture(fmt: str) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (24, 16), (200, 40, 90)).save(out, fmt)
    return out.getvalue()


_PICTURE_BASES = st.sampled_from([_picture("PNG"), _picture("JPEG")])


@st.composite
def _hostile_pictures(draw) -> bytes:
    data = bytearray(draw(_PICTURE_BASES))
    how = draw(st.sampled_from(["truncate", "flip", "chunk", "random"]))
    if how == "truncate":
        return bytes(data[: draw(st.integers(0, len(data)))])
    if how == "flip":
        for at in draw(st.lists(st.integers(0, len(data) - 1), min_size=1, max_size=8)):
            data[at] ^= draw(st.integers(1, 255))
        return bytes(data)
    if how == "chunk" and data.startswith(b"\x89PNG"):
        kind = draw(st.sampled_from([b"zTXt", b"iTXt", b"iCCP", b"tEXt", b"IDAT", b"eXIf"]))
        inflated = draw(st.sampled_from([10, 10_000, 2 * 2**20, 20 * 2**20]))
        body = b"k\x00\x00" + zlib.compress(bytes(inflated), 9)
        return bytes(data[:33]) + _chunk(kind, body) + bytes(data[33:])
    return draw(st.binary(max_size=300))


@settings(SETTINGS, max_examples=100)
@given(data=_hostile_pictures())
def test_generated_pictures_are_read_or_refused_with_a_reason(data: bytes, tmp_path: Path):
    from bookgen.pictures import PictureError, read_picture

    path = tmp_path / "pic.png"
    path.write_bytes(data)
    try:
        image = read_picture(path)
    except PictureError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert image.mode == "L" and image.width * image.height <= 50_000_000


# ----- fonts

def _small_font() -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    from bookgen.font_choice import FURNITURE
    from bookgen.render.fonts import _family_file

    font = TTFont(str(_family_file("Atkinson Hyperlegible", 400)))
    subsetter = subset.Subsetter()
    subsetter.populate(text=FURNITURE)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


_FONT = _small_font()


@st.composite
def _hostile_fonts(draw) -> bytes:
    data = bytearray(_FONT)
    how = draw(st.sampled_from(["truncate", "flip", "flip directory"]))
    if how == "truncate":
        return bytes(data[: draw(st.integers(0, len(data)))])
    span = len(data) - 1 if how == "flip" else min(len(data) - 1, 12 + 16 * 20)
    for at in draw(st.lists(st.integers(0, span), min_size=1, max_size=6)):
        data[at] ^= draw(st.integers(1, 255))
    return bytes(data)


@settings(SETTINGS, max_examples=100)
@given(data=_hostile_fonts())
def test_generated_fonts_are_read_or_refused_with_a_reason(data: bytes, tmp_path: Path):
    from bookgen.font_choice import FURNITURE
    from bookgen.render.fonts import user_face

    path = tmp_path / "mine.ttf"
    path.write_bytes(data)
    try:
        face = user_face(path)
        face.font()
        face.embeds(FURNITURE)
    except FontError as exc:
        assert str(exc) and "\n" not in str(exc)


# ----- cache entries

CACHED_BOOK = """\
seed: 9
sections:
  - {type: sudoku, size: 4, difficulty: beginner, count: 1}
  - {type: kenken, size: 4, difficulty: easy, count: 1}
  - {type: killer, size: 4, difficulty: easy, count: 1}
  - {type: sliding, size: 3, difficulty: easy, count: 1}
"""


@pytest.fixture(scope="module")
def cached_book(tmp_path_factory) -> dict:
    """One entry of each type, as a build writes them: (key, params, entry bytes)."""
    from bookgen import puzzle_cache
    from bookgen.generation import _tasks, make_puzzle
    from bookgen.puzzles import registry
    from bookgen.spec import parse

    found = {}
    for planned in _tasks(parse(CACHED_BOOK, "book.yaml")):
        task = planned.task
        ptype = registry.get(task.type)
        puzzle = make_puzzle(task)
        fields = {**ptype.to_json(puzzle), "type": ptype.name, "difficulty": puzzle.difficulty}
        found[task.type] = (puzzle_cache.key(ptype, task.params, task.seed), task.params, puzzle, fields)
    return found


def _json_values() -> st.SearchStrategy:
    return st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=3)),
                        lambda inner: st.lists(inner, max_size=4), max_leaves=12)


@st.composite
def _edits(draw, fields: dict) -> bytes:
    """An edited entry: one field replaced, a list item changed, or raw bytes damaged."""
    edited = json.loads(json.dumps(fields))
    how = draw(st.sampled_from(["field", "item", "bytes", "drop"]))
    key = draw(st.sampled_from(sorted(edited)))
    if how == "field":
        edited[key] = draw(_json_values())
    elif how == "drop":
        del edited[key]
    elif how == "item" and isinstance(edited[key], list) and edited[key]:
        index = draw(st.integers(0, len(edited[key]) - 1))
        item = edited[key][index]
        if isinstance(item, list) and item and draw(st.booleans()):
            item[draw(st.integers(0, len(item) - 1))] = draw(st.integers(-1, 9))
        else:
            del edited[key][index]
    data = bytearray(json.dumps(edited).encode())
    if how == "bytes":
        for at in draw(st.lists(st.integers(0, len(data) - 1), min_size=1, max_size=4)):
            data[at] = draw(st.integers(0, 255))
    return bytes(data)


def _write_entry(path: Path, key: str, data: bytes) -> None:
    """As an editor who knows the format would: header and checksum made for the data."""
    from bookgen import cache

    header = {**cache.table_header("puzzle", 2, key, len(data)), "sha256": hashlib.sha256(data).hexdigest()}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(json.dumps(header).encode() + b"\n" + data)


def _sound(ptype, puzzle, params, bfs_distances) -> bool:
    """An independent proof: the SAT solver finds exactly the printed answer (grids), or
    breadth-first search finds the printed length shortest (sliding)."""
    if ptype.name == "sliding":
        board = puzzle.board
        return bfs_distances(board.goal, board.rows, board.cols)[board.start] == len(puzzle.solution)
    from test_sat_crosscheck import sat_solutions

    data = ptype.to_json(puzzle)
    return sat_solutions(data) == [[list(row) for row in puzzle.solution]]


@settings(SETTINGS, max_examples=120)
@given(data=st.data(), kind=st.sampled_from(["sudoku", "kenken", "killer", "sliding"]))
def test_an_edited_cache_entry_is_placed_only_when_an_independent_proof_accepts_it(
        data, kind: str, cached_book: dict, tmp_path: Path, monkeypatch, bfs_distances):
    from bookgen import puzzle_cache
    from bookgen.puzzles import registry

    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(tmp_path / "cache"))
    key, params, original, fields = cached_book[kind]
    ptype = registry.get(kind)
    _write_entry(puzzle_cache._path(key), key, data.draw(_edits(fields)))
    puzzle = puzzle_cache.load(key, ptype, params)
    if puzzle is None or ptype.certify(puzzle):
        event("refused on reading" if puzzle is None else "refused by its proof")
        return  # the seed's own puzzle is made again
    event("placed: unchanged" if puzzle == original else "placed: another sound puzzle of the request")
    assert ptype.misfit(puzzle, params) is None
    assert puzzle == original or _sound(ptype, puzzle, params, bfs_distances)
