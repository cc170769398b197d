"""Puzzles kept between builds, so a rebuild after changing only the layout, fonts or
paper does not generate and prove every puzzle again.

A puzzle is keyed by its type, its options, its derived seed and its type's generator
version: a hash of the source of every module the type's module imports, directly or
not (its package, the solver, the model...), so a change there makes old entries
unreachable rather than wrong, while a change to another type, or a re-measured offer
(data, not code), leaves them where they are.
Entries are checksummed files written atomically (see bookgen.cache): two builds at once
each see a whole entry or none, and a damaged entry is ignored and written again.
"""

from __future__ import annotations

import ast
import hashlib
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from bookgen import cache
from bookgen.puzzles.base import Puzzle, PuzzleType

_KIND = "puzzle"
_FORMAT = 1
ROOT = Path(__file__).parent.parent


@lru_cache(maxsize=None)
def generator_version(type_module: str) -> str:
    """A hash of the source that generates and verifies a type's puzzles: its module and
    every bookgen module it imports, read from the import statements themselves."""
    digest = hashlib.sha256()
    for path in sorted(generator_sources(type_module)):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def generator_sources(module: str) -> set[Path]:
    """The source files of `module` and of every bookgen module it imports, transitively."""
    found: set[Path] = set()
    pending = [module]
    while pending:
        path = _source(pending.pop())
        if path is None or path in found:
            continue
        found.add(path)
        pending += _imported(path)
    return found


def _source(module: str) -> Path | None:
    base = ROOT / module.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(path: Path) -> list[str]:
    """The bookgen modules a source file imports (a name imported from a package counts
    as its module when there is one, else as the package)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.startswith("bookgen")]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bookgen"):
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def key(ptype: PuzzleType, params: Any, seed: int) -> str:
    """The entry's name: the same for the same request whatever else the spec says."""
    text = f"{ptype.name}\0{params!r}\0{seed}\0{generator_version(type(ptype).__module__)}"
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
