"""Slots: how many puzzles share a page, how they are arranged, and the cell size.

A page is planned, not filled from the top: the area under the running head is cut into
equal slots spread over it, and each drawing gets the biggest cell that fits its slot
(up to the layout's cap), centred. All of it is decided from a section's options alone
(a type's `planned_size`), so `bookgen check` refuses what cannot fit before any puzzle
is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bookgen.errors import LayoutError
from bookgen.language import ENGLISH, Words
from bookgen.layout.model import Section, TextItem
from bookgen.layout.template import MM, Template
from bookgen.layout.text import Measure, ellipsized
from bookgen.puzzles.worked import worked_steps

if TYPE_CHECKING:  # made where a section asks for it (self_check: true), not loaded by `bookgen check` (start-up)
    from bookgen.layout.laid import Entry, Placement  # a check places no puzzle
    from bookgen.self_check import SelfCheck

# Below this a cell cannot take a digit written in pencil; no layout goes smaller.
SMALLEST_CELL = 5 * MM


@dataclass(frozen=True)
class Box:
    """A rectangle on the page, in points."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class SlotPlan:
    """`per_page` slots in `columns` x `rows` over `box`, each drawing at `cell` points;
    `head_lines`, the lines the instructions above `box` may take (0: the layout's)."""

    per_page: int
    columns: int
    rows: int
    box: Box
    gap: float
    cell: float
    head_lines: int = 0

    def slot(self, k: int) -> Box:
        w = (self.box.w - (self.columns - 1) * self.gap) / self.columns
        h = (self.box.h - (self.rows - 1) * self.gap) / self.rows
        col, row = k % self.columns, k // self.columns
        return Box(self.box.x + col * (w + self.gap), self.box.y + row * (h + self.gap), w, h)


def fit_cell(size: tuple[float, float], slot: Box, label_band: float) -> float:
    """The biggest cell at which a drawing of `size` cells fits `slot` under its label."""
    return min(slot.w / size[0], (slot.h - label_band) / size[1])


def arranged(per_page: int, size: tuple[float, float], box: Box, tpl: Template) -> tuple[SlotPlan, float]:
    """The arrangement of `per_page` slots (columns x rows) giving the biggest cell, and
    that cell before any cap."""
    best: tuple[SlotPlan, float] | None = None
    for columns in range(1, per_page + 1):
        if per_page % columns:
            continue
        plan = SlotPlan(per_page, columns, per_page // columns, box, tpl.gap, 0.0)
        cell = fit_cell(size, plan.slot(0), tpl.label_band)
        if best is None or cell > best[1] + 1e-6:
            best = (plan, cell)
    assert best is not None
    return best


def plan_slots(section: Section, box: Box, tpl: Template, size: tuple[float, float]) -> SlotPlan:
    """Puzzles a page, their arrangement and cell for a section whose drawings are `size`
    cells, or LayoutError saying why the section cannot be printed as asked."""
    options = section.options
    floor = tpl.large_min if options.large_print else tpl.cell_min
    cap = tpl.cap(size, options.large_print)
    per_page = options.per_page or default_per_page(size, box, tpl, max(floor, bare_cell(section, box, tpl, floor)),
                                                    options.count)
    plan, cell = arranged(per_page, size, box, tpl)
    shown = f"{size[0]:g}×{size[1]:g}"
    if options.large_print and cell < tpl.large_min - 0.01:
        fewer = max((n for n in range(1, per_page) if arranged(n, size, box, tpl)[1] >= tpl.large_min), default=None)
        advice = ("large print cannot fit this grid on this paper" if fewer is None
                  else f"ask for per_page: {fewer}" + (" or fewer" if fewer > 1 else ""))
        raise LayoutError(
            f"section '{options.title}': large print needs cells of at least {tpl.large_min / MM:.0f} mm, "
            f"but {per_page} a page of {shown} leave {cell / MM:.1f} mm; {advice}"
        )
    if cell < SMALLEST_CELL:
        raise LayoutError(
            f"section '{options.title}': {per_page} a page of {shown} leave cells of {cell / MM:.1f} mm "
            f"(at least {SMALLEST_CELL / MM:.0f} mm are needed to write in); ask for fewer puzzles a page"
        )
    return SlotPlan(plan.per_page, plan.columns, plan.rows, box, plan.gap, min(cell, cap))


def bare_cell(section: Section, box: Box, tpl: Template, floor: float) -> float:
    """The cell the section's grid alone would get on its own pages, up to large print's
    floor (0 for a drawing that is its grid): a picture sudoku's strip of pictures above
    each grid made six 4x4 a page 13.4 mm cells where digits get 17.1 mm. Pictures are
    for children who cannot read yet: their grid gets the digits' cell or a young
    child's 14 mm; past that a bigger cell is not worth a sheet for each child (two 6x6
    in pictures share a page at 15.4 mm, not one a page at 17)."""
    bare = section.ptype.bare_size(section.params)
    if bare is None:
        return 0.0
    alone = default_per_page(bare, box, tpl, floor, section.options.count)
    return min(arranged(alone, bare, box, tpl)[1], tpl.cap(bare, section.options.large_print), tpl.large_min)


def flowing(plan: SlotPlan, section: Section, size: tuple[float, float], tpl: Template) -> SlotPlan:
    """For sections that share a sheet: the columns of the section's full-page plan, but
    only as many rows as its puzzles fill, so a short section's puzzles grow (within the
    cap) instead of keeping the cell of a page full of them."""
    options = section.options
    rows = -(-options.count // plan.columns) if options.count else plan.rows
    if options.per_page or rows >= plan.rows:
        return plan
    cap = tpl.cap(size, options.large_print)
    fewer = SlotPlan(rows * plan.columns, plan.columns, rows, plan.box, plan.gap, 0.0)
    cell = min(cap, fit_cell(size, fewer.slot(0), tpl.label_band))
    return SlotPlan(fewer.per_page, fewer.columns, rows, plan.box, plan.gap, max(cell, plan.cell))


def default_per_page(size: tuple[float, float], box: Box, tpl: Template, floor: float, count: int = 0) -> int:
    """The most puzzles a page (among the layout's choices) that still get cells of at
    least `floor`: six 6x6 or two 9x9 on an A4 book page, one 12x12. A section of fewer
    puzzles than that plans for its own number, so they grow and spread over the page;
    one of more plans for its pages shared out evenly (eight at most six a page: two
    pages of four, at four's bigger cell, not six and a last page of two)."""
    fitting = [n for n in tpl.per_page if arranged(n, size, box, tpl)[1] >= floor]
    most = max(fitting, default=tpl.per_page[0])
    if count <= 0:
        return most
    pages = -(-count // most)
    return min(n for n in tpl.per_page if n >= -(-count // pages))


def shared_out(count: int, per_page: int) -> list[int]:
    """How many of `count` puzzles go on each of a section's pages, at most `per_page`
    a page, on as few pages as that allows and as evenly as they go (13 at six a page:
    5, 4, 4), so the last page is never a near-empty one."""
    pages = max(1, -(-count // per_page))
    base, extra = divmod(count, pages)
    return [base + 1 if k < extra else base for k in range(pages)]


def placed(entry: Entry, slot: Box, cell: float, tpl: Template, measure: Measure,
           words: Words = ENGLISH) -> tuple[Placement, list[TextItem]]:
    """The drawing at the section's cell (smaller only if this one is bigger than planned),
    with its label just above it and its self-check, if any, under it, all centred
    together in the slot."""
    from bookgen.layout.laid import Placement
    from bookgen.puzzles.step_marks import StepMarks

    size = entry.ptype.print_size(entry.puzzle)
    check = checked_squares(entry)
    below = band_below(entry, tpl)
    cell = min(cell, fit_cell(size, slot, tpl.label_band + below))
    width, height = size[0] * cell, size[1] * cell
    x = slot.x + (slot.w - width) / 2
    y = slot.y + (slot.h - tpl.label_band - below - height) / 2 + tpl.label_band
    level = words.gettext(entry.puzzle.difficulty) if entry.puzzle.difficulty else ""
    if entry.section.options.show_score and entry.score is not None:
        level += f" ({entry.score:g})"
    text = f"{entry.shown}   {level}   {entry.ptype.describe(entry.puzzle, words)}".rstrip()
    label_size = tpl.sizes.label
    text = ellipsized(text, label_size, slot.x + slot.w - x, measure, True)
    texts = [TextItem(text, x, y - tpl.label_band * 0.35, label_size, bold=True)]
    marks = StepMarks()
    if check is not None:
        said = words.gettext("The shaded squares add up to {total}.").format(total=check.total)
        said = ellipsized(said, label_size, slot.w, measure)
        texts.append(TextItem(said, x + width / 2, y + height + below * 0.7, label_size, align="center"))
        marks = StepMarks(shaded=check.cells)
    return Placement(entry.number, x, y, cell, False, size, marks), texts


def checked_squares(entry: Entry) -> SelfCheck | None:
    """The entry's self-check (`self_check: true`), or None."""
    steps = worked_steps(entry.ptype) if entry.section.options.self_check else None
    return steps.self_check(entry.puzzle) if steps is not None else None


def band_below(entry: Entry, tpl: Template) -> float:
    """The room a puzzle's self-check line takes under it (none without one)."""
    return tpl.label_band if entry.section.options.self_check else 0.0
