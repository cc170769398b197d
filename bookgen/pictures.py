"""A user's picture (a sliding puzzle's `image:`), read as hostile as any other file.

The file comes through the one reader (a regular file of at most 64 MB). Only PNG and
JPEG are opened: every other format Pillow knows is another parser a file could aim at.
A PNG's chunks are walked before Pillow sees them: a text chunk (zTXt, iTXt) or a colour
profile (iCCP) is compressed, and a few kilobytes may inflate to gigabytes, so each is
inflated here, stopping one byte past MAX_INFLATED_CHUNK, and all of them together past
MAX_INFLATED_TOTAL. The picture's size is read from its header and refused past
MAX_PICTURE_PIXELS before any pixel is decoded; the pixels themselves are decoded into
an image of that size, whatever the compressed data would inflate to.

Memory: a picture of 50 megapixels costs at most about 250 MB while it is decoded (four
bytes a pixel, then one), and 50 MB once it is kept in grey.
"""

from __future__ import annotations

import io
import struct
import warnings
import zlib
from pathlib import Path
from typing import Any

from bookgen.specfile import FileRefused, read_bytes

MAX_PICTURE_BYTES = 64 * 2**20
MAX_PICTURE_PIXELS = 50_000_000  # checked from the file's header
MAX_INFLATED_CHUNK = 2**20  # a PNG text chunk or colour profile, inflated
MAX_INFLATED_TOTAL = 8 * 2**20  # all of them together
FORMATS = ("PNG", "JPEG")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COMPRESSED = {b"zTXt", b"iTXt", b"iCCP"}


class PictureError(OSError):
    """Why a file cannot be used as a picture, in words to follow its name."""


def read_picture(path: str | Path) -> Any:
    """The picture in grey (black ink only), fully decoded; PictureError when the file
    is not a PNG or JPEG picture bookgen can read within its limits."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        data = read_bytes(path, MAX_PICTURE_BYTES)
    except FileRefused as exc:
        raise PictureError(exc.message) from None
    if data.startswith(PNG_SIGNATURE):
        _check_png_chunks(data)
    too_large = f"larger than {MAX_PICTURE_PIXELS // 10**6} megapixels; use a smaller copy"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as source:
                # The header gives the size: refuse a huge picture before decoding it.
                if source.width * source.height > MAX_PICTURE_PIXELS:
                    raise PictureError(f"{source.width}×{source.height} pixels is {too_large}")
                # A phone photo is stored as the sensor saw it, with the way up in its EXIF
                # orientation tag: turned upright here, or it prints sideways.
                return ImageOps.exif_transpose(source).convert("L")
    except PictureError:
        raise
    except Image.DecompressionBombError:
        raise PictureError(f"the picture is {too_large}") from None
    except UnidentifiedImageError:
        raise PictureError("not a PNG or JPEG picture") from None
    except Exception as exc:  # noqa: BLE001 - a damaged file makes Pillow's decoders raise anything
        raise PictureError(f"a damaged picture ({_reason(exc)})") from None


def _reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:80].rstrip(".")


def _check_png_chunks(data: bytes) -> None:
    """Walk the PNG's chunks; PictureError for a compressed chunk that inflates too far."""
    at, total = len(PNG_SIGNATURE), 0
    while at + 8 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        body = data[at + 8: at + 8 + length]
        if kind in _COMPRESSED:
            total += _inflated_size(kind, body)
            if total > MAX_INFLATED_TOTAL:
                raise PictureError(f"its text and colour-profile chunks inflate to more than "
                                   f"{MAX_INFLATED_TOTAL // 2**20} MB")
        if kind == b"IEND":
            return
        at += 12 + length


def _inflated_size(kind: bytes, body: bytes) -> int:
    """How far the chunk's compressed part inflates (up to one byte past the limit)."""
    name_end = body.find(b"\x00")
    if name_end < 0:
        return 0  # malformed: Pillow refuses it or skips it, without inflating
    if kind == b"iTXt":
        if body[name_end + 1: name_end + 2] != b"\x01":
            return 0  # not compressed
        rest = body[name_end + 3:]
        for _skipped in range(2):  # the language tag and the translated keyword
            rest = rest[rest.find(b"\x00") + 1:] if b"\x00" in rest else b""
        compressed = rest
    else:
        compressed = body[name_end + 2:]
    try:
        inflated = zlib.decompressobj().decompress(compressed, MAX_INFLATED_CHUNK + 1)
    except zlib.error:
        return 0  # not a zlib stream: Pillow reads it as damaged, without inflating much
    if len(inflated) > MAX_INFLATED_CHUNK:
        what = "colour profile (iCCP)" if kind == b"iCCP" else f"text chunk ({kind.decode()})"
        raise PictureError(f"a {what} that inflates to more than {MAX_INFLATED_CHUNK // 2**20} MB")
    return len(inflated)
