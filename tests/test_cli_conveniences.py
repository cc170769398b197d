"""The command line as a teacher meets it: -h everywhere, a class list file, sizes written
6x6, check counting what build makes, a fresh seed when the spec gives none, `new -o`
never replacing a file, `keys` listing every key, and messages without developers' words."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.options import declared
from bookgen.section_options import SectionOptions
from bookgen.book_spec import BookOptions
from bookgen.spec import FRESH_SEEDS, load

SUDOKU = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 1\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", ["build", "check", "solve", "preview", "types", "keys", "new", "serve"])
def test_dash_h_shows_the_help_of_every_command(command: str):
    result = run(command, "-h")
    assert result.exit_code == 0 and result.output.startswith(f"Usage: main {command}")


def _spec(tmp_path: Path, students: str, name: str = "book.yaml") -> Path:
    spec = tmp_path / name
    spec.write_text(f"seed: 3\nlayout: worksheet\nstudents: {students}\n" + SUDOKU)
    return spec


def test_students_may_name_a_text_file_beside_the_spec_one_name_a_line(tmp_path: Path):
    (tmp_path / "class.txt").write_text("Ana\n\n  Ben  \nChloé\n")
    assert load(_spec(tmp_path, "class.txt")).copies == ("Ana", "Ben", "Chloé")


def test_students_may_name_a_csv_file_with_a_name_column(tmp_path: Path):
    (tmp_path / "class.csv").write_text('id;Name;group\n1;Ana;3B\n2;"Rivera; Bo";3B\n3;;3B\n4;Dev;3B\n')
    assert load(_spec(tmp_path, "class.csv")).copies == ("Ana", "Rivera; Bo", "Dev")


def test_a_school_sized_class_list_is_accepted(tmp_path: Path):
    (tmp_path / "year.txt").write_text("".join(f"Student {k}\n" for k in range(1, 301)))
    assert len(load(_spec(tmp_path, "year.txt")).copies) == 300


@pytest.mark.parametrize("content, expected", [
    ("Ana\nBen\nAna\n", "students: class.txt, line 3: expected different names, got Ana twice"),
    ("Ana\n" + "x" * 61 + "\n", "students: class.txt, line 2: expected names of 1 to 60 characters"),
    ("\n\n", "students: class.txt: no names in the file"),
    (b"Ana\n\xff\n", "students: class.txt, line 2: not UTF-8 text"),
])
def test_a_bad_class_list_is_one_line_naming_the_spec_the_file_and_its_line(tmp_path: Path, content, expected):
    path = tmp_path / "class.txt"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    result = run("check", str(_spec(tmp_path, "class.txt")))
    lines = result.output.splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and expected in lines[0]
    assert lines[0].startswith(f"{tmp_path / 'book.yaml'}:3:1: ")


def test_a_missing_class_list_or_a_folder_is_refused(tmp_path: Path):
    (tmp_path / "folder.txt").mkdir()
    assert "students: gone.txt: no such file" in run("check", str(_spec(tmp_path, "gone.txt"))).output
    assert "students: folder.txt: this is a folder" in run("check", str(_spec(tmp_path, "folder.txt"))).output


@pytest.mark.parametrize("section", [
    "type: sudoku\n    size: 6x6\n    difficulty: easy",
    "type: sudoku\n    size: 6×6\n    difficulty: easy",
    "type: kenken\n    size: 4 x 4\n    difficulty: easy",
    "type: killer\n    size: 6X6\n    difficulty: easy",
    "type: sliding\n    size: 3x3\n    difficulty: easy",
])
def test_a_square_size_may_be_written_as_bookgen_types_prints_it(tmp_path: Path, section: str):
    spec = tmp_path / "b.yaml"
    spec.write_text(f"seed: 1\nsections:\n  - {section}\n")
    assert load(spec).sections[0].params.size in (3, 4, 6)


def test_a_size_that_is_not_square_is_refused_with_the_square_it_may_mean(tmp_path: Path):
    spec = tmp_path / "b.yaml"
    spec.write_text("seed: 1\nsections:\n  - type: sudoku\n    size: 6x4\n")
    result = run("check", str(spec))
    assert result.exit_code == 2 and "sections[0].size: expected a square grid such as 6x6, got 6x4" in result.output


def test_check_counts_the_puzzles_build_makes_for_every_student(tmp_path: Path):
    (tmp_path / "class.txt").write_text("".join(f"S{k}\n" for k in range(30)))
    spec = tmp_path / "w.yaml"
    spec.write_text("seed: 1\nlayout: worksheet\nstudents: class.txt\nsections:\n"
                    + "  - type: sudoku\n    size: 6x6\n    difficulty: easy\n    count: 2\n"
                    + "  - type: kenken\n    size: 4\n    difficulty: easy\n    count: 2\n")
    result = run("check", str(spec))
    assert result.output.strip() == f"{spec}: ok (2 sections, 120 puzzles: 4 for each of 30 students)"


def test_check_says_one_section_and_copies(tmp_path: Path):
    spec = tmp_path / "c.yaml"
    spec.write_text("seed: 1\ncopies: 3\n" + SUDOKU)
    assert run("check", str(spec)).output.strip() == f"{spec}: ok (1 section, 3 puzzles: 1 for each of 3 copies)"


def test_a_spec_without_a_seed_gets_a_fresh_one_each_time(tmp_path: Path):
    spec = tmp_path / "s.yaml"
    spec.write_text(SUDOKU)
    seeds = {load(spec).seed for _ in range(5)}
    assert len(seeds) > 1 and all(FRESH_SEEDS[0] <= seed <= FRESH_SEEDS[1] for seed in seeds)
    assert not load(spec).seed_given


def test_a_fresh_seed_is_in_the_summary_line_and_on_every_page_and_rebuilds_the_book(tmp_path: Path):
    spec = tmp_path / "s.yaml"
    spec.write_text(SUDOKU)
    result = run("build", str(spec), "-o", str(tmp_path / "a.pdf"), "-j", "1")
    found = re.search(r"new seed (\d+) \(rebuild with --seed (\d+)\)", result.output)
    assert result.exit_code == 0 and found and found[1] == found[2]
    with pdfplumber.open(tmp_path / "a.pdf") as pdf:
        assert all(f"seed {found[1]}" in page.extract_text() for page in pdf.pages)
    run("build", str(spec), "-o", str(tmp_path / "b.pdf"), "-j", "1", "--seed", found[1])
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_a_starter_fixes_no_seed_unless_asked(tmp_path: Path):
    for kind in ("book", "worksheet", "large-print"):
        assert not re.search(r"^seed:", run("new", kind).output, re.M), kind
        assert re.search(r"^seed: 2031 ", run("new", kind, "--seed", "2031").output, re.M), kind
    spec = tmp_path / "w.yaml"
    spec.write_text(run("new", "worksheet").output, encoding="utf-8")
    assert not load(spec).seed_given


def test_new_with_o_writes_a_starter_that_checks_and_never_replaces_a_file(tmp_path: Path):
    target = tmp_path / "friday.yaml"
    assert run("new", "worksheet", "-o", str(target)).exit_code == 0
    assert run("check", str(target)).exit_code == 0
    target.write_text("mine")
    result = run("new", "book", "-o", str(target))
    assert result.exit_code == 2 and "already exists" in result.output and target.read_text() == "mine"


def test_keys_lists_every_book_and_section_key_from_their_declarations():
    output = run("keys").output
    for name, _info, _default in declared(BookOptions) + declared(SectionOptions):
        assert re.search(rf"^  {name}: ", output, re.M), name
    assert "type: one of sudoku, kenken" in output


def test_keys_says_where_the_worked_steps_are_printed_as_the_book_prints_them(tmp_path: Path):
    # The help names no types (every type writes worked steps, and a spec asking a type
    # without them is told which have them), and says where the pages go: before the answers.
    from bookgen.build import build
    from bookgen.puzzles import registry

    entries = re.split(r"\n(?=  \S)", run("keys").output)  # each key with its wrapped lines
    hints = " ".join(next(entry for entry in entries if entry.startswith("  hints:")).split())
    assert "before the answers" in hints and not any(t in hints for t in registry.known_names())
    spec = tmp_path / "h.yaml"
    spec.write_text(SUDOKU + "    hints: true\n", encoding="utf-8")
    kinds = [page.kind for page in build(load(str(spec)), tmp_path / "h.pdf").pages if page.kind != "blank"]
    assert kinds[-2:] == ["hints", "answers"]


def test_types_and_keys_speak_to_a_teacher_in_lines_a_terminal_holds():
    for command in ("types", "keys"):
        output = run(command).output
        assert all(len(line) <= 100 for line in output.splitlines())
        assert "bench/" not in output and "make setup" not in output


@pytest.mark.slow  # makes the Noto Sans bold (about 20 s on a busy machine)
def test_a_name_that_needs_the_other_font_says_what_it_did(tmp_path: Path):
    spec = tmp_path / "n.yaml"
    spec.write_text("seed: 1\nlayout: worksheet\nstudents: [Ana, Dũng]\n" + SUDOKU)
    result = run("check", str(spec))
    assert result.exit_code == 0
    assert "students[1]: the whole book is set in Noto Sans, not Atkinson Hyperlegible, because 'Dũng'" in result.stderr


@pytest.mark.slow  # makes the Noto Sans bold when the cache lacks it
def test_a_book_in_cyrillic_names_its_language_not_instructions_it_never_wrote(tmp_path: Path):
    spec = tmp_path / "ru.yaml"
    spec.write_text("seed: 1\nlanguage: ru\n" + SUDOKU)
    result = run("check", str(spec))
    assert result.exit_code == 0
    assert "language: the whole book is set in Noto Sans, not Atkinson Hyperlegible" in result.stderr
    assert "instructions" not in result.stderr and "sections[0].title" not in result.stderr
