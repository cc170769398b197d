# Every target sets itself up. uv (pinned by hash in requirements-uv.txt, installed into
# .tools/) installs the exact versions recorded in uv.lock into .venv:
#   make sample / make setup   the runtime only: what a book needs, no test tool
#   make test / make test-fast the runtime and the `test` group (pyproject.toml)
#   make wheel                 the `release` group, then an abi3 wheel in dist/
# A source install compiles the engine (engine/, Rust) with maturin, so it needs cargo;
# the wheel does not. uv rebuilds the engine when its sources change.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
TOOLS := .tools
UV := $(TOOLS)/bin/uv
# uv finds this machine's Python, never downloads one, and fails when uv.lock is out of
# date with pyproject.toml instead of quietly re-resolving. --compile-bytecode, and
# compileall for bookgen's own sources: uv writes no .pyc files, and where Python may
# not write them either (PYTHONDONTWRITEBYTECODE) every process compiled ReportLab,
# fontTools and bookgen afresh: 1 s of a class set's 1.2 s cached rebuild (issue 31).
UV_ENV := UV_PYTHON_DOWNLOADS=never UV_PYTHON=$(PYTHON)
SYNC := $(UV_ENV) $(UV) sync --locked --compile-bytecode
COMPILE := $(BIN)/python -m compileall -q bookgen

.PHONY: setup setup-test sample samples test test-fast rust-checks bench clean pictures \
	frozen-record wheel wheel-check lock

$(UV): requirements-uv.txt
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-uv.txt
	touch $(UV)

# --inexact: a .venv that already has the test tools keeps them (a fresh one gets none).
setup: $(UV)
	$(SYNC) --inexact --quiet
	$(COMPILE)

setup-test: $(UV)
	$(SYNC) --inexact --group test --quiet
	$(COMPILE)

sample: setup
	mkdir -p out
	$(BIN)/bookgen build samples/classroom.yaml -o out/classroom.pdf --json out/classroom.json

samples: setup
	mkdir -p out
	for spec in samples/*.yaml; do $(BIN)/bookgen build $$spec -o out/$$(basename $$spec .yaml).pdf || exit 1; done

# The README's pictures, made by `bookgen preview` from the small specs in docs/pictures/
# (so they show what the tool really prints); the page numbers are the pages pictured.
PICTURES := out/pictures
pictures: setup-test
	rm -rf $(PICTURES) && mkdir -p $(PICTURES)
	for spec in docs/pictures/*.yaml; do $(BIN)/bookgen preview $$spec -o $(PICTURES) --dpi 80 -q >/dev/null || exit 1; done
	cp $(PICTURES)/worksheet-001.png docs/worksheet-page.png
	cp $(PICTURES)/kenken-002.png docs/kenken-page.png
	cp $(PICTURES)/killer-002.png docs/killer-page.png
	cp $(PICTURES)/kenken-003.png docs/answer-page.png
	cp $(PICTURES)/hints-006.png docs/hint-page.png
	$(BIN)/python docs/pictures/composer.py docs

# pytest keeps each test module with its asserts rewritten in tests/__pycache__ (ignored
# by git) and reads it back next time, unless Python may not write bytecode
# (PYTHONDONTWRITEBYTECODE, set on some machines): then every worker of every run
# parsed and rewrote all test modules again, 4 s of collection each. The tests run with
# it unset. --dist worksteal: a worker that runs out of tests takes the other's, so the
# run does not end waiting on one worker's last long tests.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --dist worksteal

# The whole suite on the machine's two cores (pytest-xdist): one process takes about
# half as long again as the 6 minutes the suite is held to on a 2-core machine.
test: setup-test
	$(PYTEST) -n 2

# The quick check while working (under a minute): every test but those marked slow
# (hard puzzles at large sizes, SAT cross-checks, exhaustive searches, the made bold
# font), on the machine's two cores. `make test`, what CI runs, still runs everything.
test-fast: setup-test
	$(PYTEST) -m "not slow" -n 2

# The engine crate's own checks, as CI runs them (needs cargo, rustfmt and clippy).
rust-checks:
	cd engine && cargo fmt --check
	cd engine && cargo clippy --locked --all-targets -- -D warnings
	cd engine && cargo test --locked

# Rewrites tests/frozen_record.json from the current code: only for a change meant to
# change puzzles, whose commit says why (the record's test guards every other change).
frozen-record: setup-test
	$(BIN)/python tests/frozen_record.py --write

bench: setup-test
	$(BIN)/python bench/run.py

# One abi3 wheel (any CPython >= 3.11) for this platform in dist/, built by maturin at
# the locked version in its own environment (.venv-release, so .venv stays lean). On Linux
# zig links it against glibc 2.17 (manylinux2014) and auditwheel checks the tag it
# carries. It installs with no Rust toolchain: `make wheel-check` installs it into a fresh
# environment with no cargo on PATH, with the runtime at the locked versions, and builds
# a book in an unrelated folder. (macOS and Windows: .github/workflows/release.yml.)
RELEASE := .venv-release
WHEEL_FLAGS := $(if $(filter Linux,$(shell uname -s)),--zig --compatibility manylinux2014)
wheel: $(UV)
	UV_PROJECT_ENVIRONMENT=$(RELEASE) $(SYNC) --only-group release --quiet
	rm -rf dist
	PATH="$(CURDIR)/$(RELEASE)/bin:$$PATH" $(RELEASE)/bin/maturin build --release --locked --out dist $(WHEEL_FLAGS)
	if [ "$$(uname -s)" = Linux ]; then $(RELEASE)/bin/auditwheel show dist/*.whl; fi

wheel-check: wheel
	$(PYTHON) .ci/wheel_check.py dist

# Updates uv.lock to the newest versions pyproject.toml's ranges allow, then runs the
# tests on them: a deliberate change, committed on its own (docs/install.md).
lock: $(UV)
	$(UV_ENV) $(UV) lock --upgrade
	$(MAKE) test

clean:
	rm -rf out preview .pytest_cache dist $(RELEASE)
