"""The book's fonts: every language a class may write in prints as itself (read back
from the PDF), and a letter no font has is one line naming it, never an empty box."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from bookgen.build import build
from bookgen.cli import main
from bookgen.errors import FontError
from bookgen.render.fonts import PRIMARY, FontRequest, _family_file, book_fonts, default_fonts
from bookgen.spec import load

# A title, a section title and a student's name in each language (pangrams where short).
LANGUAGES = {
    "Polish": ("Zażółć gęślą jaźń", "Łamigłówki dla klasy", "Łucja Żółkiewska"),
    "Czech": ("Příliš žluťoučký kůň úpěl ďábelské ódy", "Hádanky pro třídu", "Jiří Dvořák"),
    "Romanian": ("Înțeleaptă șiță și țară", "Sudoku pentru clasă", "Ștefan Țăranu"),
    "Hungarian": ("Árvíztűrő tükörfúrógép", "Rejtvények az osztálynak", "Győző Kőműves"),
    "Vietnamese": ("Câu đố cho lớp học", "Trò chơi số cho trẻ em", "Nguyễn Thị Ngọc Ánh"),
    "Greek": ("Γρίφοι για την τάξη", "Σουντόκου για παιδιά", "Ελένη Παπαδοπούλου"),
    "Cyrillic": ("Головоломки для класу", "Судоку для детей", "Ёжиков Щукин"),
}


def spec_text(title: str, section: str, student: str, extra: str = "") -> str:
    return (f'title: "{title}"\nseed: 5\nlayout: worksheet\nstudents: ["{student}"]\n{extra}'
            f'sections:\n  - title: "{section}"\n    type: sudoku\n    size: 4\n    difficulty: beginner\n')


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def font_names(path: Path) -> set[str]:
    with pdfplumber.open(path) as pdf:
        return {ch["fontname"].split("+")[-1] for page in pdf.pages for ch in page.chars}


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# Printed in Noto Sans, whose bold is made with fontTools (about 10 s, once a test session).
NOTO = {"Vietnamese", "Greek", "Cyrillic"}


@pytest.mark.parametrize("language", [pytest.param(lang, marks=pytest.mark.slow) if lang in NOTO else lang
                                      for lang in sorted(LANGUAGES)])
def test_titles_sections_and_names_print_as_written(language: str, tmp_path: Path):
    title, section, student = LANGUAGES[language]
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text(title, section, student), encoding="utf-8")
    build(load(spec), tmp_path / "book.pdf")
    text = pdf_text(tmp_path / "book.pdf")
    for written in (section, student):
        assert written in text
    assert title in text.replace("\n", " ")  # the worksheet footer carries the title


def test_a_latin_book_is_set_wholly_in_atkinson_hyperlegible(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text(*LANGUAGES["Polish"]), encoding="utf-8")
    build(load(spec), tmp_path / "book.pdf")
    assert font_names(tmp_path / "book.pdf") == {"AtkinsonHyperlegible-Regular", "AtkinsonHyperlegible-Bold"}


@pytest.mark.slow  # the Noto Sans bold is made (see NOTO)
def test_a_book_with_greek_is_set_wholly_in_noto_sans(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text(*LANGUAGES["Greek"]), encoding="utf-8")
    build(load(spec), tmp_path / "book.pdf")
    assert font_names(tmp_path / "book.pdf") == {"NotoSans-Regular", "NotoSans-Bold"}


def test_the_default_family_covers_latin_extended_a_greek_cyrillic_and_the_signs():
    latin_a = "".join(chr(c) for c in range(0x100, 0x180))
    greek = "".join(chr(c) for c in range(0x391, 0x3CA) if c != 0x3A2)
    cyrillic = "".join(chr(c) for c in range(0x400, 0x460))
    fonts = book_fonts(FontRequest(), [latin_a + greek + cyrillic + "−×÷"])
    assert fonts.missing(latin_a + greek + cyrillic + "−×÷") is None


def test_a_letter_no_font_has_is_one_line_naming_it_and_its_place(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text("Puzzles", "数独", "Ana"), encoding="utf-8")
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{spec}:6:") and "sections[0].title" in lines[0]
    assert "'数' (U+6570)" in lines[0] and "font:" in lines[0]
    assert not (tmp_path / "book.pdf").exists()


def test_check_refuses_a_letter_no_font_has(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text("漢字の本", "Sudoku", "Ana"), encoding="utf-8")
    result = run("check", str(spec))
    assert result.exit_code == 2 and "title: no glyph for '漢'" in result.output


def test_a_users_font_is_read_relative_to_the_spec(tmp_path: Path):
    (tmp_path / "fonts").mkdir()
    shutil.copy(_family_file(PRIMARY, 400), tmp_path / "fonts" / "mine.ttf")
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text("Zażółć", "Sudoku", "Ana", "font: fonts/mine.ttf\n"), encoding="utf-8")
    build(load(spec), tmp_path / "book.pdf")
    names = font_names(tmp_path / "book.pdf")
    assert len(names) == 1 and next(iter(names)).startswith("BookUser-")  # bold too, without bold_font
    assert "Zażółć" in pdf_text(tmp_path / "book.pdf")


def test_a_users_font_lacking_a_letter_names_the_letter_and_the_font(tmp_path: Path):
    shutil.copy(_family_file(PRIMARY, 400), tmp_path / "mine.ttf")
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text("Puzzles", "Sudoku", "Ёжиков", "font: mine.ttf\n"), encoding="utf-8")
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and "students[0]: no glyph for 'Ё' (U+0401)" in line and "mine.ttf" in line


@pytest.mark.parametrize("content,expected", [(b"not a font at all", "cannot read"), (None, "expected an existing file")])
def test_a_font_file_that_is_missing_or_not_a_font_is_one_line(content: bytes | None, expected: str, tmp_path: Path):
    if content is not None:
        (tmp_path / "bad.ttf").write_bytes(content)
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text("Puzzles", "Sudoku", "Ana", "font: bad.ttf\n"), encoding="utf-8")
    result = run("build", str(spec), "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and line.startswith(f"{spec}:5:") and "font:" in line and expected in line


def test_text_the_font_lacks_is_refused_when_drawn_not_printed_as_a_box():
    fonts = default_fonts()
    with pytest.raises(FontError, match="U\\+2192"):
        fonts.measure("slide → here", 10)


@pytest.mark.parametrize("family", ["Atkinson Hyperlegible", "Noto Sans"])
@pytest.mark.parametrize("weight", [400, 700])
def test_the_default_fonts_are_the_files_fontpkg_names(family: str, weight: int):
    # Read from the family's own package (no importlib.metadata): the file fontpkg picks.
    import fontpkg

    assert _family_file(family, weight) == fontpkg.path(family, weight)
