"""Standard modules a command may never use, loaded when first used instead of when first
imported (start-up, issue 31): `bookgen solve` of a small puzzle is allowed 60 ms of CPU,
and two modules it imports but does not use cost a sixth of that.

- `inspect`: `dataclasses` imports it (with `ast`, `dis` and `tokenize`) for one call,
  made only for a class without a docstring; every data class here has one.
- `logging` (with `traceback`, `threading` and `string`): bookgen writes a note (a lock
  waited for, an unwritable cache) through it, which most commands never do; the
  terminal defers it with its note handler to install once it loads
  (bookgen.terminal.notes_to_stderr).

A deferred module is an ordinary module object in `sys.modules` whose code runs at the
first touch of any attribute, so what uses it sees no difference. Only the command line defers (bookgen.__main__): a program that imports
bookgen as a library keeps the usual imports.
"""

from __future__ import annotations

import sys
from _thread import RLock
from importlib.util import find_spec, module_from_spec
from types import ModuleType
from typing import Callable

# What the command line loads only when used (logging: bookgen.terminal).
DEFERRED = ("inspect",)

_LOCK = RLock()  # one thread loads a module; another touching it meanwhile waits
_LOADING: set[str] = set()
_THEN: dict[str, Callable[[ModuleType], None]] = {}


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


def _load(module: ModuleType, spec: object) -> None:
    name = spec.name  # type: ignore[attr-defined]
    _LOADING.add(name)  # the loader's own reads of the module are ordinary ones
    try:
        spec.loader.exec_module(module)  # type: ignore[attr-defined]
    except BaseException:
        sys.modules.pop(name, None)  # as a failed import leaves it: the next import tries again
        raise
    finally:
        _LOADING.discard(name)
        module.__class__ = ModuleType
    then = _THEN.pop(name, None)
    if then is not None:
        then(module)


def defer(name: str, then: Callable[[ModuleType], None] | None = None) -> None:
    """Make `import name` cheap until the module is used; `then(module)` runs once it has
    loaded (at once if it already has). A module that cannot be found is left to the
    usual import (and its error)."""
    loaded = sys.modules.get(name)
    if loaded is not None:
        if then is not None:
            if type(loaded) is _Deferred:
                _THEN[name] = then
            else:
                then(loaded)
        return
    spec = find_spec(name)
    if spec is None or spec.loader is None:
        return
    module = module_from_spec(spec)
    module.__class__ = _Deferred
    if then is not None:
        _THEN[name] = then
    sys.modules[name] = module


def loaded(name: str) -> bool:
    """Whether `name` has been imported and, if it was deferred, used."""
    module = sys.modules.get(name)
    return module is not None and type(module) is not _Deferred


def defer_unused() -> None:
    """Defer every module DEFERRED names (the command line's first step)."""
    for name in DEFERRED:
        defer(name)
