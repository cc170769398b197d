"""Issue 34's catalogue, class lists as spreadsheets export them: a heading bookgen does
not recognise is refused naming the columns it found and the ones it needs; first- and
last-name columns are joined; level words in the class's language are levels; a quote
left open is refused at the line it opens; the command line and the composer page read
a file's bytes with one decoder (UTF-8 with or without BOM, UTF-16 with BOM)."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bookgen.classlist import LEVELS, ClassListError, read_class_list
from bookgen.classlist_columns import is_heading
from bookgen.students_option import Names


def read(tmp_path: Path, data: bytes, name: str = "class.csv") -> list[tuple[str, str | None]]:
    path = tmp_path / name
    path.write_bytes(data)
    return [(s.name, s.level) for s in read_class_list(path, name, Names(max_items=60))]


def refused(tmp_path: Path, data: bytes, name: str = "class.csv") -> str:
    with pytest.raises(ClassListError) as caught:
        read(tmp_path, data, name)
    assert "\n" not in str(caught.value)
    return str(caught.value)


GERMAN = "Vorname;Nachname;Niveau\nLea;Müller;leicht\nJonas;Schmidt;schwer\n"


def test_first_and_last_name_columns_are_joined_and_german_levels_read(tmp_path: Path):
    assert read(tmp_path, GERMAN.encode()) == [("Lea Müller", "easy"), ("Jonas Schmidt", "hard")]


@pytest.mark.parametrize("heading, row, expected", [
    ("Prénom,Nom de famille,Niveau", "Zoé,Martin,facile", ("Zoé Martin", "easy")),
    ("first name\tlast name\tlevel", "Ana\tRivera\tmedium", ("Ana Rivera", "medium")),
    ("Nombre;Nivel", "Lucía;difícil", ("Lucía", "hard")),
    ("Name,Level", "Ana,Experte", ("Ana", "expert")),
    ("Nome,Livello", "Giulia,principiante", ("Giulia", "beginner")),
])
def test_headings_and_levels_in_the_classes_languages(tmp_path: Path, heading: str, row: str, expected: tuple):
    assert read(tmp_path, f"{heading}\n{row}\n".encode()) == [expected]


@pytest.mark.parametrize("content", ["Klasse;Kurs;Niveau\n3B;Mathe;leicht\n", "Niveau;Klasse\nleicht;3B\n",
                                     "A;B\nLea;x\n", "col1,col2,col3\nLea,Müller,leicht\n"])
def test_a_heading_without_a_name_column_is_refused_naming_what_it_found(tmp_path: Path, content: str):
    message = refused(tmp_path, content.encode())
    first = content.splitlines()[0]
    assert message.startswith("class.csv, line 1: the columns are ")
    assert all(repr(cell) in message for cell in first.replace(";", ",").split(","))
    assert "expected a heading row with a name column (or first name and last name)" in message


def test_a_text_list_with_levels_after_commas_is_still_a_text_list(tmp_path: Path):
    assert read(tmp_path, "Ana, leicht\nBen, hard\n".encode(), "class.txt") == [("Ana", "easy"), ("Ben", "hard")]
    assert read(tmp_path, "Rivera, Ana\nBen\n".encode(), "class.txt") == [("Rivera, Ana", None), ("Ben", None)]


@pytest.mark.parametrize("content, line", [
    ('name,level\n"unterminated,easy\nBen,hard\n', 2),
    ('name,level\nAna,easy\nBen,hard\n"Cleo,easy\n', 4),
    ('Vorname;Nachname\nLea;Müller\n"Jonas;Schmidt\n', 3),
])
def test_a_quote_left_open_is_refused_at_its_line(tmp_path: Path, content: str, line: int):
    assert refused(tmp_path, content.encode()).startswith(f"class.csv, line {line}: a quote (\") opens a cell here "
                                                          "that is never closed")


@pytest.mark.parametrize("encode", [
    lambda t: t.encode("utf-8"),
    lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
    lambda t: codecs.BOM_UTF16_LE + t.encode("utf-16-le"),  # Excel's "Unicode text"
    lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"),
])
def test_utf8_with_or_without_bom_and_utf16_with_bom_read_alike(tmp_path: Path, encode):
    assert read(tmp_path, encode(GERMAN)) == [("Lea Müller", "easy"), ("Jonas Schmidt", "hard")]


@pytest.mark.parametrize("data, expected", [
    (GERMAN.encode("latin-1"), "class.csv, line 2: not UTF-8 text (byte 0xFC); save the file as UTF-8"),
    (GERMAN.encode("utf-16-le"), "class.csv: the file holds NUL characters (UTF-16 without a byte-order mark?)"),
    (codecs.BOM_UTF32_LE + GERMAN.encode("utf-32-le"), "class.csv: the file is UTF-32; save it as UTF-8"),
    (codecs.BOM_UTF16_LE + b"\x00\xd8A\x00", "class.csv: the file starts as UTF-16 but is not UTF-16 throughout"),
])
def test_any_other_encoding_is_one_clear_line(tmp_path: Path, data: bytes, expected: str):
    assert refused(tmp_path, data).startswith(expected)



# ----- generated spreadsheets

_HEADINGS = ["Name", "name", "Vorname", "Nachname", "Prénom", "Nom", "Niveau", "level", "Stufe", "Klasse", "Class",
             "E-Mail", "first name", "Last Name", "", "x"]
_CELLS = ["Lea", "Müller", "leicht", "facile", "easy", "schwer", "Ana", '"Ben', 'Cleo"', '"Dev, Jr"', "", " ", "3B",
          "Ζωή", "Експерт"]


@settings(deadline=None, derandomize=True, max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(heading=st.lists(st.sampled_from(_HEADINGS), min_size=1, max_size=4),
       rows=st.lists(st.lists(st.sampled_from(_CELLS), min_size=1, max_size=4), max_size=6),
       delimiter=st.sampled_from([",", ";", "\t"]),
       encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"]))
def test_a_generated_spreadsheet_gives_names_of_no_heading_and_no_delimiter_or_one_line(
        tmp_path: Path, heading: list[str], rows: list[list[str]], delimiter: str, encoding: str):
    text = "\n".join(delimiter.join(row) for row in [heading, *rows]) + "\n"
    path = tmp_path / "class.csv"
    path.write_bytes(text.encode(encoding, "replace"))
    try:
        students = read_class_list(path, path.name, Names(max_items=60))
    except ClassListError as exc:
        assert str(exc).startswith("class.csv") and "\n" not in str(exc)
        return
    first = delimiter.join(heading)
    # One unknown word alone ("Klasse") may be a child's name in a list of names, and
    # "Rivera, Ana" a name with a comma in a text list.
    heading_row = is_heading(heading) or len(heading) > 2 or len(heading) > 1 and delimiter != ","
    for student in students:
        assert student.level in (None, *LEVELS)
        assert not (heading_row and student.name == first.strip())
        if delimiter in first and delimiter != ",":
            assert delimiter not in student.name  # a row was never read as one name
