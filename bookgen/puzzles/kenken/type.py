"""KenKen (also printed as Calcudoku or MathDoku): fill an N×N grid so each row and
column holds 1..N once, and each bold cage makes its target with its operation:
+ sum, × product, − difference and ÷ exact quotient of a two-cell cage; a one-cell
cage shows its digit. A digit may repeat in a cage when not in the same row or column.

Levels (the grader's techniques, each level adding to those below it; a puzzle is
printed at a level only when the grader solves it with that level's techniques and not
with the level below):
- beginner: every step writes one forced digit, with no pencil marks beyond the digits
  already in the rows and columns: one-cell cages, naked singles (a cell whose row and
  column leave one digit), hidden singles (a digit with one place left in a row or
  column), and cage singles (a cage with one or two empty cells whose target, with the
  digits already in their rows and columns, leaves one digit for a cell: 7+ with the 3
  already written gives 4; 3× in two empty cells is 1 and 3, and where the row already
  has its 1 the cell is 3). Two empty cells, not one, because "which two numbers make
  this, and which one is already used here" is a step a seven-year-old makes without
  pencil marks; README and tests say the same (BEGINNER_OPEN_CELLS = 2).
- easy: adds cage arithmetic as pencil marks: each cell of a cage keeps only the digits
  of some combination that makes the target in those cells.
- medium: adds naked and hidden pairs in rows and columns, and a cage claiming a digit in
  its line (a digit every combination of the cage puts in its cells within one row or
  column leaves the rest of that row or column).
- hard: adds naked and hidden triples, X-wing, and a line pinning a digit into a cage
  (when a row or column can hold a digit only in one cage's cells, that cage's
  combinations without the digit there are struck out).
- expert: adds the line sum and product rules (a row or column totals 1+…+N and
  multiplies to N!, so cages wholly inside it leave a known total to its other cells),
  two cages in a line (a combination of one cage that clashes with every combination of
  another cage sharing its row or column is struck out), XY-wing and swordfish.

With `hide_operations` only the targets are printed, and uniqueness and grading hold
under the hidden rules: a cage may use any of + − × ÷ that makes its target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable

from bookgen.language import ENGLISH, N_, Words
from bookgen.model import Grid, GridModel
from bookgen.puzzles.base import Budget, Puzzle, Violation
from bookgen.puzzles.pen import Pen
from bookgen.puzzles.grid_worked import GridWorked
from bookgen.errors import ParamsError
from bookgen.puzzles.kenken import hints as kenken_hints
from bookgen.puzzles.kenken.rules import (
    LEVEL_NAMES, LEVELS, Params, is_hidden, kenken_model, latin_structure, layout_violations, solving_model,
)
from bookgen.puzzles.registry import names_of

if TYPE_CHECKING:  # only named: a plain solve never makes a puzzle, a plain check never solves (start-up)
    import random

    from bookgen.solve import engine
    from bookgen.solve.result import SolveResult

__all__ = ["LEVELS", "LEVEL_NAMES", "PUZZLE_TYPE", "Budget", "Params", "kenken_model", "solving_model"]

SIGN_RULES = {
    "+": N_("+ adds them"),
    "-": N_("− is the difference of two numbers"),
    "*": N_("× multiplies them"),
    "/": N_("÷ divides the larger of two numbers by the smaller"),
}


# The generator, loaded when first used, as the drawing is (`bookgen solve` needs
# neither), and kept: an import statement in `generate` cost about 8 k instructions a
# puzzle, a tenth of a 4x4's Python side.
_generator: Callable[[Params, random.Random, Budget], tuple[GridModel, Grid]] | None = None


def _load_generator() -> Callable[[Params, random.Random, Budget], tuple[GridModel, Grid]]:
    global _generator
    from bookgen.puzzles.kenken.generate import generate_kenken

    _generator = generate_kenken
    return generate_kenken


class KenKenType(GridWorked[Params]):
    name, aliases = names_of(__name__)  # as the registry's line gives them
    # TRANSLATORS: the puzzle's name as your country's puzzle books print it ("KenKen" is
    # a trademark; many print Calcudoku).
    title = N_("KenKen")
    Params = Params
    grading = LEVELS
    sentences = kenken_hints.SENTENCES

    def instructions_for(self, params: Params, words: Words = ENGLISH) -> str:
        """Explain only the signs the section uses (or that they are hidden)."""
        if params.hide_operations:
            rule = words.gettext("Each bold cage shows only its target: work out whether its numbers are added, "
                                 "subtracted, multiplied or divided to make it (− and ÷ only in two-square cages).")
        else:
            signs = "; ".join(words.gettext(SIGN_RULES[op]) for op in params.operations)
            rule = words.gettext("The numbers in each bold cage make the target in its corner: {signs}.").format(
                signs=signs)
        said = [words.gettext("Fill the grid so that each row and each column holds every number from 1 to the "
                              "grid's size once."), rule,
                words.gettext("A one-square cage shows its number. Numbers may repeat in a cage, but never in a "
                              "row or column.")]
        if params.candidates:
            said.append(words.gettext("The small grey numbers along the foot of each square are the numbers it "
                                      "might hold: cross out each one you rule out, and write the answer large in "
                                      "the middle."))
        return " ".join(said)

    # The offer, the one-line form and the count of answers are imported where used: a
    # plain `bookgen solve` of a JSON puzzle needs none of them (start-up).
    def offer_key(self, params: Params) -> dict[str, Any]:
        from bookgen.puzzles.kenken import offer as kenken_offer

        return kenken_offer.offer_key(params)

    def refusal(self, params: Params) -> ParamsError | None:
        from bookgen.puzzles.kenken import offer as kenken_offer

        return kenken_offer.refusal(self.offer, params)

    def offered_lines(self) -> list[str]:
        from bookgen.puzzles.kenken import offer as kenken_offer

        return kenken_offer.offered_lines(self.offer)

    def generate(self, params: Params, rng: random.Random, budget: Budget) -> Puzzle:
        model, solution = (_generator or _load_generator())(params, rng, budget)
        return Puzzle(self.name, params.difficulty, model, solution, params)

    def from_text(self, text: str, source: str) -> Puzzle:
        from bookgen.puzzles.kenken.text import parse_text

        model = parse_text(text, source)
        return Puzzle(self.name, "", model, None, Params(size=model.rows))

    def new_board(self, model: GridModel) -> engine.Board:
        """The engine's board with KenKen's cages: each keeps the combinations of digits
        that can still make its target."""
        from bookgen.solve import engine

        return engine.Board(model, "kenken")

    def solving_model(self, puzzle: Puzzle) -> GridModel:
        """Solved and graded under the hidden rules when the signs are hidden."""
        return solving_model(puzzle.board, is_hidden(puzzle))

    def solve(self, puzzle: Puzzle, timeout: float | None = None) -> SolveResult:
        """Graded and, when the grader stalls, counted in one engine call (kenken/proof.py)."""
        from bookgen.puzzles.kenken.proof import on_latin_frame, prove, result_of

        model = self.solving_model(puzzle)
        if not on_latin_frame(model):
            return super().solve(puzzle, timeout)
        return result_of(model, self.grading, prove(model, self.grading, always_count=False))

    def certify(self, puzzle: Puzzle) -> list[str]:
        """`GridType.certify`, its grading and its count made in one engine call."""
        # One import statement (a microsecond): certify runs for every puzzle printed.
        from bookgen.puzzles.kenken import check as kenken_check, proof as kenken_proof

        model = self.solving_model(puzzle)
        if not kenken_proof.on_latin_frame(model):
            return super().certify(puzzle)
        answer = puzzle.solution
        level = kenken_proof.certified_level(model, self.grading, answer)
        # The common case, answered by the engine: the grader solved it at the label's
        # level, to the printed answer, which the search finds alone, and which meets
        # every rule (the independent check). Exactly when the general way below finds
        # nothing wrong; anything else goes that way, to say what is wrong.
        if (level is not None and self.grading[max(level, 0)].name == puzzle.difficulty
                and kenken_check.kept_on_frame(puzzle.board, answer)):  # on its frame: `model` is, and shares it
            return []
        raw = kenken_proof.prove_raw(model, self.grading, always_count=True)
        from bookgen.puzzles.grid import certify_grid, searched_once

        proved = kenken_proof.proved_of(raw)
        violations = self.check(puzzle, answer)
        # The printed answer meeting the printed signs (stricter than hidden ones) is the
        # grader's grid meeting them, when the two are the same: one check, not two.
        checked = not violations and proved.graded == puzzle.solution
        result = kenken_proof.result_of(model, self.grading, proved, checked)
        return certify_grid(puzzle, result, violations) + searched_once(model, result, proved.count)

    def check(self, puzzle: Puzzle, solution: Grid) -> list[Violation]:
        """The grid's rules, and a well-formed caging (every cell in one cage, − and ÷
        on two cells)."""
        from bookgen.puzzles.kenken.check import kenken_violations

        return kenken_violations(puzzle.board, solution)

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        from bookgen.puzzles import grid_json

        return {
            "type": self.name,
            **grid_json.model_to_json(puzzle.board),
            "hide_operations": is_hidden(puzzle),
            "difficulty": puzzle.difficulty,
            "solution": grid_json.grid_to_json(puzzle.solution),
        }

    def from_json(self, data: dict[str, Any], source: str = "puzzle") -> Puzzle:
        from bookgen.puzzles import grid_json

        model = grid_json.model_from_json(data, source)
        read = grid_json.FieldReader(source)
        n = model.rows
        if model.cols != n or model.symbols != tuple(range(1, n + 1)):
            raise read.fail("rows/cols/symbols", "a KenKen is square with the symbols 1..N")
        for v in layout_violations(model):
            raise read.fail("cages", str(v))
        hidden = data.get("hide_operations", False)
        if not isinstance(hidden, bool):
            raise read.fail("hide_operations", f"expected true or false, got {hidden!r}")
        solution = grid_json.read_solution(data, n, n, source)
        # Rebuild from the model so the cages are in the order this module writes them.
        model = kenken_model(n, model.cages)
        params = Params(size=n, hide_operations=hidden)
        return Puzzle(self.name, str(data.get("difficulty", "")), model, solution, params)

    def misfit(self, puzzle: Puzzle, params: Params) -> str | None:
        """Only the operations asked for (a one-cell cage shows its digit), cages no
        larger than `max_cage`."""
        wrong = super().misfit(puzzle, params)
        cages = puzzle.board.cages
        if wrong is None and any(cage.op not in (*params.operations, "=") for cage in cages):
            return f"an operation other than {', '.join(params.operations)}"
        if wrong is None and max(len(cage.cells) for cage in cages) > params.max_cage:
            return f"a cage larger than max_cage {params.max_cage}"
        return wrong

    def result_json(self, puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
        """The shared report, plus two different solutions when the puzzle is ambiguous
        (someone typing in a newspaper puzzle wants to see where they disagree)."""
        from bookgen.puzzles import grid_json

        report = super().result_json(puzzle, result)
        if result.solutions > 1:
            report["two_solutions"] = [grid_json.grid_to_json(result.solution), grid_json.grid_to_json(result.other)]
        return report

    def answers_at_least(self, params: Params, enough: int) -> bool:
        """The answers are the latin squares of the size (a 3x3 has 12, a 4x4 576)."""
        from bookgen.puzzles import identity

        return identity.answers_at_least(latin_structure(params.size), enough)

    def identity(self, puzzle: Puzzle) -> tuple:
        """The clues a child reads: the cages and their targets. Whether the signs are
        printed or hidden changes the printing only, so a cage's sign is left out: the
        same cages and targets over the same answer are one puzzle, shown or not."""
        model = puzzle.board
        return (model.rows, model.cols, model.givens, tuple(sorted((k.cells, k.target) for k in model.cages)))

    def describe(self, puzzle: Puzzle, words: Words = ENGLISH) -> str:
        shown = super().describe(puzzle, words)
        return words.gettext("{size} · no signs").format(size=shown) if is_hidden(puzzle) else shown

    def draw(self, puzzle: Puzzle, pen: Pen, solution: Grid | None = None, style: Hashable | None = None) -> None:
        from bookgen.puzzles.kenken.draw import draw_kenken

        draw_kenken(puzzle, pen, solution, style)

    def section_style(self, puzzles: list[Puzzle]) -> tuple[str, ...]:
        """Every clue of the section: its drawings share the size that fits the widest."""
        from bookgen.puzzles.kenken.draw import clues_of

        return clues_of(puzzles)



PUZZLE_TYPE = KenKenType()
