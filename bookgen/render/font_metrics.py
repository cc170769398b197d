"""What measuring text needs of a shipped font file, without ReportLab's font parser and
PDF machinery (a fifth of `bookgen check`: start-up, issue 31): which characters it has,
their advance widths, its default width and cap height.

They are ReportLab's own numbers, read once by its parser and kept in the user's cache
under the file's digest (and ReportLab's version), and a text is measured by ReportLab's
own width function (reportlab.lib.rl_accel, which loads none of the rest): a width is the
very number the PDF is laid out with, whichever way it was measured.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab import Version as REPORTLAB_VERSION
from reportlab.lib.rl_accel import instanceStringWidthTTF

from bookgen import cache

# Bumped when what is kept changes.
METRICS_VERSION = 1
# Kept metrics are at most this big (a font of every Unicode character is about 3 MB).
MAX_METRICS_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class MeasuredFace:
    """The parts of ReportLab's TTFontFace that measuring reads, under its names (its
    width function reads `charWidths` and `defaultWidth`)."""

    charWidths: dict[int, float]  # noqa: N815 - ReportLab's names
    defaultWidth: float  # noqa: N815
    charToGlyph: frozenset[int]  # noqa: N815 - only asked whether a character is there
    capHeight: float  # noqa: N815


@dataclass(frozen=True)
class Measured:
    """A font as measuring sees it: what ReportLab's TTFont answers for widths."""

    face: MeasuredFace

    def stringWidth(self, text: str, size: float) -> float:  # noqa: N802 - ReportLab's name
        return instanceStringWidthTTF(self, text, size)


@lru_cache(maxsize=None)
def measured(path: str | Path, pdf_name: str) -> Measured:
    """The metrics of the font file at `path`: from the cache, or read by ReportLab (as
    `pdf_name`) and kept there. OSError when the file cannot be read; whatever ReportLab
    raises when it cannot parse it."""
    path = Path(path)
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    kept = cache.cache_root() / "fonts" / f"{path.stem}-metrics-{digest[:16]}.json"
    header = cache.table_header("font-metrics", METRICS_VERSION, f"{path.name} {digest} reportlab {REPORTLAB_VERSION}",
                                0)
    raw = cache.load_table(kept, header, max_length=MAX_METRICS_BYTES, quiet=True)
    if raw is None:
        raw = _read(data, pdf_name)
        cache.store_table(kept, {**header, "length": len(raw)}, raw, quiet=True)
    fields = json.loads(raw)
    return Measured(MeasuredFace({int(code): width for code, width in fields["widths"].items()}, fields["default"],
                                 frozenset(fields["chars"]), fields["cap_height"]))


def _read(data: bytes, pdf_name: str) -> bytes:
    """ReportLab's metrics of the font, as kept (JSON keeps each number's int or float)."""
    import io

    from reportlab.pdfbase.ttfonts import TTFont

    face = TTFont(pdf_name, io.BytesIO(data)).face
    fields = {"widths": {str(code): width for code, width in face.charWidths.items()}, "default": face.defaultWidth,
              "chars": sorted(face.charToGlyph), "cap_height": face.capHeight}
    return json.dumps(fields, sort_keys=True).encode()
