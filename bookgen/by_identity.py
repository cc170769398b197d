"""What was made once for an object, found again by the object's identity.

For a key costly to hash (a grid model's whole shape) that a generator or a proof asks
about thousands of times: a lookup is one dictionary get and one `is`. The key is kept
beside what was made for it, so an id reused after the key is gone never finds the wrong
one; a bounded number are kept, then all forgotten at once (a book has few shapes).
"""

from __future__ import annotations

from functools import wraps
from typing import Callable, TypeVar

Key = TypeVar("Key")
Made = TypeVar("Made")


def remembered_by_identity(most: int) -> Callable[[Callable[[Key], Made]], Callable[[Key], Made]]:
    """`make(key)` made once per key object (at most `most` kept at a time)."""

    def remember(make: Callable[[Key], Made]) -> Callable[[Key], Made]:
        made: dict[int, tuple[Key, Made]] = {}

        @wraps(make)
        def remembered(key: Key) -> Made:
            known = made.get(id(key))
            if known is not None and known[0] is key:
                return known[1]
            if len(made) >= most:
                made.clear()
            value = make(key)
            made[id(key)] = (key, value)
            return value

        return remembered

    return remember
