"""The one-line reports of a book, in the words the command line prints: what `build`
wrote ("11 pages (answers on pages 9-11), 22 puzzles, seed 2026") and what `check` sees
the spec will make ("2 sections, 120 puzzles: 4 for each of 30 students").

Only typing imports the spec: the command line loads this module at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bookgen.book_spec import BookSpec


def summary(spec: BookSpec, layout: Any) -> str:
    """What a build made, for a teacher: pages, where the answers are, puzzles, and the
    seed (said to be new when the spec gave none, so the book can be made again)."""
    pages = _count(len(layout.pages), "page")
    kinds = [(kind, [page.number for page in layout.pages if page.kind == kind]) for kind in ("answers", "hints")]
    parts = [f"{kind} on {page_span(numbers)}" for kind, numbers in kinds if numbers]
    if parts:
        pages += f" ({'; '.join(parts)})"
    seed = f"seed {spec.seed}" if spec.seed_given else f"new seed {spec.seed} (rebuild with --seed {spec.seed})"
    return f"{pages}, {_count(spec.total_puzzles, 'puzzle')}, {seed}"


def page_span(numbers: list[int]) -> str:
    """[9, 10, 11] -> "pages 9-11"; [4] -> "page 4"."""
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"pages {numbers[0]}-{numbers[-1]}"
    return "pages " + ", ".join(map(str, numbers))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def counted(spec: BookSpec) -> str:
    """What `build` will make: "2 sections, 120 puzzles: 4 for each of 30 students"."""
    made = f"{_count(len(spec.sections), 'section')}, {_count(spec.total_puzzles, 'puzzle')}"
    if spec.copies:
        n = len(spec.copies)
        whom = _count(n, "student") if "students" in spec.locations else f"{n} {'copy' if n == 1 else 'copies'}"
        made += f": {spec.puzzles_per_copy} for each of {whom}"
        made += _at_levels(spec)
    return made


def _at_levels(spec: BookSpec) -> str:
    """", at easy (12), medium (18)": how many students at each level, easiest first,
    when a class list gives levels (those without one keep the sections' levels)."""
    given = [student.level for student in spec.students]
    if not any(given):
        return ""
    from bookgen.classlist import LEVELS

    counts = [f"{level} ({given.count(level)})" for level in LEVELS if level in given]
    if None in given:
        counts.append(f"the sections' own ({given.count(None)})")
    return ", at " + ", ".join(counts)
