"""The killer generator (the engine's, engine/src/killer/generate) on fixed seeds, at every
size, offered level and offered option value: each puzzle has exactly one solution by
the SAT cross-check (which shares no code with the engine), is graded at exactly its
level, passes the build's certification, and keeps its cages connected, free of repeated
digits, within `max_cage` and the one-cell cap, with no more givens than asked; the same
seed makes the same puzzle. The budget and signals stop it as they stopped the Python
loop."""

from __future__ import annotations

import random
import signal

import pytest

from bookgen.errors import GenerationError
from bookgen.model import is_connected
from bookgen.puzzles.base import Budget
from bookgen.puzzles.killer.offer import OPTION_DEFAULTS, offered, offered_values
from bookgen.puzzles.killer.type import PUZZLE_TYPE, SIZES, Params, single_cap
from bookgen.solve.result import Outcome
from test_sat_crosscheck import sat_solutions


def _cases() -> list[tuple[int, str, dict[str, int]]]:
    """Every offered (size, level) with the default options, then with each other value
    of each option offered there."""
    found = []
    for size in SIZES:
        for level in offered(PUZZLE_TYPE.offer, size):
            found.append((size, level, {}))
            for name, default in OPTION_DEFAULTS.items():
                for value in offered_values(PUZZLE_TYPE.offer, size, level, name):
                    if value != default:
                        found.append((size, level, {name: value}))
    return found


CASES = _cases()
SEED = 3


def _marked(case: tuple[int, str, dict[str, int]]):
    size, level, _ = case
    slow = size == 9 or level in ("hard", "expert")
    return pytest.param(*case, marks=pytest.mark.slow) if slow else pytest.param(*case)


def generate(seed: int, size: int, level: str, options: dict[str, int]):
    params = Params(size=size, difficulty=level, **options)
    params.validate()
    return PUZZLE_TYPE.generate(params, random.Random(seed), Budget(120))


def test_the_cases_cover_every_size_and_both_options():
    assert {size for size, _, _ in CASES} == set(SIZES)
    assert any("givens" in options for _, _, options in CASES)
    assert any("max_cage" in options for _, _, options in CASES)


@pytest.mark.parametrize("size, level, options", [_marked(case) for case in CASES])
def test_unique_by_sat_at_exactly_its_level_with_cages_within_the_limits(size, level, options):
    puzzle = generate(SEED, size, level, options)
    params = puzzle.params
    assert sat_solutions(PUZZLE_TYPE.to_json(puzzle)) == [[list(row) for row in puzzle.solution]]
    result = PUZZLE_TYPE.solve(puzzle)
    assert (result.outcome, result.level) == (Outcome.SOLVED, level)
    assert PUZZLE_TYPE.certify(puzzle) == []
    model = puzzle.board
    assert sorted(cell for cage in model.cages for cell in cage.cells) == sorted(model.cells)
    for cage in model.cages:
        digits = [puzzle.solution[r][c] for r, c in cage.cells]
        assert is_connected(cage.cells)
        assert len(cage.cells) <= params.max_cage
        assert len(set(digits)) == len(digits) and sum(digits) == cage.target
    assert sum(1 for cage in model.cages if len(cage.cells) == 1) <= single_cap(size, level)
    assert len(model.givens) <= params.givens
    for r, c, v in model.givens:
        assert puzzle.solution[r][c] == v
    # The same seed makes the same puzzle.
    assert generate(SEED, size, level, options) == puzzle


def test_another_seed_makes_another_puzzle():
    assert generate(1, 6, "easy", {}) != generate(2, 6, "easy", {})


def test_a_spent_budget_is_the_generation_error_it_always_was():
    params = Params(size=6, difficulty="easy")
    with pytest.raises(GenerationError, match="no easy killer sudoku found within the budget"):
        PUZZLE_TYPE.generate(params, random.Random(0), Budget(-1))


class Stop(Exception):
    pass


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timers here")
def test_a_signal_during_generation_stops_it_with_the_handlers_exception():
    # An alarm's handler raising, as --timeout's does: the engine looks for it between
    # rounds and hands it back; no puzzle, no GenerationError in its place.
    def expire(_signum, _frame):
        raise Stop

    previous = signal.signal(signal.SIGALRM, expire)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.005)
        with pytest.raises(Stop):
            for seed in range(10_000):
                generate(seed, 9, "hard", {})
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _killer_request() -> dict:
    from bookgen.puzzles.killer.type import LEVELS
    from bookgen.puzzles.sudoku.shapes import fixed_structure

    return {"base": fixed_structure(4), "levels": LEVELS, "level": 1, "sizes": [2, 3], "weights": [1.0, 1.0],
            "single_cap": 1, "givens": 0, "max_cage": 4, "seed": 1, "expired": lambda: False}


def test_the_engine_makes_a_killer_on_the_grid_and_ladder_the_bridge_compiled():
    from bookgen.solve import engine

    cages, _givens, solution = engine.generate_killer(**_killer_request())
    assert sorted(c for cage in cages for c in cage) == list(range(16))
    assert sorted(solution) == sorted([0, 1, 2, 3] * 4)


@pytest.mark.parametrize("change", ["max_cage 17", "max_cage 0", "one weight", "no weight", "level 5",
                                    "three symbols", "a grid with cages"])
def test_the_engine_refuses_a_malformed_request(change):
    import dataclasses

    from bookgen.errors import EngineRequestError
    from bookgen.model import Cage
    from bookgen.solve import engine

    request = _killer_request()
    base = request["base"]
    request.update({
        "max_cage 17": {"max_cage": 17}, "max_cage 0": {"max_cage": 0}, "one weight": {"weights": [1.0]},
        "no weight": {"weights": [0.0, 0.0]}, "level 5": {"level": 5},
        "three symbols": {"base": dataclasses.replace(base, symbols=(1, 2, 3))},
        "a grid with cages": {"base": dataclasses.replace(base, cages=(Cage(((0, 0), (0, 1)), "+", 3, True),))},
    }[change])
    with pytest.raises(EngineRequestError):
        engine.generate_killer(**request)
