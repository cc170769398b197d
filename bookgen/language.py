"""The book's language: every word bookgen prints comes from a gettext message catalogue.

The messages are written in English in the code (English is the catalogue of no
translation) and translated in `bookgen/locale/<code>/LC_MESSAGES/bookgen.po`, the
format every translation tool and translator knows. The .po files are read as they are
when a book first needs its language: Babel (the Python internationalisation
library that also extracts the messages, `pybabel extract`) parses the catalogue and
compiles it in memory, and the standard library's gettext looks messages up in it,
plural forms included. No compiled .mo file is kept in the repository or made at
install time, so an edited .po is what prints, with nothing to forget to rebuild; a
catalogue takes a few milliseconds to read.

Sentences whose words agree with a number ("1 move", "5 moves"; Polish and Russian have
three forms, Czech and Ukrainian too) go through `ngettext`, each language giving as
many forms as its Plural-Forms header says. A message that needs a context to be
translated right (the same English in two grammatical places) has one (`pgettext`).

Right-to-left scripts (Arabic, Hebrew...) are not offered: ReportLab sets text left to
right without shaping, so Arabic would print as unjoined letters in reverse order. A
language of one is refused by name, and a right-to-left text anywhere in a spec is
refused with the field it is in (`right_to_left`), rather than printed backwards.
"""

from __future__ import annotations

import io
import os
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

DOMAIN = "bookgen"
# A folder name, not a Path: pathlib is loaded when a catalogue is read (start-up).
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
SOURCE = "en"
# Every language a book may be printed in (ISO 639-1), English first; each has a
# catalogue in LOCALE_DIR but English, whose words are the messages themselves.
LANGUAGES = ("en", "cs", "de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "uk")
# Languages written right to left, refused by name (see the module's note).
RIGHT_TO_LEFT = {"ar": "Arabic", "he": "Hebrew", "fa": "Persian", "ur": "Urdu", "yi": "Yiddish", "ps": "Pashto",
                 "sd": "Sindhi", "ug": "Uyghur", "dv": "Dhivehi", "ku": "Kurdish", "syr": "Syriac"}
_RTL_CLASSES = {"R", "AL"}
PAGE_CONTEXT = "composer"  # the messages of the composer page (bookgen.serve.words)


def N_(message: str) -> str:
    """Marks a message for the catalogues where it is written (a table of sentences),
    to be translated where it is printed, with `Words.gettext`."""
    return message


@dataclass(frozen=True)
class Words:
    """One language's messages: what layout, the puzzle types and their pens print."""

    code: str
    catalogue: Any  # a gettext.GNUTranslations, or English's own messages (_Source)
    # Every character the catalogue's translations use: the book's font must have them
    # all (a Greek book is set in Noto Sans, whatever its title).
    letters: str = ""

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalogue.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.catalogue.npgettext(context, singular, plural, n)


class _Source:
    """English, whose words are the messages themselves: what gettext.NullTranslations
    answers (a test compares them), without loading gettext, whose import is a sixtieth
    of `bookgen check` of an English book (start-up, issue 31)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = Words(SOURCE, _Source())


def catalogue_path(code: str) -> Path:
    from pathlib import Path

    return Path(LOCALE_DIR, code, "LC_MESSAGES", f"{DOMAIN}.po")


@lru_cache(maxsize=None)
def words_for(code: str) -> Words:
    """The messages of a shipped language (English for "en")."""
    if code == SOURCE:
        return ENGLISH
    if code not in LANGUAGES:
        raise ValueError(f"no catalogue for the language {code!r}")
    import gettext

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(catalogue_path(code), "rb") as handle:
        catalogue = read_po(handle, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    # The composer page's words are never printed: they do not choose the book's font.
    said = "".join("".join(m.string) if isinstance(m.string, (tuple, list)) else m.string
                   for m in catalogue if m.id and m.context != PAGE_CONTEXT)
    return Words(code, gettext.GNUTranslations(compiled), "".join(sorted(set(said) - {"\n"})))


def right_to_left(text: str) -> str | None:
    """The first right-to-left letter in `text` (Arabic, Hebrew...), or None."""
    return next((ch for ch in text if unicodedata.bidirectional(ch) in _RTL_CLASSES), None)


# The level names of every type, for the catalogues: a puzzle's label prints its level in
# the book's language (a test checks each type's levels are here).
LEVEL_NAMES = (N_("beginner"), N_("easy"), N_("medium"), N_("hard"), N_("expert"))
