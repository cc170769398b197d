"""Installs the wheel `make wheel` built as a user without Rust would, and builds a book.

A fresh environment in a temporary folder; PATH without any folder that holds cargo or
rustc, and no cargo or rustup home; the runtime dependencies at the versions uv.lock
records (hash-checked); the wheel itself with no dependency resolution. Then, from an
unrelated folder (the temporary one, never the repository), `bookgen check`, `bookgen
build` of the classroom sample with a fresh puzzle cache, and the PDF opened and counted.

Usage: python .ci/wheel_check.py dist    (exit 0 when all of it held, else 1 saying why)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The uv make installs (.tools/), else one on PATH (the release workflow's).
UV = str(ROOT / ".tools" / "bin" / "uv") if (ROOT / ".tools" / "bin" / "uv").exists() else shutil.which("uv") or "uv"
# abi3 for CPython >= 3.11 and, on Linux, a manylinux platform tag.
WHEEL_NAME = re.compile(r"^bookgen_puzzles-[^-]+-cp311-abi3-(?P<platform>.+)\.whl$")


class CheckFailed(Exception):
    pass


def the_wheel(dist: Path) -> Path:
    wheels = sorted(dist.glob("*.whl"))
    if len(wheels) != 1:
        raise CheckFailed(f"expected one wheel in {dist}, found {[w.name for w in wheels]}")
    match = WHEEL_NAME.match(wheels[0].name)
    if match is None:
        raise CheckFailed(f"{wheels[0].name} is not an abi3 (cp311) wheel of bookgen-puzzles")
    if sys.platform.startswith("linux") and "manylinux" not in match["platform"]:
        raise CheckFailed(f"{wheels[0].name} is not tagged manylinux")
    return wheels[0]


def path_without_rust() -> str:
    """PATH less every folder that holds a Rust toolchain's cargo, rustc or rustup."""
    kept = [folder for folder in os.environ.get("PATH", "").split(os.pathsep)
            if folder and not any((Path(folder) / tool).exists() for tool in ("cargo", "rustc", "rustup"))]
    return os.pathsep.join(kept)


def run(command: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise CheckFailed(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout + done.stderr


def check(dist: Path) -> None:
    wheel = the_wheel(dist)
    with tempfile.TemporaryDirectory(prefix="bookgen-wheel-check-") as temp:
        home = Path(temp)
        env = {key: value for key, value in os.environ.items()
               if key not in ("VIRTUAL_ENV", "PYTHONPATH", "CARGO_HOME", "RUSTUP_HOME", "CARGO")}
        env.update(PATH=path_without_rust(), CARGO_HOME=str(home / "no-cargo"), RUSTUP_HOME=str(home / "no-rustup"),
                   XDG_CACHE_HOME=str(home / "cache"), PIP_DISABLE_PIP_VERSION_CHECK="1")
        if shutil.which("cargo", path=env["PATH"]) or shutil.which("rustc", path=env["PATH"]):
            raise CheckFailed("a Rust toolchain is still on PATH")

        # The runtime's pinned versions, as uv.lock records them (no project, no groups).
        requirements = home / "requirements.txt"
        run([UV, "export", "--locked", "--no-dev", "--no-emit-project", "--format", "requirements-txt",
             "--quiet", "-o", str(requirements)], {**env, "PATH": os.environ["PATH"]}, ROOT)
        environment = home / "env"
        run([sys.executable, "-m", "venv", str(environment)], env, home)
        python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
        run([str(python), "-m", "pip", "install", "--quiet", "--require-hashes", "-r", str(requirements)], env, home)
        run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(wheel.resolve())], env, home)

        bookgen = environment / ("Scripts" if os.name == "nt" else "bin") / "bookgen"
        where = run([str(python), "-c", "import bookgen, bookgen._engine; print(bookgen.__file__)"], env, home)
        if not Path(where.strip()).resolve().is_relative_to(environment.resolve()):
            raise CheckFailed(f"bookgen was imported from {where.strip()}, not from the wheel's install")

        folder = home / "somewhere else"
        folder.mkdir()
        shutil.copy(ROOT / "samples" / "classroom.yaml", folder / "book.yaml")
        run([str(bookgen), "check", "book.yaml"], env, folder)
        said = run([str(bookgen), "build", "book.yaml", "-o", "book.pdf", "--jobs", "2"], env, folder)
        pages = run([str(python), "-c", "import pypdfium2, sys; print(len(pypdfium2.PdfDocument(sys.argv[1])))",
                     str(folder / "book.pdf")], env, folder)
        if int(pages) < 1:
            raise CheckFailed("the book has no page")
        print(f"wheel check: {wheel.name} installed with no Rust on PATH; {said.strip()}; {int(pages)} pages read back")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        check(Path(sys.argv[1]))
    except (CheckFailed, subprocess.TimeoutExpired) as problem:
        print(f"wheel check failed: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
