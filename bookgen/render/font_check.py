"""A user's font file looked over before ReportLab parses it.

ReportLab's TrueType reader trusts the file: a table directory pointing past the end of
a truncated file raises struct.error from deep inside it, and a character map whose
groups run from 0 to 2**32 makes it fill a dictionary for ever (a hang, then gigabytes).
So the file's size is capped, its table directory is checked against its length, the
tables ReportLab reads must be present, and every character map is measured (the
characters it maps, summed over its segments or groups) before any parser walks it.
What passes is small enough for ReportLab to read in a moment; what does not is one
reason, in words, for the line `check` prints.
"""

from __future__ import annotations

import struct

MAX_FONT_BYTES = 32 * 2**20  # a large CJK TrueType font is about 20 MB
# Characters one character map may map. Unicode has 1,114,112 code points; the largest
# real fonts map under 100,000 (GNU Unifont, Noto Sans CJK). ReportLab keeps two
# dictionaries of this size, about 100 bytes an entry.
MAX_MAPPED = 300_000
# The tables ReportLab reads to measure and embed a font.
REQUIRED = (b"head", b"hhea", b"maxp", b"hmtx", b"cmap", b"loca", b"glyf", b"name", b"post")
TRUETYPE = (b"\x00\x01\x00\x00", b"true")


class NotAFont(ValueError):
    """Why the bytes are not a TrueType font bookgen reads."""


def sfnt_problem(data: bytes) -> str | None:
    """Why `data` cannot be handed to ReportLab's reader, or None."""
    try:
        _check(data)
    except NotAFont as exc:
        return str(exc)
    except struct.error:
        return "truncated: the file ends inside its own table directory"
    return None


def _check(data: bytes) -> None:
    if len(data) < 12:
        raise NotAFont("too short to be a font")
    tag = data[:4]
    start = 0
    if tag == b"OTTO":
        raise NotAFont("an OpenType font with PostScript (CFF) outlines; bookgen embeds TrueType outlines only")
    if tag == b"ttcf":
        (count,) = struct.unpack_from(">I", data, 8)
        if count < 1:
            raise NotAFont("a font collection with no fonts in it")
        (start,) = struct.unpack_from(">I", data, 12)  # ReportLab reads the first font
        tag = data[start:start + 4]
    if tag not in TRUETYPE:
        raise NotAFont("not a TrueType font (its first bytes are not a TrueType signature)")
    tables = _directory(data, start)
    for name in REQUIRED:
        if name not in tables:
            raise NotAFont(f"no '{name.decode()}' table, which a TrueType font needs")
    _check_cmap(data, *tables[b"cmap"])
    _check_head(data, *tables[b"head"])
    _check_licence(data, tables)


def _check_head(data: bytes, offset: int, length: int) -> None:
    """ReportLab divides by the font's units per em: 0 was "division by zero"."""
    if length < 20:
        raise NotAFont("truncated: its 'head' table is too short")
    (units,) = struct.unpack_from(">H", data, offset + 18)
    if not 16 <= units <= 16384:
        raise NotAFont(f"its 'head' table gives {units} units per em (a font has 16 to 16384): the file is damaged")


# OS/2 fsType: the licence's embedding permissions.
RESTRICTED = 0x0002
NO_SUBSETTING = 0x0100
BITMAP_ONLY = 0x0200


def _check_licence(data: bytes, tables: dict[bytes, tuple[int, int]]) -> None:
    """A font whose licence forbids embedding it cannot go into a PDF (a PDF embeds its
    fonts): refused, not embedded without a word."""
    fs_type = licence_bits(data, tables)
    if fs_type & 0x000F == RESTRICTED:
        raise NotAFont("its licence forbids embedding it in a document (OS/2 fsType: restricted licence), and a "
                       "PDF must embed its fonts; use a font whose licence allows embedding")
    if fs_type & BITMAP_ONLY:
        raise NotAFont("its licence allows embedding it only as bitmaps (OS/2 fsType), and bookgen embeds "
                       "outlines; use a font whose licence allows embedding")


def licence_bits(data: bytes, tables: dict[bytes, tuple[int, int]] | None = None) -> int:
    """The font's OS/2 fsType (0: installable, no restriction; no OS/2 table: 0)."""
    tables = tables if tables is not None else _directory(data, 0)
    if b"OS/2" not in tables:
        return 0
    offset, length = tables[b"OS/2"]
    if length < 10:
        raise NotAFont("truncated: its 'OS/2' table is too short")
    return struct.unpack_from(">H", data, offset + 8)[0]


def licence_note(data: bytes) -> str | None:
    """What the licence says that the user should know though bookgen may embed it."""
    try:
        bits = licence_bits(data) if data[:4] in TRUETYPE else 0
    except (NotAFont, struct.error):
        return None
    if bits & NO_SUBSETTING:
        return "its licence allows embedding only the whole font (OS/2 fsType), not a subset of it"
    return None


def _directory(data: bytes, start: int) -> dict[bytes, tuple[int, int]]:
    """Table tag -> (offset, length), each table inside the file."""
    (count,) = struct.unpack_from(">H", data, start + 4)
    tables = {}
    for k in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, start + 12 + 16 * k)
        if offset + length > len(data):
            shown = tag.decode("latin-1")
            raise NotAFont(f"truncated: its '{shown}' table runs past the end of the file")
        tables[tag] = (offset, length)
    return tables


def _check_cmap(data: bytes, offset: int, length: int) -> None:
    """Every subtable of the character map inside the table, mapping at most MAX_MAPPED
    characters."""
    end = offset + length
    (count,) = struct.unpack_from(">H", data, offset + 2)
    for k in range(count):
        (sub,) = struct.unpack_from(">I", data, offset + 4 + 8 * k + 4)
        at = offset + sub
        if at + 4 > end:
            raise NotAFont("truncated: a character map runs past the end of its table")
        mapped = _mapped(data, at, end)
        if mapped > MAX_MAPPED:
            raise NotAFont(f"a character map of {mapped:,} characters, more than any font has")


def _mapped(data: bytes, at: int, end: int) -> int:
    """How many characters the subtable at `at` maps (what ReportLab's reader loops over)."""
    (fmt,) = struct.unpack_from(">H", data, at)
    if fmt == 4:
        (seg_x2,) = struct.unpack_from(">H", data, at + 6)
        segments = seg_x2 // 2
        if at + 16 + 8 * segments > end:
            raise NotAFont("truncated: a character map runs past the end of its table")
        ends = struct.unpack_from(f">{segments}H", data, at + 14)
        starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
        return sum(max(0, e - s + 1) for s, e in zip(starts, ends))
    if fmt in (12, 13):
        (groups,) = struct.unpack_from(">I", data, at + 12)
        if at + 16 + 12 * groups > end:
            raise NotAFont("truncated: a character map runs past the end of its table")
        total = 0
        for g in range(groups):
            first, last = struct.unpack_from(">II", data, at + 16 + 12 * g)
            total += max(0, last - first + 1)
            if total > MAX_MAPPED:
                break
        return total
    if fmt in (6, 10):
        count = struct.unpack_from(">H" if fmt == 6 else ">I", data, at + (8 if fmt == 6 else 16))[0]
        if count > end - at:
            raise NotAFont("truncated: a character map runs past the end of its table")
        return count
    if fmt == 2:
        return _mapped_high_byte(data, at, end)
    return 256  # format 0 (a byte each) and the rest, which ReportLab does not walk


def _mapped_high_byte(data: bytes, at: int, end: int) -> int:
    """Format 2: 256 keys, each naming a subheader (as ReportLab reads them: the key is
    the subheader's index) whose entries it walks."""
    if at + 6 + 512 > end:
        raise NotAFont("truncated: a character map runs past the end of its table")
    keys = struct.unpack_from(">256H", data, at + 6)
    headers = at + 6 + 512
    if headers + 8 * (max(keys) + 1) > end:
        raise NotAFont("truncated: a character map runs past the end of its table")
    return 256 + sum(struct.unpack_from(">H", data, headers + 8 * key + 2)[0] for key in keys if key)
