from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.puzzles import registry
from bookgen.build import build
from bookgen.generation import derive_seed
from bookgen.puzzles.grid import check_grid
from bookgen.puzzles.grid_json import model_from_json
from bookgen.solve.search import count_solutions
from bookgen.spec import load


def test_every_printed_puzzle_has_exactly_one_solution_and_the_answer_is_it(built_book):
    for item in built_book.json["puzzles"]:
        model = model_from_json(item)
        count = count_solutions(model, limit=2)
        assert count.count == 1
        assert [list(row) for row in count.solutions[0]] == item["solution"]
        assert check_grid(model, tuple(tuple(row) for row in item["solution"])) == []


def test_json_has_the_interchange_shape_and_page_numbers(built_book):
    data = built_book.json
    assert (data["title"], data["seed"]) == ("Test book", 42)
    first, last = data["puzzles"][0], data["puzzles"][-1]
    assert set(first) == {"id", "section", "type", "difficulty", "score", "page", "answer_page", "rows", "cols",
                          "symbols", "groups", "group_kinds", "cages", "givens", "solution"}
    assert (first["id"], first["section"], first["type"], first["page"]) == ("1", "Small", "sudoku", 2)
    assert len(first["groups"]) == 12 and len(last["groups"]) == 27
    assert first["group_kinds"] == ["row"] * 4 + ["column"] * 4 + ["box"] * 4
    assert [p["id"] for p in data["puzzles"]] == ["1", "2", "3", "4", "5"]
    assert all(p["answer_page"] > p["page"] for p in data["puzzles"])


def test_grader_level_matches_the_label_of_every_puzzle(built_book):
    sudoku = registry.get("sudoku")
    for item in built_book.json["puzzles"]:
        puzzle = sudoku.from_json(item)
        assert sudoku.solve(puzzle).level == item["difficulty"]


@pytest.mark.slow  # two builds, one with worker processes (the mixed book below does it quickly)
def test_two_builds_with_one_seed_are_byte_identical_whatever_the_workers(small_spec: Path, tmp_path: Path):
    spec = load(small_spec)
    build(spec, tmp_path / "a.pdf", jobs=1)
    build(spec, tmp_path / "b.pdf", jobs=2)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_another_seed_gives_other_puzzles(small_spec: Path, tmp_path: Path, built_book):
    spec = load(small_spec).with_seed(43)
    build(spec, tmp_path / "c.pdf", jobs=1)
    assert (tmp_path / "c.pdf").read_bytes() != built_book.pdf.read_bytes()


def test_puzzle_seeds_differ_by_section_index_and_attempt():
    seeds = {derive_seed(1, s, i, a) for s in range(3) for i in range(3) for a in range(2)}
    assert len(seeds) == 18


def test_build_leaves_no_temporary_files(built_book):
    assert sorted(p.name for p in built_book.pdf.parent.iterdir()) == ["book.json", "book.pdf"]


def test_verification_refuses_a_wrong_answer_an_ambiguous_puzzle_and_a_wrong_label(built_book):
    import dataclasses

    import pytest

    from bookgen.generation import verify
    from bookgen.errors import GenerationError

    sudoku = registry.get("sudoku")
    item = dict(built_book.json["puzzles"][2])
    good = dataclasses.replace(sudoku.from_json(item), solution=tuple(map(tuple, item["solution"])), difficulty="medium")
    verify(good, 3)
    swapped = [list(row) for row in item["solution"]]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    bad_answer = dataclasses.replace(good, solution=tuple(map(tuple, swapped)))
    ambiguous = dataclasses.replace(good, board=good.board.with_givens(good.board.givens[:10]))
    mislabelled = dataclasses.replace(good, difficulty="easy")
    for bad in (bad_answer, ambiguous, mislabelled):
        with pytest.raises(GenerationError):
            verify(bad, 3)


def test_a_mixed_book_is_byte_identical_whatever_the_workers(tmp_path: Path):
    from bookgen.spec import parse

    spec = parse(
        "title: Mixed\nseed: 5\nsections:\n"
        "  - type: kenken\n    size: 4\n    difficulty: easy\n    count: 2\n    per_page: 2\n"
        "  - type: sliding\n    size: 3\n    difficulty: easy\n    count: 2\n    per_page: 2\n",
        "mixed.yaml",
    )
    build(spec, tmp_path / "a.pdf", jobs=1)
    build(spec, tmp_path / "b.pdf", jobs=2)
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_a_sections_own_instructions_replace_the_types_on_every_page(tmp_path: Path):
    import pdfplumber

    spec = tmp_path / "book.yaml"
    spec.write_text("title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n"
                    "    count: 3\n    per_page: 1\n    instructions: Fill every row with 1, 2, 3 and 4.\n"
                    "  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 1\n")
    layout = build(load(spec), tmp_path / "book.pdf")
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        texts = [pdf.pages[page.number - 1].extract_text() for page in layout.pages if page.kind == "puzzles"]
    assert len(texts) == 4
    assert all("Fill every row with 1, 2, 3 and 4." in text for text in texts[:3])
    assert "Fill every row with 1, 2" not in texts[3] and "every bold box" in texts[3]



def test_the_collector_is_eased_while_a_build_runs_and_left_as_found(tmp_path: Path, monkeypatch):
    """bookgen.build._collector_eased: the modules frozen out of the collector's passes and
    its youngest pass rarer while the build runs, its settings as they were after."""
    import gc

    import bookgen.build

    spec_path = tmp_path / "book.yaml"
    spec_path.write_text("title: T\nseed: 3\nsections:\n  - type: sudoku\n    size: 4\n    difficulty: beginner\n    count: 1\n")
    threshold = gc.get_threshold()
    seen = []
    real = bookgen.build.render

    def render(*args, **kwargs):
        seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
        real(*args, **kwargs)

    monkeypatch.setattr(bookgen.build, "render", render)
    build(load(spec_path), tmp_path / "book.pdf")
    assert seen and seen[0][0] >= bookgen.build.GC_YOUNG_THRESHOLD and seen[0][1] > 0
    assert gc.get_threshold() == threshold and gc.get_freeze_count() == 0
