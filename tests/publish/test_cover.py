"""bookgen cover: a full-wrap cover as wide as bleed + back + spine + front + bleed, the
spine from the interior's page count, the title only on a spine of 100 pages or more."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from PIL import Image

from bookgen.cli import main
from bookgen.publish.cover import cover_size


def _cover(tmp_path: Path, spec_text: str, *more: str) -> tuple[int, float, float]:
    spec = tmp_path / "book.yaml"
    spec.write_text(spec_text, encoding="utf-8")
    book, cover = tmp_path / "book.pdf", tmp_path / "cover.pdf"
    assert CliRunner().invoke(main, ["build", str(spec), "-o", str(book), "-q"]).exit_code == 0
    result = CliRunner().invoke(main, ["cover", str(spec), "-o", str(cover), *more])
    assert result.exit_code == 0, result.output
    box = pypdf.PdfReader(cover).pages[0].mediabox
    return len(pypdf.PdfReader(book).pages), float(box.width) / 72, float(box.height) / 72


SMALL = "title: Take along\nauthor: Ana\nseed: 3\npaper: 6x9in\nbleed: true\nsections:\n" \
        "  - {type: sudoku, size: 4, difficulty: beginner, count: 6}\n"


@pytest.mark.parametrize("stock, per_page", [("white", 0.002252), ("cream", 0.0025)])
def test_the_covers_width_is_bleed_back_spine_front_bleed_for_the_interiors_pages(tmp_path: Path, stock: str,
                                                                                    per_page: float):
    pages, width, height = _cover(tmp_path, SMALL, "--paper", stock)
    assert width == pytest.approx(0.125 + 6 + pages * per_page + 6 + 0.125, abs=1e-3)
    assert height == pytest.approx(9.25)


def test_the_spine_carries_the_title_only_from_100_pages(tmp_path: Path):
    assert cover_size("6x9in", 100, "white").spine == pytest.approx(0.2252)
    _cover(tmp_path, SMALL)
    words = pypdf.PdfReader(tmp_path / "cover.pdf").pages[0].extract_text()
    assert words.count("Take along") == 1  # the front's only: 8 pages make no spine to print on


def test_a_cover_picture_under_300_ppi_is_refused_with_what_it_needs(tmp_path: Path):
    Image.new("RGB", (300, 300), "white").save(tmp_path / "front.png")
    spec = tmp_path / "book.yaml"
    spec.write_text(SMALL.replace("bleed: true\n", "bleed: true\ncover_image: front.png\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["cover", str(spec), "-o", str(tmp_path / "cover.pdf")])
    assert result.exit_code != 0
    assert "cover_image: the picture prints at" in result.output and "at least 300" in result.output
