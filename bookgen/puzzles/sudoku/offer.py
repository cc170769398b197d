"""The sudoku family's measured offer: which (variant, size, level) and which symmetries
of the givens `bench/levels.py` made on 100 seeds of 100, and the reasons `check` gives
for the rest. Data and the questions asked of it; generation lives in sudoku.py.
"""

from __future__ import annotations

# The family's levels, easiest first (a test checks that the grader in sudoku.py names the same).
LEVEL_NAMES = ("beginner", "easy", "medium", "hard", "expert")


def variant_name(variant: str) -> str:
    """How refusals name the variant."""
    return {"classic": "sudoku", "x": "X-sudoku", "hyper": "hyper sudoku", "jigsaw": "jigsaw sudoku"}[variant]


# Successes out of seeds within the build's per-puzzle budget, per (variant, size,
# level), with the default options; a combination is offered only when every seed
# succeeded: `python bench/levels.py --type sudoku --variants ...` over
# seeds 0-99 (classic medians in the README and bench/levels-sudoku.json). A classic
# combination not listed did not finish its 100 seeds in the time the measurement had,
# and is refused. Re-measure after changing the generator or the grader.
MEASURED: dict[tuple[str, int, str], tuple[int, int]] = {
    ("classic", 4, "beginner"): (100, 100),
    ("classic", 4, "easy"): (100, 100),
    ("classic", 6, "beginner"): (100, 100),
    ("classic", 6, "easy"): (100, 100),
    ("classic", 6, "medium"): (100, 100),
    ("classic", 6, "hard"): (100, 100),
    ("classic", 6, "expert"): (100, 100),
    ("classic", 8, "beginner"): (100, 100),
    ("classic", 8, "easy"): (100, 100),
    ("classic", 8, "medium"): (100, 100),
    ("classic", 8, "hard"): (100, 100),
    ("classic", 8, "expert"): (100, 100),
    ("classic", 9, "beginner"): (100, 100),
    ("classic", 9, "easy"): (100, 100),
    ("classic", 9, "medium"): (100, 100),
    ("classic", 9, "hard"): (100, 100),
    ("classic", 9, "expert"): (100, 100),
    ("classic", 12, "beginner"): (100, 100),
    ("classic", 12, "easy"): (100, 100),
    ("classic", 12, "medium"): (100, 100),
    ("classic", 12, "hard"): (100, 100),
    ("classic", 12, "expert"): (100, 100),
    ("classic", 16, "beginner"): (100, 100),
    ("classic", 16, "easy"): (100, 100),
    ("classic", 16, "medium"): (100, 100),
    ("classic", 16, "hard"): (100, 100),
    ("classic", 16, "expert"): (100, 100),
    ("x", 4, "beginner"): (100, 100),
    ("x", 4, "easy"): (100, 100),
    ("x", 4, "medium"): (0, 3),
    ("x", 6, "beginner"): (100, 100),
    ("x", 6, "easy"): (100, 100),
    ("x", 6, "medium"): (100, 100),
    ("x", 6, "hard"): (100, 100),
    ("x", 6, "expert"): (100, 100),
    ("x", 8, "beginner"): (100, 100),
    ("x", 8, "easy"): (100, 100),
    ("x", 8, "medium"): (100, 100),
    ("x", 8, "hard"): (100, 100),
    ("x", 8, "expert"): (100, 100),
    ("x", 9, "beginner"): (100, 100),
    ("x", 9, "easy"): (100, 100),
    ("x", 9, "medium"): (100, 100),
    ("x", 9, "hard"): (100, 100),
    ("x", 9, "expert"): (100, 100),
    ("x", 12, "beginner"): (100, 100),
    ("x", 12, "easy"): (100, 100),
    ("x", 12, "medium"): (100, 100),
    ("x", 12, "hard"): (100, 100),
    ("x", 12, "expert"): (100, 100),
    ("hyper", 9, "beginner"): (100, 100),
    ("hyper", 9, "easy"): (100, 100),
    ("hyper", 9, "medium"): (100, 100),
    ("hyper", 9, "hard"): (100, 100),
    ("hyper", 9, "expert"): (100, 100),
    ("jigsaw", 5, "beginner"): (100, 100),
    ("jigsaw", 5, "easy"): (100, 100),
    ("jigsaw", 5, "medium"): (100, 100),
    ("jigsaw", 5, "hard"): (100, 100),
    ("jigsaw", 5, "expert"): (100, 100),
    ("jigsaw", 6, "beginner"): (100, 100),
    ("jigsaw", 6, "easy"): (100, 100),
    ("jigsaw", 6, "medium"): (100, 100),
    ("jigsaw", 6, "hard"): (100, 100),
    ("jigsaw", 6, "expert"): (100, 100),
    ("jigsaw", 7, "beginner"): (100, 100),
    ("jigsaw", 7, "easy"): (100, 100),
    ("jigsaw", 7, "medium"): (100, 100),
    ("jigsaw", 7, "hard"): (100, 100),
    ("jigsaw", 7, "expert"): (100, 100),
    ("jigsaw", 8, "beginner"): (100, 100),
    ("jigsaw", 8, "easy"): (100, 100),
    ("jigsaw", 8, "medium"): (100, 100),
    ("jigsaw", 8, "hard"): (100, 100),
    ("jigsaw", 8, "expert"): (100, 100),
    ("jigsaw", 9, "beginner"): (100, 100),
    ("jigsaw", 9, "easy"): (100, 100),
    ("jigsaw", 9, "medium"): (100, 100),
    ("jigsaw", 9, "hard"): (100, 100),
    ("jigsaw", 9, "expert"): (100, 100),
}


def offered(variant: str, size: int) -> tuple[str, ...]:
    """The levels delivered at this variant and size (measured 100 of 100)."""
    return tuple(level for level in LEVEL_NAMES if delivered(MEASURED.get((variant, size, level))))


# Seeds a combination must have been made on, every one of them, to be offered: every
# row above is from a 100-seed run of bench/levels.py (x 4x4 medium stopped after failing
# its first 3 seeds: every 4x4 falls to cross-hatching).
OFFER_SEEDS = 100


def delivered(measured: tuple[int, int] | None) -> bool:
    return measured is not None and measured[0] == measured[1] >= OFFER_SEEDS


def refusal(variant: str, size: int, level: str, what: str = "sudoku") -> str | None:
    """Why a (variant, size, level) is not offered, or None when it is."""
    levels = offered(variant, size)
    if level in levels:
        return None
    measured = MEASURED.get((variant, size, level))
    why = (f"bench/levels.py made {measured[0]} of {measured[1]} seeds within the per-puzzle budget"
           if measured else "not measured to be made reliably")
    can = f"can be {', '.join(levels)}" if levels else "is not offered at any level"
    return f"a {size}x{size} {what} {can}; {level} ones are not offered ({why})"


# The other symmetries of the givens, measured the same way one at a time
# (`python bench/levels.py --type sudoku --sizes 8,9,12,16 --set symmetry=mirror`, written to
# bench/levels-sudoku-symmetry-<name>.json): (variant, size, level, symmetry) -> (made, tried).
# The table above is rotational, the default; a combination missing here is refused.
MEASURED_SYMMETRY: dict[tuple[str, int, str, str], tuple[int, int]] = {
    ("classic", 4, "beginner", "mirror"): (100, 100),  # 0.001 s
    ("classic", 4, "easy", "mirror"): (100, 100),  # 0.001 s
    ("classic", 6, "beginner", "mirror"): (100, 100),  # 0.002 s
    ("classic", 6, "easy", "mirror"): (100, 100),  # 0.003 s
    ("classic", 9, "beginner", "mirror"): (100, 100),  # 0.012 s
    ("classic", 9, "easy", "mirror"): (100, 100),  # 0.017 s
    ("classic", 9, "medium", "mirror"): (100, 100),  # 0.332 s
    ("classic", 9, "hard", "mirror"): (100, 100),  # 0.687 s
    ("classic", 9, "expert", "mirror"): (100, 100),  # 0.704 s
    ("classic", 4, "beginner", "none"): (100, 100),  # 0.001 s
    ("classic", 4, "easy", "none"): (100, 100),  # 0.001 s
    ("classic", 6, "beginner", "none"): (100, 100),  # 0.002 s
    ("classic", 6, "easy", "none"): (100, 100),  # 0.003 s
    ("classic", 9, "beginner", "none"): (100, 100),  # 0.011 s
    ("classic", 9, "easy", "none"): (100, 100),  # 0.017 s
    ("classic", 9, "medium", "none"): (100, 100),  # 0.098 s
    ("classic", 9, "hard", "none"): (100, 100),  # 0.293 s
    ("classic", 9, "expert", "none"): (100, 100),  # 0.336 s
    # 6x6 medium-expert, 8x8, 12x12 and 16x16, measured on 2026-11-23 (load average 1-2)
    ("classic", 6, "hard", "mirror"): (100, 100),  # 0.401 s
    ("classic", 6, "expert", "mirror"): (100, 100),  # 1.06 s
    ("classic", 6, "medium", "mirror"): (100, 100),  # 5.25 s
    ("classic", 6, "hard", "none"): (100, 100),  # 0.337 s
    ("classic", 6, "expert", "none"): (100, 100),  # 0.425 s
    ("classic", 6, "medium", "none"): (100, 100),  # 1.04 s
    ("classic", 8, "beginner", "mirror"): (100, 100),  # 0.0055 s
    ("classic", 8, "easy", "mirror"): (100, 100),  # 0.0073 s
    ("classic", 8, "medium", "mirror"): (100, 100),  # 0.239 s
    ("classic", 8, "hard", "mirror"): (100, 100),  # 0.284 s
    ("classic", 8, "expert", "mirror"): (100, 100),  # 0.332 s
    ("classic", 12, "beginner", "mirror"): (100, 100),  # 0.026 s
    ("classic", 12, "easy", "mirror"): (100, 100),  # 0.047 s
    ("classic", 12, "medium", "mirror"): (100, 100),  # 0.111 s
    ("classic", 12, "hard", "mirror"): (100, 100),  # 0.382 s
    ("classic", 12, "expert", "mirror"): (100, 100),  # 0.473 s
    ("classic", 16, "beginner", "mirror"): (100, 100),  # 0.133 s
    ("classic", 16, "easy", "mirror"): (100, 100),  # 0.259 s
    ("classic", 16, "medium", "mirror"): (100, 100),  # 0.528 s
    ("classic", 16, "hard", "mirror"): (100, 100),  # 0.833 s
    ("classic", 16, "expert", "mirror"): (100, 100),  # 1.29 s
    ("classic", 8, "beginner", "none"): (100, 100),  # 0.0066 s
    ("classic", 8, "easy", "none"): (100, 100),  # 0.0084 s
    ("classic", 8, "medium", "none"): (100, 100),  # 0.12 s
    ("classic", 8, "hard", "none"): (100, 100),  # 0.249 s
    ("classic", 8, "expert", "none"): (100, 100),  # 0.341 s
    ("classic", 12, "beginner", "none"): (100, 100),  # 0.0356 s
    ("classic", 12, "easy", "none"): (100, 100),  # 0.061 s
    ("classic", 12, "medium", "none"): (100, 100),  # 0.184 s
    ("classic", 12, "hard", "none"): (100, 100),  # 0.419 s
    ("classic", 12, "expert", "none"): (100, 100),  # 0.616 s
    ("classic", 16, "beginner", "none"): (100, 100),  # 0.138 s
    ("classic", 16, "easy", "none"): (100, 100),  # 0.37 s
    ("classic", 16, "medium", "none"): (100, 100),  # 1.11 s
    ("classic", 16, "hard", "none"): (100, 100),  # 1.49 s
    ("classic", 16, "expert", "none"): (100, 100),  # 2.42 s
    # The variants, measured on 2026-11-23 (bench/levels-sudoku-variants-symmetry-<name>.json)
    ("x", 4, "beginner", "mirror"): (100, 100),  # 0.0005 s
    ("x", 4, "easy", "mirror"): (100, 100),  # 0.0006 s
    ("x", 6, "beginner", "mirror"): (100, 100),  # 0.0022 s
    ("x", 6, "easy", "mirror"): (100, 100),  # 0.0024 s
    ("x", 6, "medium", "mirror"): (100, 100),  # 0.0554 s
    ("x", 6, "hard", "mirror"): (100, 100),  # 0.0118 s
    ("x", 6, "expert", "mirror"): (100, 100),  # 0.0318 s
    ("x", 8, "beginner", "mirror"): (100, 100),  # 0.0036 s
    ("x", 8, "easy", "mirror"): (100, 100),  # 0.0046 s
    ("x", 8, "medium", "mirror"): (100, 100),  # 0.0187 s
    ("x", 8, "hard", "mirror"): (100, 100),  # 0.0319 s
    ("x", 8, "expert", "mirror"): (100, 100),  # 0.0829 s
    ("x", 9, "beginner", "mirror"): (100, 100),  # 0.0057 s
    ("x", 9, "easy", "mirror"): (100, 100),  # 0.0075 s
    ("x", 9, "medium", "mirror"): (100, 100),  # 0.0289 s
    ("x", 9, "hard", "mirror"): (100, 100),  # 0.0785 s
    ("x", 9, "expert", "mirror"): (100, 100),  # 0.139 s
    ("x", 12, "beginner", "mirror"): (100, 100),  # 0.0229 s
    ("x", 12, "easy", "mirror"): (100, 100),  # 0.0353 s
    ("x", 12, "medium", "mirror"): (100, 100),  # 0.12 s
    ("x", 12, "hard", "mirror"): (100, 100),  # 0.204 s
    ("x", 12, "expert", "mirror"): (100, 100),  # 0.577 s
    ("hyper", 9, "beginner", "mirror"): (100, 100),  # 0.0076 s
    ("hyper", 9, "easy", "mirror"): (100, 100),  # 0.0097 s
    ("hyper", 9, "medium", "mirror"): (100, 100),  # 0.0426 s
    ("hyper", 9, "hard", "mirror"): (100, 100),  # 0.15 s
    ("hyper", 9, "expert", "mirror"): (100, 100),  # 0.145 s
    ("jigsaw", 5, "beginner", "mirror"): (100, 100),  # 0.0188 s
    ("jigsaw", 5, "easy", "mirror"): (100, 100),  # 0.0179 s
    ("jigsaw", 5, "medium", "mirror"): (100, 100),  # 0.103 s
    ("jigsaw", 5, "hard", "mirror"): (100, 100),  # 0.152 s
    ("jigsaw", 5, "expert", "mirror"): (100, 100),  # 0.374 s
    ("jigsaw", 6, "beginner", "mirror"): (100, 100),  # 0.0314 s
    ("jigsaw", 6, "easy", "mirror"): (100, 100),  # 0.0322 s
    ("jigsaw", 6, "medium", "mirror"): (100, 100),  # 0.0992 s
    ("jigsaw", 6, "hard", "mirror"): (100, 100),  # 0.221 s
    ("jigsaw", 6, "expert", "mirror"): (100, 100),  # 0.276 s
    ("jigsaw", 7, "beginner", "mirror"): (100, 100),  # 0.0335 s
    ("jigsaw", 7, "easy", "mirror"): (100, 100),  # 0.0392 s
    ("jigsaw", 7, "medium", "mirror"): (100, 100),  # 0.0537 s
    ("jigsaw", 7, "hard", "mirror"): (100, 100),  # 0.155 s
    ("jigsaw", 7, "expert", "mirror"): (100, 100),  # 0.183 s
    ("jigsaw", 8, "beginner", "mirror"): (100, 100),  # 0.0581 s
    ("jigsaw", 8, "easy", "mirror"): (100, 100),  # 0.0632 s
    ("jigsaw", 8, "medium", "mirror"): (100, 100),  # 0.0749 s
    ("jigsaw", 8, "hard", "mirror"): (100, 100),  # 0.208 s
    ("jigsaw", 8, "expert", "mirror"): (100, 100),  # 0.17 s
    ("jigsaw", 9, "beginner", "mirror"): (100, 100),  # 0.0714 s
    ("jigsaw", 9, "easy", "mirror"): (100, 100),  # 0.0752 s
    ("jigsaw", 9, "medium", "mirror"): (100, 100),  # 0.108 s
    ("jigsaw", 9, "hard", "mirror"): (100, 100),  # 0.214 s
    ("jigsaw", 9, "expert", "mirror"): (100, 100),  # 0.251 s
    ("x", 4, "beginner", "none"): (100, 100),  # 0.0007 s
    ("x", 4, "easy", "none"): (100, 100),  # 0.0007 s
    ("x", 6, "beginner", "none"): (100, 100),  # 0.0026 s
    ("x", 6, "easy", "none"): (100, 100),  # 0.0029 s
    ("x", 6, "medium", "none"): (100, 100),  # 0.0154 s
    ("x", 6, "hard", "none"): (100, 100),  # 0.0111 s
    ("x", 6, "expert", "none"): (100, 100),  # 0.0452 s
    ("x", 8, "beginner", "none"): (100, 100),  # 0.0034 s
    ("x", 8, "easy", "none"): (100, 100),  # 0.0046 s
    ("x", 8, "medium", "none"): (100, 100),  # 0.0233 s
    ("x", 8, "hard", "none"): (100, 100),  # 0.0387 s
    ("x", 8, "expert", "none"): (100, 100),  # 0.143 s
    ("x", 9, "beginner", "none"): (100, 100),  # 0.0076 s
    ("x", 9, "easy", "none"): (100, 100),  # 0.0077 s
    ("x", 9, "medium", "none"): (100, 100),  # 0.0517 s
    ("x", 9, "hard", "none"): (100, 100),  # 0.0948 s
    ("x", 9, "expert", "none"): (100, 100),  # 0.214 s
    ("x", 12, "beginner", "none"): (100, 100),  # 0.0306 s
    ("x", 12, "easy", "none"): (100, 100),  # 0.0469 s
    ("x", 12, "medium", "none"): (100, 100),  # 0.219 s
    ("x", 12, "hard", "none"): (100, 100),  # 0.31 s
    ("x", 12, "expert", "none"): (100, 100),  # 0.984 s
    ("hyper", 9, "beginner", "none"): (100, 100),  # 0.0091 s
    ("hyper", 9, "easy", "none"): (100, 100),  # 0.0124 s
    ("hyper", 9, "medium", "none"): (100, 100),  # 0.0675 s
    ("hyper", 9, "hard", "none"): (100, 100),  # 0.149 s
    ("hyper", 9, "expert", "none"): (100, 100),  # 0.197 s
    ("jigsaw", 5, "beginner", "none"): (100, 100),  # 0.0164 s
    ("jigsaw", 5, "easy", "none"): (100, 100),  # 0.0166 s
    ("jigsaw", 5, "medium", "none"): (100, 100),  # 0.0722 s
    ("jigsaw", 5, "hard", "none"): (100, 100),  # 0.11 s
    ("jigsaw", 5, "expert", "none"): (100, 100),  # 0.204 s
    ("jigsaw", 6, "beginner", "none"): (100, 100),  # 0.0254 s
    ("jigsaw", 6, "easy", "none"): (100, 100),  # 0.0298 s
    ("jigsaw", 6, "medium", "none"): (100, 100),  # 0.0623 s
    ("jigsaw", 6, "hard", "none"): (100, 100),  # 0.145 s
    ("jigsaw", 6, "expert", "none"): (100, 100),  # 0.205 s
    ("jigsaw", 7, "beginner", "none"): (100, 100),  # 0.0412 s
    ("jigsaw", 7, "easy", "none"): (100, 100),  # 0.0333 s
    ("jigsaw", 7, "medium", "none"): (100, 100),  # 0.0425 s
    ("jigsaw", 7, "hard", "none"): (100, 100),  # 0.091 s
    ("jigsaw", 7, "expert", "none"): (100, 100),  # 0.122 s
    ("jigsaw", 8, "beginner", "none"): (100, 100),  # 0.0574 s
    ("jigsaw", 8, "easy", "none"): (100, 100),  # 0.0575 s
    ("jigsaw", 8, "medium", "none"): (100, 100),  # 0.091 s
    ("jigsaw", 8, "hard", "none"): (100, 100),  # 0.144 s
    ("jigsaw", 8, "expert", "none"): (100, 100),  # 0.188 s
    ("jigsaw", 9, "beginner", "none"): (100, 100),  # 0.0791 s
    ("jigsaw", 9, "easy", "none"): (100, 100),  # 0.0725 s
    ("jigsaw", 9, "medium", "none"): (100, 100),  # 0.154 s
    ("jigsaw", 9, "hard", "none"): (100, 100),  # 0.237 s
    ("jigsaw", 9, "expert", "none"): (100, 100),  # 0.282 s
}


def symmetry_offer(symmetry: str) -> dict[tuple[str, int], tuple[str, ...]]:
    """(variant, size) -> the levels delivered with this non-default symmetry."""
    offer: dict[tuple[str, int], list[str]] = {}
    for level in LEVEL_NAMES:
        for (variant, size, lv, sym), measured in MEASURED_SYMMETRY.items():
            if (lv, sym) == (level, symmetry) and delivered(measured):
                offer.setdefault((variant, size), []).append(level)
    return {combo: tuple(levels) for combo, levels in sorted(offer.items())}


def symmetry_refusal(variant: str, size: int, level: str, symmetry: str) -> str | None:
    """Why givens in this symmetry are not offered for the combination, or None."""
    if symmetry == "rotational" or delivered(MEASURED_SYMMETRY.get((variant, size, level, symmetry))):
        return None
    measured = MEASURED_SYMMETRY.get((variant, size, level, symmetry))
    why = (f"bench/levels.py made {measured[0]} of {measured[1]} seeds within the per-puzzle budget"
           if measured else "not measured")
    offer = "; ".join(f"{n}x{n}{'' if v == 'classic' else ' ' + v} {', '.join(levels)}"
                      for (v, n), levels in symmetry_offer(symmetry).items())
    return (f"{symmetry} givens are offered for {offer or 'no puzzle yet'}; "
            f"a {size}x{size} {variant_name(variant)} at {level} is not ({why})")
