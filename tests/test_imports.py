"""Imports flow one way: cli -> build -> {spec, layout, render, puzzles} -> solve -> model,
with options, errors and specfile below everything; build's own steps (the spec in
layout's terms, the fonts, the puzzles, the JSON) stand between build and the rest. The
low-level modules and the spec are read here as source, so a new import across the line
fails before it becomes a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bookgen

PACKAGE = Path(bookgen.__file__).parent
HIGHER = ("bookgen.layout", "bookgen.render", "bookgen.build", "bookgen.cli", "bookgen.book_sections",
          "bookgen.font_choice", "bookgen.generation", "bookgen.book_json", "bookgen.terminal")
LOW = ("paper.py", "options.py", "spec_kinds.py", "errors.py", "specfile.py", "section_options.py", "students_option.py",
       "book_spec.py",
       "pictures.py", "classlist.py", "yamltext.py", "language.py", "progress_option.py")


def imported(path: Path) -> set[str]:
    """Every module a file imports, at any depth of the file (lazy imports too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def crosses(module: str, layers: tuple[str, ...]) -> bool:
    return any(module == layer or module.startswith(layer + ".") for layer in layers)


@pytest.mark.parametrize("name", ("spec.py",) + LOW)
def test_the_spec_and_the_low_level_modules_import_no_layout_render_build_or_cli(name: str):
    assert not [m for m in imported(PACKAGE / name) if crosses(m, HIGHER)]


@pytest.mark.parametrize("name", LOW)
def test_the_low_level_modules_import_no_spec_and_no_puzzles(name: str):
    assert not [m for m in imported(PACKAGE / name) if crosses(m, ("bookgen.spec", "bookgen.puzzles"))]


# Which rooms of the house may import which (a room: a top-level module, or a package
# such as solve or puzzles). Read from the architecture: cli -> build -> {spec, layout,
# render, puzzles} -> solve -> model, the low-level modules below everything.
LOW_ROOMS = {"bookgen", "errors", "model", "options", "spec_kinds", "section_options", "students_option", "book_spec",
             "offer", "cache",
             "specfile", "outputs", "stopping", "pictures", "classlist", "yamltext", "language",
             "progress_option", "self_check", "paper", "cache_files", "part_files", "classlist_columns", "deferred",
             "dataclass_code", "by_identity"}
MAY_IMPORT = {
    # The shell's entry answers --version itself and hands every other command to cli.
    "__main__": {"cli", "solve_command", "check_command"},
    "cli": {"build", "spec", "puzzles", "render", "serve", "book_lines", "terminal", "record", "answer_file", "publish",
            "generate_command", "solve_command", "check_command"},
    # The publisher's production line beside the book: export, the cover, the print check.
    "publish": {"build", "spec", "layout", "render", "puzzles", "font_choice", "generation", "book_sections",
                "terminal"},
    # `bookgen solve`: a puzzle file's puzzles solved, each result printed (a plain command
    # line run without click, bookgen.__main__).
    "solve_command": {"puzzles", "terminal"},
    # `bookgen check`: a spec read and planned as build would (a plain command line run
    # without click, bookgen.__main__).
    "check_command": {"spec", "build", "book_lines", "record", "publish", "terminal"},
    # `bookgen generate`: puzzles made and proved as a book's are, printed a line each.
    "generate_command": {"spec", "puzzles", "generation", "terminal"},
    # How a command's errors and output reach the terminal: the command line's alone.
    "terminal": set(),
    "book_lines": {"spec"},
    # The composer page calls build as the command line does (and nothing imports it but cli).
    "serve": {"build", "spec", "puzzles", "render", "record"},
    "build": {"spec", "layout", "render", "puzzles", "book_sections", "font_choice", "generation", "book_json",
              "record", "answer_file", "publish"},
    # `answer_key: separate`: the teacher's file laid out from the book's layout.
    "answer_file": {"layout", "book_sections"},
    # A class record: what was built for whom (its digests name puzzles; it moves levels
    # as the spec allows); its `mark` command reports through the terminal's helpers.
    "record": {"spec", "layout", "puzzles", "terminal"},
    # build's steps: the spec in layout's terms; the fonts and the texts they must print;
    # every puzzle made, verified and cached; the JSON.
    "book_sections": {"layout", "puzzles"},
    "font_choice": {"render", "book_sections"},
    "generation": {"layout", "puzzles", "puzzle_cache", "book_sections", "record"},
    "book_json": {"layout", "puzzles"},
    "spec": {"puzzles"},
    "layout": {"puzzles"},
    "render": {"layout", "puzzles"},
    # A kept puzzle's key holds the engine's source digest, asked of the bridge (solve.engine).
    "puzzle_cache": {"puzzles", "solve"},
    "puzzles": {"solve"},
    "solve": set(),
    "offer": set(),
    "section_options": {"options", "progress_option"},
}
# Type packages stand on the shared puzzles modules, and not on one another: killer's
# grid is the classic sudoku's shape, and tredoku is graded on the sudoku family's ladder
# and aimed at its levels by the family's generator, the exceptions.
TYPE_PACKAGES = ("sudoku", "kenken", "killer", "sliding", "tredoku")
TYPE_EXCEPTIONS = {("killer", "bookgen.puzzles.sudoku.shapes"), ("tredoku", "bookgen.puzzles.sudoku.type"),
                   ("tredoku", "bookgen.puzzles.sudoku.generate")}


def _modules() -> dict[str, Path]:
    return {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): path
            for path in PACKAGE.rglob("*.py")}


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _edges() -> dict[str, set[str]]:
    modules = _modules()
    return {name: {m for m in imported(path) if m in modules and m != name} for name, path in modules.items()}


def test_every_import_goes_down_the_house():
    wrong = [(a, b) for a, targets in _edges().items() for b in targets
             if _room(a) != _room(b) and _room(b) not in LOW_ROOMS | MAY_IMPORT.get(_room(a), set())]
    assert not wrong


def test_no_module_imports_itself_round_a_cycle():
    edges, state, cycles = _edges(), {}, []

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "open":
                cycles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    assert not cycles


def test_a_type_package_imports_no_other_type_package():
    wrong = []
    for module, targets in _edges().items():
        parts = module.split(".")
        if len(parts) > 3 and parts[1] == "puzzles" and parts[2] in TYPE_PACKAGES:
            for target in targets:
                tparts = target.split(".")
                if (len(tparts) > 2 and tparts[1] == "puzzles" and tparts[2] in TYPE_PACKAGES
                        and tparts[2] != parts[2] and (parts[2], target) not in TYPE_EXCEPTIONS):
                    wrong.append((module, target))
    assert not wrong


def test_the_puzzles_package_itself_imports_nothing():
    assert imported(PACKAGE / "puzzles" / "__init__.py") == set()
