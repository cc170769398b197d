"""The stroke state is written only where it changes (bookgen.render.pdf.stroke), and
what is skipped is what the PDF reader already has: after a restore, on a new page."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas as rl_canvas

from bookgen.render.pdf import stroke


def _ops(canvas) -> list[str]:
    return list(canvas._code)


def _fresh() -> rl_canvas.Canvas:
    return rl_canvas.Canvas(io.BytesIO(), invariant=1)


def test_a_repeated_style_writes_nothing_more() -> None:
    c = _fresh()
    stroke(c, 2.0, 0.5, 2)
    written = len(_ops(c))
    stroke(c, 2.0, 0.5, 2)
    assert len(_ops(c)) == written


def test_every_changed_part_is_written() -> None:
    c = _fresh()
    stroke(c, 2.0, 0.5, 2)
    before = len(_ops(c))
    stroke(c, 3.0, 0.25, 1, (0, 4.0))
    new = _ops(c)[before:]
    assert any(op.endswith(" w") for op in new)
    assert any(op.endswith(" G") for op in new)
    assert any(op.endswith(" J") for op in new)
    assert any(op.endswith(" d") for op in new)


def test_a_dash_set_inside_a_saved_state_is_set_again_after_the_restore() -> None:
    c = _fresh()
    stroke(c, 1.0, 0, 0, (0, 4.0))
    c.saveState()
    stroke(c, 1.0, 0, 0)  # solid inside
    c.restoreState()  # the reader is back to dotted
    before = len(_ops(c))
    stroke(c, 1.0, 0, 0)  # solid again: must be written
    assert any(op.endswith(" d") for op in _ops(c)[before:])


def test_a_new_page_starts_from_the_readers_defaults() -> None:
    c = _fresh()
    stroke(c, 3.0, 0.5, 2, (0, 2.0))
    c.showPage()
    before = len(_ops(c))
    stroke(c, 3.0, 0.5, 2, (0, 2.0))
    new = _ops(c)[before:]
    assert len(new) == 4  # width, gray, cap and dash all again on the new page
    before = len(_ops(c))
    stroke(c, 1, 0, 0)  # back to the defaults: each part differs from what this page set
    assert len(_ops(c)) > before
