"""The book's fonts: which TrueType files print its text, registered with ReportLab.

The default family arrives as package dependencies (fontpkg-*), not committed files:

- Atkinson Hyperlegible (regular and bold), designed by the Braille Institute for low
  vision and young readers: 1 / l / I, 0 / O and 6 / 9 are told apart at a glance. It
  covers Latin-1, most of Latin Extended-A (Polish, Czech, Romanian, Hungarian) and
  − × ÷, but not Greek, Cyrillic, Vietnamese or the rest of Latin Extended-A
  (ĉ ĝ ĥ ĵ ŝ ŭ, ĩ ũ, İ, ŀ, ŋ, ŧ, ĺ ŕ).
- Noto Sans, which covers all of those. It ships as one variable font: its default
  instance is the regular weight, read as it is; the bold is made from it with fontTools'
  instancer (about 10 s once) and kept in the user's cache.

One book, one typeface: a book is set wholly in Atkinson when Atkinson has every
character of every text the book prints, else wholly in Noto Sans, so no page (or word)
mixes two designs, and a book in English never pays for the bold instance.

A user's `font:` (and `bold_font:`) replaces the family. A character that the book's
font lacks is an error naming it, never an empty box: ReportLab would print one.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from bookgen import cache
from bookgen.errors import FontError
from bookgen.render.font_check import MAX_FONT_BYTES, licence_note, sfnt_problem
from bookgen.render.plain_zero import plain_zero
from bookgen.specfile import FileRefused, read_bytes

if TYPE_CHECKING:  # ReportLab is loaded when a face is read: `check` measures without it
    from reportlab.pdfbase.ttfonts import TTFont

    from bookgen.render.font_metrics import Measured

PRIMARY, FALLBACK = "Atkinson Hyperlegible", "Noto Sans"
BOLD_WEIGHT = 700
# Bumped when the way the bold instance is made changes, so cached copies are remade
# (2: no longer stamped with the time it was made).
INSTANCE_VERSION = 2
# Bumped when the way the zero is unslashed changes (bookgen/render/plain_zero.py).
PLAIN_ZERO_VERSION = 1
# A cached instance is at most this big (Noto Sans Bold is about 650 KB).
MAX_INSTANCE_BYTES = 16 * 1024 * 1024


class Face:
    """One font file, read and registered with ReportLab when first needed."""

    def __init__(self, pdf_name: str, label: str, source: Callable[[], str | io.BytesIO],
                 like: Face | None = None, measured: Callable[[], str | Path] | None = None) -> None:
        self.pdf_name = pdf_name
        self.label = label  # how messages name it: the family and weight, or the user's file
        self._source = source
        # A face with the same characters, asked instead (the regular Noto for the bold one,
        # so knowing what the bold covers does not cost making it).
        self._like = like
        # A file with this face's very character map, widths and heights, only its outlines
        # differing (Atkinson before its zero is unslashed): what measuring reads until the
        # face itself is needed, so `check` never pays for changing the outlines (issue 31).
        self._measured = measured
        self._font: TTFont | None = None
        self._metrics: Measured | None = None
        # Characters already found in the face: layout asks about the same words
        # thousands of times while it fits text, one character at a time was most of it.
        self._present: set[str] = set()

    def font(self) -> TTFont:
        if self._font is None:
            from reportlab.pdfbase import pdfmetrics
            from reportlab.pdfbase.ttfonts import TTFont

            try:
                font = TTFont(self.pdf_name, self._source())
            except FontError:
                raise
            except Exception as exc:  # noqa: BLE001 - ReportLab's parser raises anything on a damaged file
                raise FontError(f"cannot read {self.label} as a TrueType font ({_reason(exc)})") from None
            # ReportLab shares faces between fonts of the same PostScript name: a user's file
            # named like another would print with the other's shapes. Our name is unique.
            font.face.name = self.pdf_name.encode()
            pdfmetrics.registerFont(font)
            self._font = font
        return self._font

    def metrics(self) -> TTFont | Measured:
        """The face as measuring reads it (its character map, widths and cap height): the
        face itself once read, else its `measured` file's metrics, as ReportLab reads
        them, kept in the cache (bookgen.render.font_metrics)."""
        if self._font is not None or self._measured is None:
            return self.font()
        if self._metrics is None:
            from bookgen.render.font_metrics import measured

            try:
                self._metrics = measured(self._measured(), self.pdf_name)
            except Exception as exc:  # noqa: BLE001 - as in font(): any error is a damaged file
                raise FontError(f"cannot read {self.label} as a TrueType font ({_reason(exc)})") from None
        return self._metrics

    def source(self) -> str | io.BytesIO:
        """The font file: its path, or its bytes (a drawing outside a PDF reads its outlines)."""
        return self._source()

    def embeds(self, text: str) -> None:
        """Embed the glyphs of `text` as the PDF will, in subsets of at most 256 as
        ReportLab makes them, so a glyph whose outline is damaged (a truncated file)
        stops `check`, as it would stop the build; FontError naming the font."""
        face = self.font().face
        codes = sorted({ord(ch) for ch in text})
        for start in range(0, len(codes), 255):
            try:
                face.makeSubset(codes[start:start + 255])
            except Exception as exc:  # noqa: BLE001 - as in font(): any error is a damaged file
                raise FontError(f"cannot read {self.label} as a TrueType font ({_reason(exc)})") from None

    def missing(self, text: str) -> str | None:
        """The first character of `text` this face cannot print, or None."""
        present = self._present
        if present.issuperset(text):
            return None
        glyphs = (self._like or self).metrics().face.charToGlyph
        for ch in text:
            if ord(ch) not in glyphs:
                return ch
            present.add(ch)
        return None

    @property
    def cap_height(self) -> float:
        """Capital and digit height as a fraction of the type size (ReportLab scales to 1000)."""
        return self.metrics().face.capHeight / 1000


def _reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text.rstrip(".")


@dataclass(frozen=True)
class FontRequest:
    """The spec's `font:` and `bold_font:` (None: the default family)."""

    regular: Path | None = None
    bold: Path | None = None


@dataclass(frozen=True)
class Fonts:
    """The two faces a book prints with; every text drawn or measured goes through here,
    so a character the face lacks stops the build instead of printing an empty box."""

    regular: Face
    bold: Face
    names: str  # how messages name the book's fonts

    def face(self, bold: bool) -> Face:
        return self.bold if bold else self.regular

    def checked(self, text: str, bold: bool) -> Face:
        face = self.face(bold)
        ch = face.missing(text)
        if ch is not None:
            raise FontError(f"{missing_message(ch, self.names)}, in the text {_quoted(text)}")
        face.font()  # registered with ReportLab before its name is used
        return face

    def measure(self, text: str, size: float, bold: bool = False) -> float:
        """Width in points of `text` at `size`: layout fits text with this (what
        pdfmetrics.stringWidth answers for the registered face: the same widths)."""
        face = self.face(bold)
        ch = face.missing(text)
        if ch is not None:
            raise FontError(f"{missing_message(ch, self.names)}, in the text {_quoted(text)}")
        return face.metrics().stringWidth(text, size)

    def missing(self, text: str) -> str | None:
        """The first character of `text` that the regular or bold face lacks (a title is
        bold on its page and regular in the contents)."""
        return self.regular.missing(text) or self.bold.missing(text)

    def embeds(self, text: str) -> None:
        """Both faces embed the glyphs of `text` (FontError when a glyph is damaged)."""
        self.regular.embeds(text)
        if self.bold is not self.regular:
            self.bold.embeds(text)


def missing_message(ch: str, names: str) -> str:
    return f"no glyph for {ch!r} (U+{ord(ch):04X}) in {names}"


def _quoted(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def book_fonts(request: FontRequest, texts: Iterable[str]) -> Fonts:
    """The fonts for a book that prints `texts` (every text the spec gives it)."""
    if request.regular is None and request.bold is None:
        wanted = "".join(texts)
        primary = default_fonts()
        if primary.missing(wanted) is None:
            return primary
        return fallback_fonts()
    regular = user_face(request.regular) if request.regular else default_fonts().regular
    bold = user_face(request.bold) if request.bold else regular
    return Fonts(regular, bold, _names(request))


def _names(request: FontRequest) -> str:
    files = [str(p) for p in (request.regular, request.bold) if p is not None]
    return "the font " + " and ".join(dict.fromkeys(files))


def user_face(path: Path) -> Face:
    """A user's font file, registered under a name made from its bytes (two files of one
    PostScript name stay apart; the same file twice is one font)."""
    try:
        data = read_bytes(path, MAX_FONT_BYTES)
    except FileRefused as exc:
        raise FontError(f"cannot read {path} ({exc.message})") from None
    problem = sfnt_problem(data)
    if problem is not None and problem.startswith("its licence"):
        raise FontError(f"cannot use {path}: {problem}")
    if problem is not None:
        raise FontError(f"cannot read {path} as a TrueType font ({problem})")
    note = licence_note(data)
    if note is not None:
        cache.note_once(f"licence {path}", f"the font {path}: {note}")
    digest = hashlib.sha256(data).hexdigest()[:12]
    return _user_face(f"BookUser-{digest}", str(path), data)


@lru_cache(maxsize=None)
def _user_face(pdf_name: str, label: str, data: bytes) -> Face:
    return Face(pdf_name, label, lambda: io.BytesIO(data))


@lru_cache(maxsize=1)
def default_fonts() -> Fonts:
    """Atkinson Hyperlegible, regular and bold."""
    # Its zero unslashed, as young children write it (bookgen/render/plain_zero.py).
    # Measured from the shipped files: unslashing the zero changes its outline alone.
    regular = Face("AtkinsonHyperlegible-Regular", f"{PRIMARY} Regular", lambda: io.BytesIO(plain_zero_font(400)),
                   measured=lambda: _family_file(PRIMARY, 400))
    bold = Face("AtkinsonHyperlegible-Bold", f"{PRIMARY} Bold", lambda: io.BytesIO(plain_zero_font(BOLD_WEIGHT)),
                measured=lambda: _family_file(PRIMARY, BOLD_WEIGHT))
    return Fonts(regular, bold, f"the book's fonts ({PRIMARY}, {FALLBACK})")


@lru_cache(maxsize=1)
def fallback_fonts() -> Fonts:
    """Noto Sans: the variable font's default instance as the regular, a made bold."""
    regular = Face("NotoSans-Regular", f"{FALLBACK} Regular", lambda: str(_family_file(FALLBACK, 400)))
    bold = Face("NotoSans-Bold", f"{FALLBACK} Bold", lambda: io.BytesIO(noto_bold()), like=regular)
    return Fonts(regular, bold, f"the book's fonts ({PRIMARY}, {FALLBACK})")


def _family_file(family: str, weight: int) -> Path:
    shipped = _shipped_file(family, weight)
    if shipped is not None:
        return shipped
    try:
        import fontpkg
    except ImportError:
        raise FontError("the font packages are not installed; reinstall bookgen") from None
    try:
        return fontpkg.path(family, weight)
    except fontpkg.FontpkgError as exc:
        raise FontError(f"the font {family} is not installed ({exc}); reinstall bookgen") from None


@lru_cache(maxsize=None)
def plain_zero_font(weight: int) -> bytes:
    """Atkinson Hyperlegible at `weight` with its zero unslashed: from the cache, or made
    (fontTools reads and writes the whole font: a fifth of a cached rebuild's CPU, issue
    31) and kept there. Kept quietly: a cache that cannot be used is no note, as a book
    that reads no puzzle from it never spoke of it before."""
    source = _family_file(PRIMARY, weight)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    path = cache.cache_root() / "fonts" / f"{source.stem}-plain-zero-{digest[:16]}.ttf"
    header = cache.table_header("font-instance", PLAIN_ZERO_VERSION, f"{PRIMARY} wght={weight} plain zero {digest}", 0)
    data = cache.load_table(path, header, max_length=MAX_INSTANCE_BYTES, quiet=True)
    if data is None:
        data = plain_zero(source)
        cache.store_table(path, {**header, "length": len(data)}, data, quiet=True)
    return data


def noto_bold() -> bytes:
    """Noto Sans Bold as TrueType bytes: from the cache, or made once and kept there."""
    source = _family_file(FALLBACK, BOLD_WEIGHT)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    path = cache.cache_root() / "fonts" / f"NotoSans-Bold-{digest[:16]}.ttf"
    header = cache.table_header("font-instance", INSTANCE_VERSION, f"{FALLBACK} wght={BOLD_WEIGHT} {digest}", 0)
    data = cache.load_table(path, header, max_length=MAX_INSTANCE_BYTES)
    if data is None:
        data = _instance(source, BOLD_WEIGHT)
        cache.store_table(path, {**header, "length": len(data)}, data)
    return data


def _instance(source: Path, weight: int) -> bytes:
    """A static instance of a variable font at `weight` and normal width, named for its
    weight (so its PostScript name is NotoSans-Bold, not the variable font's). Its bytes
    depend on the source alone: fontTools would stamp the head table with the time of
    saving, which the PDF embeds, so two machines (or two cache folders) would print
    different books from one spec and seed; the source's own dates are kept instead."""
    from fontTools.ttLib import TTFont as ToolsFont
    from fontTools.varLib import instancer

    variable = ToolsFont(str(source), recalcTimestamp=False)
    made = instancer.instantiateVariableFont(variable, {"wght": weight, "wdth": 100}, updateFontNames=True)
    out = io.BytesIO()
    made.save(out)
    return out.getvalue()


# The packages that ship the default families. fontpkg finds a family through every
# installed package's entry points, and importing importlib.metadata for that was a
# tenth of `bookgen check` (issue 31): the file is looked up in its own package first.
SHIPPED = {PRIMARY: "fontpkg_atkinson_hyperlegible", FALLBACK: "fontpkg_noto_sans"}


def _shipped_file(family: str, weight: int) -> Path | None:
    """The file of `family` at `weight` that fontpkg picks (a variable font whose weight
    axis covers it, else the static file of that weight, upright), read from the family's
    package's metadata; None when that is not plainly so, and fontpkg is asked (and says
    what is wrong)."""
    import importlib.util
    import json

    try:
        found = importlib.util.find_spec(SHIPPED[family])
        root = Path(next(iter(found.submodule_search_locations or ())))
        meta = json.loads((root / "metadata.json").read_text(encoding="utf-8"))
        if meta["family"] != family:
            return None
        axes = {axis["tag"]: (int(axis["min"]), int(axis["max"])) for axis in meta.get("axes", [])}
        upright = [entry for entry in meta["files"] if entry.get("style", "normal") == "normal"]
        low, high = axes.get("wght", (None, None))
        chosen = next((entry for entry in upright if entry.get("variable") and low is not None
                       and low <= weight <= high), None) or next(
            (entry for entry in upright if entry.get("weight") is not None and int(entry["weight"]) == weight), None)
        if chosen is None:
            return None
        path = root.joinpath(*chosen["path"].split("/"))
    except (ImportError, ValueError, KeyError, TypeError, AttributeError, StopIteration, OSError):
        return None
    return path if path.is_file() else None
