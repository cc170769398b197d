"""The book's puzzles as interchange JSON (`bookgen build --json`): each puzzle in its
type's own form, with where the book printed it and its answer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bookgen.book_spec import BookSpec
from bookgen.layout.laid import BookLayout, Entry
from bookgen.puzzles.score import score


def book_json(spec: BookSpec, entries: list[Entry], layout: BookLayout) -> dict[str, Any]:
    items = []
    for entry in entries:
        head = {
            "id": str(entry.number),
            **({"copy": entry.section.copy} if entry.section.copy else {}),
            "section": entry.section_title,
            "type": entry.puzzle.type,
            "difficulty": entry.puzzle.difficulty,
            "score": entry.score if entry.score is not None else score(entry.puzzle),
            "page": layout.page_of[entry.number],
            "answer_page": layout.answer_page_of.get(entry.number),
        }
        items.append({**head, **entry.ptype.to_json(entry.puzzle)})
    return {"title": spec.title, "seed": spec.seed, "puzzles": items}


def write_json(path: str | Path, data: Any) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
