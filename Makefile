# Two commands for a newcomer: `make run` (set up and start the site) and `make test`.
# The distribution's Python where it is 3.11 or newer and makes venvs (Debian's, built with
# profile-guided and link-time optimisation, does the same work in some 18 % less time than
# pyenv's default build: docs/performance.md, "make test"), else python3.11 or python3.
PYTHON ?= $(shell for p in /usr/bin/python3 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 \
	&& $$p -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	&& { command -v $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Pyodide's files for a match kept on the scorer's phone (below; before the rules that need them).
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide-lock.json
PHONE_DIR := static/phone/pyodide
PHONE_STDLIB := $(PHONE_DIR)/python_stdlib.zip
PHONE_RUNTIME := $(PHONE_DIR)/.copied
# What a target needs is made two at a time: the venv's install and Node's compiling of Pyodide's
# standard library (below) take turns on the two cores instead of one waiting for the other.
MAKEFLAGS += -j2

.PHONY: setup messages db run test check clean

# The packages' bytecode is compiled on every core: pip's own compiling, file by file, was 10 s
# of a 16 s install.
$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --no-compile -r requirements-dev.txt
	$(PY) -m compileall -q -j 0 $(VENV)/lib
	touch $(STAMP)

setup: $(STAMP)

messages: setup
	$(PY) manage.py compilemessages --ignore=.venv -v 0

db: messages
	$(PY) manage.py migrate --noinput -v 0

run: db $(if $(shell command -v npm),$(PHONE_RUNTIME))
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

# From npm: Pyodide (a match kept on the scorer's phone) and the browser tests' axe-core; without
# npm no page offers to keep a match on the phone, and the tests that need either skip, saying why.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Pyodide's files, served from this site (calculator/phone/runtime_files.py): its WebAssembly,
# its module and its standard library with a brotli copy made here, once (whitenoise serves it;
# collectstatic leaves them alone, settings.py says why). The standard library is compiled to
# bytecode here by Pyodide itself (scripts/compile_stdlib.mjs): the phone no longer compiles it
# at every start. It needs only Node, so it is made while pip installs.
$(PHONE_STDLIB): node_modules/.installed scripts/compile_stdlib.mjs
	mkdir -p $(PHONE_DIR)
	node scripts/compile_stdlib.mjs node_modules/pyodide $@

$(PHONE_RUNTIME): $(PHONE_STDLIB) node_modules/.installed $(STAMP)
	cp $(addprefix node_modules/pyodide/,$(PYODIDE_FILES)) $(PHONE_DIR)/
	$(PY) -c 'import brotli, sys; [open(f + ".br", "wb").write(brotli.compress(open(f, "rb").read(), quality=5)) for f in sys.argv[1:]]' $(addprefix $(PHONE_DIR)/,pyodide.asm.wasm pyodide.asm.mjs python_stdlib.zip)
	touch $@

# Four workers (pytest-xdist) on the two cores here: a browser test's chain (Python, Playwright,
# Chromium, the live server) waits on its own answers, so three workers left the cores a tenth
# idle through the browser tests, and a fresh clone's run took 5 min 35 s and 5 min 39 s with
# three, 5 min 20 s with four (docs/performance.md). PYTEST_ARGS picks tests.
# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set (as on the machines here): the
# run starts dozens of Python processes (workers, servers, manage.py), and without it each one
# compiles the project and rewrites the test modules' asserts again (docs/performance.md).
TEST_WORKERS ?= 4

test: messages $(if $(shell command -v npm),node_modules/.installed $(PHONE_RUNTIME))
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

check: messages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) scripts/check_translations.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis static/phone
	find locale -name '*.mo' -delete

# Production: HTTPS behind a proxy, with granian on 127.0.0.1:8000 (belot_site/serve.py). Needs
# DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS (README, "Production"); refuses to start while
# `check --deploy` warns. The rules text shipped with this version replaces the stored text that
# nobody edited in the admin (README, "The admin and the rules text").
.PHONY: serve
serve: export DJANGO_PRODUCTION = 1
serve: messages $(if $(shell command -v npm),$(PHONE_RUNTIME))
	$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py load_rules --if-unedited -v 0
	$(PY) -m belot_site.serve
