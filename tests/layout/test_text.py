"""Text that always fits, measured with the renderer's own font metrics."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bookgen.layout.text import ELLIPSIS, ellipsized, fitted, wrap
from bookgen.render.pdf import measure

words = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ×−é'.,:", min_size=1, max_size=60),
                 min_size=0, max_size=30).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(words, st.floats(6, 30), st.floats(40, 500))
def test_every_wrapped_line_fits_the_width_and_no_word_is_lost(text: str, size: float, width: float):
    lines = wrap(text, size, width, measure)
    assert all(measure(line, size, False) <= width + 1e-6 for line in lines if len(line) > 1)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@settings(max_examples=60, deadline=None)
@given(words, st.floats(8, 30), st.floats(40, 500), st.integers(1, 4))
def test_fitted_text_keeps_to_its_lines_and_width_and_shrinks_no_further_than_allowed(text, size, width, max_lines):
    lines, fit = fitted(text, size, width, measure, True, 7.0, max_lines)
    assert len(lines) <= max_lines
    assert min(size, 7.0) <= fit <= size
    assert all(measure(line, fit, True) <= width + 1e-6 for line in lines if len(line) > 1)


def test_a_long_word_is_broken_rather_than_run_past_the_edge():
    lines = wrap("Supercalifragilisticexpialidocious", 12, 60, measure)
    assert len(lines) > 1 and all(measure(line, 12, False) <= 60 for line in lines)


def test_what_cannot_fit_even_at_the_smallest_size_ends_with_an_ellipsis():
    lines, fit = fitted("word " * 100, 14, 200, measure, False, 7.0, 2)
    assert fit == 7.0 and len(lines) == 2 and lines[-1].endswith(ELLIPSIS)
    assert ellipsized("short", 10, 500, measure) == "short"
