"""`bookgen generate`: a line a puzzle, each line a puzzle `bookgen solve` reads and an
independent SAT encoding proves unique with the printed answer, the same lines from the
same seed whatever the workers, and a refusal in `check`'s own words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from bookgen.__main__ import VERSION_LINE
from bookgen import __version__
from bookgen.cli import main
from bookgen.puzzles import registry
from bookgen.puzzles.interchange import read_puzzles
from test_sat_crosscheck import sat_solutions

# Kinds cheap enough to make a few of in every example (milliseconds each).
CHEAP = (("kenken", ("--size", "4", "--difficulty", "easy")),
         ("sudoku", ("--size", "4", "--difficulty", "beginner")),
         ("killer", ("--size", "4", "--difficulty", "easy")),
         ("kenken", ("--size", "5", "--difficulty", "easy", "--operations", "+,-", "--hide-operations", "yes")))


def generate(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["generate", *args])
    return result.exit_code, result.stdout, result.stderr


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(CHEAP), count=st.integers(1, 4), seed=st.integers(0, 2**63 - 1))
def test_each_line_is_one_puzzle_solve_reads_and_sat_proves_unique(kind, count, seed, tmp_path: Path):
    type_name, options = kind
    code, out, err = generate(type_name, *options, "--count", str(count), "--seed", str(seed), "-j", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == count
    for i, line in enumerate(lines):
        data = json.loads(line)
        path = tmp_path / f"{seed}-{i}.json"
        path.write_text(line, encoding="utf-8")
        [(_label, puzzle)] = read_puzzles(str(path))
        assert puzzle.type == registry.get(type_name).name
        assert sat_solutions(data) == [data["solution"]]
    assert len(set(lines)) == count  # no puzzle twice, as a book never prints one twice


def test_the_same_seed_gives_the_same_lines_with_any_number_of_workers():
    args = ("kenken", "--size", "4", "--difficulty", "easy", "--count", "4", "--seed", "11")
    one, two, again = generate(*args, "-j", "1"), generate(*args, "-j", "2"), generate(*args, "-j", "1")
    assert one[0] == 0 and one == two == again
    assert generate(*args[:-1], "12", "-j", "1")[1] != one[1]


def test_the_puzzles_are_those_a_one_section_book_of_that_seed_prints(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text("seed: 5\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 3\n",
                    encoding="utf-8")
    book = tmp_path / "book.json"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(tmp_path / "book.pdf"), "--json", str(book),
                                       "-q", "-j", "1"])
    assert result.exit_code == 0, result.output
    printed = json.loads(book.read_text(encoding="utf-8"))["puzzles"]
    code, out, _err = generate("sudoku", "--size", "4", "--difficulty", "beginner", "--count", "3", "--seed", "5",
                               "-j", "1")
    assert code == 0
    where = ("section", "page", "answer_page")  # the book's places, which a line has not
    assert [json.loads(line) for line in out.splitlines()] == [
        {key: value for key, value in item.items() if key not in where} for item in printed]


def test_a_sudoku_as_text_is_its_givens_then_its_answer():
    code, out, _err = generate("sudoku", "--size", "9", "--difficulty", "easy", "--count", "2", "--seed", "3",
                               "--format", "text", "-j", "1")
    assert code == 0
    for line in out.splitlines():
        givens, answer = line.split(" ")
        assert len(givens) == len(answer) == 81 and set(answer) == set("123456789")
        assert all(g in (".", a) for g, a in zip(givens, answer))


def test_text_is_refused_for_a_type_that_has_no_line_of_text():
    code, out, err = generate("kenken", "--size", "4", "--difficulty", "easy", "--seed", "1", "--format", "text")
    assert code == 2 and out == ""
    assert err == "bookgen: --format text: a kenken of these options has no line of text; --format json gives every type\n"


@pytest.mark.parametrize("key, value", [("difficulty", "expert"), ("size", "13"), ("operations", "+,%"),
                                        ("hide_operations", "maybe")])
def test_a_refusal_is_checks_own_message_named_by_its_option(key: str, value: str, tmp_path: Path):
    shown = json.dumps(value.split(",")) if key == "operations" else value
    spec = tmp_path / "spec.yaml"
    entries = {"type": "kenken", "size": "4", key: shown}
    spec.write_text("seed: 1\nsections:\n  - " + "\n    ".join(f"{k}: {v}" for k, v in entries.items()) + "\n",
                    encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", str(spec)])
    assert checked.exit_code == 2
    [check_line] = checked.stderr.splitlines()
    message = check_line.split(f"sections[0].{key}: ", 1)[1]
    given = {**entries, key: value}  # the command line's list is `+,%`, the spec's `["+", "%"]`
    options = [part for k, v in given.items() if k != "type" for part in (f"--{k.replace('_', '-')}", v)]
    code, out, err = generate("kenken", *options, "--seed", "1")
    assert (code, out) == (2, "")
    assert err == f"bookgen: --{key.replace('_', '-')}: {message}\n"


def test_an_option_of_another_type_and_an_unknown_type_are_refused():
    code, _out, err = generate("sudoku", "--hide-operations", "yes", "--seed", "1")
    assert code == 2 and err.startswith("bookgen: --hide-operations: unknown key 'hide_operations'")
    code, _out, err = generate("sudokku", "--seed", "1")
    assert code == 2 and err.startswith("bookgen: TYPE: expected one of sudoku, kenken") and "did you mean 'sudoku'" in err


def test_every_option_a_type_declares_is_an_option_of_generate_for_that_type():
    from bookgen.options import declared

    for ptype in registry.all_types():
        code, out, _err = generate(ptype.name, "-h")
        assert code == 0
        shown = {line.split()[0] for line in out.splitlines() if line.strip().startswith("--")}
        assert {"--" + name.replace("_", "-") for name, _info, _default in declared(ptype.Params)} <= shown
    code, out, _err = generate("-h")  # no type named: every type's
    assert code == 0 and "--hide-operations" in out and "--figure" in out


def test_options_and_type_in_any_order_give_the_same_lines():
    first = generate("kenken", "--size", "4", "--difficulty", "easy", "--count", "2", "--seed", "9", "-j", "1")
    later = generate("--count", "2", "--seed=9", "-j1", "kenken", "--difficulty", "easy", "--size", "4")
    assert first[0] == 0 and first == later


def test_version_from_the_shell_is_what_the_command_line_prints_and_an_unwritable_stream_is_one_line():
    fast = subprocess.run([sys.executable, "-m", "bookgen", "--version"], capture_output=True, text=True)
    assert fast.returncode == 0 and fast.stdout == VERSION_LINE.format(version=__version__) + "\n"
    assert CliRunner().invoke(main, ["--version"]).stdout == fast.stdout
    with open("/dev/full", "w") as full:
        failed = subprocess.run([sys.executable, "-m", "bookgen", "--version"], stdout=full, stderr=subprocess.PIPE,
                                text=True)
    assert (failed.returncode, failed.stderr) == (1, "bookgen: cannot write to standard output (no space left on "
                                                     "device)\n")
    closed = subprocess.run([sys.executable, "-m", "bookgen", "--version"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))
    assert (closed.returncode, closed.stderr) == (1, "bookgen: cannot write to standard output (it was closed before "
                                                     "bookgen started)\n")
