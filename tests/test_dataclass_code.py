"""The data classes' methods kept compiled (bookgen.dataclass_code): a class made through
kept code has the very methods dataclasses compiles itself, the kept file round-trips,
a damaged or foreign one is ignored, and nothing is written where bytecode is not."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from pathlib import Path

import bookgen
from bookgen import dataclass_code

ROOT = Path(__file__).resolve().parent.parent

# Made in a fresh interpreter, with or without the kept methods: every method's code of
# a frozen class with defaults and a factory, and what the class does.
_MAKE = """
import sys
from bookgen import dataclass_code
if sys.argv[1] != "-":
    dataclass_code.install(sys.argv[1])
import dataclasses
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Point:
    \"\"\"A point.\"\"\"
    x: int
    y: int = 2
    tags: tuple[str, ...] = field(default_factory=tuple)

for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
    code = vars(Point)[name].__code__
    print(name, code.co_code.hex(), code.co_consts, code.co_names, code.co_varnames, code.co_filename,
          code.co_firstlineno, code.co_flags)
p = Point(1)
print(p, p == Point(1, 2), hash(p) == hash(Point(1)))
try:
    p.x = 3
except dataclasses.FrozenInstanceError as exc:
    print("frozen", exc)
"""


def _make(folder: str, write: bool = True) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, *([] if write else ["-B"]), "-c", _MAKE, folder]
    return subprocess.run(command, capture_output=True, text=True, check=True, env=env, cwd=ROOT).stdout.splitlines()


def _kept_file(folder: Path) -> Path:
    return folder / f"dataclass-methods.{sys.implementation.cache_tag}.bin"


def test_a_class_made_from_kept_code_has_the_methods_dataclasses_compiles(tmp_path: Path):
    own = _make("-")
    first = _make(str(tmp_path))  # compiles and keeps
    assert _kept_file(tmp_path).exists()
    second = _make(str(tmp_path))  # runs the kept code
    assert first == own and second == own
    assert "Point(x=1, y=2, tags=())" in own[-2] and own[-1].startswith("frozen")


def test_the_kept_texts_are_read_back_as_the_code_compile_makes(tmp_path: Path):
    text = "def __create_fn__():\n def f(self):\n  return 1\n return f"
    path = str(tmp_path / "kept.bin")
    code = compile(text, "<string>", "exec", dont_inherit=True)
    assert dataclass_code.write(path, {text: marshal.dumps(code)})
    back = dataclass_code.read(path)
    assert list(back) == [text]
    assert dataclass_code.decoded(back[text]) == code


def test_a_kept_code_that_is_not_code_is_none():
    assert dataclass_code.decoded(marshal.dumps("not code")) is None
    assert dataclass_code.decoded(b"\xff\x00") is None


def test_a_damaged_or_foreign_kept_file_is_ignored(tmp_path: Path):
    path = tmp_path / "kept.bin"
    good = marshal.dumps({"x = 1": marshal.dumps(compile("x = 1", "<string>", "exec"))})
    for content in (b"", b"not a kept file", b"\x00\x00\r\n" + good, dataclass_code.MAGIC_NUMBER + good[:-3],
                    dataclass_code.MAGIC_NUMBER + marshal.dumps({"x = 1": "not bytes"}),
                    dataclass_code.MAGIC_NUMBER + marshal.dumps([1, 2])):
        path.write_bytes(content)
        assert dataclass_code.read(str(path)) == {}
    assert dataclass_code.read(str(tmp_path / "missing.bin")) == {}


def test_a_damaged_kept_file_is_compiled_again_and_replaced(tmp_path: Path):
    own = _make("-")
    _kept_file(tmp_path).write_bytes(dataclass_code.MAGIC_NUMBER + b"\xff\xff")
    assert _make(str(tmp_path)) == own
    assert dataclass_code.read(str(_kept_file(tmp_path)))


def test_a_write_leaves_no_temporary_file_and_clears_a_killed_writers(tmp_path: Path):
    path = tmp_path / "kept.bin"
    # A writer killed outright left its temporary file (its process is gone: no lock).
    dead = tmp_path / ".kept.bin.999999-abcdefgh.part"
    dead.write_bytes(b"half")
    code = compile("x = 1", "<string>", "exec", dont_inherit=True)
    assert dataclass_code.write(str(path), {"x = 1": marshal.dumps(code)})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.bin"]
    assert list(dataclass_code.read(str(path))) == ["x = 1"]


def test_nothing_is_kept_where_bytecode_is_not_written(tmp_path: Path):
    assert _make(str(tmp_path), write=False) == _make("-")
    assert not _kept_file(tmp_path).exists()


def test_the_methods_are_kept_beside_the_packages_own_bytecode():
    cached = bookgen.__spec__.cached
    folder = dataclass_code.folder_of(cached)
    assert cached is not None and folder == str(Path(cached).parent)
    assert dataclass_code.folder_of(None) is None
