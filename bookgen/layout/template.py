"""Page templates: a layout file (layouts/*.yaml, or the user's own) on a paper size.

Every named value of a page — margins, type sizes, line weights, cell limits — is read
here from one file, so a page's look is changed in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bookgen.errors import LayoutError, LayoutFileError, Location, Problem
from bookgen.layout.layout_file import LayoutValues, fill, misordered, read_layout_file, read_layout_text
from bookgen.spec_kinds import built_in_layouts
from bookgen.paper import NAMED, canonical, size_mm

MM = 72 / 25.4  # points per millimetre

# Portrait paper sizes in millimetres (bookgen.paper's, by name); names match in any case.
PAPERS: dict[str, tuple[str, float, float]] = {name.lower(): (name, *size) for name, size in NAMED.items()}
BUILT_IN = built_in_layouts()  # the YAML files of bookgen.layouts (bookgen/layouts/ in the repo)


@dataclass(frozen=True)
class TypeSizes:
    """Type sizes in points."""

    title: float
    subtitle: float
    author: float
    contents: float
    heading: float
    body: float
    label: float
    footer: float
    answer_label: float
    min: float
    stamp: float  # the version and seed in every footer


@dataclass(frozen=True)
class Template:
    """A layout read from its file, every length in points."""

    name: str
    paper: str
    width: float  # all lengths in points from here on
    height: float
    top: float
    bottom: float
    left: float  # the binding margin
    right: float
    header: str
    footer: str
    sizes: TypeSizes
    rule: float  # line weights in points
    write_line: float
    cell_min: float
    cell_max: float
    large_min: float
    large_max: float
    small_side: int  # grids of at most this many squares a side are small ...
    small_max: float  # ... and may grow to this cell (young children)
    answer_cell: float
    answer_min: float  # the smallest answer cell, tried when it puts the key on fewer pages
    gap: float
    label_band: float
    per_page: tuple[int, ...]
    title_page: bool
    name_lines: bool
    instruction_lines: int
    flow: bool  # a copy's sections share sheets when they fit (worksheets)
    student_width: float  # the share of a running head a student's name may take
    student_min: float  # the size (points) a student's name shrinks to before it wraps
    student_lines: int  # the most lines a student's name wraps onto
    # A printed book's pages bleed: the page is this much (points) bigger than the trim on
    # its outside, top and bottom edges (bookgen.layout.trim); 0 for pages that do not.
    bleed: float = 0.0

    def cap(self, size: tuple[float, float], large_print: bool) -> float:
        """The biggest cell a drawing of `size` squares may print at: the layout's (or its
        large print's) cap, or the small grids' where that is bigger."""
        cap = self.large_max if large_print else self.cell_max
        if max(size) <= self.small_side:
            cap = max(cap, self.small_max)
        return cap

    @property
    def content_width(self) -> float:
        return self.width - self.left - self.right

    @property
    def text_bottom(self) -> float:
        """The lowest y body matter may reach: above the footer's band."""
        return self.height - self.bottom - self.sizes.footer * 2.2

    def header_for(self, title: str) -> str:
        """The header as printed: `{title}` filled (never str.format on a user's text)."""
        return fill(self.header, title=title)

    def footer_for(self, page: int | str, title: str) -> str:
        """The footer as printed on page `page`."""
        return fill(self.footer, page=page, title=title)

    @property
    def area(self) -> tuple[float, float, float, float]:
        """The printable area (x0, y0, x1, y1): nothing is drawn outside it."""
        return self.left, self.top, self.width - self.right, self.height - self.bottom


def paper_name(paper: str) -> str:
    if size_mm(paper) is None:
        raise LayoutError(f"unknown paper '{paper}'; expected one of {', '.join(p[0] for p in PAPERS.values())}")
    return canonical(paper)


def template(layout: str = "book", paper: str = "A4", base_dir: Path | None = None) -> Template:
    """The named built-in layout, or a layout file (a path ending .yaml/.yml, relative to
    `base_dir`, the spec's folder), on `paper`; LayoutFileError naming the file, line and
    key of every problem in a user's file."""
    # Read afresh each time (a layout file is small): a file edited between two builds in
    # one process is never served stale.
    paper = paper_name(paper)
    own = _read(layout, str(base_dir) if base_dir is not None else None)
    raw = _merged(_built_in("book").values, own.values)
    crossed = [Problem(own.where.get(large, own.where.get(small, Location(layout))), large,
                       f"expected at least {small} ({_value(raw, small):g}), got {_value(raw, large):g}")
               for small, large in misordered(raw)]
    if crossed:
        raise LayoutFileError(crossed)
    width, height = size_mm(paper) or (0.0, 0.0)
    return _build(_layout_name(layout), paper, width, height, raw)


def _value(raw: dict[str, Any], path: str) -> Any:
    group, name = path.split(".")
    return raw[group][name]


def _layout_name(layout: str) -> str:
    return Path(layout).stem if layout.endswith((".yaml", ".yml")) else layout


def _read(layout: str, base_dir: str | None) -> LayoutValues:
    if not layout.endswith((".yaml", ".yml")):
        if layout not in BUILT_IN:
            raise LayoutError(
                f"unknown layout '{layout}'; expected one of {', '.join(BUILT_IN)} or a layout file ending .yaml"
            )
        return _built_in(layout)
    return read_layout_file(str(Path(base_dir or ".") / layout))


@lru_cache(maxsize=None)
def _built_in(name: str) -> LayoutValues:
    """A built-in layout, read and checked as a user's file is (so the table of keys and
    ranges in layout_file.py holds for them too)."""
    # The package's own folder, as bookgen.spec_kinds.built_in_layouts finds it (bookgen ships
    # as files, never zipped): importlib.resources cost `bookgen check` a tenth of its start.
    text = (Path(__file__).parent.parent / "layouts" / f"{name}.yaml").read_text(encoding="utf-8")
    return read_layout_text(text, f"layouts/{name}.yaml", shipped=True)


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """`over` on top of `base`, mapping by mapping, so a file may give only what differs."""
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = _merged(base[key], value)
        else:
            merged[key] = value
    return merged


def _build(name: str, paper: str, width: float, height: float, raw: dict[str, Any]) -> Template:
    margin, cell, lines, sizes = raw["margin"], raw["cell"], raw["lines"], raw["type"]
    per_page = raw["per_page"]
    return Template(
        name=name,
        paper=paper,
        width=width * MM,
        height=height * MM,
        top=float(margin["top"]) * MM,
        bottom=float(margin["bottom"]) * MM,
        left=float(margin["binding"]) * MM,
        right=float(margin["outer"]) * MM,
        header=str(raw["header"] or ""),
        footer=str(raw["footer"] or ""),
        sizes=TypeSizes(**{k: float(sizes[k]) for k in TypeSizes.__dataclass_fields__}),
        rule=float(lines["rule"]),
        write_line=float(lines["write"]),
        cell_min=float(cell["min"]) * MM,
        cell_max=float(cell["max"]) * MM,
        large_min=float(cell["large_min"]) * MM,
        large_max=float(cell["large_max"]) * MM,
        small_side=int(cell["small_side"]),
        small_max=float(cell["small_max"]) * MM,
        answer_cell=float(cell["answer"]) * MM,
        answer_min=float(cell["answer_min"]) * MM,
        gap=float(raw["gap"]) * MM,
        label_band=float(raw["label_band"]) * MM,
        per_page=per_page,
        title_page=bool(raw["title_page"]),
        name_lines=bool(raw["name_lines"]),
        instruction_lines=max(1, int(raw["instruction_lines"])),
        flow=bool(raw["flow"]),
        student_width=min(1.0, max(0.1, float(raw["student_name"]["width"]))),
        student_min=float(raw["student_name"]["min"]),
        student_lines=max(1, int(raw["student_name"]["lines"])),
    )
