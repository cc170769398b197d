"""bookgen check --print reads the PDF back as a printer would and names every problem:
a page of the wrong size, an odd page count, a picture under 300 ppi, ink in the safe
area."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image
from reportlab.pdfgen import canvas as rl_canvas

from bookgen.cli import main
from bookgen.publish.print_check import check_pdf
from bookgen.render.fonts import default_fonts


def _pdf(path: Path, pages: int, picture: Path | None = None, text_at: float = 100.0, embedded: bool = True) -> Path:
    font = default_fonts().checked("a word", False).pdf_name if embedded else "Helvetica"
    canvas = rl_canvas.Canvas(str(path), pagesize=(6 * 72, 9 * 72), invariant=1, initialFontName=font)
    for _ in range(pages):
        canvas.setFont(font, 10)
        canvas.drawString(text_at, 300, "a word")
        if picture is not None:
            canvas.drawImage(str(picture), 100, 100, 144, 144)  # 2 x 2 in
        canvas.showPage()
    canvas.save()
    return path


def test_an_odd_page_count_a_low_resolution_picture_and_text_near_the_trim_are_each_named(tmp_path: Path):
    Image.new("L", (400, 400), 128).save(tmp_path / "grey.png")  # 200 ppi over 2 in
    report = check_pdf(_pdf(tmp_path / "a.pdf", 3, tmp_path / "grey.png", 5.0, embedded=False), "6x9in", False)
    said = " | ".join(report.problems)
    assert "the font Helvetica is not embedded" in said
    assert "odd number of pages (3)" in said
    assert "page 1: 1 picture print at 200 ppi" in said
    assert "page 2: 1 texts outside the safe area" in said


def test_a_clean_interior_passes(tmp_path: Path):
    Image.new("L", (700, 700), 128).save(tmp_path / "grey.png")  # 350 ppi
    report = check_pdf(_pdf(tmp_path / "b.pdf", 2, tmp_path / "grey.png"), "6x9in", False)
    assert report.problems == () and report.lowest_ppi == 350


def test_a_page_of_the_wrong_size_is_named(tmp_path: Path):
    report = check_pdf(_pdf(tmp_path / "c.pdf", 2), "A5", False)
    assert report.problems[0].startswith("page 1: 6.000 x 9.000 in, expected 5.827 x 8.268 in")


def test_the_command_prints_what_it_checked(tmp_path: Path):
    spec = tmp_path / "book.yaml"
    spec.write_text("seed: 2\npaper: 5x8in\nbleed: true\nsections:\n  - {type: sudoku, size: 6, difficulty: easy, "
                    "count: 2}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--print", str(spec)])
    assert result.exit_code == 0, result.output
    assert "5.125 x 8.250 in (5.000 x 8.000 in trim + 0.125 in bleed" in result.output
    assert "fonts: 2, all embedded" in result.output
