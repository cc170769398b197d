"""KenKen's one-pass check (bookgen/puzzles/kenken/check.py) says exactly what the grid
checker and the layout check say together: nothing on every good puzzle, and the same
violations, in the same order, on answers and cagings broken in every way it looks at."""

from __future__ import annotations

import random
from itertools import combinations, permutations, product
from dataclasses import replace

from bookgen.model import GridModel, is_connected
from bookgen.puzzles.grid import check_grid
from bookgen.puzzles.kenken.check import SQUARES_UP_TO, _frame, _joined, all_kept, kenken_violations
from bookgen.puzzles.kenken.rules import kenken_model, layout_violations
from tests.puzzles.kenken.kenken_random_caging import mixed_cagings


def full(model: GridModel, grid) -> list:
    return check_grid(model, grid) + layout_violations(model)


def broken(model: GridModel, grid, rng: random.Random):
    """The puzzle with one thing wrong (or, now and then, still right), as (model, grid)."""
    n, cages = model.rows, list(model.cages)
    k = rng.randrange(len(cages))
    cage = cages[k]
    kind = rng.randrange(10)
    if kind == 0:  # two digits of a row swapped
        row = list(grid[0])
        row[0], row[1] = row[1], row[0]
        return model, (tuple(row), *grid[1:])
    if kind == 1:  # a digit out of range
        return model, ((n + 1, *grid[0][1:]), *grid[1:])
    if kind == 2:  # a wrong target
        cages[k] = replace(cage, target=cage.target + 1)
    elif kind == 3:  # another sign
        cages[k] = replace(cage, op=rng.choice("+-*/="))
    elif kind == 4:  # distinct digits asked
        cages[k] = replace(cage, distinct=True)
    elif kind == 5:  # a cell left out
        if len(cage.cells) == 1:
            del cages[k]
        else:
            cages[k] = replace(cage, cells=cage.cells[1:])
    elif kind == 6:  # a cell in two cages
        other = cages[(k + 1) % len(cages)]
        cages[k] = replace(cage, cells=(*cage.cells, other.cells[0]))
    elif kind == 7:  # two cages merged (connected or not) under the first's sign
        other = cages.pop((k + 1) % len(cages))
        cages[cages.index(cage)] = replace(cage, cells=(*cage.cells, *other.cells))
    elif kind == 8:  # the answer's shape wrong
        return model, grid[:-1]
    return kenken_model(n, cages), grid


def test_the_one_pass_check_finds_what_the_full_checks_find():
    rng = random.Random(7)
    checked = broke = 0
    for _, n, solution, cages in mixed_cagings(400, 5, rng):
        model = kenken_model(n, cages)
        assert kenken_violations(model, solution) == full(model, solution) == []
        model, grid = broken(model, solution, rng)
        expected = full(model, grid)
        assert kenken_violations(model, grid) == expected
        checked += 1
        broke += bool(expected)
    assert checked > 200 and broke > checked // 2


def test_the_one_pass_check_never_accepts_what_the_full_checks_refuse():
    # Every side the fast path reads in its own way (whole squares up to 4, orderings up to
    # 6, sets above), each puzzle broken in one way, its answer also handed over in other
    # forms (lists, the right values in the wrong shape): accepted only when all is well.
    rng = random.Random(11)
    accepted = refused = 0
    for _, n, solution, cages in mixed_cagings(360, 7, rng):
        model, grid = broken(kenken_model(n, cages), solution, rng)
        flat = [v for row in grid for v in row]
        forms = [grid, [list(row) for row in grid], tuple(tuple(flat[i:i + 2 * n]) for i in range(0, len(flat), 2 * n)),
                 (*grid[1:], grid[0])]
        for form in forms:
            if all_kept(model, form):
                assert full(model, form) == []
                accepted += 1
            else:
                refused += 1
    assert accepted > 40 and refused > 300


def test_the_squares_looked_up_are_every_latin_square_of_their_side():
    for n, count in ((3, 12), (4, 576)):
        squares = _frame(n)[1]
        rows = list(permutations(range(1, n + 1)))
        assert squares == {g for g in product(rows, repeat=n) if all(len(set(column)) == n for column in zip(*g))}
        assert squares is not None and len(squares) == count
    assert _frame(SQUARES_UP_TO + 1)[1] is None


def test_the_mask_connectivity_agrees_with_is_connected_on_every_small_set_of_cells():
    # Every set of up to four cells of the 3x3, 4x4 and 5x5 grids, and random larger ones
    # of the 6x6 (the sides the one-pass check takes by masks).
    rng = random.Random(9)
    for n in (3, 4, 5, 6):
        every = [(r, c) for r in range(n) for c in range(n)]
        sets = [picked for size in range(1, 5) for picked in combinations(every, size)] if n < 6 else \
            [tuple(rng.sample(every, rng.randrange(1, 10))) for _ in range(3000)]
        joined = 0
        for cells in sets:
            mask = sum(1 << r * n + c for r, c in cells)
            assert _joined(mask, n) == is_connected(cells), (n, cells)
            joined += is_connected(cells)
        assert 0 < joined < len(sets)
