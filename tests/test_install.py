"""What a fresh machine installs: the lock records every version; the teacher's environment
(the runtime) holds no test tool and is all the package imports; the build backend is the
locked one; the licences are declared and the fonts' own texts are the ones their packages
carry. (The wheel itself is built and installed without Rust by `make wheel-check`, which
CI runs: too slow for a test.)"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import distribution, packages_distributions
from pathlib import Path

import pytest

import bookgen

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(bookgen.__file__).parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCK = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
LOCKED = {package["name"]: package for package in LOCK["package"]}
PROJECT = PYPROJECT["project"]["name"]


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(names: set[str]) -> set[str]:
    """The locked packages `names` need, themselves included (every platform's markers)."""
    seen: set[str] = set()
    todo = [normalised(name) for name in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(normalised(dep["name"]) for dep in LOCKED[name].get("dependencies", []))
    return seen


RUNTIME = closure({dep["name"] for dep in LOCKED[PROJECT].get("dependencies", [])})
TEST_TOOLS = {normalised(re.split(r"[<>=!~;\[ ]", requirement)[0])
              for requirement in PYPROJECT["dependency-groups"]["test"]}


def test_the_lock_records_one_version_of_every_dependency_of_every_group():
    declared = {normalised(re.split(r"[<>=!~;\[ ]", requirement)[0])
                for group in (PYPROJECT["project"]["dependencies"], *PYPROJECT["dependency-groups"].values())
                for requirement in group}
    assert declared <= set(LOCKED)
    for name in declared:
        assert LOCKED[name]["version"], name


def test_the_teachers_environment_holds_no_test_tool():
    assert TEST_TOOLS >= {"pytest", "playwright", "numpy", "hypothesis", "python-sat"}
    assert not (TEST_TOOLS & RUNTIME), TEST_TOOLS & RUNTIME


def third_party_imports() -> dict[str, str]:
    """Top-level module -> the first file of the package that imports it, for every module
    neither the standard library's nor bookgen's own."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                if top not in sys.stdlib_module_names and top != "bookgen":
                    found.setdefault(top, str(path.relative_to(PACKAGE)))
    return found


def test_everything_the_package_imports_is_in_the_runtime_it_installs():
    # A module of bookgen importing a test tool would work under `make test` and fail in
    # the teacher's environment; this reads the imports, not the environment.
    providers = packages_distributions()
    imports = third_party_imports()
    assert {"reportlab", "yaml", "click", "babel"} <= set(imports)
    for module, where in imports.items():
        distributions = {normalised(name) for name in providers.get(module, [])}
        assert distributions & RUNTIME, f"{where} imports {module}, which the runtime does not install"


def test_the_build_backend_is_the_locked_maturin():
    pinned = PYPROJECT["tool"]["uv"]["build-constraint-dependencies"]
    assert pinned == [f"maturin=={LOCKED['maturin']['version']}"]


def test_uv_itself_is_pinned_to_one_version_by_hash():
    text = (ROOT / "requirements-uv.txt").read_text(encoding="utf-8")
    assert len(re.findall(r"^uv==\d+\.\d+\.\d+ \\$", text, re.MULTILINE)) == 1
    assert len(re.findall(r"--hash=sha256:[0-9a-f]{64}", text)) >= 10  # a wheel per platform


def test_the_licence_is_declared_and_shipped():
    assert PYPROJECT["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    for pattern in PYPROJECT["project"]["license-files"]:
        assert list(ROOT.glob(pattern)), pattern


@pytest.mark.parametrize("package,text", [("fontpkg-atkinson-hyperlegible", "LICENSE-AtkinsonHyperlegible.txt"),
                                          ("fontpkg-noto-sans", "LICENSE-NotoSans.txt")])
def test_the_fonts_licence_texts_are_the_ones_their_packages_carry(package: str, text: str):
    carried = [file for file in distribution(package).files if file.name == "LICENSE"]
    assert carried, f"{package} carries no LICENSE"
    shipped = (ROOT / "fonts" / text).read_text(encoding="utf-8")
    assert "SIL Open Font License" in shipped
    assert shipped == carried[0].read_text(encoding="utf-8")
