"""Modules a command may never use, loaded when first used instead of when first
imported (start-up, issue 31): `bookgen solve` of a small puzzle is allowed 60 ms of CPU,
`bookgen check` of a small spec 100 ms, and modules they import but never use cost a
sixth of that.

- `inspect` (with `ast`, `dis` and `tokenize`): `dataclasses` imports it for one call,
  made only for a class without a docstring; every data class here has one.
- `tempfile` (with `shutil`, `random` and the compressors): the cache writes a file
  through it, which `check` never does.
- `pickle` and `PIL.Image`: ReportLab imports them for images and caches; measuring text
  (`check`) uses neither, and a book with pictures loads Pillow when it draws one.
- `difflib` (a "did you mean" for a mistake), `csv` (a class list or a CSV of puzzles),
  `ipaddress` (pathlib's URL quoting imports it for a host name) and `base64` (YAML's
  binary values): each is used by some input alone.
- `logging` (with `traceback`, `threading` and `string`): bookgen writes a note (a lock
  waited for, an unwritable cache) through it, which most commands never do; the
  terminal defers it with its note handler to install once it loads
  (bookgen.terminal.notes_to_stderr).

A deferred module is an ordinary module object in `sys.modules` whose code runs at the
first touch of any attribute, so what uses it sees no difference. Only the command line
defers (bookgen.__main__), and only for `solve` and `check`: loading keeps a lock of its
own beside the import system's module locks, and a command running threads (`serve`, a
build's worker pool) could hold one and wait on the other. A program that imports bookgen
as a library keeps the usual imports.
"""

from __future__ import annotations

import sys
from _thread import RLock
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import Any, Callable, Sequence

# What the command line loads only when used (logging: bookgen.terminal).
DEFERRED = ("inspect", "tempfile", "pickle", "PIL.Image", "difflib", "csv", "ipaddress", "base64")

_LOCK = RLock()  # one thread loads a module; another touching it meanwhile waits
_WANTED: set[str] = set()  # deferred when imported (a name never imported costs nothing)
_LOADING: set[str] = set()
_THEN: dict[str, Callable[[ModuleType], None]] = {}
_ON = False  # defer_unused was called: this command defers


class _Deferred(ModuleType):
    """A module whose code has not run yet: the first touch of any attribute but
    `__spec__` runs it, then the object is an ordinary module. `__spec__` is answered as
    it is because `import name` reads it (to see whether the module is still loading);
    importlib.util.LazyLoader loads on that read, so any later `import` loaded it."""

    def __getattribute__(self, attr: str) -> object:
        spec = ModuleType.__getattribute__(self, "__dict__")["__spec__"]
        if attr == "__spec__":
            return spec
        with _LOCK:
            if type(self) is _Deferred and spec.name not in _LOADING:
                _load(self, spec)
        return ModuleType.__getattribute__(self, attr)


def _load(module: ModuleType, spec: Any) -> None:
    name = spec.name
    _LOADING.add(name)  # the loader's own reads of the module are ordinary ones
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)  # as a failed import leaves it: the next import tries again
        raise
    finally:
        _LOADING.discard(name)
        module.__class__ = ModuleType
    then = _THEN.pop(name, None)
    if then is not None:
        then(module)


class _Later:
    """The loader of a deferred module: the module is made (its file found, its name in
    sys.modules) but its own loader runs its code only at its first use."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__.loader = module.__loader__ = self.loader  # type: ignore[union-attr]
        module.__class__ = _Deferred


class _Finder:
    """First on sys.meta_path: a module named in _WANTED is found where the usual path
    search finds it (the standard library's files, the environment's packages), to be
    loaded later."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in _WANTED:
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _Later(spec.loader)  # type: ignore[assignment]
        return spec


def defer(name: str, then: Callable[[ModuleType], None] | None = None) -> None:
    """Make `import name` cheap until the module is used; `then(module)` runs once it has
    loaded (at once if it already has)."""
    loaded = sys.modules.get(name)
    if loaded is not None and type(loaded) is not _Deferred:
        if then is not None:
            then(loaded)
        return
    if then is not None:
        _THEN[name] = then
    if _Finder not in sys.meta_path:
        sys.meta_path.insert(0, _Finder)  # type: ignore[arg-type]
    _WANTED.add(name)


def loaded(name: str) -> bool:
    """Whether `name` has been imported and, if it was deferred, used."""
    module = sys.modules.get(name)
    return module is not None and type(module) is not _Deferred


def defer_unused() -> None:
    """Defer every module DEFERRED names (the first step of `solve` and `check`)."""
    global _ON
    _ON = True
    for name in DEFERRED:
        defer(name)


def deferring() -> bool:
    """Whether this process defers what it may never use (defer_unused was called)."""
    return _ON
