# The two commands a newcomer runs: `make demo` and `make test`.
# Each creates the local .venv and installs what it needs on a fresh machine.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test install clean browser

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
test: $(STAMP) browser
	bash tests/realforum/run.sh $(BIN)/python -m pytest -q

# The GM console's browser tests (tests/web/) drive Debian's chromium with Playwright; no
# browser is downloaded. Installed once, as root (CI is a bare machine), quietly.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	  else echo "make test: the browser tests need Debian's chromium: sudo apt-get install chromium" >&2; fi; }

clean:
	rm -rf $(VENV) build *.egg-info .realforum
