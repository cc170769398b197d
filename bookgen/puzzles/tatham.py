"""Simon Tatham's game IDs for Solo (sudoku, with its X, jigsaw and killer forms) and
Keen (KenKen), read into and written from bookgen's interchange form.

The formats, as his puzzles' descriptions define them (`solo 3x3:...`, `keen 6:...`):
- A grid of numbers: cells in reading order; a letter a..z is a run of 1..26 empty
  cells, a number is a cell's value, `_` separates two numbers that follow each other.
- A block structure (jigsaw regions, killer and Keen cages): the dividing lines, first
  the w(w-1) lines between left and right neighbours in reading order, then the w(w-1)
  between upper and lower neighbours, column by column; each letter a..y counts the
  cells joined (no line) before the next line, `_` none, `z` 25 with no line after it.
  Keen writes a letter repeated n times as the letter and n.
- Solo: `CxR[j][x][k]...:grid[,regions][,cages,cage sums]` (boxes R wide and C high;
  `Nj` a jigsaw of NxN; `x` the diagonals; `k` killer; the cage sums as a grid, each sum
  at one cell of its cage). Keen: `W...:cages,clues`, a clue per cage in the order of its
  first cell, `a` sum, `m` product, `s` difference, `d` quotient, and the number.
"""

from __future__ import annotations

import re
from typing import Any

from bookgen.model import GridModel
from bookgen.puzzles.grid_json import model_to_json
from bookgen.puzzles.sudoku.shapes import fixed_structure

_SOLO = re.compile(r"(\d+)(?:x(\d+))?(j)?(x)?(k)?[a-z0-9]*")
_KEEN = re.compile(r"(\d+)[a-z0-9]*")
OPS = {"a": "+", "m": "*", "s": "-", "d": "/"}
LETTERS = {op: letter for letter, op in OPS.items()}
BOXED = (4, 6, 8, 9, 12, 16)  # the sides bookgen's boxed sudoku have
_ID = re.compile(r"[0-9xjkdtbiaeuhrmsn]+:[0-9a-z_,]+")


class IdError(ValueError):
    """A game ID that cannot be read, with the reason in words."""


def looks_like_id(text: str) -> bool:
    return _ID.fullmatch(text.strip()) is not None


def read_id(text: str) -> dict[str, Any]:
    """A Solo or Keen game ID as interchange JSON with its `type` (the answer left out:
    it is found and proved by the caller)."""
    params, _colon, desc = text.strip().partition(":")
    solo = _SOLO.fullmatch(params)
    if solo and ("x" in params or "j" in params or "k" in params):
        return _solo(solo, desc)
    keen = _KEEN.fullmatch(params)
    if keen is None:
        raise IdError(f"'{params}' is not a Solo or Keen game's parameters")
    return _keen(int(keen[1]), desc)


def grid_values(desc: str, area: int) -> tuple[list[int], str]:
    """A grid of numbers from the head of `desc`: the values (0 empty) and the rest."""
    values: list[int] = []
    k = 0
    while k < len(desc) and desc[k] != ",":
        ch = desc[k]
        if "a" <= ch <= "z":
            values += [0] * (ord(ch) - ord("a") + 1)
            k += 1
        elif ch == "_":
            k += 1
        elif ch.isdigit():
            start = k
            while k < len(desc) and desc[k].isdigit():
                k += 1
            values.append(int(desc[start:k]))
        else:
            raise IdError(f"unexpected '{ch}' in the grid")
    if len(values) != area:
        raise IdError(f"the grid has {len(values)} cells, expected {area}")
    return values, desc[k + 1:] if k < len(desc) else ""


def _edges(w: int) -> list[tuple[int, int]]:
    """The cells either side of each dividing line, in the order the IDs list them."""
    across = [(y * w + x, y * w + x + 1) for y in range(w) for x in range(w - 1)]
    down = [(y * w + x, (y + 1) * w + x) for x in range(w) for y in range(w - 1)]
    return across + down


def blocks(desc: str, w: int) -> tuple[list[int], str]:
    """A block structure from the head of `desc`: each cell's block (its smallest cell)
    and the rest of `desc`."""
    head, _comma, rest = desc.partition(",")
    runs: list[str] = []
    for letter, count in re.findall(r"([a-z_])(\d*)", head):
        runs += [letter] * (int(count) if count else 1)
    if "".join(re.findall(r"[a-z_]\d*", head)) != head:
        raise IdError("unexpected characters in the block structure")
    parent = list(range(w * w))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    edges, pos = _edges(w), 0
    for letter in runs:
        joined = 0 if letter == "_" else ord(letter) - ord("a") + 1
        for _ in range(joined):
            if pos >= len(edges):
                raise IdError("the block structure is longer than the grid")
            a, b = edges[pos]
            parent[max(root(a), root(b))] = min(root(a), root(b))
            pos += 1
        if letter != "z":
            pos += 1
    if pos != len(edges) + 1:
        raise IdError("the block structure does not cover the grid")
    return [root(i) for i in range(w * w)], rest


def _cells(w: int, owner: list[int]) -> list[list[list[int]]]:
    found: dict[int, list[list[int]]] = {}
    for i, block in enumerate(owner):
        found.setdefault(block, []).append([i // w, i % w])
    return [found[k] for k in sorted(found)]


def _solo(found: re.Match, desc: str) -> dict[str, Any]:
    c = int(found[1])
    r = int(found[2]) if found[2] else c
    jigsaw, diagonal, killer = bool(found[3]), bool(found[4]), bool(found[5])
    w = c if jigsaw else c * r  # `9j`: a jigsaw of 9x9
    if not 4 <= w <= 16 or not jigsaw and w not in BOXED:
        raise IdError(f"a {w}x{w} sudoku is not one bookgen prints")
    values, rest = grid_values(desc, w * w)
    if jigsaw:
        owner, rest = blocks(rest, w)
        rows = [[[y, x] for x in range(w)] for y in range(w)]
        cols = [[[y, x] for y in range(w)] for x in range(w)]
        regions = _cells(w, owner)
        data = {"rows": w, "cols": w, "symbols": list(range(1, w + 1)), "groups": rows + cols + regions,
                "group_kinds": ["row"] * w + ["column"] * w + ["region"] * len(regions), "cages": []}
    else:
        data = model_to_json(fixed_structure(w, "x" if diagonal else "classic"))
    kind = "sudoku"
    if killer:
        owner, rest = blocks(rest, w)
        sums, rest = grid_values(rest, w * w)
        cages = []
        for cells in _cells(w, owner):
            target = sum(sums[y * w + x] for y, x in cells)
            cages.append({"cells": cells, "op": "+", "target": target, "distinct": True})
        data["cages"], kind = cages, "killer"
    if rest:
        raise IdError("more after the end of the game description")
    data["givens"] = [[i // w, i % w, v] for i, v in enumerate(values) if v]
    if not jigsaw and c != r and _box_width(w) != r:
        _transpose(data)
    return {"type": kind, **data}


def _box_width(side: int) -> int:
    return next(len({x for _y, x in g.cells}) for g in fixed_structure(side).groups if g.kind == "box")


def _transpose(data: dict[str, Any]) -> None:
    """Solo's boxes taller than wide (`3x2`: 2 wide, 3 high) turned over the diagonal into
    bookgen's, wider than tall: the same puzzle, its givens and cages mirrored with it."""
    data["givens"] = [[c, r, v] for r, c, v in data["givens"]]
    for cage in data["cages"]:
        cage["cells"] = sorted([c, r] for r, c in cage["cells"])


def _keen(w: int, desc: str) -> dict[str, Any]:
    if not 3 <= w <= 9:
        raise IdError(f"a {w}x{w} Keen is not one bookgen prints")
    owner, clues = blocks(desc, w)
    cages, k = [], 0
    for cells in _cells(w, owner):
        found = re.match(r"([amsd])(\d+)", clues[k:])
        if found is None:
            raise IdError("a cage without its clue")
        k += found.end()
        op = "=" if len(cells) == 1 else OPS[found[1]]  # Keen gives a one-cell cage as a sum
        cages.append({"cells": cells, "op": op, "target": int(found[2]), "distinct": False})
    if k != len(clues):
        raise IdError("more clues than cages")
    rows = [[[y, x] for x in range(w)] for y in range(w)]
    cols = [[[y, x] for y in range(w)] for x in range(w)]
    return {"type": "kenken", "rows": w, "cols": w, "symbols": list(range(1, w + 1)), "groups": rows + cols,
            "group_kinds": ["row"] * w + ["column"] * w, "cages": cages, "givens": []}


def _run_text(lines: list[bool]) -> str:
    """The block structure's letters for these dividing lines (True: a line)."""
    out, run = [], 0
    for line in lines + [True]:
        if not line:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") - 1 + run) if run else "_")
        run = 0
    return "".join(out)


def _grid_text(values: list[int]) -> str:
    out, blank, number = [], 0, False
    for v in values + [-1]:
        if v == 0:
            blank += 1
            continue
        while blank:
            step = min(blank, 26)
            out.append(chr(ord("a") + step - 1))
            blank -= step
            number = False
        if v > 0:
            out.append(("_" if number else "") + str(v))
            number = True
    return "".join(out)


def write_id(model: GridModel, kind: str) -> str | None:
    """The game ID of a puzzle Solo or Keen can hold (classic, X, jigsaw or killer sudoku;
    KenKen), or None."""
    w = model.rows
    index = {cell: k for k, cell in enumerate((y, x) for y in range(w) for x in range(w))}
    if model.rows != model.cols or len(model.cells) != w * w or model.inequalities:
        return None
    given = {index[(y, x)]: v for y, x, v in model.givens}
    values = [given.get(k, 0) for k in range(w * w)]

    def structure(groups: list[tuple[tuple[int, int], ...]]) -> str:
        owner = {index[cell]: k for k, cells in enumerate(groups) for cell in cells}
        return _run_text([owner.get(a) != owner.get(b) for a, b in _edges(w)])

    kinds = {g.kind for g in model.groups}
    if kind == "kenken":
        letters = {**LETTERS, "=": "a"}
        if model.givens or any(k.op not in letters for k in model.cages):
            return None
        cages = sorted(model.cages, key=lambda k: min(index[c] for c in k.cells))
        return f"{w}:{structure([k.cells for k in cages])}," + "".join(f"{letters[k.op]}{k.target}" for k in cages)
    boxes = [g for g in model.groups if g.kind == "box"]
    regions = [g.cells for g in model.groups if g.kind == "region"]
    if kinds - {"row", "column", "box", "region", "diagonal"} or kind not in ("sudoku", "killer"):
        return None
    if regions:
        head, tail = f"{w}j", "," + structure(regions)
    elif boxes:
        width = len({x for _y, x in boxes[0].cells})
        head, tail = f"{w // width}x{width}", ""
    else:
        return None
    head += "x" if "diagonal" in kinds else ""
    if kind == "killer":
        sums = [0] * (w * w)
        for cage in model.cages:
            sums[min(index[c] for c in cage.cells)] = cage.target
        head += "k"
        tail += f",{structure([k.cells for k in model.cages])},{_grid_text(sums)}"
    return f"{head}:{_grid_text(values)}{tail}"
