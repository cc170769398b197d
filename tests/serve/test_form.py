"""The composer's form is the spec's declarations, and what it offers is what check
accepts: fields from BookOptions, SectionOptions and each type's Params; choices marked
as the measured offer says; a size change moving a level it no longer reaches; the
state and the spec's text made from each other without YAML's surprises."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bookgen.options import declared
from bookgen.puzzles import registry
from bookgen.puzzles.kenken import offer as kenken_offer
from bookgen.puzzles.sudoku.offer import offered as sudoku_levels
from bookgen.section_options import SectionOptions
from bookgen.serve.form import form, settle
from bookgen.serve.review import review
from bookgen.serve.spectext import named_files, spec_text, state_of
from bookgen.book_spec import BookOptions
from bookgen.spec import parse


def _section(**values: str) -> dict:
    return {"book": {"seed": "1"}, "sections": [values]}


def _field(state: dict, name: str, index: int = 0) -> dict:
    return next(f for f in form(state)["sections"][index] if f["name"] == name)


def _offered(field: dict) -> list[str]:
    return [c["value"] for c in field["choices"] if c["offered"]]


def test_the_book_fields_are_the_declared_book_options_in_their_order():
    assert [f["name"] for f in form(_section(type="sudoku"))["book"]] == [n for n, _i, _d in declared(BookOptions)]


@pytest.mark.parametrize("ptype", registry.all_types(), ids=lambda t: t.name)
def test_a_sections_fields_are_the_common_options_then_its_types_own(ptype):
    common = [n for n, _i, _d in declared(SectionOptions)]
    own = [n for n, _i, _d in declared(ptype.Params) if n not in common]
    assert [f["name"] for f in form(_section(type=ptype.name))["sections"][0]] == common + own


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12, 16])
def test_the_levels_offered_for_a_sudoku_size_are_the_measured_offers(size: int):
    sudoku = registry.get("sudoku")
    field = _field(_section(type="sudoku", size=str(size), difficulty="easy"), "difficulty")
    assert _offered(field) == list(sudoku_levels(sudoku.offer, "classic", size))


@pytest.mark.parametrize("size", [3, 4, 10])
def test_the_levels_offered_for_a_kenken_size_are_the_measured_offers(size: int):
    kenken = registry.get("kenken")
    field = _field(_section(type="kenken", size=str(size), difficulty="easy"), "difficulty")
    assert _offered(field) == list(kenken_offer.offered_levels(kenken.offer, size))


def test_a_choice_not_offered_carries_checks_own_words():
    field = _field(_section(type="sudoku", size="4", difficulty="easy"), "difficulty")
    expert = next(c for c in field["choices"] if c["value"] == "expert")
    state = _section(type="sudoku", size="4", difficulty="expert")
    assert not expert["offered"] and review(state, Path(".")).problems[0]["message"] == expert["why"]


def test_hints_are_offered_for_sliding_puzzles():
    hints = _field(_section(type="sliding", size="3", difficulty="easy"), "hints")
    assert hints["toggle"]["offered"] is True


def test_hints_are_not_offered_for_a_type_without_worked_steps_and_say_why(tiny_type):
    from bookgen.puzzles.worked import NO_WORKED_STEPS
    from bookgen.serve import form as form_module

    form_module._problems_by_field.cache_clear()  # what check said before the type was registered is remembered
    hints = _field(_section(type="tiny"), "hints")
    assert hints["toggle"]["offered"] is False and NO_WORKED_STEPS in hints["toggle"]["why"]
    form_module._problems_by_field.cache_clear()


def test_a_smaller_size_moves_the_level_to_the_nearest_offered_one_and_says_so():
    state = _section(type="sudoku", size="4", difficulty="expert", count="2")
    notes = settle(state, "sections[0].size")
    assert state["sections"][0]["difficulty"] == "beginner" and notes == [
        "sections[0].difficulty: expert is not offered with these choices; set to beginner"]
    assert not review(state, Path(".")).problems


def test_the_spec_text_keeps_what_was_typed_and_reads_back_as_the_same_state():
    state = {"book": {"title": "no", "seed": "0123", "students": ["Ana", " Ben ", ""], "paper": "Letter"},
             "sections": [{"type": "kenken", "size": "4x4", "difficulty": "easy", "operations": ["+", "-"],
                           "count": "2", "hide_operations": True}]}
    text = spec_text(state)
    spec = parse(text, "book.yaml")
    assert spec.title == "no" and spec.seed == 123 and spec.copies == ("Ana", "Ben") and spec.paper == "Letter"
    assert spec.sections[0].params.operations == ("+", "-") and spec.sections[0].params.hide_operations
    again, notes = state_of(text)
    assert again["sections"][0]["size"] == "4"  # as the page's size field holds it
    assert spec_text(again) == text.replace("size: 4x4", "size: 4") and notes == []


def test_values_left_at_their_defaults_are_left_out_of_the_spec():
    data = yaml.safe_load(spec_text({"book": {"seed": "5", "paper": "A4", "answer_key": True},
                                     "sections": [{"type": "sudoku", "count": "3", "symmetry": "rotational"}]}))
    assert data == {"seed": 5, "sections": [{"type": "sudoku", "count": 3}]}


def test_opening_a_spec_notes_the_keys_the_page_has_no_field_for():
    _state, notes = state_of("seed: 1\ncolour: red\nsections:\n  - type: sudoku\n    sise: 4\n")
    assert notes == ["colour: no such key on this page; left out", "sections[0].sise: no such key on this page; left out"]


def test_a_value_typed_wrong_elsewhere_does_not_hide_what_is_not_offered():
    field = _field(_section(type="sudoku", size="4", difficulty="beginner", count="0"), "difficulty")
    assert _offered(field) == ["beginner"]


def test_a_book_option_declared_later_appears_on_the_page_as_its_kind(monkeypatch):
    from dataclasses import dataclass

    from bookgen.options import Choice, option
    from bookgen.serve import spectext

    @dataclass(frozen=True)
    class WithLanguage(BookOptions):
        language: str = option(Choice(("en", "pl", "de")), "en", "the language of every printed word")

    monkeypatch.setattr(spectext, "BookOptions", WithLanguage)
    language = next(f for f in form(_section(type="sudoku"))["book"] if f["name"] == "language")
    assert language["widget"] == "select" and [c["value"] for c in language["choices"]] == ["en", "pl", "de"]
    assert "language: pl" in spec_text({"book": {"seed": "1", "language": "pl"}, "sections": [{"type": "sudoku"}]})


def test_an_opened_spec_leaves_out_every_file_it_names_and_says_so():
    state, notes = state_of("seed: 1\nstudents: class.txt\nfont: my.ttf\nlayout: mine.yaml\nsections:\n"
                            "  - type: sliding\n    size: 3\n    image: cat.png\n    layout: worksheet\n")
    assert state == {"book": {"seed": "1"}, "sections": [{"type": "sliding", "size": "3", "layout": "worksheet"}]}
    assert named_files(state) == []
    said = {note.split(":")[0]: note for note in notes}
    assert list(said) == ["layout", "students", "font", "sections[0].image"]  # in the order they are declared
    assert "drop it on the class" in said["students"] and "add it back to the downloaded spec" in said["font"]


def test_a_state_naming_a_file_is_found_whatever_the_field():
    state = {"book": {"students": "/etc/hosts", "bold_font": "b.ttf", "layout": "book"},
             "sections": [{"type": "sudoku", "layout": "../x.yaml"}, {"type": "sliding", "image": "p.png"}]}
    assert named_files(state) == [("students", "/etc/hosts"), ("bold_font", "b.ttf"), ("sections[0].layout", "../x.yaml"),
                                  ("sections[1].image", "p.png")]
    assert named_files({"book": {"students": ["Ana"], "layout": "Worksheet"}, "sections": []}) == []


def test_a_square_size_written_as_its_grid_opens_as_the_fields_side_and_is_shown_so():
    state, _notes = state_of("seed: 1\nsections:\n  - type: kenken\n    size: 5x5\n  - type: sudoku\n    size: 6×6\n")
    assert [s["size"] for s in state["sections"]] == ["5", "6"]
    size = _field(state, "size", 1)
    assert next(c["label"] for c in size["choices"] if c["value"] == "6") == "6×6"


def test_students_levels_open_as_the_class_boxs_lines_and_are_written_back_as_the_same_students():
    opened, notes = state_of("seed: 1\nstudents:\n  - Ana\n  - {name: Ben, level: easy}\n"
                             "  - {group: Reds, level: beginner, names: [Cleo, Dev]}\n"
                             "sections:\n  - type: sudoku\n    size: 6\n    difficulty: beginner\n")
    assert notes == [] and opened["book"]["students"] == ["Ana", "Ben, easy", "Cleo, beginner", "Dev, beginner"]
    spec = parse(spec_text(opened), "book.yaml")
    assert [(s.name, s.level) for s in spec.students] == [("Ana", None), ("Ben", "easy"), ("Cleo", "beginner"),
                                                          ("Dev", "beginner")]


def test_a_students_level_a_section_cannot_make_is_shown_at_the_class_box_in_checks_words(tmp_path: Path):
    state = {"book": {"seed": "1", "students": ["Ana", "Ben, expert"]},
             "sections": [{"type": "sudoku", "size": "4", "difficulty": "beginner", "count": "1"}]}
    found = review(state, tmp_path)
    assert [p["field"] for p in found.problems] == ["students[1]"]
    assert found.problems[0]["message"].startswith("Ben at expert: sections[0] (Sudoku): a 4x4 sudoku can be beginner")
