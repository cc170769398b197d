"""The methods `dataclasses` writes for each data class (`__init__`, `__repr__`, `__eq__`,
`__hash__`, and a frozen class's `__setattr__` and `__delattr__`), compiled once and kept
beside bookgen's own compiled modules, not compiled again by every command.

Python 3.11 writes those methods as source text and compiles each with `exec` as the
class is made: for the sixty data classes a `bookgen check` loads, parsing and compiling
them was 43% of its CPU (187 of 435 M instructions, callgrind; start-up, issue 31). The
text is the same every run, so its code object is too: it is kept, keyed by the very text,
in one file of marshalled code objects, and `exec` runs the kept code object with the same
globals and namespace. Each code object is kept marshalled on its own and read back only
when its text is asked for, so a command pays for the classes it makes, not for every
class any command has kept. A text not kept yet is compiled as `exec` would (no inherited
compiler flags, file name "<string>"), so every method is the very code `dataclasses`
makes; only where its code comes from changes. The classes stay data classes.

The file is kept where Python keeps bookgen's `.pyc` files (`__pycache__`, or under
PYTHONPYCACHEPREFIX), named for this Python's cache tag and checked against its bytecode
magic number, and written under the same rule (never when bytecode is not written): who
can write there can already change the code Python runs. An unreadable, stale or damaged
file is ignored, and compiled again; a file that cannot be written is no error.

Installed by the command line (bookgen.__main__), before bookgen's modules load; a program
that imports bookgen as a library compiles as usual.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import sys
from importlib._bootstrap_external import MAGIC_NUMBER  # what a .pyc starts with, for this Python

TYPE_CHECKING = False  # typing is not loaded for this module's annotations (start-up)
if TYPE_CHECKING:
    from types import CodeType
    from typing import Any

# Kept texts at most: a file past it (code changed many times) starts again from the
# texts this run used.
MAX_KEPT = 4096

_kept: dict[str, bytes] = {}  # text -> its code object, marshalled
_codes: dict[str, CodeType] = {}  # text -> its code object, as this process uses it
_path: str | None = None
_missed = False


def install(folder: str | None) -> None:
    """Read the kept methods from `folder` (None: keep none) and make `dataclasses`
    compile through them; what it compiled afresh is written there when the process
    ends, unless bytecode is not written."""
    global _path
    if folder is None:
        return
    _path = os.path.join(folder, f"dataclass-methods.{sys.implementation.cache_tag}.bin")
    _kept.update(read(_path))
    # dataclasses compiles each method by a call of `exec` on its text (3.11's does; a
    # Python that compiles otherwise just compiles as usual), and looks `exec` up among
    # its module's names before the builtins.
    vars(dataclasses)["exec"] = _exec
    import atexit

    atexit.register(_keep)


def folder_of(package_cached: str | None) -> str | None:
    """The folder of a package's compiled `__init__` (its spec's `cached`), where this
    Python writes bytecode; None where it keeps none."""
    if not package_cached or sys.implementation.cache_tag is None:
        return None
    return os.path.dirname(package_cached)


def read(path: str) -> dict[str, bytes]:
    """The kept code objects in `path` (each marshalled), by text; none if the file is
    missing, made by another Python, or damaged."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return {}
    if not data.startswith(MAGIC_NUMBER):
        return {}
    try:
        kept = marshal.loads(data[len(MAGIC_NUMBER):])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(kept, dict) or not all(type(k) is str and type(v) is bytes for k, v in kept.items()):
        return {}
    return kept


def write(path: str, kept: dict[str, bytes]) -> bool:
    """Write `kept` to `path` whole (a locked temporary file beside it, renamed over it
    when whole; a killed writer's leftover is cleared by the next write, as every
    `.part` file of bookgen is: bookgen.part_files), or nothing: False when it cannot be
    written."""
    from pathlib import Path

    from bookgen import part_files  # only when something is written: seldom

    folder, name = os.path.split(path)
    temporary = None
    try:
        os.makedirs(folder, exist_ok=True)
        part_files.clear_stale(Path(folder), name)
        fd, temporary = part_files.create(Path(folder), name)
        with open(fd, "wb") as file:
            file.write(MAGIC_NUMBER + marshal.dumps(kept))
        os.replace(temporary, path)
        return True
    except (OSError, ValueError):
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        return False
    finally:
        if temporary is not None:
            part_files.release(temporary)


def compiled(text: str) -> CodeType:
    """The code of `text` as `exec` compiles it: kept, or compiled now and kept."""
    global _missed
    code = _codes.get(text)
    if code is None:
        blob = _kept.get(text)
        code = None if blob is None else decoded(blob)
        if code is None:
            code = compile(text, "<string>", "exec", dont_inherit=True)
            _kept[text] = marshal.dumps(code)
            _missed = True
        _codes[text] = code
    return code


def decoded(blob: bytes) -> CodeType | None:
    """A kept code object, or None if its bytes are not one."""
    try:
        code = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return None
    return code if type(code) is type(decoded.__code__) else None


def _exec(source: str | CodeType, globals: dict[str, Any] | None = None,
          locals: dict[str, Any] | None = None) -> None:
    """`exec` as dataclasses calls it (a text, its globals, a namespace to fill)."""
    exec(compiled(source) if isinstance(source, str) else source, globals, locals)  # noqa: S102 - the code dataclasses wrote, as it runs it


def _keep() -> None:
    """At exit: write the texts compiled afresh, with those kept before (only this run's
    once there are too many)."""
    if not _missed or _path is None or sys.dont_write_bytecode:
        return
    kept = _kept if len(_kept) <= MAX_KEPT else {text: _kept[text] for text in _codes}
    write(_path, kept)
