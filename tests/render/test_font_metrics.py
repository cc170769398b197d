"""A shipped font's metrics, kept in the cache (bookgen.render.font_metrics), measure as
ReportLab's parsed font does: the same characters, the same widths to the last bit, read
fresh or from the cache, or when the cache cannot be written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from bookgen.render import font_metrics
from bookgen.render.fonts import BOLD_WEIGHT, PRIMARY, _family_file


def _texts(chars: list[str], seed: int, count: int) -> list[tuple[str, float]]:
    rng = random.Random(seed)
    return [("".join(rng.choice(chars) for _ in range(rng.randint(0, 30))), rng.choice((7, 9.5, 11, 12.25, 24, 36.7)))
            for _ in range(count)]


def _same_as_reportlab(measured: font_metrics.Measured, path: Path) -> None:
    parsed = TTFont("MetricsTestFace", str(path))
    assert measured.face.charWidths == parsed.face.charWidths
    assert measured.face.defaultWidth == parsed.face.defaultWidth
    assert measured.face.charToGlyph == frozenset(parsed.face.charToGlyph)
    assert measured.face.capHeight == parsed.face.capHeight
    # Characters the face lacks too (measured at the default width, as ReportLab does).
    chars = [chr(code) for code in parsed.face.charToGlyph] + ["\u4e00", "\u05d0"]
    assert [measured.stringWidth(text, size) for text, size in _texts(chars, 7, 3000)] == \
        [parsed.stringWidth(text, size) for text, size in _texts(chars, 7, 3000)]


@pytest.mark.parametrize("weight", (400, BOLD_WEIGHT))
def test_kept_metrics_measure_as_reportlabs_parsed_font_fresh_and_from_the_cache(weight: int):
    path = _family_file(PRIMARY, weight)
    font_metrics.measured.cache_clear()
    fresh = font_metrics.measured(path, "MetricsFresh")
    kept = list((font_metrics.cache.cache_root() / "fonts").glob(f"{path.stem}-metrics-*.json"))
    assert len(kept) == 1
    font_metrics.measured.cache_clear()
    again = font_metrics.measured(str(path), "MetricsKept")  # read from the kept file this time
    assert again == fresh
    _same_as_reportlab(again, path)


def test_metrics_are_read_from_the_font_when_the_cache_cannot_be_written(tmp_path: Path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("BOOKGEN_CACHE_DIR", str(blocked))
    font_metrics.measured.cache_clear()
    path = _family_file(PRIMARY, 400)
    _same_as_reportlab(font_metrics.measured(path, "MetricsUncached"), path)


def test_kept_metrics_edited_to_other_widths_are_not_used(tmp_path: Path):
    path = _family_file(PRIMARY, 400)
    font_metrics.measured.cache_clear()
    font_metrics.measured(path, "MetricsEdited")
    (kept,) = (font_metrics.cache.cache_root() / "fonts").glob(f"{path.stem}-metrics-*.json")
    header, _, body = kept.read_bytes().partition(b"\n")
    edited = body.replace(b'"65": ', b'"65": 1')  # "A" wider, the checksum now wrong
    assert edited != body
    kept.write_bytes(header + b"\n" + edited)
    font_metrics.measured.cache_clear()
    _same_as_reportlab(font_metrics.measured(path, "MetricsEdited"), path)
