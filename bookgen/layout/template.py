"""Page templates: the geometry of a paper size, read from layouts/*.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

MM = 72 / 25.4  # points per millimetre


@dataclass(frozen=True)
class Template:
    paper: str
    width: float  # all lengths in points from here on
    height: float
    top: float
    bottom: float
    left: float
    right: float
    footer: float
    heading: float  # type sizes in points
    body: float
    label: float
    name_line: float
    gap: float
    label_band: float
    cell_normal: float
    cell_single: float
    cell_large: float
    cell_answer: float
    slots: dict[int, tuple[int, int]]
    answer_slots: tuple[int, int]

    @property
    def content_width(self) -> float:
        return self.width - self.left - self.right


@lru_cache(maxsize=None)
def template(paper: str) -> Template:
    raw = yaml.safe_load(resources.files("bookgen.layouts").joinpath(f"{paper.lower()}.yaml").read_text())
    margin, cell = raw["margin"], raw["cell"]
    return Template(
        paper=raw["paper"],
        width=raw["width"] * MM,
        height=raw["height"] * MM,
        top=margin["top"] * MM,
        bottom=margin["bottom"] * MM,
        left=margin["left"] * MM,
        right=margin["right"] * MM,
        footer=raw["footer"] * MM,
        heading=float(raw["heading"]),
        body=float(raw["body"]),
        label=float(raw["label"]),
        name_line=raw["name_line"] * MM,
        gap=raw["gap"] * MM,
        label_band=raw["label_band"] * MM,
        cell_normal=cell["normal"] * MM,
        cell_single=cell["single"] * MM,
        cell_large=cell["large"] * MM,
        cell_answer=cell["answer"] * MM,
        slots={int(k): (int(v[0]), int(v[1])) for k, v in raw["slots"].items()},
        answer_slots=(int(raw["answer_slots"][0]), int(raw["answer_slots"][1])),
    )
