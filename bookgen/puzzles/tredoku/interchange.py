"""A tredoku's figure in the interchange form: its name, and each face's squares and
corners in space, so an outside checker (or a drawing program) needs nothing of bookgen.
The rules themselves are the form's groups: a `box` per face and a `group` per line."""

from __future__ import annotations

from typing import Any

from bookgen.options import brief
from bookgen.puzzles import grid_json
from bookgen.puzzles.tredoku import figures

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def figure_json(name: str) -> dict[str, Any]:
    """`figure` and `faces`: per face its letter as printed, its nine squares [row, col]
    row by row as it reads on paper, and its corners [x, y, z] (in squares) top left, top
    right, bottom right and bottom left."""
    faces = []
    for k, face in enumerate(figures.faces(name)):
        cells = [list(figures.position(k, r, c)) for r in range(figures.SIDE) for c in range(figures.SIDE)]
        corners = [[int(v) for v in figures.corner_point(face, r, c)]
                   for r, c in ((0, 0), (0, figures.SIDE), (figures.SIDE, figures.SIDE), (figures.SIDE, 0))]
        faces.append({"letter": LETTERS[k], "cells": cells, "corners": corners})
    return {"figure": name, "faces": faces}


def read_figure(data: dict[str, Any], source: str) -> str:
    """The file's `figure`: one of the figures bookgen draws (its faces are then the
    figure's own: the drawing comes from the name, never from the file's corners)."""
    name = data.get("figure")
    if not isinstance(name, str) or name not in figures.NAMES:
        raise grid_json.FieldReader(source).fail(
            "figure", f"expected one of {', '.join(figures.NAMES)}, got {brief(grid_json.json_text(name))}")
    return name
