"""Hostile files made from a seeded random generator, for bench/fuzz_files.py: layout
files, fonts, pictures and edited cache entries, each with a word saying how it was made.
Each function takes the generator and returns (how, bytes); the same seed gives the
same files on every machine."""

from __future__ import annotations

import io
import json
import pickle
import random
import string
import struct
import zlib

from bookgen.layout.layout_file import SCHEMA


# ----- layouts

_NUMBERS = [".nan", ".NaN", ".inf", "-.inf", "1e999", "1e3", "-3", "-0.0", "0", "0.5", "4", "13", "60", "72",
            "100", "1_000", "0x10", "0o7", "~", "''", "[1, 2]", "{a: 1}", "yes", "!!float 3", "99999999999999999999"]
_TEXTS = ["'{page}'", "'{title}'", "'{title.upper}'", "'{title.__class__}'", "'{page[0]}'", "'{'", "'}}{{'",
          "'{0}'", "'{}'", "'{page:>99999}'", "\"\\0\"", "\"\\u202E x\"", "\"\\x07\"", "'\u00ad\u200b'"]


def _layout_value(rng: random.Random, kind) -> str:
    if isinstance(kind, dict):
        keys = list(kind) + ["nope"]
        return "{" + ", ".join(f"{rng.choice(keys)}: {rng.choice(_NUMBERS)}" for _ in range(rng.randint(0, 4))) + "}"
    pick = rng.random()
    if pick < 0.4:
        return rng.choice(_NUMBERS)
    if pick < 0.7:
        return rng.choice(_TEXTS)
    if pick < 0.8:
        return "'" + "x" * rng.choice([99, 100, 101, 20_000]) + "'"
    return "[" + ", ".join(rng.choice(_NUMBERS) for _ in range(rng.randint(0, 13))) + "]"


def hostile_layout(rng: random.Random) -> tuple[str, bytes]:
    how = rng.choice(["keys", "keys", "keys", "bytes", "alias bomb", "nesting", "large", "utf-32"])
    if how == "keys":
        lines = []
        for _ in range(rng.randint(1, 7)):
            key = rng.choice(list(SCHEMA) + ["colour"])
            lines.append(f"{key}: {_layout_value(rng, SCHEMA.get(key, 0))}")
        return how, ("\n".join(lines) + "\n").encode()
    if how == "bytes":
        return how, rng.randbytes(rng.randint(0, 400))
    if how == "alias bomb":
        width, depth = rng.randint(5, 12), rng.randint(4, 10)
        lines = ["a0: &a0 [" + ", ".join(["x"] * width) + "]"]
        lines += [f"a{k}: &a{k} [" + ", ".join([f"*a{k - 1}"] * width) + "]" for k in range(1, depth)]
        return how, ("\n".join(lines) + f"\nheader: *a{depth - 1}\n").encode()
    if how == "nesting":
        depth = rng.choice([19, 20, 21, 500, 50_000])
        return how, ("footer: " + "[" * depth + "]" * depth + "\n").encode()
    if how == "large":
        return how, b"gap: 3\n" + b"#" * rng.choice([60_000, 70_000, 5_000_000]) + b"\n"
    return how, "gap: 3\nheader: '{title}'\n".encode("utf-32")



# ----- fonts

def base_font() -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    from bookgen.font_choice import FURNITURE
    from bookgen.render.fonts import _family_file

    font = TTFont(str(_family_file("Atkinson Hyperlegible", 400)))
    subsetter = subset.Subsetter()
    subsetter.populate(text=FURNITURE + string.ascii_letters)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _cmap_bomb(font: bytes, groups: list[tuple[int, int, int]]) -> bytes:
    body = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    body += b"".join(struct.pack(">III", *group) for group in groups)
    cmap = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + body
    data = bytearray(font)
    (count,) = struct.unpack_from(">H", data, 4)
    for k in range(count):
        if data[12 + 16 * k: 16 + 16 * k] == b"cmap":
            struct.pack_into(">II", data, 12 + 16 * k + 8, len(data), len(cmap))
    return bytes(data) + cmap


def hostile_font(rng: random.Random, font: bytes) -> tuple[str, bytes]:
    how = rng.choice(["truncate", "flip directory", "flip directory", "flip anywhere", "flip anywhere",
                      "character map", "random"])
    data = bytearray(font)
    if how == "truncate":
        return how, bytes(data[: rng.randint(0, len(data))])
    if how == "character map":
        first = rng.choice([0, 0x20, 0x10000])
        groups = [(first, first + rng.choice([10, 0xFFFF, 0x10FFFF, 0xFFFFFFFF - first]), rng.randint(0, 50))
                  for _ in range(rng.choice([1, 10, 1000]))]
        return how, _cmap_bomb(font, groups)
    if how == "random":
        return how, rng.randbytes(rng.randint(0, 2000))
    (tables,) = struct.unpack_from(">H", data, 4)
    span = 12 + 16 * tables if how == "flip directory" else len(data)
    for _ in range(rng.randint(1, 6)):
        data[rng.randrange(span)] ^= rng.randint(1, 255)
    return how, bytes(data)


# ----- pictures

def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def base_pictures() -> dict[str, bytes]:
    from PIL import Image

    found = {}
    for fmt in ("PNG", "JPEG"):
        out = io.BytesIO()
        Image.new("RGB", (90, 60), (200, 40, 90)).save(out, fmt)
        found[fmt] = out.getvalue()
    return found


def hostile_picture(rng: random.Random, pictures: dict[str, bytes]) -> tuple[str, bytes]:
    fmt = rng.choice(sorted(pictures))
    data = bytearray(pictures[fmt])
    how = rng.choice(["truncate", "flip", "flip", "chunk" if fmt == "PNG" else "flip", "huge size", "random"])
    if how == "truncate":
        return f"{fmt} truncate", bytes(data[: rng.randint(0, len(data))])
    if how == "flip":
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= rng.randint(1, 255)
        return f"{fmt} flip", bytes(data)
    if how == "chunk":
        kind = rng.choice([b"zTXt", b"iTXt", b"iCCP", b"tEXt", b"IDAT"])
        inflated = bytes(rng.choice([10, 10_000, 2 * 2**20, 50 * 2**20]))
        head = b"k\x00\x01\x00\x00\x00" if kind == b"iTXt" else b"k\x00\x00"
        extra = _chunk(kind, head + zlib.compress(inflated, 9)) * rng.choice([1, 1, 12])
        return f"PNG {kind.decode()} chunk", bytes(data[:33]) + extra + bytes(data[33:])
    if how == "huge size":
        width, height = rng.choice([(7000, 7000), (7072, 7072), (65_000, 65_000), (1, 2**31 - 1)])
        if fmt == "PNG":
            ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
            return f"PNG {width}x{height}", bytes(data[:8]) + _chunk(b"IHDR", ihdr) + bytes(data[33:])
        at = data.find(b"\xff\xc0")
        struct.pack_into(">HH", data, at + 5, min(height, 65_535), min(width, 65_535))
        return f"JPEG {width}x{height}", bytes(data)
    return "random", rng.randbytes(rng.randint(0, 600))


# ----- cache entries

def _json_value(rng: random.Random, depth: int = 0):
    pick = rng.random()
    if pick < 0.5 or depth > 2:
        return rng.choice([None, True, False, -1, 0, 1, 3, 4, 9, 2**70, 0.5, "", "x", "easy", "expert", "+"])
    return [_json_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]


def edited_entry(rng: random.Random, fields: dict) -> tuple[str, bytes]:
    edited = json.loads(json.dumps(fields))
    how = rng.choice(["field", "item", "item", "drop", "bytes", "truncate", "pickle"])
    key = rng.choice(sorted(edited))
    if how == "field":
        edited[key] = _json_value(rng)
    elif how == "drop":
        del edited[key]
    elif how == "item":
        lists = [k for k, v in edited.items() if isinstance(v, list) and v]
        key = rng.choice(lists)
        index = rng.randrange(len(edited[key]))
        item = edited[key][index]
        if isinstance(item, list) and item:
            item[rng.randrange(len(item))] = rng.randint(-1, 9)
        elif isinstance(item, dict) and item:
            item[rng.choice(sorted(item))] = _json_value(rng)
        else:
            edited[key][index] = _json_value(rng)
    elif how == "pickle":
        return how, pickle.dumps(edited)
    data = bytearray(json.dumps(edited).encode())
    if how == "bytes":
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randint(0, 255)
    if how == "truncate":
        del data[rng.randrange(len(data)):]
    return f"{how} {key}", bytes(data)
