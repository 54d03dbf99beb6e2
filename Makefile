# Two commands for a newcomer: `make run` (set up and start the site) and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup messages db run test check clean

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

setup: $(STAMP)

messages: setup
	$(PY) manage.py compilemessages --ignore=.venv -v 0

db: messages
	$(PY) manage.py migrate --noinput -v 0

run: db
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

test: messages
	$(PY) -m pytest

check: messages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) scripts/check_translations.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
	find locale -name '*.mo' -delete
