"""Interchange JSON read as plain data: the same values, and the same refusals, whether
or not a text has a number long enough to need the digit check on every number."""

from __future__ import annotations

import json

import pytest

from bookgen.puzzles.interchange import MAX_JSON_DIGITS, plain_json


@pytest.mark.parametrize("text", [
    '{"rows": 4, "givens": [[0, 1, 2], [3, 3, -4]]}', '[1.5, "x", null, true]',
    '{"id": "' + "7" * 60 + '", "n": 12}',  # a long run of digits in a string
    '{"n": ' + "9" * MAX_JSON_DIGITS + "}",
])
def test_plain_json_reads_what_json_reads(text: str):
    assert plain_json(text) == plain_json(text.encode("utf-8")) == json.loads(text)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_a_number_longer_than_any_puzzle_holds_is_refused_in_every_encoding(encoding: str):
    text = '{"n": -' + "9" * (MAX_JSON_DIGITS + 1) + "}"
    with pytest.raises(ValueError, match="more than any puzzle holds"):
        plain_json(text.encode(encoding))
    with pytest.raises(ValueError, match="is not a number a puzzle can hold"):
        plain_json('{"n": Infinity}'.encode(encoding))
