# Two commands matter: `make run` and `make test`. Everything else is a step of theirs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Python keeps its compiled modules (__pycache__, ignored by git) even where the environment says
# not to: without them every test process and every CLI run a test starts compiles the project
# anew, and pytest rewrites every test module's asserts again (7 s of CPU per worker).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install run test quick lint check bench clean site messages translations

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# --no-compile: pip would compile every module it installs, one after the other (about 20 s of a
# fresh install, most of them never imported); Python compiles a module the first time one is
# imported and keeps it (see PYTHONDONTWRITEBYTECODE above).
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test]'
	touch $(STAMP)

install: $(STAMP) translations

# The gettext catalogues (web/i18n.py): `make messages` extracts every msgid into each catalogue's
# messages.pot and merges the French .po files (fill in the new msgstr, then `make translations`);
# `make translations` compiles the .mo files (build output; the app also compiles missing ones).
messages: $(STAMP)
	$(BIN)/python -m web.catalogues update

translations: $(STAMP)
	$(BIN)/python -m web.catalogues compile

run: install
	$(BIN)/fallujah check
	test -f site/_build/html/index.html || $(MAKE) site  # builds the rules site when it is missing
	$(BIN)/fallujah search Zone --limit 1 > /dev/null  # builds the search index when it is missing
	$(BIN)/fallujah serve

# The whole suite: first the tests marked serial (they measure time or memory against the machine,
# so no other test runs beside them; they spend most of their 30 s waiting on a server, which
# leaves a core to CI's lint), then the others spread over the machine's cores (pytest-xdist; each
# worker has its own PostgreSQL database, tests/conftest.py). `make quick` leaves out the tests
# marked slow.
# One worker more than the cores: with one a core, the cores were idle a twentieth of the time
# (a browser test waits on Chromium and its server, a CLI test on its process); with one more,
# under a hundredth.
PYTEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
# The modules marking serial tests, found by their marker (collecting all 137 modules to pick 3
# tests took 6 s of the serial phase).
SERIAL_MODULES = $(shell grep -l 'pytest.mark.serial' tests/test_*.py)
test: install
	$(BIN)/python -m pytest -m serial $(SERIAL_MODULES)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "not serial" --durations=10

quick: install
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "not slow and not serial"

# ruff, mypy (the rulebook data layer, the adjudicator and the companion with every game package),
# and the layers' import contracts (pyproject.toml [tool.importlinter]; the site's extension is on
# the path so its imports are checked too). All three run; any failure fails the target.
# The generic modules (the rules layer, the adjudicator's kernel, the web layer outside web/games),
# which every game goes through, are checked with mypy --strict's flags (issue 20: 0 errors), set
# for them in pyproject.toml's [[tool.mypy.overrides]]: one mypy run checks everything.
lint: install
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/mypy rules_text adjudicator web || status=1; \
	PYTHONPATH=site/_ext $(BIN)/lint-imports --no-cache || status=1; \
	exit $$status

check: install
	$(BIN)/fallujah check

# The static rules site (Sphinx + MyST, pages generated from the corpus), warnings as errors.
site: install
	mkdir -p site/_generated
	$(BIN)/sphinx-build -W --keep-going -q -b html -c site site/_generated site/_build/html

bench: install
	$(BIN)/python -m pytest tests/benchmarks -s -q -p no:cacheprovider -o python_files='bench_*.py' -o testpaths=tests/benchmarks

clean:
	rm -rf $(VENV) .pytest_cache
