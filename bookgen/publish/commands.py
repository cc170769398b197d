"""The publisher's commands (export, cover), registered on the command line with one line
each; each imports its work only when it runs."""

from __future__ import annotations

import os
import time
from pathlib import Path

import click

from bookgen.terminal import echo, reported


@click.command()
@click.argument("spec_file")
@click.option("-o", "--outdir", required=True, help="The folder to write into (made if missing).")
@click.option("--format", "fmt", type=click.Choice(("svg", "png", "pdf")), default="svg", show_default=True)
@click.option("--answers", is_flag=True, help="Also write each puzzle's answer (NNN-answer.svg).")
@click.option("--cell", "cell_mm", type=click.FloatRange(3, 40), default=9.0, show_default=True,
              help="The side of a cell in millimetres.")
@click.option("--seed", help="Override the spec's seed (0 to 2**63-1).")
@reported
def export(spec_file: str, outdir: str, fmt: str, answers: bool, cell_mm: float, seed: str | None) -> None:
    """Write every puzzle of SPEC_FILE as a file of its own (SVG, PNG at 300 ppi, or PDF),
    drawn as in the book, and puzzles.csv (id, type, level, score, puzzle, answer)."""
    from bookgen import spec as speclib
    from bookgen.publish.export import export as export_book
    from bookgen.publish.seed import seeded

    started = time.monotonic()
    spec = seeded(speclib.load(spec_file), seed)
    written = export_book(spec, Path(outdir), fmt, answers, cell_mm, os.cpu_count() or 1)
    echo(f"wrote {len(written) - 1} {fmt.upper()} files and puzzles.csv into {outdir}, "
         f"in {time.monotonic() - started:.1f} s")


@click.command()
@click.argument("spec_file")
@click.option("-o", "--output", required=True, help="The cover PDF to write.")
@click.option("--paper", "stock", type=click.Choice(("white", "cream")), default="white", show_default=True,
              help="The interior's paper, which sets the spine's width.")
@click.option("--seed", help="Override the spec's seed (0 to 2**63-1).")
@reported
def cover(spec_file: str, output: str, stock: str, seed: str | None) -> None:
    """Write the full-wrap cover of SPEC_FILE's book: back, spine and front with bleed,
    the spine as wide as the interior's page count makes it."""
    from bookgen import spec as speclib
    from bookgen.build import input_files
    from bookgen.outputs import Output, checked, staged, writing
    from bookgen.publish.cover import make_cover
    from bookgen.publish.seed import seeded

    spec = seeded(speclib.load(spec_file), seed)
    targets = checked([Output("-o", output)], input_files(spec))
    with staged(targets, [output]) as temps:
        with writing(output):
            pages, size = make_cover(spec, temps[0], stock, os.cpu_count() or 1)
    echo(f"wrote {output}: {size.width:.3f} x {size.height:.3f} in, spine {size.spine:.3f} in "
         f"for {pages} pages on {stock} paper")
