"""Previews rasterise the real PDF (never a second drawing), with pypdfium2."""

from __future__ import annotations

from pathlib import Path

import pypdfium2


def page_image_name(stem: str, page: int) -> str:
    """The name of page `page`'s image: book-001.png."""
    return f"{stem}-{page:03d}.png"


def rasterise(pdf: Path, outdir: Path, dpi: int = 70) -> list[Path]:
    """Every page of `pdf` as a PNG in `outdir` (a private working folder: the caller
    renames them into place together), one page in memory at a time."""
    document = pypdfium2.PdfDocument(str(pdf))
    written = []
    try:
        for i in range(len(document)):
            image = document[i].render(scale=dpi / 72).to_pil()
            target = outdir / page_image_name(pdf.stem, i + 1)
            image.save(target, format="PNG")
            written.append(target)
    finally:
        document.close()
    return written
