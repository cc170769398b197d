"""What a class list's file says before its names are read: its text (one decoder for the
command line and the composer page), the columns its heading row names, and the level
words of every language bookgen speaks.

Text: UTF-8 with or without a byte-order mark, or UTF-16 with one (Excel's "Unicode
text" and Notepad's "Unicode"); anything else is one line saying where the first byte
that is not UTF-8 is. Headings, as a school's system or a spreadsheet exports them: a
name column, or a first-name and a last-name column (joined, first name first), and an
optional level column, in the languages of bookgen's catalogues. Level words: the ones
bookgen prints in each language (its catalogues' translations of the level names), so a
German list's `leicht` is easy.
"""

from __future__ import annotations

import codecs
import unicodedata
from functools import lru_cache


class Undecodable(ValueError):
    """Why the bytes are not a class list's text (with the line, where there is one)."""


def decoded(data: bytes) -> str:
    """The text of a class list file; Undecodable saying why not."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
            raise Undecodable("the file is UTF-32; save it as UTF-8 (or UTF-16)")
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise Undecodable("the file starts as UTF-16 but is not UTF-16 throughout; save it as UTF-8") from None
    if b"\x00" in data:
        raise Undecodable("the file holds NUL characters (UTF-16 without a byte-order mark?); save it as UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise Undecodable(f"line {line}: not UTF-8 text (byte 0x{data[exc.start]:02X}); save the file as UTF-8 "
                          "(or UTF-16, Excel's \"Unicode text\")") from None
    return text


# Heading words, folded (lower case, accents off, no spaces, dashes or underscores).
NAME = {"name", "names", "student", "students", "pupil", "child", "fullname", "studentname", "nom", "nomcomplet",
        "eleve", "nombre", "nombrecompleto", "alumno", "nome", "nomecompleto", "alunno", "aluno", "naam",
        "leerling", "schuler", "schulerin", "imie", "imieinazwisko", "uczen", "jmeno", "zak", "имя", "фио",
        "ученик", "імя", "учень", "ονομα", "μαθητης"}
FIRST = {"firstname", "first", "givenname", "forename", "vorname", "prenom", "primernombre", "primeironome",
         "voornaam", "krestnijmeno", "krestnimeno"}
LAST = {"lastname", "last", "surname", "familyname", "nachname", "familienname", "nomdefamille", "apellido",
        "apellidos", "cognome", "sobrenome", "apelido", "achternaam", "nazwisko", "prijmeni", "фамилия",
        "прізвище", "επωνυμο"}
LEVEL = {"level", "levels", "difficulty", "niveau", "stufe", "schwierigkeit", "nivel", "dificultad", "livello",
         "difficolta", "poziom", "uroven", "уровень", "рівень", "επιπεδο"}


def folded(cell: str) -> str:
    text = unicodedata.normalize("NFKD", cell.strip().lower())
    return "".join(ch for ch in text if ch.isalnum() and not unicodedata.combining(ch))


def columns(header: list[str]) -> tuple[list[int], int | None] | None:
    """(the name's columns in order, the level's column) for a heading row, None when
    it names no name (nor first and last name) column."""
    kinds = [folded(cell) for cell in header]
    level = next((k for k, kind in enumerate(kinds) if kind in LEVEL), None)
    name = next((k for k, kind in enumerate(kinds) if kind in NAME), None)
    if name is not None:
        return [name], level
    first = next((k for k, kind in enumerate(kinds) if kind in FIRST), None)
    last = next((k for k, kind in enumerate(kinds) if kind in LAST), None)
    if first is not None or last is not None:  # first names alone (Vorname) are names too
        return [k for k in (first, last) if k is not None], level
    return None


def is_heading(header: list[str]) -> bool:
    """Whether any cell is a heading word bookgen knows (the row is a heading row)."""
    return any(folded(cell) in NAME | FIRST | LAST | LEVEL for cell in header)


@lru_cache(maxsize=1)
def level_words() -> dict[str, str]:
    """Every language's word for each level (folded as typed: lower case) -> the level."""
    from bookgen.language import LANGUAGES, LEVEL_NAMES, words_for

    found: dict[str, str] = {}
    for code in LANGUAGES:
        words = words_for(code)
        for level in LEVEL_NAMES:
            found.setdefault(words.gettext(level).strip().lower(), level)
    return found
