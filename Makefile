# Every target sets itself up: a virtual environment with the package and its test tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup sample samples test test-fast bench clean pictures frozen-record

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

sample: $(STAMP)
	mkdir -p out
	$(BIN)/bookgen build samples/classroom.yaml -o out/classroom.pdf --json out/classroom.json

samples: $(STAMP)
	mkdir -p out
	for spec in samples/*.yaml; do $(BIN)/bookgen build $$spec -o out/$$(basename $$spec .yaml).pdf || exit 1; done

# The README's pictures, made by `bookgen preview` from the small specs in docs/pictures/
# (so they show what the tool really prints); the page numbers are the pages pictured.
PICTURES := out/pictures
pictures: $(STAMP)
	rm -rf $(PICTURES) && mkdir -p $(PICTURES)
	for spec in docs/pictures/*.yaml; do $(BIN)/bookgen preview $$spec -o $(PICTURES) --dpi 80 -q >/dev/null || exit 1; done
	cp $(PICTURES)/worksheet-001.png docs/worksheet-page.png
	cp $(PICTURES)/kenken-002.png docs/kenken-page.png
	cp $(PICTURES)/killer-002.png docs/killer-page.png
	cp $(PICTURES)/kenken-003.png docs/answer-page.png
	cp $(PICTURES)/hints-006.png docs/hint-page.png
	$(BIN)/python docs/pictures/composer.py docs

test: $(STAMP)
	$(BIN)/python -m pytest

# The quick check while working (under a minute): every test but those marked slow
# (hard puzzles at large sizes, SAT cross-checks, exhaustive searches, the made bold
# font). `make test`, what CI runs, still runs everything.
# The quick tests (not marked slow), on the machine's two cores: about 35 s on this
# 2-core machine at rest (one process takes 60-70 s).
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" -n 2

# Rewrites tests/frozen_record.json from the current code: only for a change meant to
# change puzzles, whose commit says why (the record's test guards every other change).
frozen-record: $(STAMP)
	$(BIN)/python tests/frozen_record.py --write

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf out preview .pytest_cache
