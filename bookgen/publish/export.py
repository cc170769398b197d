"""`bookgen export`: every puzzle of a book (and, with answers, every answer) as a file
of its own for an editor, drawn by the same code as the book, and `puzzles.csv`: id,
type, level, score, the puzzle and its answer in one line where the type has such a form
(a `puzzles:` section reads the file back)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Callable, Hashable

from bookgen.book_spec import BookSpec
from bookgen.font_choice import fonts_for
from bookgen.generation import generate_all
from bookgen.language import words_for
from bookgen.layout.laid import Entry
from bookgen.layout.template import MM
from bookgen.model import GridModel
from bookgen.puzzles.readers import answer_line, one_line
from bookgen.puzzles.score import score
from bookgen.render.single import puzzle_pdf, puzzle_png, puzzle_svg

FORMATS = ("svg", "png", "pdf")
WRITERS = {"svg": puzzle_svg, "png": puzzle_png, "pdf": puzzle_pdf}
CSV_COLUMNS = ("id", "type", "level", "score", "puzzle", "answer")
DEFAULT_CELL_MM = 9.0  # a book's cell (print conventions)
MARGIN_CELLS = 0.25  # room around the drawing for its thick border


def styles(entries: list[Entry]) -> dict[int, Hashable | None]:
    """Each puzzle's section style, decided from its whole section as in the book."""
    members: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        members.setdefault((entry.section.options, entry.section.params), []).append(entry)
    found = {}
    for group in members.values():
        style = group[0].ptype.section_style([e.puzzle for e in group])
        found.update({e.number: style for e in group})
    return found


def export(spec: BookSpec, outdir: Path, fmt: str, answers: bool, cell_mm: float = DEFAULT_CELL_MM,
           jobs: int = 1, done: Callable[[], None] | None = None) -> list[Path]:
    """Write the files into `outdir` (made if missing); the paths written, CSV last."""
    entries = generate_all(spec, jobs, done, use_cache=True)
    fonts, words = fonts_for(spec), words_for(spec.language)
    cell = cell_mm * MM
    style_of = styles(entries)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for entry in entries:
        for answer in (False, True) if answers else (False,):
            name = f"{entry.number:03d}{'-answer' if answer else ''}.{fmt}"
            title = f"{spec.title}: {entry.section_title} {entry.shown}" + (" (answer)" if answer else "")
            WRITERS[fmt](outdir / name, entry, answer, cell, cell * MARGIN_CELLS, fonts, words,
                         style_of[entry.number], title)
            written.append(outdir / name)
    table = outdir / "puzzles.csv"
    table.write_text(puzzles_csv(entries), encoding="utf-8")
    return written + [table]


def puzzles_csv(entries: list[Entry]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        board = entry.puzzle.board
        line = one_line(board, entry.puzzle.type) if isinstance(board, GridModel) else None
        answer = answer_line(entry.puzzle.solution) if isinstance(board, GridModel) else None
        value = entry.score if entry.score is not None else score(entry.puzzle)
        writer.writerow([entry.number, entry.puzzle.type, entry.puzzle.difficulty,
                         "" if value is None else f"{value:g}", line or "", answer or ""])
    return out.getvalue()
