# Every target sets itself up: a virtual environment with the package and its test tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup sample samples test bench clean

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

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf out preview .pytest_cache
