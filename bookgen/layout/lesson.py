"""A `focus:` section's lesson: one page before the section teaching its technique on a
worked example drawn from the book itself, the section's first puzzle at the moment the
technique is needed. The grid as it stands then (the givens and every digit written
before), rows and columns numbered, the squares the step works on marked 1 and the
pencil marks it crosses out struck through; above it a few sentences saying what the
page is, under it the step in words, all in the book's language."""

from __future__ import annotations

from dataclasses import dataclass

from bookgen.language import N_, Words
from bookgen.layout.heads import footer, running_head
from bookgen.layout.hints import GRID_CELL_MAX, NUMBER_GAP, NUMBER_SHARE, grid_numbers, numbered_steps
from bookgen.layout.laid import Entry, Page, Placement
from bookgen.layout.model import Book, TextItem
from bookgen.layout.template import Template
from bookgen.layout.text import LEADING, Measure, wrap
from bookgen.puzzles.hint import Hint, StepMarks
from bookgen.puzzles.worked import WorkedSteps, worked_steps

PRACTISE = N_("Practise: {technique}")
INTRO = N_("Every puzzle in the next pages needs this technique. Here it is in puzzle {number}, after "
           "{steps} steps: the squares it works on are marked 1, and the pencil marks it crosses out are "
           "struck through. Look for the same pattern in each puzzle.")
# The lesson's drawings are numbered past every puzzle of the book, so the renderer finds
# them beside the book's own entries.
LESSON_NUMBERS = 1_000_000
# The grid's share of the text column, and of the page's height left under the intro.
GRID_SHARE = 0.6
HEIGHT_SHARE = 0.6


@dataclass(frozen=True)
class LessonPlan:
    """One lesson page's content: the puzzle, its worked steps and the step it shows."""

    entry: Entry  # the puzzle at the moment, numbered from LESSON_NUMBERS
    worked: WorkedSteps
    step: Hint
    technique: str
    shown: str  # the puzzle's number as the book prints it
    steps: int  # how many steps led there


def lessons_for(entries: list[Entry], focus: dict[int, str], words: Words) -> dict[int, LessonPlan]:
    """Section index -> its lesson, from the section's first puzzle (the first copy's, in
    a class set) that has the step: every section of `focus` (section -> technique)."""
    found: dict[int, LessonPlan] = {}
    for entry in entries:
        technique = focus.get(entry.section.index)
        worked = worked_steps(entry.ptype)
        if technique is None or entry.section.index in found or worked is None:
            continue
        lesson = worked.lesson(entry.puzzle, technique, words)
        if lesson is not None:
            moment = Entry(LESSON_NUMBERS + entry.section.index, entry.section, lesson.moment, entry.shown)
            found[entry.section.index] = LessonPlan(moment, worked, lesson.step, technique, entry.shown,
                                                    lesson.number - 1)
    return found


def lesson_page(number: int, plan: LessonPlan, book: Book, tpl: Template, measure: Measure) -> Page:
    words, size = book.words, tpl.sizes.body
    texts, rules, y = running_head(words.gettext(PRACTISE).format(technique=plan.technique),
                                   tpl.header_for(book.title), tpl, measure)
    texts += footer(number, book, tpl, measure)
    intro = words.gettext(INTRO).format(number=plan.shown, steps=plan.steps)
    for line in wrap(intro, size, tpl.content_width, measure):
        y += size * LEADING
        texts.append(TextItem(line, tpl.left, y, size))
    y += size * 1.5
    cols, rows = plan.worked.worked_size(plan.entry.puzzle)
    room_below = size * LEADING * 6
    cell = min(GRID_CELL_MAX * 1.4, tpl.content_width * GRID_SHARE / (cols + 1),
               (tpl.text_bottom - y - room_below) * HEIGHT_SHARE / rows)
    numbers = min(size, cell * NUMBER_SHARE)
    room = numbers * (1 + NUMBER_GAP)
    x = tpl.left + (tpl.content_width - cols * cell) / 2
    grid = Placement(plan.entry.number, x, y + room, cell, False, (cols, rows), marks=StepMarks.of([plan.step]))
    texts += grid_numbers(grid, numbers)
    steps, _foot = numbered_steps([plan.step], grid.y + rows * cell + size * 0.6, tpl.left, tpl.content_width, size,
                                  measure)
    texts += steps
    return Page(number, tuple(texts), (grid,), tuple(rules), None, "hints")
