"""The measured offer keeps its promise: for every type with a record, each combination of
options `check` accepts has a row in the type's record made on 100 seeds of 100, and each
such row is accepted (so `bookgen types` and the composer offer exactly what was made);
and the offer's questions answer as the rows say."""

from __future__ import annotations

import dataclasses
import itertools
import json
from typing import Any

import pytest

from bookgen.errors import ParamsError
from bookgen.offer import OFFER_SEEDS, Offer, Row, key_of, record, record_json
from bookgen.options import Bool, Choice, Int, Optional, SubsetOf, declared
from bookgen.puzzles import registry
from offers import with_row, without

MEASURED_TYPES = [t.name for t in registry.all_types() if t.offer_key(t.Params()) is not None]
# KenKen's options make some 30,000 combinations, most of them refused with their reason.
BROAD = {"kenken"}


def candidates(ptype, name: str) -> list[Any]:
    """Every value worth trying for an option the offer is keyed by: all of a choice, a
    small whole-number range, every subset of a list option, and the values the record
    names (for a wide range such as a cap of one-cell cages)."""
    kind = {option: info.kind for option, info, _default in declared(ptype.Params)}[name]
    inner = kind.inner if isinstance(kind, Optional) else kind
    found: list[Any] = [None] if isinstance(kind, Optional) else []
    if isinstance(inner, Choice):
        found += list(inner.values)
    elif isinstance(inner, Bool):
        found += [False, True]
    elif isinstance(inner, SubsetOf):
        found += [combo for k in range(1, len(inner.values) + 1) for combo in itertools.combinations(inner.values, k)]
    elif isinstance(inner, Int):
        low = inner.lo or 0
        narrow = inner.hi is not None and inner.hi - low <= 12
        found += list(range(low, (inner.hi if narrow else low + 2) + 1))
    recorded = {row.options.get(name) for row in ptype.offer.rows} - set(found) - {None}
    return found + sorted(recorded)


def option_space(ptype) -> list[Any]:
    """Params over every combination of candidate values of the options the offer keys."""
    keyed = [f.name for f in dataclasses.fields(ptype.Params) if f.name in ptype.offer_key(ptype.Params())]
    spaces = [candidates(ptype, name) for name in keyed]
    return [ptype.Params(**dict(zip(keyed, values))) for values in itertools.product(*spaces)]


@pytest.mark.parametrize("name", [pytest.param(name, marks=[pytest.mark.slow] if name in BROAD else [])
                                  for name in MEASURED_TYPES])
def test_every_combination_check_accepts_was_made_on_100_seeds_of_100(name: str):
    ptype = registry.get(name)
    accepted = 0
    for params in option_space(ptype):
        try:
            ptype.validate(params)
        except ParamsError:
            continue
        row = ptype.offer.row(ptype.offer_key(params))
        assert row is not None and row.made == row.seeds >= OFFER_SEEDS and not row.failed_seeds, (params, row)
        accepted += 1
    assert accepted >= len(ptype.offer.offered()), "the option space misses offered rows"


@pytest.mark.parametrize("name", MEASURED_TYPES)
def test_every_delivered_row_is_accepted_by_check(name: str):
    ptype = registry.get(name)
    keyed = {tuple(sorted(ptype.offer_key(params).items())): params for params in option_space(ptype)}
    for row in ptype.offer.offered():
        assert row.key in keyed, f"no options make the key of {row}"
        ptype.validate(keyed[row.key])


@pytest.mark.parametrize("name", MEASURED_TYPES)
def test_each_record_is_sorted_as_the_bench_writes_it(name: str):
    ptype = registry.get(name)
    package = type(ptype).__module__.rpartition(".")[0]
    rows = record(package)
    assert len({(row.type, row.key) for row in rows}) == len(rows), "a key measured twice"
    assert [row.to_json() for row in rows] == json.loads(record_json(rows, "x"))["rows"]


def _offer() -> Offer:
    rows = (Row("t", key_of({"size": 4, "difficulty": "easy"}), 100, 100),
            Row("t", key_of({"size": 4, "difficulty": "hard"}), 12, 9),
            Row("t", key_of({"size": 6, "difficulty": "easy"}), 100, 100, failed_seeds=(3,)),
            Row("t", key_of({"size": 6, "difficulty": "medium"}), 50, 50),
            Row("t", key_of({"size": 9, "difficulty": "medium"}), 100, 100))
    return Offer("t", rows)


def test_a_row_is_delivered_only_when_every_one_of_100_seeds_was_made():
    offer = _offer()
    assert offer.delivered({"size": 4, "difficulty": "easy"})
    assert not offer.delivered({"size": 4, "difficulty": "hard"})  # 9 of 12
    assert not offer.delivered({"difficulty": "easy", "size": 6})  # a failed seed
    assert not offer.delivered({"size": 6, "difficulty": "medium"})  # too few seeds
    assert not offer.delivered({"size": 12, "difficulty": "easy"})  # never measured


def test_the_offer_answers_by_partial_options_and_says_why_not():
    offer = _offer()
    assert offer.values("difficulty", ("easy", "medium", "hard"), size=4) == ("easy",)
    assert offer.values("size") == (4, 9)
    assert offer.why_not({"size": 4, "difficulty": "hard"}) == "bookgen made one in time from only 9 of the 12 seeds tried"
    assert offer.why_not({"size": 5, "difficulty": "hard"}) == "not yet tried on 100 seeds"
    changed = without(with_row(offer, {"size": 4, "difficulty": "hard"}, 100, 100), {"size": 4, "difficulty": "easy"})
    assert changed.values("difficulty", ("easy", "medium", "hard"), size=4) == ("hard",)


def test_a_record_reads_back_as_written():
    rows = _offer().rows
    again = tuple(Row.from_json(row) for row in json.loads(record_json(rows, "about"))["rows"])
    assert sorted(again, key=lambda r: r.key) == sorted(rows, key=lambda r: r.key)


@pytest.mark.parametrize("name", ["kenken", "sudoku", "killer", "samurai", "tredoku"])
def test_a_recorded_offers_row_read_from_its_own_line_is_the_row_of_the_whole_record(name: str):
    from bookgen.offer import RecordedOffer
    from bookgen.puzzles import registry

    recorded = registry.get(name).offer
    assert isinstance(recorded, RecordedOffer)
    whole = Offer(recorded.type, recorded.rows)
    for row in whole.rows:
        asked = RecordedOffer(recorded.type, recorded.package)
        assert asked.row(row.options) == whole.row(row.options)
        assert "rows" not in asked.__dict__  # found on its line, no other row read


def test_a_row_not_on_exactly_one_line_is_looked_up_among_every_row():
    from bookgen.offer import _row_on_its_line, record_json

    rows = [Row("t", key_of({"size": 4}), 100, 100), Row("t", key_of({"size": 5}), 100, 97)]
    text = record_json(rows, "test")
    assert _row_on_its_line(text, "t", key_of({"size": 5})) == rows[1]
    assert _row_on_its_line(text, "t", key_of({"size": 6})) is None
    assert _row_on_its_line(text + text, "t", key_of({"size": 4})) is None  # twice: which one counts is the record's
    assert _row_on_its_line(text.replace('"seeds": 100, "made": 97', '"seeds": "x"'), "t", key_of({"size": 5})) is None
