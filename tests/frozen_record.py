"""The frozen record: puzzles of every type and variant made on fixed seeds, each kept as a
digest of its interchange form (board, givens, cages, solution, level).

A change that is not meant to change puzzles (a move, a refactor, a faster engine) must
leave every digest as it is; `tests/test_frozen_record.py` checks that. A change that is
meant to change puzzles rewrites the record on purpose, and its commit says why:

    make frozen-record        # = python tests/frozen_record.py --write

Each case names a type, its options and a seed; `slow` marks the cases that take more
than about a second, so `make test-fast` checks the quick ones.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RECORD = Path(__file__).with_name("frozen_record.json")
# Generous: a case is deterministic only while its budget does not run out.
BUDGET_SECONDS = 600.0


@dataclass(frozen=True)
class Case:
    type: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    slow: bool = False

    @property
    def key(self) -> str:
        shown = ",".join(f"{k}={_text(v)}" for k, v in sorted(self.options.items()))
        return f"{self.type}[{shown}]#{self.seed}"


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, tuple) else str(value)


def _sudoku(size: int, level: str, seed: int = 0, slow: bool = False, **more: Any) -> Case:
    return Case("sudoku", {"size": size, "difficulty": level, **more}, seed, slow)


def _kenken(size: int, level: str, seed: int = 0, slow: bool = False, **more: Any) -> Case:
    return Case("kenken", {"size": size, "difficulty": level, **more}, seed, slow)


def _killer(size: int, level: str, seed: int = 0, slow: bool = False, **more: Any) -> Case:
    return Case("killer", {"size": size, "difficulty": level, **more}, seed, slow)


def _sliding(seed: int = 0, slow: bool = False, **options: Any) -> Case:
    return Case("sliding", options, seed, slow)


CASES: tuple[Case, ...] = (
    # Sudoku: every size, every level, the other symmetries, letters for symbols.
    _sudoku(4, "beginner"), _sudoku(4, "beginner", 1), _sudoku(4, "beginner", 2, symmetry="mirror"),
    _sudoku(6, "beginner"), _sudoku(6, "easy", 3), _sudoku(6, "hard", 1),
    _sudoku(6, "easy", 4, symbols="ABCDEF"), _sudoku(6, "expert", 2, symmetry="none"),
    _sudoku(8, "easy"), _sudoku(8, "medium", 1),
    _sudoku(9, "beginner"), _sudoku(9, "beginner", 1, symmetry="none"), _sudoku(9, "easy", 2),
    _sudoku(9, "medium"), _sudoku(9, "medium", 3, symmetry="mirror"), _sudoku(9, "hard", 0, slow=True),
    _sudoku(9, "hard", 5), _sudoku(9, "expert", 1),
    _sudoku(12, "easy"), _sudoku(12, "medium", 1), _sudoku(16, "beginner"),
    # The variants.
    _sudoku(4, "beginner", 0, variant="x"), _sudoku(6, "medium", 1, variant="x"), _sudoku(9, "hard", 2, variant="x"),
    _sudoku(8, "expert", 3, variant="x"),
    _sudoku(9, "easy", 0, variant="hyper"), _sudoku(9, "hard", 1, variant="hyper"),
    _sudoku(5, "easy", 0, variant="jigsaw"), _sudoku(6, "medium", 1, variant="jigsaw"),
    _sudoku(7, "hard", 2, variant="jigsaw"), _sudoku(9, "expert", 3, variant="jigsaw"),
    _sudoku(9, "medium", 4, variant="jigsaw", symmetry="mirror"),
    _sudoku(6, "easy", 0, variant="toroidal"), _sudoku(6, "hard", 1, variant="toroidal", symmetry="none"),
    _sudoku(9, "medium", 2, variant="toroidal"),
    # Pictures: the same puzzles as with digits; only the labels of the interchange form differ.
    _sudoku(4, "beginner", 3, symbols="pictures"), _sudoku(6, "medium", 2, variant="x", symbols="pictures"),
    _sudoku(4, "beginner", 0, variant="greater-than"), _sudoku(6, "medium", 1, variant="greater-than"),
    _sudoku(6, "expert", 2, variant="greater-than", symmetry="none"), _sudoku(9, "beginner", 3, variant="greater-than"),
    _sudoku(9, "hard", 4, variant="greater-than"), _sudoku(6, "easy", 5, variant="greater-than"),
    _sudoku(6, "hard", 6, variant="greater-than"),
    # Samurai.
    Case("samurai", {"difficulty": "beginner"}, 0), Case("samurai", {"difficulty": "medium"}, 1, True),
    Case("samurai", {"difficulty": "easy", "symmetry": "none"}, 2),
    # Tredoku: every figure, levels from beginner to expert.
    Case("tredoku", {"figure": "staircase", "difficulty": "beginner"}, 0),
    Case("tredoku", {"figure": "staircase", "difficulty": "hard"}, 1),
    Case("tredoku", {"figure": "star", "difficulty": "easy"}, 2), Case("tredoku", {"figure": "star", "difficulty": "expert"}, 3),
    Case("tredoku", {"figure": "block", "difficulty": "medium"}, 4),
    # KenKen: sizes 3 to 12, every level, hidden signs, operation subsets, options.
    _kenken(3, "beginner"), _kenken(3, "easy", 1), _kenken(4, "medium"), _kenken(5, "hard", 1),
    _kenken(6, "expert"), _kenken(6, "beginner", 2), _kenken(7, "medium", 1), _kenken(8, "hard"),
    _kenken(9, "easy"), _kenken(9, "expert", 1, slow=True), _kenken(10, "easy"),
    _kenken(12, "medium", slow=True),
    _kenken(6, "medium", 3, hide_operations=True), _kenken(9, "hard", 2, slow=True, hide_operations=True),
    _kenken(5, "easy", 4, operations=("+",)), _kenken(6, "hard", 5, operations=("+", "-")),
    _kenken(7, "expert", 6, slow=True, operations=("*",)), _kenken(6, "medium", 7, operations=("*",), hide_operations=True),
    _kenken(6, "medium", 8, max_single_cells=0), _kenken(6, "hard", 9, max_cage=3),
    _kenken(5, "medium", 10, max_cage=2), _kenken(4, "easy", 11, candidates=True),
    # Killer: every size, levels, givens and largest cages.
    _killer(4, "beginner"), _killer(4, "easy", 1), _killer(6, "medium"), _killer(6, "expert", 1),
    _killer(9, "beginner"), _killer(9, "easy", 1, slow=True), _killer(9, "hard", 2, slow=True),
    _killer(9, "expert", 3, slow=True), _killer(9, "medium", 4, slow=True, givens=4), _killer(6, "easy", 5, max_cage=3),
    _killer(9, "hard", 6, max_cage=4),
    # Sliding: boards from 2x3 to 6x6, levels, exact move counts, the blank first.
    _sliding(0, size=3, difficulty="easy"), _sliding(1, size=3, difficulty="hard"),
    _sliding(2, rows=2, cols=3, difficulty="medium"), _sliding(3, rows=3, cols=4, difficulty="medium"),
    _sliding(4, size=4, difficulty="easy"), _sliding(5, size=4, difficulty="medium", blank="first"),
    _sliding(6, size=4, moves=30), _sliding(7, size=5, difficulty="easy"),
    _sliding(8, rows=2, cols=6, moves=25),
)


def params_of(case: Case) -> tuple[Any, Any]:
    """The case's puzzle type and its validated Params."""
    from bookgen.puzzles import registry

    ptype = registry.get(case.type)
    params = ptype.Params(**case.options)
    params.validate()
    return ptype, params


def made(case: Case) -> dict[str, Any]:
    """The case's puzzle, in the interchange form with its type and level."""
    from bookgen.puzzles.base import Budget

    ptype, params = params_of(case)
    puzzle = ptype.generate(params, random.Random(case.seed), Budget(BUDGET_SECONDS))
    return {"type": puzzle.type, "difficulty": puzzle.difficulty, **ptype.to_json(puzzle)}


def digest(data: dict[str, Any]) -> str:
    """A puzzle's fingerprint: its interchange form, canonically written."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def recorded() -> dict[str, str]:
    return json.loads(RECORD.read_text(encoding="utf-8"))["digests"]


def write(cases: tuple[Case, ...] = CASES) -> None:
    digests = {}
    for case in cases:
        start = time.process_time()
        digests[case.key] = digest(made(case))
        print(f"{case.key}: {time.process_time() - start:.2f} s", file=sys.stderr)
    text = json.dumps({"about": "python tests/frozen_record.py --write (see its docstring)", "digests": digests},
                      indent=1, sort_keys=False)
    RECORD.write_text(text + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the record from the current code")
    args = parser.parse_args()
    if not args.write:
        parser.error("say --write to rewrite the record (the test compares against it)")
    write()


if __name__ == "__main__":
    main()
