# Quick start: `make play` to play, `make test` to run the whole test suite.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: play test soak bench clean

$(STAMP): pyproject.toml hatch_build.py src/cutthroat/games/kill_the_kings/_clairvoyant.c
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "needs $(PYTHON) (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,web]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/cutthroat

test: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal -q

soak: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n 2 --dist worksteal -q -m soak

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist .pytest_cache
