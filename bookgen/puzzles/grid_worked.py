"""Worked steps for grid puzzles: the grader's own steps, in plain words.

A grid type that declares them (GridWorked) writes each step as sentences
(bookgen.puzzles.hints), naming squares by row and column, houses as its drawing marks
them and values as it prints them; the steps are the grader's on the type's own board, so
every one is sound and none is beyond the puzzle's level.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable, Mapping

from bookgen.language import ENGLISH, Words
from bookgen.model import GridModel
from bookgen.puzzles import hint_sentences
from bookgen.puzzles.base import P, Puzzle
from bookgen.puzzles.grid import GridType
from bookgen.puzzles.worked import WorkedSteps
from bookgen.solve.cages import CageTooLarge
from bookgen.solve.engine import Board, Contradiction
from bookgen.solve.ladder import Level

if TYPE_CHECKING:  # the words' machinery is loaded when a step is said, not at start-up (issue 31)
    from bookgen.puzzles import hints as wording
    from bookgen.puzzles.hint import Hint, Lesson
    from bookgen.self_check import SelfCheck
    from bookgen.solve.grader import Step  # the grader is loaded where steps are taken, not by a plain solve


class GridWorked(GridType[P], WorkedSteps[P, GridModel]):
    """A grid type with worked steps."""

    # What each technique's step says in worked steps (a type with techniques of its own
    # adds their sentences to the shared ones).
    sentences: Mapping[str, str] = hint_sentences.SENTENCES

    def steps(self, puzzle: Puzzle[GridModel]) -> list[Step]:
        """The grader's steps, for worked solutions."""
        model = self.solving_model(puzzle)
        try:
            board = self.new_board(model)
        except (Contradiction, CageTooLarge):  # a cage no person would list: no steps
            return []
        return grader_steps(model, self.grading, board)

    def hints(self, puzzle: Puzzle[GridModel], limit: int, words: Words = ENGLISH) -> list[Hint]:
        from bookgen.puzzles import hints as wording
        from bookgen.puzzles.hint_names import grid_naming

        return wording.first_hints(self.hint_steps(puzzle), limit, self.value_name(puzzle, words), self.sentences,
                                   words, grid_naming(self.marked_houses(puzzle)), marks=self.value_label(puzzle),
                                   noun=self.value_noun(puzzle))

    def self_check(self, puzzle: Puzzle[GridModel]) -> SelfCheck | None:
        """Empty squares whose answers add up to a sum that fixes none of them, where
        every value is printed as its own number (not a letter or a picture)."""
        from bookgen.self_check import self_check

        board, label = puzzle.board, self.value_label(puzzle)
        if not board.symbols or any(label(v) != str(v) for v in board.symbols):
            return None
        given = {(r, c) for r, c, _v in board.givens}
        empty = [cell for cell in board.cells if cell not in given]
        return self_check(puzzle.solution, empty, min(board.symbols), max(board.symbols))

    def technique_level(self, name: str) -> tuple[str, str] | None:
        wanted = " ".join(name.split()).lower()
        for level in self.grading:
            for technique in level.techniques:
                if technique.name.lower() == wanted:
                    return technique.name, level.name
        return None

    def needs_technique(self, puzzle: Puzzle[GridModel], technique: str) -> bool:
        return needs_technique(self, puzzle, technique)

    def lesson(self, puzzle: Puzzle[GridModel], technique: str, words: Words = ENGLISH) -> Lesson | None:
        """The puzzle at the moment the grader first uses `technique` on it (the givens
        and every digit written before), and that step in words."""
        steps = self.steps(puzzle)
        at = next((k for k, step in enumerate(steps) if step.technique == technique), None)
        if at is None:
            return None
        written = {(r, c): v for r, c, v in puzzle.board.givens}
        for step in steps[:at]:
            written.update(dict(step.placed))
        from bookgen.puzzles import hints as wording
        from bookgen.puzzles.hint import Lesson
        from bookgen.puzzles.hint_names import grid_naming

        said = wording.first_hints(steps[at:], 1, self.value_name(puzzle, words), self.sentences, words,
                                   grid_naming(self.marked_houses(puzzle)), marks=self.value_label(puzzle),
                                   noun=self.value_noun(puzzle))
        if not said:
            return None
        moment = dataclasses.replace(puzzle, board=puzzle.board.with_givens(written))
        return Lesson(moment, said[0], at + 1)

    def marked_houses(self, puzzle: Puzzle[GridModel]) -> wording.Marked:
        """The letter the drawing prints on a house, by its cells (a house worked steps
        then name by its letter); none by default."""
        return {}

    def value_name(self, puzzle: Puzzle[GridModel], words: Words = ENGLISH) -> Callable[[int], str]:
        """A value as a sentence in `words`' language names it: as printed by default (a
        digit, a letter); a picture by its name in that language ("the circle")."""
        return self.value_label(puzzle)

    def value_noun(self, puzzle: Puzzle[GridModel]) -> str | None:
        """What worked steps call the values ("every other number"), when the labels do not
        say it (bookgen.puzzles.hints.symbol_noun): None here."""
        return None

    def hint_steps(self, puzzle: Puzzle[GridModel]) -> list[Step]:
        """Worked steps that do not always open the same way: the grader tries the easiest
        technique first, so every sudoku would start with singles in a box. Here one of
        the single techniques the puzzle's level allows is tried first (which one turns
        with the puzzle's givens, so a book's puzzles start differently), and the steps
        are the grader's own under that order: every one sound, none beyond the level.
        How the puzzle is graded does not change."""
        steps = self.steps(puzzle)
        names = [level.name for level in self.grading]
        top = names.index(puzzle.difficulty) if puzzle.difficulty in names else len(names) - 1
        allowed = [t.name for level in self.grading[: top + 1] for t in level.techniques if t.name in OPENINGS]
        if not steps or steps[0].technique not in OPENINGS or len(allowed) < 2:
            return steps
        turn = sum(r * 7 + c * 3 + v for r, c, v in puzzle.board.givens) % len(allowed)
        model = self.solving_model(puzzle)
        for name in allowed[turn:] + allowed[:turn]:
            try:
                tried = grader_steps(model, _preferring(self.grading[: top + 1], name), self.new_board(model))
            except (Contradiction, CageTooLarge):
                return steps
            if tried and tried[0].technique == name:
                return tried
        return steps


# The techniques a worked solution may open with: the singles, which need no pencil marks
# (a KenKen's free one-square cages still come first: they are where a child starts).
OPENINGS = ("hidden single in a box", "hidden single", "naked single", "full house")


def _preferring(levels: tuple[Level, ...], name: str) -> tuple[Level, ...]:
    """The levels with the technique `name` tried before every other (the same techniques)."""
    chosen = tuple(t for level in levels for t in level.techniques if t.name == name)
    rest = tuple(Level(level.name, tuple(t for t in level.techniques if t.name != name)) for level in levels)
    return (Level(name, chosen),) + rest


def needs_technique(ptype: GridType, puzzle: Puzzle[GridModel], technique: str) -> bool:
    """The one test of "this puzzle needs this technique": the grader, with the type's
    ladder up to the puzzle's level, uses it to solve the puzzle, and with the same
    ladder less that one technique cannot finish it: a child at that level must use it.
    (With harder levels' techniques allowed too, most techniques have a stronger one that
    does their work.)"""
    from bookgen.solve.grader import grade_board, without
    from bookgen.solve.result import Outcome

    model = ptype.solving_model(puzzle)
    names = [level.name for level in ptype.grading]
    ladder = ptype.grading[: names.index(puzzle.difficulty) + 1] if puzzle.difficulty in names else ptype.grading
    try:
        full = grade_board(ptype.new_board(model), ladder)
        if full.outcome is not Outcome.SOLVED or technique not in full.used:
            return False
        return grade_board(ptype.new_board(model), without(ladder, technique)).outcome is not Outcome.SOLVED
    except (Contradiction, CageTooLarge):
        return False


def grader_steps(model: GridModel, levels: tuple[Level, ...], board: Board | None = None) -> list[Step]:
    """The grader's steps on the puzzle, in order, as it takes them (worked solutions)."""
    from bookgen.solve.grader import grade_board

    found: list[Step] = []
    try:
        grade_board(board or Board(model), levels, steps=found)
    except Contradiction:
        return []
    return found
