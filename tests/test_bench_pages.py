"""The generated pages stay generated: docs/offer.md is exactly what bench/offer_page.py
writes from the offer records (so a record measured again without the page written
again fails here), and docs/benchmarks.md is exactly what bench/benchmarks_page.py makes
of bench.json, the figures of the full `make bench` run that wrote both. Nothing here
measures: the pages' generators only read."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
OFFER_PAGE = ROOT / "docs" / "offer.md"
BENCHMARKS_PAGE = ROOT / "docs" / "benchmarks.md"
DATA = ROOT / "bench.json"
# An absolute path of some machine (a page or its figures must name none).
ABSOLUTE_PATH = re.compile(r"(?<![\w:/.<])/[A-Za-z_][\w.-]*/")


@pytest.fixture
def bench(monkeypatch):
    """The bench's page makers, imported from bench/ as bench/run.py imports them."""
    monkeypatch.syspath_prepend(str(BENCH))
    import benchmarks_page
    import offer_page
    import run

    return {"benchmarks_page": benchmarks_page, "offer_page": offer_page, "run": run}


def test_the_offer_page_is_what_the_records_make(bench):
    expected = bench["offer_page"].page()
    assert OFFER_PAGE.read_text(encoding="utf-8") == expected, (
        "docs/offer.md is not what the offer records make: run python bench/offer_page.py")


def test_the_offer_page_lists_every_row_of_every_record(bench):
    from bookgen.puzzles import registry

    text = OFFER_PAGE.read_text(encoding="utf-8")
    said = [line.split("|")[-3].strip() for line in text.splitlines() if line.startswith("| ")
            and line.count("|") >= 8]
    said = [cell for cell in said if cell == "yes" or cell.startswith("no: ")]
    offer_types = [t for t in registry.all_types() if t.offer_key(t.Params()) is not None]
    assert len(said) == sum(len(t.offer.rows) for t in offer_types)
    assert said.count("yes") == sum(len(t.offer.offered()) for t in offer_types)


def test_the_benchmarks_page_is_what_its_figures_make(bench):
    text = BENCHMARKS_PAGE.read_text(encoding="utf-8")
    assert bench["benchmarks_page"].GENERATED in text.splitlines()[:3], "docs/benchmarks.md lacks its header"
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert text == bench["benchmarks_page"].render(data), (
        "docs/benchmarks.md is not what bench.json makes: run make bench (or python bench/benchmarks_page.py)")


def test_the_committed_figures_are_a_full_run(bench):
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert not data["run"]["smoke"], "bench.json is a smoke run's"
    names = {b.name for b in bench["run"].BENCHES}
    assert set(data["sections"]) == names, "bench.json is a partial run's (bench/run.py --only)"
    run = {b.name: b for b in bench["run"].BENCHES}
    for name, item in data["sections"].items():
        assert item["args"][: len(run[name].args)] == list(run[name].args), f"{name} ran with other arguments"


def test_no_page_names_a_path_of_the_machine_it_was_made_on():
    for path in (BENCHMARKS_PAGE, DATA, OFFER_PAGE):
        found = ABSOLUTE_PATH.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.name} names {found[:3]}"


def test_every_benchmark_is_run_or_said_not_to_be(bench):
    assert bench["run"].unlisted() == []


def test_the_page_says_what_was_not_measured(bench):
    """The branches a run on this machine may not take: Korf's instances absent, Simon
    Tatham's programs absent and present, a benchmark that stopped without figures."""
    page = bench["benchmarks_page"]
    data = json.loads(DATA.read_text(encoding="utf-8"))
    other = copy.deepcopy(data)
    other["sections"]["korf"]["figures"] = {"skipped": "../shared/sliding/korf100.json not found"}
    other["sections"]["versus"]["figures"] = {"tatham": False, "seeds": 30, "startup": []}
    other["sections"]["kenken"]["figures"] = None
    other["sections"]["kenken"]["exit"] = 1
    text = page.render(other)
    assert "Not measured: ../shared/sliding/korf100.json not found" in text
    assert "his side is missing" in text and "sh bench/tatham/build.sh" in text
    assert "Not measured: `bench/kenken.py` stopped with exit status 1" in text
    other["sections"]["versus"]["figures"] = {
        "tatham": True, "seeds": 30,
        "generation": [{"work": "KenKen 9x9 hard", "tatham_params": "9dh", "bookgen_ms": 12.0, "tatham_ms": 6.0,
                        "bookgen_certified_ms": 13.2}],
        "solve": {"work": "solve one", "bookgen_ms": 0.2, "tatham_ms": 0.4}, "startup": []}
    text = page.render(other)
    assert "| KenKen 9x9 hard | `9dh` | 12.0 | 13.2 | 6.00 | 2.0× | 2.2× |" in text
    assert "| solve one |  | 0.200 |  | 0.400 | 0.50× |  |" in text


def test_issue_31s_sections_give_each_figure_with_its_ratio(bench):
    """Start-up against its goals, the worst cases against 1 s, the class set against 3 s,
    rendering against the bare script; a script the checkout lacks is said to be absent."""
    page = bench["benchmarks_page"]
    data = copy.deepcopy(json.loads(DATA.read_text(encoding="utf-8")))
    item = {"script": "bench/x.py", "args": [], "quick": None, "exit": 0, "seconds": 1.0, "load_before": [1.0],
            "load_after": [1.0]}
    data["sections"]["startup"] = {**item, "figures": {"python_ms": 12.0, "commands": [
        {"work": "`bookgen --version`", "cpu_ms": 20.0, "min_ms": 19.0, "goal_ms": 40.0, "repeats": 15}]}}
    data["sections"]["worst_cases"] = {**item, "figures": {"goal_seconds": 1.0, "recorded": [], "rows": [
        {"work": "sudoku 6x6 medium", "seeds": 12, "median_proved_s": 0.3, "worst_proved_s": 1.5, "worst_seed": 7,
         "p99_proved_s": None}]}}
    data["sections"]["class_set"] = {**item, "figures": {"students": 28, "puzzles": 140, "goal_seconds": 3.0,
                                                         "repeats": 1, "builds": [{"jobs": 2, "wall_s": 6.0,
                                                                                   "cpu_s": 9.0}]}}
    data["sections"]["render"] = {**item, "script": "bench/render.py", "figures": None, "exit": None, "absent": True}
    text = page.render(data)
    assert "| `bookgen --version` | 20.0 | 19.0 | 40.0 | 0.50× |" in text
    assert "| sudoku 6x6 medium | 0.300 | 1.500 (seed 7) | - | 5.0× | 1.5× |" in text
    assert "| 2 | 6.00 | 9.00 | 2.0× |" in text
    assert "Not measured: `bench/render.py` is not in this checkout." in text
