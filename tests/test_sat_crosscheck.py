"""A second, independent proof of every grid type's uniqueness: each generated puzzle is
read back from its interchange JSON, encoded as a SAT problem here (sharing no code with
bookgen's solver, propagators or combination tables) and handed to a SAT solver, which
must find exactly one solution, and it must be the printed answer.

Sliding puzzles have no uniqueness to prove (many move lists reach the goal); their
answers are replayed and their lengths checked against breadth-first search elsewhere.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from bookgen.puzzles import registry
from bookgen.puzzles.base import Budget

pysat_solvers = pytest.importorskip("pysat.solvers")

# (type, options, how many): at least 50 of each grid type, sizes and levels mixed.
PLAN = {
    "sudoku": [({"size": 4, "difficulty": "beginner"}, 15), ({"size": 6, "difficulty": "easy"}, 15),
               ({"size": 9, "difficulty": "easy"}, 12), ({"size": 9, "difficulty": "medium"}, 8),
               ({"variant": "x", "difficulty": "easy"}, 4), ({"variant": "hyper", "difficulty": "medium"}, 4),
               ({"variant": "jigsaw", "size": 7, "difficulty": "easy"}, 4),
               ({"variant": "jigsaw", "difficulty": "medium"}, 4),
               ({"variant": "greater-than", "size": 4, "difficulty": "beginner"}, 4),
               ({"variant": "greater-than", "size": 6, "difficulty": "medium"}, 4),
               ({"variant": "greater-than", "size": 9, "difficulty": "hard"}, 4)],
    "kenken": [({"size": 4}, 14), ({"size": 5, "difficulty": "easy"}, 12), ({"size": 6}, 10),
               ({"size": 4, "hide_operations": True}, 8), ({"size": 5, "hide_operations": True}, 8)],
    "killer": [({"size": 4, "difficulty": "easy"}, 20), ({"size": 6, "difficulty": "easy"}, 20),
               ({"size": 9, "difficulty": "easy", "givens": 8}, 10)],
    "samurai": [({"difficulty": "easy"}, 3), ({"difficulty": "medium"}, 3)],
    # Lines of six squares are "no repeats" (at most once), not "each digit once": the
    # encoding's at-most-one per group is exactly that.
    "tredoku": [({"figure": "staircase", "difficulty": "easy"}, 17), ({"figure": "star", "difficulty": "medium"}, 17),
                ({"figure": "block", "difficulty": "hard"}, 16)],
}
# Puzzles checked per type: 50, except where each takes seconds to make.
CHECKED = {"samurai": 6}


class Encoding:
    """Cell (r, c) holds symbol index k  <->  variable var[(r, c, k)] is true."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.symbols = list(data["symbols"])
        self.cells = sorted({tuple(c) for g in data["groups"] for c in g}
                            | {tuple(c) for k in data["cages"] for c in k["cells"]})
        self.var = {}
        for cell in self.cells:
            for k in range(len(self.symbols)):
                self.var[(*cell, k)] = len(self.var) + 1
        self.next_var = len(self.var) + 1
        self.clauses: list[list[int]] = []
        for cell in self.cells:
            self.exactly_one([self.var[(*cell, k)] for k in range(len(self.symbols))])
        for group in data["groups"]:
            for k in range(len(self.symbols)):
                self.at_most_one([self.var[(r, c, k)] for r, c in group])
        for r, c, v in data.get("givens", []):
            self.clauses.append([self.var[(r, c, self.symbols.index(v))]])
        for smaller, larger in data.get("inequalities", []):  # greater-than signs
            for i, j in itertools.product(range(len(self.symbols)), repeat=2):
                if self.symbols[i] >= self.symbols[j]:
                    self.clauses.append([-self.var[(*smaller, i)], -self.var[(*larger, j)]])
        hidden = bool(data.get("hide_operations"))
        for cage in data["cages"]:
            self.cage([tuple(c) for c in cage["cells"]], cage["op"], cage["target"], cage["distinct"], hidden)

    def fresh(self) -> int:
        self.next_var += 1
        return self.next_var - 1

    def at_most_one(self, lits: list[int]) -> None:
        self.clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))

    def exactly_one(self, lits: list[int]) -> None:
        self.clauses.append(list(lits))
        self.at_most_one(lits)

    def cage(self, cells: list[tuple[int, int]], op: str, target: int, distinct: bool, hidden: bool) -> None:
        if distinct and op == "+":
            self.distinct_sum(cells, target)
            return
        ops = ("+", "-", "*", "/") if hidden and len(cells) > 1 else (op,)
        allowed = [values for values in itertools.product(self.symbols, repeat=len(cells))
                   if any(makes(o, target, values) for o in ops)]
        selectors = []
        for values in allowed:
            s = self.fresh()
            selectors.append(s)
            self.clauses.extend([-s, self.var[(*cell, self.symbols.index(v))]] for cell, v in zip(cells, values))
        self.clauses.append(selectors)

    def distinct_sum(self, cells: list[tuple[int, int]], target: int) -> None:
        """Different digits with this sum: the cage holds exactly one such set of digits."""
        for k in range(len(self.symbols)):
            self.at_most_one([self.var[(*cell, k)] for cell in cells])
        choices = []
        for digits in itertools.combinations(range(len(self.symbols)), len(cells)):
            if sum(self.symbols[k] for k in digits) != target:
                continue
            s = self.fresh()
            choices.append(s)
            for cell in cells:
                self.clauses.extend([-s, -self.var[(*cell, k)]] for k in range(len(self.symbols)) if k not in digits)
        self.clauses.append(choices)

    def grid(self, model: list[int], rows: int, cols: int) -> list[list[int | None]]:
        true = {lit for lit in model if lit > 0}
        grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
        for (r, c, k), v in self.var.items():
            if v in true:
                grid[r][c] = self.symbols[k]
        return grid

    def blocking(self, model: list[int]) -> list[int]:
        cell_vars = set(self.var.values())
        return [-lit for lit in model if lit > 0 and lit in cell_vars]


def makes(op: str, target: int, values: tuple[int, ...]) -> bool:
    if op in ("+", "="):
        return sum(values) == target and (op == "+" or len(values) == 1)
    if op == "*":
        return math.prod(values) == target
    if len(values) != 2:
        return False
    a, b = sorted(values)
    if op == "-":
        return b - a == target
    return op == "/" and a != 0 and b == a * target


def sat_solutions(data: dict[str, Any], limit: int = 2) -> list[list[list[int | None]]]:
    encoding = Encoding(data)
    found = []
    with pysat_solvers.Solver(name="minisat22", bootstrap_with=encoding.clauses) as solver:
        while len(found) < limit and solver.solve():
            model = solver.get_model()
            found.append(encoding.grid(model, data["rows"], data["cols"]))
            solver.add_clause(encoding.blocking(model))
    return found


def _generated(type_name: str) -> list[tuple[str, dict[str, Any]]]:
    ptype = registry.get(type_name)
    made = []
    for options, count in PLAN[type_name]:
        params = ptype.Params(**options)
        params.validate()
        for seed in range(count):
            puzzle = ptype.generate(params, random.Random(f"sat:{type_name}:{options}:{seed}"), Budget(120))
            made.append((f"{options} seed {seed}", ptype.to_json(puzzle)))
    return made


def test_every_grid_type_on_the_registry_is_cross_checked():
    grid_types = {t.name for t in registry.all_types() if t.name != "sliding"}
    assert grid_types <= set(PLAN), f"add {sorted(grid_types - set(PLAN))} to PLAN"


@pytest.mark.slow  # 50 puzzles a type made and proved: seconds each
@pytest.mark.parametrize("type_name", sorted(PLAN))
def test_sat_finds_exactly_the_printed_solution(type_name: str):
    checked = 0
    for label, data in _generated(type_name):
        found = sat_solutions(data)
        assert len(found) == 1, f"{type_name} {label}: SAT finds {len(found)} solutions"
        assert found[0] == data["solution"], f"{type_name} {label}: SAT's solution is not the printed one"
        checked += 1
    assert checked >= CHECKED.get(type_name, 50)


def test_the_encoding_sees_two_solutions_where_there_are_two():
    data = {"rows": 2, "cols": 2, "symbols": [1, 2], "groups": [[[0, 0], [0, 1]], [[1, 0], [1, 1]],
                                                                 [[0, 0], [1, 0]], [[0, 1], [1, 1]]],
            "cages": [], "givens": []}
    assert len(sat_solutions(data, limit=5)) == 2


def test_the_encoding_keeps_a_greater_than_sign():
    data = {"rows": 2, "cols": 2, "symbols": [1, 2], "groups": [[[0, 0], [0, 1]], [[1, 0], [1, 1]],
                                                                 [[0, 0], [1, 0]], [[0, 1], [1, 1]]],
            "cages": [], "givens": [], "inequalities": [[[0, 1], [0, 0]]]}
    assert sat_solutions(data, limit=5) == [[[2, 1], [1, 2]]]


def test_a_hidden_sign_counts_every_sign_a_target_could_stand_for():
    # 2-cell cages in a 2x2 Latin square: "3" is 1+2 (and 3x? no) - with signs shown as
    # "-" it is impossible (|1-2| = 1), hidden it stands for + and has both orders.
    base = {"rows": 2, "cols": 2, "symbols": [1, 2],
            "groups": [[[0, 0], [0, 1]], [[1, 0], [1, 1]], [[0, 0], [1, 0]], [[0, 1], [1, 1]]], "givens": []}
    cage = {"cells": [[0, 0], [0, 1]], "op": "-", "target": 3, "distinct": False}
    assert sat_solutions({**base, "cages": [cage]}) == []
    assert len(sat_solutions({**base, "cages": [cage], "hide_operations": True})) == 2
