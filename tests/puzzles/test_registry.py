"""The registry: one line a type, naming it as the type names itself, and loading a type
only when it is asked for."""

from __future__ import annotations

import subprocess
import sys

from bookgen.puzzles import registry


def test_each_line_names_its_type_as_the_type_names_itself():
    for line in registry._TYPES:
        ptype = registry.get(line.names[0])
        assert (ptype.name, *ptype.aliases) == line.names
    assert registry.names() == [t.name for t in registry.all_types()]


def test_any_name_a_spec_may_give_finds_its_type_in_any_case():
    assert registry.get("KenKen").name == "kenken"
    assert registry.get("calcudoku").name == "kenken"
    assert registry.get("15-puzzle").name == "sliding"
    assert registry.get("chess") is None


def test_asking_for_one_type_loads_that_type_alone():
    # In a fresh interpreter: `bookgen solve` of a KenKen should not load the others.
    code = ("import sys; from bookgen.puzzles import registry; registry.get('kenken'); "
            "print(sorted(m for m in sys.modules if m.startswith('bookgen.puzzles.') and m.endswith('.type')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['bookgen.puzzles.kenken.type']"
