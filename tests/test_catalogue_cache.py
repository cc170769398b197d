"""Issue 22's catalogue, the cache: an entry edited by anyone who can write the cache
folder, with its checksum recomputed, never reaches the page. Each edit below is made
to a real entry after a first build; the rebuild must print exactly the first book (the
edited puzzle was refused and the seed's own puzzle made again), rewrite the entry, and
run nothing the entry holds. Cached tables bookgen builds itself (pattern databases, the
Noto Sans bold) are used only when they are the bytes whose digest the package ships."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from pathlib import Path
from typing import Any, Callable

import pytest
from click.testing import CliRunner

from bookgen import cache
from bookgen.cli import main

SPEC = """\
title: Cached
seed: 5
sections:
  - type: sudoku
    size: 9
    difficulty: hard
    count: 1
  - type: kenken
    size: 4
    difficulty: easy
    count: 1
  - type: sliding
    size: 3
    difficulty: easy
    count: 1
"""


def build(spec: Path, out: Path) -> bytes:
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(out), "-q", "-j", "1"])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def entries(root: Path) -> dict[str, Path]:
    """The cache's puzzle entries by the type they hold."""
    found = {}
    for path in (root / "puzzles").rglob("*.json"):
        fields = json.loads(path.read_bytes().partition(b"\n")[2])
        found[fields["type"]] = path
    return found


def rewrite(path: Path, data: bytes) -> None:
    """Write `data` as the entry's table with a header and checksum made for it, as an
    editor who knows the format would."""
    header = json.loads(path.read_bytes().partition(b"\n")[0])
    header.update(length=len(data), sha256=hashlib.sha256(data).hexdigest())
    path.write_bytes(json.dumps(header).encode() + b"\n" + data)


def edited(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    def edit(path: Path) -> None:
        fields = json.loads(path.read_bytes().partition(b"\n")[2])
        change(fields)
        rewrite(path, json.dumps(fields).encode())
    return edit


def _all_ones(fields):
    fields["solution"] = [[1] * len(row) for row in fields["solution"]]


def _given_all(fields):  # every cell given: a trivially easy puzzle, still labelled hard
    fields["givens"] = [[r, c, v] for r, row in enumerate(fields["solution"]) for c, v in enumerate(row)]


def _given_none(fields):  # no givens at all: many solutions
    fields["givens"] = []


def _relabelled(fields):
    fields["difficulty"] = "expert"


def _size_4(fields):
    fields.update(rows=4, cols=4, symbols=[1, 2, 3, 4], groups=[[[r, c] for c in range(4)] for r in range(4)],
                  group_kinds=["row"] * 4, givens=[], solution=[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3],
                                                               [4, 3, 2, 1]])


def _target_plus_one(fields):
    fields["cages"][0]["target"] += 1


def _multiply_only(fields):  # an operation the section did not ask for
    for cage in fields["cages"]:
        if len(cage["cells"]) == 2:
            cage["op"] = "*"


def _two_more_moves(fields):  # still replays to the goal, no longer the shortest
    first = fields["moves"][0]
    fields["moves"] = [first, first] + fields["moves"]
    fields["length"] = len(fields["moves"])


def _not_optimal(fields):
    fields["optimal"] = False


def _pickle_payload(path: Path) -> None:
    marker = path.parent / "ran"

    class Payload:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    rewrite(path, pickle.dumps(Payload()))


def _nested(path: Path) -> None:
    rewrite(path, b"[" * 100_000 + b"]" * 100_000)


def _nan(path: Path) -> None:
    rewrite(path, json.dumps({"type": "sudoku", "rows": float("nan")}).encode())


def _huge_number(path: Path) -> None:
    rewrite(path, b'{"type": "sudoku", "rows": ' + b"9" * 5000 + b"}")


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _random_bytes(path: Path) -> None:
    rewrite(path, bytes(range(256)) * 40)


# name -> (the type whose entry is edited, the edit)
EDITS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "answer key of all 1s": ("sudoku", edited(_all_ones)),
    "every cell given, still labelled hard": ("sudoku", edited(_given_all)),
    "no givens: several solutions": ("sudoku", edited(_given_none)),
    "labelled expert": ("sudoku", edited(_relabelled)),
    "a 4x4 in a 9x9's entry": ("sudoku", edited(_size_4)),
    "a cage's target changed": ("kenken", edited(_target_plus_one)),
    "an operation not asked for": ("kenken", edited(_multiply_only)),
    "two moves more than the shortest": ("sliding", edited(_two_more_moves)),
    "moves not proved shortest": ("sliding", edited(_not_optimal)),
    "a pickle that runs a command": ("sudoku", _pickle_payload),
    "100,000 nested lists": ("sudoku", _nested),
    "NaN": ("sudoku", _nan),
    "a 5,000-digit number": ("sudoku", _huge_number),
    "random bytes": ("kenken", _random_bytes),
    "a FIFO in place of the entry": ("kenken", _fifo),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_an_edited_entry_with_a_recomputed_checksum_never_reaches_the_page(name: str, tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    first = build(spec, tmp_path / "first.pdf")
    root = Path(os.environ["BOOKGEN_CACHE_DIR"])
    kind, edit = EDITS[name]
    path = entries(root)[kind]
    good = path.read_bytes()
    edit(path)
    assert build(spec, tmp_path / "again.pdf") == first
    assert not (path.parent / "ran").exists()
    assert path.is_file() and path.read_bytes() == good


def test_an_old_pickle_entry_is_never_read(tmp_path: Path):
    """Entries of the first format (a pickle, .bin) are left where they are and unread."""
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    first = build(spec, tmp_path / "first.pdf")
    root = Path(os.environ["BOOKGEN_CACHE_DIR"])
    for path in list((root / "puzzles").rglob("*.json")):
        old = path.with_suffix(".bin")
        header = cache.table_header("puzzle", 1, path.stem, 0)
        data = pickle.dumps(("payload",))
        old.write_bytes(json.dumps({**header, "length": len(data), "sha256": hashlib.sha256(data).hexdigest()}).encode()
                        + b"\n" + data)
        path.unlink()
    assert build(spec, tmp_path / "again.pdf") == first


@pytest.mark.slow  # the Noto Sans bold is made (about 10 s once a test session)
@pytest.mark.parametrize("edit", ["another bold, without Greek", "truncated"])
def test_an_edited_cached_bold_font_is_not_used_though_its_checksum_matches(tmp_path: Path, edit: str):
    from bookgen.render import fonts

    real = fonts.noto_bold()
    assert hashlib.sha256(real).hexdigest() in cache.SHIPPED_DIGESTS.values()
    (path,) = (Path(os.environ["BOOKGEN_CACHE_DIR"]) / "fonts").glob("*.ttf")
    header = json.loads(path.read_bytes().partition(b"\n")[0])
    edited_font = (fonts._family_file(fonts.PRIMARY, 700).read_bytes() if edit.startswith("another")
                   else real[: len(real) // 2])
    header.update(length=len(edited_font), sha256=hashlib.sha256(edited_font).hexdigest())
    path.write_bytes(json.dumps(header).encode() + b"\n" + edited_font)
    assert fonts.noto_bold() == real
    assert path.read_bytes().partition(b"\n")[2] == real


def test_a_fifo_in_place_of_a_cached_table_is_skipped_unopened(tmp_path: Path):
    path = tmp_path / "table.bin"
    os.mkfifo(path)
    assert cache.load_table(path, cache.table_header("made-table", 1, "shape", 5)) is None


def test_an_entry_that_cannot_be_proved_in_time_is_made_afresh(tmp_path: Path, monkeypatch):
    """A hostile entry must not hold the build: its proof is stopped at PROOF_BUDGET."""
    import time

    import bookgen.generation
    from bookgen.puzzles import registry

    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    first = build(spec, tmp_path / "first.pdf")
    made = []
    real_make = bookgen.generation.make_puzzle
    monkeypatch.setattr(bookgen.generation, "PROOF_BUDGET", 0.3)
    calls = []
    real_certify = registry.get("kenken").certify

    def slow_once(puzzle):  # the cached puzzle's proof never ends; the fresh one's is real
        calls.append(puzzle)
        return time.sleep(30) or [] if len(calls) == 1 else real_certify(puzzle)

    monkeypatch.setattr(registry.get("kenken"), "certify", slow_once)
    monkeypatch.setattr(bookgen.generation, "make_puzzle", lambda task: made.append(task.type) or real_make(task))
    started = time.monotonic()
    assert build(spec, tmp_path / "again.pdf") == first
    assert made == ["kenken"] and time.monotonic() - started < 20
