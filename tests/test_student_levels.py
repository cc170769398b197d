"""A level per student: the class list's forms (the spec's list, groups, text and CSV
files), check refusing a level a section cannot make with one line naming the file,
line, field and student, and the book: each student's puzzles made and graded at their
level, their key labels saying whose and which level, the same bytes for any --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings, strategies as st
from click.testing import CliRunner

from bookgen import puzzle_cache
from bookgen.book_sections import layout_sections
from bookgen.classlist import LEVELS, ClassListError, Student, class_list, split_level
from bookgen.cli import main
from bookgen.students_option import Names
from bookgen.puzzles import registry
from bookgen.spec import load, parse

SECTIONS = """sections:
  - title: Little sudoku
    type: sudoku
    size: 9
    difficulty: easy
    count: 1
  - title: KenKen
    type: kenken
    size: 5
    difficulty: easy
    count: 1
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def _spec(tmp_path: Path, students: str, sections: str = SECTIONS, name: str = "book.yaml") -> Path:
    spec = tmp_path / name
    spec.write_text(f"seed: 7\nlayout: worksheet\nstudents:{students}\n" + sections, encoding="utf-8")
    return spec


def _levels(spec) -> list[tuple[str, str | None]]:
    return [(student.name, student.level) for student in spec.students]


# ----- the forms a class list gives levels in


def test_the_spec_list_gives_levels_by_text_mapping_and_group_and_plain_names_keep_none(tmp_path: Path):
    students = """
  - Ana, Easy
  - {name: Ben, level: beginner}
  - Cleo
  - {name: "Rivera, Dan"}
  - group: Red table
    level: medium
    names: [Eli, Fay]
  - {level: beginner, names: [Gus]}"""
    spec = load(_spec(tmp_path, students))
    assert _levels(spec) == [("Ana", "easy"), ("Ben", "beginner"), ("Cleo", None), ("Rivera, Dan", None),
                             ("Eli", "medium"), ("Fay", "medium"), ("Gus", "beginner")]
    assert spec.copies == ("Ana", "Ben", "Cleo", "Rivera, Dan", "Eli", "Fay", "Gus")


def test_a_name_with_a_comma_stays_a_name_in_a_list_that_gives_no_levels(tmp_path: Path):
    (tmp_path / "class.txt").write_text("Rivera, Ana\nLee, Bo\n", encoding="utf-8")
    assert _levels(load(_spec(tmp_path, " class.txt"))) == [("Rivera, Ana", None), ("Lee, Bo", None)]


def test_a_text_class_list_gives_a_level_after_a_comma(tmp_path: Path):
    (tmp_path / "class.txt").write_text("# Red table\nAna, easy\n\nBen\nCleo,MEDIUM\n", encoding="utf-8")
    assert _levels(load(_spec(tmp_path, " class.txt"))) == [("Ana", "easy"), ("Ben", None), ("Cleo", "medium")]


def test_a_csv_class_list_gives_levels_in_a_level_column_and_an_empty_cell_keeps_the_sections(tmp_path: Path):
    (tmp_path / "class.csv").write_text('id;Name;Level\n1;Ana;easy\n2;"Rivera, Bo";\n3;Cleo;Beginner\n')
    assert _levels(load(_spec(tmp_path, " class.csv"))) == [("Ana", "easy"), ("Rivera, Bo", None),
                                                            ("Cleo", "beginner")]


def test_every_types_levels_are_named_from_the_class_lists_ladder():
    for ptype in registry.all_types():
        assert set(ptype.levels) <= set(LEVELS), ptype.name


def test_a_student_line_text_is_read_back_as_the_same_student():
    names = Names(max_items=10)
    students = class_list("Ana, easy\nBen\nCleo, expert\n", "c.txt", names)
    again = class_list("\n".join(s.line_text() for s in students), "c.txt", names)
    assert [(s.name, s.level) for s in again] == [(s.name, s.level) for s in students]


_WORDS = st.sampled_from(["Ana", "Ben", "Rivera", "Chloé", "easy", "Hard", "eazy", "expert", "", " ", "#x",
                         "é\u0301"])


@settings(deadline=None, derandomize=True, max_examples=300)
@given(lines=st.lists(st.tuples(_WORDS, st.sampled_from(["", ",", ", ", ";", "\t"]), _WORDS), max_size=8),
       csv=st.booleans())
def test_a_generated_class_list_gives_students_at_known_levels_or_one_line_naming_the_file(lines, csv: bool):
    """Names and levels in any order and mix, as text or CSV: every student read has a
    level of the ladder or none and a name that is no level; anything else is one line
    naming the file (and its line, where one is at fault)."""
    text = ("Name,Level\n" if csv else "") + "\n".join(a + sep + b for a, sep, b in lines)
    name = "c.csv" if csv else "c.txt"
    try:
        students = class_list(text, name, Names(max_items=60))
    except ClassListError as exc:
        assert str(exc).startswith(name) and "\n" not in str(exc)
    else:
        assert all(s.level in LEVELS + (None,) and s.name.lower() not in LEVELS for s in students)
        assert all(split_level(s.name)[1] is None for s in students if not csv)
        assert len({s.name for s in students}) == len(students)


# ----- refusals: one line naming the file, line, field and student


def _problems(tmp_path: Path, students: str, sections: str = SECTIONS) -> list[str]:
    result = run("check", str(_spec(tmp_path, students, sections)))
    assert result.exit_code == 2 and "Traceback" not in result.output
    return result.output.splitlines()


@pytest.mark.parametrize("students, expected", [
    ("\n  - Ana\n  - {name: Ben, level: eazy}",
     "book.yaml:5:24: students[1].level: Ben's level: expected one of beginner, easy, medium, hard, expert, "
     "got 'eazy'; did you mean 'easy'?"),
    ("\n  - Ana, easy\n  - Ben, eazy",
     "book.yaml:5:5: students[1]: 'Ben, eazy': expected a level after the comma"),
    ("\n  - Ana\n  - {level: hardest, names: [Ben]}",
     "book.yaml:5:13: students[1].level: the group's level: expected one of"),
    ("\n  - Ana\n  - {name: Ben, levle: easy}",
     "book.yaml:5:5: students[1]: unknown key 'levle'; did you mean 'level'?"),
    ("\n  - Ana\n  - {names: [Ben, Cleo]}",
     "book.yaml:5:5: students[1]: a group needs a level for its names"),
    ("\n  - {group: Reds, level: easy, names: [Ben, 'Cleo, hard']}",
     "book.yaml:4:45: students[0].names[1]: Cleo, hard: a name in the group Reds has the group's level"),
    (" [Ana, easy]",
     "book.yaml:3:17: students[1]: 'easy' is a level, not a name; give it with its student: 'Ana, easy'"),
    ("\n  - Ana\n  - {level: easy, names: [Ben, Ana]}",
     "book.yaml:5:32: students[1].names[1]: expected different names, got Ana twice"),
])
def test_a_bad_student_entry_is_one_line_at_its_own_line(tmp_path: Path, students: str, expected: str):
    lines = _problems(tmp_path, students)
    assert len(lines) == 1 and lines[0].startswith(f"{tmp_path / expected.split(':')[0]}:")
    assert lines[0].removeprefix(str(tmp_path) + "/").startswith(expected)


FOUR = """sections:
  - title: Little sudoku
    type: sudoku
    size: 4
    difficulty: beginner
    count: 2
"""


def test_a_level_a_section_cannot_make_is_refused_naming_the_line_field_student_and_offer(tmp_path: Path):
    lines = _problems(tmp_path, "\n  - Ana\n  - {name: Ben, level: expert}", FOUR)
    assert lines == [f"{tmp_path / 'book.yaml'}:5:24: students[1].level: Ben at expert: sections[0] (Little sudoku): "
                     "a 4x4 sudoku can be beginner; expert ones are not offered (every 4x4 falls to the beginner's "
                     "techniques, so none needs one of a higher level)"]


def test_a_groups_level_is_refused_once_naming_its_students(tmp_path: Path):
    lines = _problems(tmp_path, "\n  - group: Reds\n    level: hard\n    names: [Ana, Ben, Cleo, Dev]", FOUR)
    assert len(lines) == 1
    assert lines[0].startswith(f"{tmp_path / 'book.yaml'}:5:12: students[0].level: Ana, Ben and 2 more at hard: ")


def test_a_class_list_files_level_is_refused_naming_the_spec_the_file_and_its_line(tmp_path: Path):
    (tmp_path / "class.csv").write_text("Name,Level\nAna,beginner\nBen,expert\n")
    lines = _problems(tmp_path, " class.csv", FOUR)
    assert lines == [f"{tmp_path / 'book.yaml'}:3:1: students: class.csv, line 3: Ben at expert: sections[0] "
                     "(Little sudoku): a 4x4 sudoku can be beginner; expert ones are not offered "
                     "(every 4x4 falls to the beginner's techniques, so none needs one of a higher level)"]


@pytest.mark.parametrize("name, content, expected", [
    ("class.csv", "Name,Level\nAna,easy\nBen,hardd\n",
     "class.csv, line 3: Ben's level: expected one of beginner, easy, medium, hard, expert, got 'hardd'; "
     "did you mean 'hard'?"),
    ("class.txt", "Ana, easy\nRivera, Bo\n", "class.txt, line 2: 'Rivera, Bo': expected a level after the comma"),
    ("class.txt", "Ana, easy\nBen, easy\nAna, hard\n", "class.txt, line 3: expected different names, got Ana twice"),
])
def test_a_bad_level_in_a_class_list_file_is_one_line_naming_the_file_and_line(tmp_path: Path, name: str,
                                                                                 content: str, expected: str):
    (tmp_path / name).write_text(content)
    with pytest.raises(ClassListError) as caught:
        class_list(content, name, Names(max_items=60))
    assert str(caught.value).startswith(expected) and "\n" not in str(caught.value)
    lines = _problems(tmp_path, f" {name}", FOUR)
    assert len(lines) == 1 and f"students: {expected}" in lines[0]


SLIDING = """sections:
  - type: sliding
    size: 3
    count: 1
"""


def test_a_sliding_section_takes_a_level_it_has_and_refuses_one_it_has_not(tmp_path: Path):
    assert run("check", str(_spec(tmp_path, " ['Ana, hard', 'Ben, easy']", SLIDING))).exit_code == 0
    lines = _problems(tmp_path, " ['Ana, beginner']", SLIDING)
    assert lines == [f"{tmp_path / 'book.yaml'}:3:12: students[0]: Ana at beginner: sections[0] (Sliding puzzles): "
                     "a sliding puzzle has no beginner level (its levels are easy, medium, hard)"]


def test_a_sliding_section_of_a_given_number_of_moves_is_the_same_for_every_student(tmp_path: Path):
    spec = load(_spec(tmp_path, " ['Ana, beginner', 'Ben, expert']", SLIDING + "    moves: 6\n"))
    assert {section.params for section in layout_sections(spec)} == {spec.sections[0].params}
    assert {section.level for section in layout_sections(spec)} == {""}


# ----- what check says


def test_checks_summary_counts_the_students_at_each_level_easiest_first(tmp_path: Path):
    result = run("check", str(_spec(tmp_path, " [Dev, 'Ana, medium', 'Ben, easy', 'Cleo, medium']")))
    assert result.exit_code == 0
    assert result.output.endswith("ok (2 sections, 8 puzzles: 2 for each of 4 students, at easy (1), medium (2), "
                                  "the sections' own (1))\n")


def test_checks_summary_says_no_levels_when_none_are_given(tmp_path: Path):
    result = run("check", str(_spec(tmp_path, " [Ana, Ben]")))
    assert result.output.endswith("ok (2 sections, 4 puzzles: 2 for each of 2 students)\n")


# ----- the book


def _cache_keys(spec) -> set[str]:
    """Every puzzle's cache key, as the build asks for them."""
    from bookgen.generation import _tasks

    return {puzzle_cache.key(registry.get(p.task.type), p.task.params, p.task.seed) for p in _tasks(spec)}


def test_a_students_level_changes_their_puzzles_options_not_their_seeds(tmp_path: Path):
    plain = load(_spec(tmp_path, " [Ana, Ben]", name="plain.yaml"))
    levelled = load(_spec(tmp_path, " [Ana, 'Ben, medium']", name="levelled.yaml"))
    from bookgen.generation import _tasks

    plain_tasks, levelled_tasks = _tasks(plain), _tasks(levelled)
    assert [t.task.seed for t in plain_tasks] == [t.task.seed for t in levelled_tasks]
    assert [t.task.params.difficulty for t in levelled_tasks] == ["easy", "easy", "medium", "medium"]
    # Ana's puzzles are the cached ones of the plain book; Ben's at medium are other entries.
    assert len(_cache_keys(plain) & _cache_keys(levelled)) == 2


def test_a_plain_name_written_as_a_mapping_makes_the_same_book(tmp_path: Path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("build", str(_spec(tmp_path, " [Ana, Ben]", name="a.yaml")), "-o", str(first), "--quiet",
               "--no-cache").exit_code == 0
    assert run("build", str(_spec(tmp_path, " [{name: Ana}, {name: Ben}]", name="b.yaml")), "-o", str(second),
               "--quiet", "--no-cache").exit_code == 0
    assert first.read_bytes() == second.read_bytes()


MIXED = """
  - Ana, beginner
  - Ben
  - {name: Cleo, level: medium}
  - group: Red table
    level: hard
    names: [Dev, Eli]"""
LEVEL_OF = {"Ana": "beginner", "Ben": None, "Cleo": "medium", "Dev": "hard", "Eli": "hard"}


@pytest.fixture(scope="module")
def mixed_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("mixed")
    spec = _spec(folder, MIXED)
    pdf, data = folder / "book.pdf", folder / "book.json"
    result = run("build", str(spec), "-o", str(pdf), "--json", str(data), "--quiet", "--jobs", "2")
    assert result.exit_code == 0, result.output
    return pdf, json.loads(data.read_text(encoding="utf-8"))


def test_each_students_puzzles_are_graded_at_their_level_read_from_the_json(mixed_book):
    from bookgen.puzzles.interchange import read_puzzles

    pdf, data = mixed_book
    path = pdf.with_name("book.json")
    graded = {label: registry.get(puzzle.type).solve(puzzle).level for label, puzzle in read_puzzles(str(path))}
    for item in data["puzzles"]:
        wanted = LEVEL_OF[item["copy"]] or "easy"  # the sections' own level
        assert item["difficulty"] == wanted and graded[item["id"]] == wanted, item["id"]


def test_the_key_names_each_student_and_their_level_beside_each_answer(mixed_book):
    pdf, data = mixed_book
    with pdfplumber.open(pdf) as read:
        answer_pages = {item["answer_page"] for item in data["puzzles"]}
        text = "\n".join(read.pages[n - 1].extract_text() for n in sorted(answer_pages))
    shown = {item["copy"]: 0 for item in data["puzzles"]}
    for item in data["puzzles"]:
        level = LEVEL_OF[item["copy"]]
        number = int(item["id"]) - list(LEVEL_OF).index(item["copy"]) * 2
        label = f"{item['copy']} · {level + ' · ' if level else ''}{number} (page {item['page']})"
        assert label in text, label
        shown[item["copy"]] += 1
    assert "Ben · easy" not in text  # no level of his own: the key says none


def test_each_students_sheets_caption_their_puzzles_at_their_level(mixed_book):
    pdf, data = mixed_book
    with pdfplumber.open(pdf) as read:
        for item in data["puzzles"]:
            page = read.pages[item["page"] - 1].extract_text()
            assert item["copy"] in page and f"{item['difficulty']} " in page


def test_the_bookmarks_put_each_students_puzzles_under_their_name_at_their_level(mixed_book):
    from pypdf import PdfReader

    pdf, data = mixed_book
    outline = PdfReader(pdf).outline
    names = [mark.title for mark in outline if not isinstance(mark, list)][:len(LEVEL_OF)]
    assert names == list(LEVEL_OF)
    puzzles = [mark.title for marks in outline if isinstance(marks, list) for inner in marks
               if isinstance(inner, list) for mark in inner]
    assert puzzles == [f"Puzzle {int(p['id']) - list(LEVEL_OF).index(p['copy']) * 2}: {p['difficulty']} "
                       f"{'9×9' if p['type'] == 'sudoku' else '5×5'}" for p in data["puzzles"]]


def test_a_class_set_with_levels_is_the_same_bytes_for_any_number_of_jobs(mixed_book, tmp_path: Path):
    pdf, _data = mixed_book
    again = tmp_path / "again.pdf"
    result = run("build", str(_spec(tmp_path, MIXED)), "-o", str(again), "--quiet", "--jobs", "1", "--no-cache")
    assert result.exit_code == 0 and again.read_bytes() == pdf.read_bytes()


def test_a_cached_puzzle_is_never_served_at_another_level(tmp_path: Path):
    """A book built with the cache, then again with one student's level changed: their
    puzzles come at the new level, the others' from the cache unchanged."""
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert run("build", str(_spec(tmp_path, " [Ana, 'Ben, easy']", name="a.yaml")), "-o", str(tmp_path / "a.pdf"),
               "--json", str(first), "--quiet").exit_code == 0
    assert run("build", str(_spec(tmp_path, " [Ana, 'Ben, beginner']", name="b.yaml")), "-o",
               str(tmp_path / "b.pdf"), "--json", str(second), "--quiet").exit_code == 0
    before, after = (json.loads(p.read_text())["puzzles"] for p in (first, second))
    assert [p["difficulty"] for p in after] == ["easy", "easy", "beginner", "beginner"]
    assert before[:2] == after[:2] and before[2]["givens"] != after[2]["givens"]


def test_the_metadata_keywords_name_the_students_levels(mixed_book):
    from pypdf import PdfReader

    pdf, _data = mixed_book
    keywords = PdfReader(pdf).metadata["/Keywords"]
    assert all(level in keywords for level in ("beginner", "easy", "medium", "hard"))


def test_a_name_in_a_group_is_located_where_it_was_written(tmp_path: Path):
    spec = parse("students:\n  - Ana\n  - {level: beginner, names: [Ben, 'Cleo']}\n" + FOUR, "book.yaml", tmp_path)
    assert spec.location("students[1].names[1]").line == 3
    assert spec.students[2] == Student("Cleo", "beginner", None, (1, "names", 1), (1, "level"))


def test_the_key_says_a_students_level_in_the_books_language(tmp_path: Path):
    spec = tmp_path / "de.yaml"
    spec.write_text("seed: 4\nlanguage: de\nlayout: worksheet\nstudents: ['Ana, beginner', Ben]\n" + FOUR)
    assert run("build", str(spec), "-o", str(tmp_path / "de.pdf"), "--quiet").exit_code == 0
    with pdfplumber.open(tmp_path / "de.pdf") as read:
        key = read.pages[-1].extract_text()
    assert "Ana · Anfänger · 1 (Seite 1)" in key and "Ben · 1 (Seite 2)" in key
