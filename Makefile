# The two commands a newcomer runs: `make demo` and `make test`.
# Each creates the local .venv and installs what it needs on a fresh machine.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test install clean browser forums

# pip's own chatter (index warnings of the machine's pip config, setuptools banners) goes to
# .venv/install.log, shown whole only when the install fails: the demo's first screen is the demo.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "installing gorod into $(VENV) (pip's output: $(VENV)/install.log)"
	@{ $(BIN)/python -m pip install -q --upgrade pip && $(BIN)/python -m pip install -q -e '.[test]'; } \
	  > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/gorod demo

# The end-to-end tests need real forums: run.sh installs and starts Spirit on 127.0.0.1
# (tests/realforum/), passes its URL in GOROD_REALFORUM_URL, installs the six engines of
# ../shared/realforum/engines in the background (tests/forums/forumlab.py: MyBB, phpBB, SMF,
# FluxBB, Misago, NodeBB; URLs in GOROD_FORUM_<ENGINE>_URL) and always stops them afterwards.
# split.sh runs the tests on those engines (marked live_forum; mostly waiting on the forums)
# in six pytest processes beside the main one (Spirit's, phpBB's three, MyBB's and SMF's, the
# others'); the main one runs in three (pytest-xdist; GOROD_TEST_WORKERS).
test: $(STAMP) browser forums
	bash tests/realforum/run.sh bash tests/forums/split.sh $(BIN)/python -m pytest -q

# The GM console's browser tests (tests/web/) drive Debian's chromium with Playwright; no
# browser is downloaded. Installed once, as root (CI is a bare machine), quietly.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	  else echo "make test: the browser tests need Debian's chromium: sudo apt-get install chromium" >&2; fi; }

# What the live engines run on (Debian 12): PHP 8.2, MariaDB, PostgreSQL 15, Redis. Installed
# once, as root, quietly, before the engines' own scripts run in parallel.
FORUM_DEBS := php-cli php-sqlite3 php-mbstring php-xml php-gd php-intl php-mysql mariadb-server postgresql-15 redis-server
forums:
	@test -d ../shared/realforum/engines || exit 0; \
	missing=$$(for p in $(FORUM_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	[ -z "$$missing" ] || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make test: installing $$missing (for the live forums)"; \
	    apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq $$missing >/dev/null; \
	  else echo "make test: the live forums need: sudo apt-get install $$missing" >&2; fi; }

clean:
	rm -rf $(VENV) build *.egg-info .realforum
