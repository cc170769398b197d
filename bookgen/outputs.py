"""Files bookgen writes: refused before any work when writing them would hurt, and
written through a temporary file beside the target that is renamed into place only
when every output of the command is complete.

A teacher's spec, pictures and fonts are never overwritten, two outputs never share a
file, a symlink keeps pointing where it did (its target is written), and the result
gets the permissions any new file would get under the user's umask (a temporary file
alone would leave it readable by its owner only, locking out print servers and
colleagues).
"""

from __future__ import annotations

import os
import re
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from bookgen import part_files
from bookgen.errors import BookgenError
from bookgen.stopping import signals_held

TEMP_SUFFIX = ".part"


class OutputError(BookgenError):
    """An output that must not or cannot be written; found before any work is done."""

    exit_code = 2


class WriteError(BookgenError):
    """An output that could not be written while it was being written (a full disk, a
    closed stream): earlier outputs are untouched and no temporary file is left."""


@contextmanager
def writing(name: str) -> Iterator[None]:
    """Within the block, a failure to write (ENOSPC, EIO, EFBIG...) is a WriteError
    naming the file as the user named it, not a traceback."""
    try:
        yield
    except OSError as exc:
        raise WriteError(f"cannot write {name} ({(exc.strerror or str(exc)).lower()})") from None


# Every file renamed into place by this process: what an interrupted command had
# already written, so its last line says so instead of "nothing was written".
_committed: list[Path] = []


def committed() -> list[Path]:
    return list(_committed)


@dataclass(frozen=True)
class Output:
    """A file to write, as the user named it: `flag` (`-o`, `--json`) and the text given
    (a str, because Path("") silently becomes ".")."""

    flag: str
    path: str


@dataclass(frozen=True)
class Input:
    """A file the command reads, described as the user would know it ("the spec")."""

    what: str
    path: Path


def checked(outputs: Sequence[Output], inputs: Sequence[Input] = ()) -> list[Path]:
    """The real files to write, one per output (symlinks followed), or OutputError."""
    targets: list[Path] = []
    for i, out in enumerate(outputs):
        target = _target(out)
        for source in inputs:
            if _same(target, source.path):
                raise OutputError(f"{out.flag} {out.path}: this is {source.what}; choose another file name")
        for earlier, earlier_target in zip(outputs[:i], targets):
            if _same(target, earlier_target):
                raise OutputError(f"{out.flag} {out.path}: this is also the {earlier.flag} file; "
                                  "choose another file name")
        targets.append(target)
    return targets


def checked_folder(flag: str, folder: str) -> Path:
    """A folder to write files into: an existing writable folder, or one that can be made."""
    if str(folder) == "":
        raise OutputError(f"{flag}: expected a folder name, got nothing")
    real = Path(os.path.realpath(folder))
    if real.exists() and not real.is_dir():
        raise OutputError(f"{flag} {folder}: this is a file, not a folder")
    existing = real
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise OutputError(f"{flag} {folder}: {existing} is a file, not a folder")
    try:
        _probe(existing)
    except OSError as exc:
        raise OutputError(f"{flag} {folder}: cannot write in the folder {existing} ({exc.strerror.lower()})") from None
    return real


def _target(out: Output) -> Path:
    if out.path == "":
        raise OutputError(f"{out.flag}: expected a file name, got nothing")
    real = Path(os.path.realpath(out.path))
    try:
        mode = os.stat(real).st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None  # the folder checks below say what is wrong
    except OSError as exc:
        raise OutputError(f"{out.flag} {out.path}: cannot use this file ({exc.strerror})") from None
    if mode is not None:
        if stat.S_ISDIR(mode):
            raise OutputError(f"{out.flag} {out.path}: this is a folder; give a file name, such as "
                              f"{Path(out.path) / 'book.pdf'}")
        if not stat.S_ISREG(mode):
            raise OutputError(f"{out.flag} {out.path}: this is not a regular file (a device, pipe or socket)")
        # By its mode, too: root passes every access check, and would replace a file its
        # owner made read-only (chmod 444) to keep it.
        if not os.access(real, os.W_OK) or mode & 0o222 == 0:
            raise OutputError(f"{out.flag} {out.path}: this file is read-only")
    folder = real.parent
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{out.flag} {out.path}: {_shown_folder(out.path)} is a file, not a folder")
    if not folder.is_dir():
        raise OutputError(f"{out.flag} {out.path}: the folder {_shown_folder(out.path)} does not exist")
    try:
        _probe(folder)
    except OSError as exc:
        raise OutputError(f"{out.flag} {out.path}: cannot write in the folder {_shown_folder(out.path)} "
                          f"({exc.strerror.lower()})") from None
    return real


def _probe(folder: Path) -> None:
    """Create and remove a temporary file: the only sure test that a folder is writable
    (permission bits say nothing about read-only mounts, and root passes every access check)."""
    import tempfile  # only when a file is written: `bookgen solve` starts without it

    fd, name = tempfile.mkstemp(prefix=".bookgen.", suffix=TEMP_SUFFIX, dir=folder)
    os.close(fd)
    os.unlink(name)


def _shown_folder(path: Path) -> str:
    """The folder as the user wrote it (not the resolved one), '.' for the current folder."""
    return str(Path(path).parent)


def _same(a: Path, b: Path) -> bool:
    """One file under two names: the same real path, or the same inode (hard links)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def umask_mode() -> int:
    """The mode a newly created regular file gets: 0o666 minus the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def staged(targets: Sequence[Path], names: Sequence[str | Path] = ()) -> Iterator[list[Path]]:
    """Temporary files beside each target, for the caller to write; all are renamed onto
    their targets together when the block ends normally, and removed if it does not
    (errors, Ctrl-C, SIGTERM), so an earlier output is left untouched.

    A failure to write one of them (a full disk) is an OutputError naming the file as
    the user named it (`names`, default the targets), not the temporary file."""
    shown = {}
    temps: list[Path] = []
    try:
        for target, name in zip(targets, names or targets):
            shown[str(target)] = name
            try:
                part_files.clear_stale(target.parent, target.name)  # a killed command's leftovers
                fd, temp = part_files.create(target.parent, target.name)
            except OSError as exc:
                raise OutputError(f"cannot write {name}: {exc.strerror}") from None
            os.close(fd)
            temps.append(Path(temp))
            shown[temp] = name
        yield list(temps)
        commit(list(zip(temps, targets)))
        temps.clear()
    except OSError as exc:
        if str(exc.filename) not in shown:
            raise
        raise OutputError(f"cannot write {shown[str(exc.filename)]}: {exc.strerror}") from None
    finally:
        for temp in temps:
            temp.unlink(missing_ok=True)
        for temp in shown:
            part_files.release(temp)


def commit(pairs: Sequence[tuple[Path, Path]]) -> None:
    """Rename each finished temporary file onto its target, with a new file's mode under
    the umask, as one set: a stop signal arriving meanwhile waits until all are in place
    (then the command says what it had written)."""
    mode = umask_mode()
    with signals_held():
        for temp, target in pairs:
            # chmod just before the rename: a writer may have replaced the temporary file.
            os.chmod(temp, mode)
            os.replace(temp, target)
            _committed.append(target)


def clashing_page_images(folder: Path, stem: str, inputs: Sequence[Input]) -> None:
    """Preview writes `stem`.pdf and `stem`-001.png, -002.png... into `folder`, how many
    known only once the book is made: refuse now, before any work, when one of those
    names is an input (a picture called like a page: pv-001.png beside pv.yaml), or a
    file there that could not be replaced (read-only, a folder, a pipe)."""
    pages = re.compile(re.escape(stem) + r"-[0-9]{3,}\.png")
    real_folder = Path(os.path.realpath(folder))
    for source in inputs:
        real = Path(os.path.realpath(source.path))
        if real.parent == real_folder and (pages.fullmatch(real.name) or real.name == f"{stem}.pdf"):
            raise OutputError(f"-o {folder}: the preview would write over {real.name}, which is {source.what}; "
                              "choose another folder")
    for existing in sorted(real_folder.iterdir()) if real_folder.is_dir() else []:
        if pages.fullmatch(existing.name):
            checked([Output("-o", str(Path(folder) / existing.name))], inputs)
