"""bookgen.by_identity: made once per key object, again for an equal but other object,
bounded, and the key kept alive while what was made for it is (so its id is never
another object's)."""

from __future__ import annotations

import gc
import weakref

from bookgen.by_identity import remembered_by_identity


class Key:
    """A key equal to every other (so only identity can tell two apart)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Key)

    def __hash__(self) -> int:
        return 0


def counting(most: int):
    calls: list[int] = []  # the ids made for (not the keys: they must be free to go)

    @remembered_by_identity(most)
    def made(key: Key) -> tuple[int, int]:
        calls.append(id(key))
        return (id(key), len(calls))

    return made, calls


def test_the_same_object_is_made_for_once_and_an_equal_other_again():
    made, calls = counting(8)
    a, b = Key(), Key()
    assert made(a) == made(a) == (id(a), 1)
    assert made(b) == (id(b), 2)
    assert calls == [id(a), id(b)] and made(a)[1] == 1


def test_past_the_bound_everything_is_forgotten_and_made_again():
    made, calls = counting(3)
    keys = [Key() for _ in range(4)]
    for key in keys:
        made(key)
    assert len(calls) == 4
    made(keys[3])  # kept: made after the others were forgotten
    assert len(calls) == 4
    made(keys[0])  # forgotten when the fourth came
    assert len(calls) == 5


def test_a_remembered_key_lives_as_long_as_what_was_made_for_it():
    made, _ = counting(2)
    key = Key()
    gone = weakref.ref(key)
    made(key)
    del key
    gc.collect()
    assert gone() is not None  # its id cannot be handed to another object meanwhile
    made(Key())
    made(Key())  # the bound: the first key is forgotten
    gc.collect()
    assert gone() is None
