"""Puzzles kept between builds, so a rebuild after changing only the layout, fonts or
paper does not generate and prove every puzzle again.

A puzzle is keyed by its type, its options, its derived seed and its type's generator
version: a hash of the source of every module the type's module imports, directly or
not (its package, the solver, the model...), and of the compiled engine's source (its
digest, stamped at build time), so a change there makes old entries unreachable rather
than wrong, while a change to another type, or a re-measured offer (data, not code),
leaves them where they are.
Entries are checksummed files written atomically (see bookgen.cache): two builds at once
each see a whole entry or none, and a damaged entry is ignored and written again.

An entry is the puzzle's interchange JSON, plain data: nothing in it can run (a pickle
could, and did: an edited entry ran a shell command during `build`). A checksum only
says the file is whole, so what an entry says is not believed: it is read by the type's
own reader (every field checked), must be the puzzle its request asked for (the type's
`misfit`: type, level, size, shape, options), and is proved again by the type's
`certify` before it is placed (bookgen.generation.obtain), or made afresh.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from bookgen import cache
from bookgen.errors import PuzzleFormatError
from bookgen.puzzles.base import Puzzle, PuzzleType
from bookgen.puzzles.interchange import plain_json
from bookgen.solve import engine

_KIND = "puzzle"
_FORMAT = 2  # 2: the interchange JSON (1 was a pickle, and is never read)
MAX_ENTRY_BYTES = 2**20  # a samurai's entry is about 10 KB
ROOT = Path(__file__).parent.parent


@lru_cache(maxsize=None)
def generator_version(type_module: str) -> str:
    """A hash of the source that generates and verifies a type's puzzles: the engine's,
    its module and every bookgen module it imports, read from the import statements
    themselves."""
    digest = hashlib.sha256(b"engine\0" + engine.source_digest().encode())
    for path in sorted(generator_sources(type_module)):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + _bytes(path))
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


# A build works out every type's version before its first puzzle: the types share most of
# their modules, so each name is looked up and each file read once a process (a cached
# rebuild of a five-type book stat-ed 2,800 paths and read every shared file five times).
@lru_cache(maxsize=None)
def _source(module: str) -> Path | None:
    base = ROOT / module.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


# An import statement naming a bookgen module, at any indent (imports inside functions
# count too): `import bookgen.x[, ...]` or `from bookgen.x import a, b` (the names in
# parentheses may run over lines). Read by pattern rather than by parsing each file: a
# build works out its types' versions before any puzzle is made, and parsing the files
# a type reaches took longer than making most of the puzzles (tests check the
# pattern finds what the parser finds, in every source file).
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(bookgen[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)|import[ \t]+(bookgen[^\n#;]*))",
    re.MULTILINE,
)


@lru_cache(maxsize=None)
def _imported(path: Path) -> tuple[str, ...]:
    """The bookgen modules a source file imports (a name imported from a package counts
    as its module when there is one, else as the package)."""
    # Read as read_text reads it: universal newlines.
    return tuple(imported_modules(_bytes(path).decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")))


@lru_cache(maxsize=None)
def _bytes(path: Path) -> bytes:
    return path.read_bytes()


def imported_modules(source: str) -> list[str]:
    found = []
    for match in _IMPORT.finditer(source):
        module, names, plain = match.groups()
        if module:
            found.append(module)
            found += [f"{module}.{part.split()[0]}" for part in names.strip().strip("()").split(",") if part.split()]
        else:
            found += [part.split()[0] for part in plain.split(",") if part.split() and part.split()[0].startswith("bookgen")]
    return found


def key(ptype: PuzzleType, params: Any, seed: int) -> str:
    """The entry's name: the same for the same request whatever else the spec says."""
    text = f"{ptype.name}\0{params!r}\0{seed}\0{generator_version(type(ptype).__module__)}"
    return hashlib.sha256(text.encode()).hexdigest()


def _path(entry: str) -> Path:
    return cache.cache_root() / "puzzles" / entry[:2] / f"{entry}.json"


def load(entry: str, ptype: PuzzleType, params: Any) -> Puzzle | None:
    """The cached puzzle as it was made with `params`, read as plain data; None when
    absent, damaged, from another version, or not a puzzle these options ask for. It
    still has to be proved again before it is printed."""
    path = _path(entry)
    data = cache.load_table(path, cache.table_header(_KIND, _FORMAT, entry, 0), max_length=MAX_ENTRY_BYTES)
    if data is None:
        return None
    try:
        fields = plain_json(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(fields, dict) or fields.get("type") != ptype.name:
        return None
    try:
        puzzle = ptype.restored(fields, params, str(path))
    except PuzzleFormatError:
        return None
    return None if ptype.misfit(puzzle, params) else puzzle


def store(entry: str, ptype: PuzzleType, puzzle: Puzzle) -> None:
    fields = {**ptype.to_json(puzzle), "type": ptype.name, "difficulty": puzzle.difficulty}
    data = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode("utf-8")
    cache.store_table(_path(entry), cache.table_header(_KIND, _FORMAT, entry, len(data)), data)
