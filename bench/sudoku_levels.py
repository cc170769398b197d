"""How often minimal sudoku of each size need each level (the basis of sudoku.REACHABLE).

Run: python bench/sudoku_levels.py [attempts]
"""

from __future__ import annotations

import collections
import random
import sys

from bookgen.puzzles.sudoku import LEVELS, _orbits, structure
from bookgen.solve.search import count_solutions, solver_for
from bookgen.solve.techniques import grade


def main(attempts: int) -> None:
    for size in (4, 6, 9):
        base, rng = structure(size), random.Random(size)
        solver = solver_for(base)
        tally: collections.Counter = collections.Counter()
        for _ in range(attempts):
            solution = solver.random_solution(rng)
            givens = {cell: solution[cell[0]][cell[1]] for cell in base.cells}
            for orbit in _orbits(size, "none", rng):
                kept = {cell: givens.pop(cell) for cell in orbit}
                if count_solutions(base.with_givens(givens)).count != 1:
                    givens.update(kept)
            result = grade(base.with_givens(givens), LEVELS)
            name = LEVELS[max(result.level, 0)].name if result.outcome.name == "SOLVED" else "beyond hard"
            tally[name] += 1
        shares = ", ".join(f"{name} {tally[name]}" for name in [*(lv.name for lv in LEVELS), "beyond hard"])
        print(f"{size}x{size}: of {attempts} minimal puzzles: {shares}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
