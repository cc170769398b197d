"""A puzzle's canonical text is the same however it is computed: the quick form for a
tuple of plain items is the item-by-item form."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bookgen.puzzles.identity import canonical


def _item_by_item(value: Any) -> str:
    """canonical as it was first written: every item on its own."""
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_item_by_item(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(_item_by_item(v) for v in value)) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__name__ + _item_by_item(dataclasses.astuple(value))
    return repr(value)


@dataclasses.dataclass(frozen=True)
class _Cage:
    cells: tuple[tuple[int, int], ...]
    op: str
    target: int


class _Count(int):
    def __repr__(self) -> str:
        return "Count"


@pytest.mark.parametrize("value", [
    (), [], (1, -2, 3), (True, False, None, "a'b", 0), ((0, 1), (1, 1)), ("puzzle", "kenken", ((1, 2), [3, 4])),
    (_Cage(((0, 0), (0, 1)), "+", 3), frozenset({(1, 2), (0, 5)})), [[1, 2, 3], [4, 5, 6]],
])
def test_the_canonical_text_is_the_item_by_item_text(value: Any):
    assert canonical(value) == _item_by_item(value)


def test_an_int_subclass_keeps_its_own_text_and_a_float_is_refused_as_before():
    assert canonical((_Count(3), 1)) == _item_by_item((_Count(3), 1)) == "(Count,1)"
    with pytest.raises(TypeError):
        canonical((1, 1.5))
