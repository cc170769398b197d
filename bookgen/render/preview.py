"""Previews rasterise the real PDF (never a second drawing), with pypdfium2."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from bookgen.outputs import staged


def rasterise(pdf: Path, outdir: Path, dpi: int = 70) -> list[Path]:
    document = pypdfium2.PdfDocument(str(pdf))
    written = []
    try:
        for i in range(len(document)):
            image = document[i].render(scale=dpi / 72).to_pil()
            target = outdir / f"{pdf.stem}-{i + 1:03d}.png"
            with staged([target]) as (temp,):
                image.save(temp, format="PNG")
            written.append(target)
    finally:
        document.close()
    return written
