"""Issue 22's catalogue, the files beside the spec: a layout file, a class list and the
smaller cases of the spec itself. Each is one line naming the file, line and key, exit
status 2, the same from `check` and `build`, nothing written and nothing left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from bookgen.cli import main
from bookgen.classlist import ClassListError, read_class_list
from bookgen.students_option import Names

SECTION = "sections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_line(result, expected: str, status: int = 2) -> None:
    assert result.exit_code == status, result.output
    assert "Traceback" not in result.output
    assert result.output.splitlines() == [expected]


def _alias_bomb() -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\nheader: *a8\n"


# name -> (the layout file's text, the line expected after "LAYOUT:")
LAYOUTS: dict[str, tuple[str, str]] = {
    ".nan type size": ("type:\n  body: .nan\n", "2:9: type.body: expected a number from 4 to 72 pt, got .nan"),
    ".inf margin": ("margin: {top: .inf}\n", "1:15: margin.top: expected a number from 0 to 60 mm, got .inf"),
    ".nan margin": ("margin: {outer: .NaN}\n", "1:17: margin.outer: expected a number from 0 to 60 mm, got .NaN"),
    "1e999 gap": ("gap: 1e999\n", "1:6: gap: expected a number from 0 to 40 mm, got 1e999"),
    "negative margin": ("margin: {binding: -20}\n", "1:19: margin.binding: expected a number from 0 to 60 mm, got -20"),
    "zero type size": ("type: {title: 0}\n", "1:15: type.title: expected a number from 4 to 72 pt, got 0"),
    "negative type size": ("type: {min: -7}\n", "1:13: type.min: expected a number from 4 to 72 pt, got -7"),
    "zero cell": ("cell: {min: 0}\n", "1:13: cell.min: expected a number from 4 to 40 mm, got 0"),
    "negative gap": ("gap: -3\n", "1:6: gap: expected a number from 0 to 40 mm, got -3"),
    "zero line weight": ("lines: {rule: 0}\n", "1:15: lines.rule: expected a number from 0.1 to 5 pt, got 0"),
    "largest cell under the smallest": ("cell: {max: 5}\n", "1:13: cell.max: expected at least cell.min (11), got 5"),
    "no puzzles a page": ("per_page: []\n", "1:11: per_page: expected a list of whole numbers from 1 to 12, got a list"),
    "twenty thousand character footer": ("footer: '" + "x" * 20_000 + "'\n",
                                         "1:9: footer: expected text of at most 100 characters, got 20000"),
    "the footer's placeholder in the header": ("header: 'Page {page}'\n",
                                              "1:9: header: may use {title} only (write {{ and }} for a brace), "
                                              "got {page}"),
    "attribute access in the header": ("header: '{title.upper}'\n",
                                       "1:9: header: may use {title} only (write {{ and }} for a brace), "
                                       "got {title.upper}"),
    "an index in the footer": ("footer: '{page[0]}'\n",
                               "1:9: footer: may use {page} and {title} only (write {{ and }} for a brace), "
                               "got {page[0]}"),
    "a lone brace": ("footer: 'page {'\n",
                     "1:9: footer: may use {page} and {title} only (write {{ and }} for a brace), got {"),
    "a NUL from an escape": ('header: "a\\0b"\n',
                             "1:9: header: the character U+0000 (a control character) cannot be printed; remove it"),
    "a direction override": ('footer: "\\u202E{page}"\n',
                             "1:9: footer: the character U+202E (right-to-left override) cannot be printed; "
                             "remove it"),
    "alias bomb in a header": (_alias_bomb(), "1:1: more than 20,000 values once aliases are expanded; "
                                              "no layout file is this large"),
    "5,000 nested lists": ("header: " + "[" * 5000 + "]" * 5000 + "\n", "1:28: nested more than 20 levels deep"),
    "unknown key": ("colour: red\n", "1:1: colour: unknown key 'colour'; expected one of title_page, name_lines, "
                                     "flow, margin, header, footer, type, instruction_lines, lines, cell, "
                                     "student_name, gap, label_band, per_page"),
    "small grids' cap as .nan": ("cell: {small_max: .nan}\n",
                                 "1:19: cell.small_max: expected a number from 4 to 40 mm, got .nan"),
    "a name on no line": ("student_name: {lines: 0}\n",
                          "1:23: student_name.lines: expected a whole number from 1 to 6, got 0"),
    "a list of margins": ("margin: [1, 2]\n", "1:9: margin: expected a mapping of keys to values, got a list"),
    "UTF-32": (None, ": the file is UTF-32; save it as UTF-8"),
    "50 MB": (None, ": the file is larger than 64 KB, the most bookgen reads"),
}


def _write_layout(path: Path, name: str) -> None:
    text, _expected = LAYOUTS[name]
    if name == "UTF-32":
        path.write_bytes("gap: 3\n".encode("utf-32"))
    elif name == "50 MB":
        with open(path, "wb") as f:
            f.write(b"gap: 3\n")
            f.truncate(50 * 2**20)
    else:
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_bad_layout_file_is_one_line_from_check_and_build(name: str, tmp_path: Path):
    layout = tmp_path / "mine.yaml"
    _write_layout(layout, name)
    spec = tmp_path / "book.yaml"
    spec.write_text("layout: mine.yaml\n" + SECTION)
    expected = f"{layout}{LAYOUTS[name][1] if LAYOUTS[name][1].startswith(':') else ':' + LAYOUTS[name][1]}"
    one_line(run("check", str(spec)), expected)
    one_line(run("build", str(spec), "-o", str(tmp_path / "book.pdf")), expected)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml", "mine.yaml"]


def test_a_sections_own_layout_file_is_read_the_same_way(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text("gap: -1\n")
    spec = tmp_path / "book.yaml"
    spec.write_text(SECTION + "    layout: mine.yaml\n")
    one_line(run("check", str(spec)), f"{tmp_path / 'mine.yaml'}:1:6: gap: expected a number from 0 to 40 mm, got -1")


def test_a_pipe_as_layout_file_is_refused_without_waiting(tmp_path: Path):
    os.mkfifo(tmp_path / "mine.yaml")
    spec = tmp_path / "book.yaml"
    spec.write_text("layout: mine.yaml\n" + SECTION)
    one_line(run("check", str(spec)), f"{spec}:1:1: layout: expected an existing layout file, got mine.yaml "
                                      "(not a regular file: a device, pipe or socket)")


def test_a_header_and_footer_print_their_placeholders_filled_and_braces_where_doubled(tmp_path: Path):
    import pdfplumber

    (tmp_path / "mine.yaml").write_text("header: '{{{title}}}'\nfooter: 'p. {page} of {title}'\n")
    spec = tmp_path / "book.yaml"
    spec.write_text("title: Tiny\nlayout: mine.yaml\n" + SECTION)
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"), "-j", "1")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        text = pdf.pages[1].extract_text()
    assert "{Tiny}" in text and "p. 2 of Tiny" in text


def test_a_layouts_extreme_but_allowed_values_keep_everything_on_the_page(tmp_path: Path):
    """The ranges' corners (the widest margins, large type, the largest answer cells and
    gaps) still draw every letter and line on the paper."""
    import pdfplumber

    (tmp_path / "mine.yaml").write_text(
        "margin: {top: 60, bottom: 60, binding: 60, outer: 60}\ntype: {title: 72, heading: 40, footer: 30, stamp: 20}\n"
        "cell: {answer: 12, min: 4, max: 40}\ngap: 40\nlabel_band: 30\n")
    spec = tmp_path / "book.yaml"
    spec.write_text("title: A title long enough to need wrapping at seventy-two points\nlayout: mine.yaml\n"
                    "sections:\n  - type: sudoku\n    size: 9\n    difficulty: easy\n    count: 2\n"
                    "  - type: kenken\n    size: 4\n    difficulty: easy\n    count: 5\n")
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"), "-j", "1")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        for page in pdf.pages:
            drawn = page.chars + page.lines + page.rects + page.curves
            assert drawn and all(0 <= d["x0"] <= d["x1"] <= page.width and 0 <= d["top"] <= d["bottom"] <= page.height
                                 for d in drawn)


# ----- the spec's smaller cases

SPECS: dict[str, tuple[str, str]] = {
    "an empty section alone": ("sections: [{}]\n", "1:12: sections[0]: an empty section; it needs at least 'type' "
                                                   "(one of sudoku, kenken, killer, samurai, tredoku, sliding)"),
    "an empty section beside a good one": (SECTION + "  - {}\n",
                                           "5:5: sections[1]: an empty section; it needs at least 'type' "
                                           "(one of sudoku, kenken, killer, samurai, tredoku, sliding)"),
    "a NUL from an escape": ('title: "a\\0b"\n' + SECTION,
                             "1:1: title: the character U+0000 (a control character) cannot be printed; remove it"),
    "a direction override from an escape": (
        'author: "\\u202Eevil"\n' + SECTION,
        "1:1: author: the character U+202E (right-to-left override) cannot be printed; remove it"),
    "a direction override in a name": (
        'students: [Ana, "B\\u2066en"]\n' + SECTION,
        "1:17: students[1]: the character U+2066 (left-to-right isolate) cannot be printed; remove it"),
    "a line break in a title": ('title: "one\\ntwo"\n' + SECTION,
                                "1:1: title: a line break (U+000A) cannot be printed here; write the text on one line"),
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_specs_smaller_cases_are_one_line(name: str, tmp_path: Path):
    text, expected = SPECS[name]
    spec = tmp_path / "book.yaml"
    spec.write_text(text, encoding="utf-8")
    one_line(run("check", str(spec)), f"{spec}:{expected}")
    one_line(run("build", str(spec), "-o", str(tmp_path / "book.pdf")), f"{spec}:{expected}")
    assert [p.name for p in tmp_path.iterdir()] == ["book.yaml"]


def test_a_spec_that_is_another_file_is_echoed_short(tmp_path: Path):
    spec = tmp_path / "passwd"
    spec.write_text("".join(f"user{k}:x:{k}:{k}::/var/empty/user{k}:/bin/sh\n" for k in range(40)))
    one_line(run("check", str(spec)),
             f"{spec}:1:1: expected a mapping of keys to values, got a value (user0:x:0:0::/var/empty/user0:/bin/sh u…)")


@pytest.mark.parametrize("encoding, expected", [("utf-32", "UTF-32"), ("utf-32-le", "UTF-32"),
                                                ("utf-32-be", "UTF-32"), ("utf-16", "UTF-16 (Notepad's \"Unicode\")")])
def test_wide_encodings_are_named_as_they_are(encoding: str, expected: str, tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_bytes(("title: x\n" + SECTION).encode(encoding))
    one_line(run("check", str(spec)), f"{spec}: the file is {expected}; save it as UTF-8")


# ----- class lists (the reader `students:` files go through)

def class_names(path: Path, most: int = 60) -> tuple[str, ...]:
    return tuple(student.name for student in read_class_list(path, path.name, Names(max_items=most)))


@pytest.mark.parametrize("name, content, expected", [
    ("a.txt", "Ana\nBen\n\n# absent\nZoë\n", ("Ana", "Ben", "Zoë")),
    ("a.csv", "Name,Class\nAna,3B\n\"Ben, Jr\",3B\n", ("Ana", "Ben, Jr")),
    ("a.csv", "Class;Name\n3B;Ana\n3B;Ben\n", ("Ana", "Ben")),
])
def test_a_class_list_gives_its_names_in_order(tmp_path: Path, name: str, content: str, expected: tuple):
    (tmp_path / name).write_text(content, encoding="utf-8")
    assert class_names(tmp_path / name) == expected


@pytest.mark.parametrize("name, content, expected", [
    ("a.txt", "Ana\nBen\nAna\n", "a.txt, line 3: expected different names, got Ana twice"),
    ("a.txt", "Ana\nB\x07en\n", "a.txt, line 2: the character U+0007 (a control character) cannot be printed; remove it"),
    ("a.txt", "Ana\n" + "x" * 61 + "\n", "a.txt, line 2: expected names of 1 to 60 characters, got 'xxxx"),
    ("a.txt", "\n# nobody\n", "a.txt: no names in the file (one name a line, or a CSV file with a name column)"),
    ("a.txt", "".join(f"S{k}\n" for k in range(70)), "a.txt: more than 60 names, the most one book is made for"),
    ("a.csv", "Name\n\"Ana\nBen\"\n", "a.csv, line 3: a line break (U+000A) cannot be printed here"),
    ("a.txt", "Ana\n".encode("utf-16-le"), "a.txt: the file holds NUL characters (UTF-16 without a byte-order "
                                           "mark?); save it as UTF-8"),
    ("a.txt", b"Ana\nJos\xe9\n", "a.txt, line 2: not UTF-8 text (byte 0xE9); save the file as UTF-8"),
])
def test_a_bad_class_list_is_one_line_naming_the_file_and_line(tmp_path: Path, name: str, content, expected: str):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(ClassListError) as caught:
        class_names(path)
    assert str(caught.value).startswith(expected) and "\n" not in str(caught.value)


def test_a_pipe_as_class_list_is_refused_without_waiting(tmp_path: Path):
    os.mkfifo(tmp_path / "class.txt")
    with pytest.raises(ClassListError) as caught:
        class_names(tmp_path / "class.txt")
    assert str(caught.value) == "class.txt: not a regular file (a device, pipe or socket)"
