"""Layouts as files: the built-in ones on both papers, a user's own file relative to the
spec, and one clear line for every way a layout file can be wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.errors import LayoutError, LayoutFileError
from bookgen.layout.template import BUILT_IN, MM, template


@pytest.mark.parametrize("paper", ["A4", "Letter", "a4", "LETTER"])
@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_layout_loads_on_every_paper_in_any_case(name: str, paper: str):
    tpl = template(name, paper)
    assert tpl.name == name and tpl.paper in ("A4", "Letter")
    assert 0 < tpl.left < tpl.width / 4 and 0 < tpl.top < tpl.height / 4
    assert tpl.cell_min <= tpl.cell_max and tpl.large_min <= tpl.large_max


def test_the_binding_margin_is_wider_than_the_outer_one():
    for name in BUILT_IN:
        tpl = template(name)
        assert tpl.left >= tpl.right + 5 * MM


def test_worksheets_have_name_lines_and_no_title_page_and_large_print_is_one_a_page():
    assert template("worksheet").name_lines and not template("worksheet").title_page
    large = template("large-print")
    assert large.per_page == (1,) and large.sizes.body > template("book").sizes.body


def test_a_users_layout_file_is_read_relative_to_the_spec_and_keeps_book_values_it_omits(tmp_path: Path):
    (tmp_path / "mine.yaml").write_text("margin: {binding: 30}\ntype: {heading: 18}\n")
    tpl = template("mine.yaml", "A4", tmp_path)
    assert tpl.left == pytest.approx(30 * MM)
    assert tpl.sizes.heading == 18
    assert tpl.sizes.body == template("book").sizes.body


@pytest.mark.parametrize("text, message", [
    ("colour: red\n", "1:1: colour: unknown key 'colour'; expected one of title_page, name_lines, flow, margin, "
                      "header, footer, type, instruction_lines, lines, cell, student_name, gap, label_band, per_page"),
    ("margn: {top: 3}\n", "1:1: margn: unknown key 'margn'; did you mean 'margin'?"),
    ("margin: [1, 2\n", "1:14: YAML syntax error: expected ',' or ']', but got the end of the file"),
    ("- a\n- b\n", "1:1: expected a mapping of keys to values, got a list"),
    ("cell: {min: lots}\n", "1:13: cell.min: expected a number from 4 to 40 mm, got lots"),
    ("footer: 'page {number}'\n", "1:9: footer: may use {page} and {title} only (write {{ and }} for a brace), "
                                  "got {number}"),
])
def test_a_bad_layout_file_is_one_line_naming_the_file_line_and_key(tmp_path: Path, text: str, message: str):
    (tmp_path / "bad.yaml").write_text(text)
    with pytest.raises(LayoutFileError) as caught:
        template("bad.yaml", "A4", tmp_path)
    assert caught.value.lines() == [f"{tmp_path / 'bad.yaml'}:{message}"]


def test_a_missing_layout_file_and_an_unknown_name_are_refused(tmp_path: Path):
    with pytest.raises(LayoutFileError, match="no such file"):
        template("nowhere.yaml", "A4", tmp_path)
    with pytest.raises(LayoutError, match="unknown layout 'magazine'"):
        template("magazine")
    with pytest.raises(LayoutError, match="unknown paper"):
        template("book", "B5")


def _nodes(node):
    """A composed node as what layout reads of it: tag, value and position, all the way down."""
    import yaml

    place = (node.tag, node.start_mark.line, node.start_mark.column)
    if isinstance(node, yaml.ScalarNode):
        return place, node.value
    if isinstance(node, yaml.SequenceNode):
        return place, [_nodes(item) for item in node.value]
    return place, [(_nodes(key), _nodes(value)) for key, value in node.value]


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_shipped_layout_composed_by_libyaml_is_the_same_as_by_the_users_composer(name: str):
    # The built-in layouts are composed by libyaml (start-up, issue 31): every tag, value
    # and position the same as the pure-Python composer a user's file goes through.
    from bookgen.layout.layout_file import read_layout_text
    from bookgen.yamltext import compose, compose_shipped

    text = (Path(__file__).resolve().parents[2] / "bookgen" / "layouts" / f"{name}.yaml").read_text(encoding="utf-8")
    assert _nodes(compose_shipped(text, name)) == _nodes(compose(text, name))
    assert read_layout_text(text, name, shipped=True) == read_layout_text(text, name)
