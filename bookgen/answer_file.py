"""`answer_key: separate`: the answers in a file of their own beside the book,
`<book>-answers.pdf`, so the children's sheets go to the copier alone; with a class
record, a class overview first (bookgen.layout.overview). A build step, as
bookgen.book_json is: the book's layout decides where each puzzle is, and the answers'
labels name those pages."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from bookgen.book_sections import book_of
from bookgen.book_spec import BookSpec
from bookgen.layout.answers import answer_pages
from bookgen.layout.laid import BookLayout, Entry
from bookgen.layout.overview import OverviewRow, overview_pages
from bookgen.layout.pages import styled
from bookgen.layout.template import Template
from bookgen.layout.text import Measure


def apart_path(output: str | Path) -> Path:
    """friday.pdf -> friday-answers.pdf, beside it."""
    path = Path(output)
    return path.with_name(f"{path.stem}-answers.pdf")


def answers_layout(spec: BookSpec, entries: list[Entry], book_layout: BookLayout, tpl: Template, measure: Measure,
                   overview: tuple[list[str], list[OverviewRow]] | None = None) -> BookLayout:
    """The teacher's file: the class overview (with a record), then the answers, pages
    numbered from 1, each answer labelled with its puzzle's page in the book."""
    book = dataclasses.replace(book_of(spec), answer_key=True, duplex=False)
    pages = overview_pages(1, overview[0], overview[1], book, tpl, measure) if overview else []
    more, answer_page_of = answer_pages(entries, len(pages) + 1, book_layout.page_of, book, tpl, measure)
    return BookLayout(tpl, tuple(styled(pages + more, entries)), {}, answer_page_of)
