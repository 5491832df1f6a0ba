# The two commands a newcomer runs: `make demo` and `make test`.
# Each creates the local .venv and installs what it needs on a fresh machine.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/gorod demo

# The end-to-end tests need a real forum: run.sh installs and starts Spirit on 127.0.0.1
# (tests/realforum/), passes its URL in GOROD_REALFORUM_URL and always stops it afterwards.
test: $(STAMP)
	bash tests/realforum/run.sh $(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) build *.egg-info .realforum
