"""Puzzles kept between builds, so a rebuild after changing only the layout, fonts or
paper does not generate and prove every puzzle again.

A puzzle is keyed by its type, its options, its derived seed and the generator's
version: a hash of the code that makes and proves puzzles (bookgen/puzzles, bookgen/solve
and the model), so any change there makes old entries unreachable rather than wrong.
Entries are checksummed files written atomically (see bookgen.cache): two builds at once
each see a whole entry or none, and a damaged entry is ignored and written again.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from bookgen import cache
from bookgen.puzzles.base import Puzzle

_KIND = "puzzle"
_FORMAT = 1
_GENERATOR_CODE = ("puzzles", "solve", "model.py", "options.py")


@lru_cache(maxsize=1)
def generator_version() -> str:
    """A hash of the source that generates and verifies puzzles."""
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for name in _GENERATOR_CODE:
        path = root / name
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(str(source.relative_to(root)).encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def key(type_name: str, params: Any, seed: int) -> str:
    """The entry's name: the same for the same request whatever else the spec says."""
    text = f"{type_name}\0{params!r}\0{seed}\0{generator_version()}"
    return hashlib.sha256(text.encode()).hexdigest()


def _path(entry: str) -> Path:
    return cache.cache_root() / "puzzles" / entry[:2] / f"{entry}.bin"


def load(entry: str) -> Puzzle | None:
    """The cached puzzle, or None (absent, damaged, or from another version)."""
    path = _path(entry)
    try:
        size = path.stat().st_size
    except OSError:
        return None
    # The header's length must match the file: read the checksummed bytes, then unpickle
    # only what the checksum vouches for.
    header = cache.table_header(_KIND, _FORMAT, entry, 0)
    data = _load_any_length(path, header, size)
    if data is None:
        return None
    try:
        puzzle = pickle.loads(data)
    except Exception:  # noqa: BLE001 - a damaged entry of any kind is simply regenerated
        return None
    return puzzle if isinstance(puzzle, Puzzle) else None


def _load_any_length(path: Path, header: dict[str, Any], size: int) -> bytes | None:
    try:
        with open(path, "rb") as f:
            line = f.readline(cache.MAX_HEADER_BYTES)
    except OSError:
        return None
    length = size - len(line)
    return cache.load_table(path, {**header, "length": length}) if length > 0 else None


def store(entry: str, puzzle: Puzzle) -> None:
    data = pickle.dumps(puzzle, protocol=pickle.HIGHEST_PROTOCOL)
    cache.store_table(_path(entry), cache.table_header(_KIND, _FORMAT, entry, len(data)), data)
