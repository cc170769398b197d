"""What a KenKen cage's digits make, for tests: the targets of hand-made and random
cages, and whether a printed solution meets its cages. (The product's answer check has
its own, in bookgen/puzzles/grid.py; the engine lists cages' assignments.)"""

from __future__ import annotations

from math import prod

from bookgen.solve.cages import HIDDEN

SHOWN_OPS = ("+", "-", "*", "/")


def cage_value(op: str, values: list[int] | tuple[int, ...]) -> int | None:
    """What a cage's cells make under its operation (None when the op does not apply)."""
    if op == "+":
        return sum(values)
    if op == "*":
        return prod(values)
    if op == "=":
        return values[0] if len(values) == 1 else None
    if len(values) != 2:
        return None
    hi, lo = max(values), min(values)
    if op == "-":
        return hi - lo
    if op == "/":
        return hi // lo if lo and hi % lo == 0 else None
    return None


def makes_target(op: str, target: int, values: list[int] | tuple[int, ...]) -> bool:
    """True when the values make the target under `op` (under any op, for HIDDEN)."""
    if op == HIDDEN:
        if len(values) == 1:
            return values[0] == target
        return any(cage_value(o, values) == target for o in SHOWN_OPS)
    return cage_value(op, values) == target
