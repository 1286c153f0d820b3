VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# one test worker more than the cores this process may use: the app and browser tests
# often wait on their event loops and browsers (3 on 2 cores beat 2 and 4)
# (sched_getaffinity is Linux's; elsewhere, every core counts)
WORKERS ?= $(shell python3 -c "import os; cores = os.sched_getaffinity(0) if hasattr(os, 'sched_getaffinity') else range(os.cpu_count() or 1); print(len(cores) + 1)")

.PHONY: run test bench fuzz lint clean model

$(PY):
	python3 -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/loremaster

# the tests start Python again and again (the CLI, the app behind table mode, a worker
# each): with bytecode kept (an empty PYTHONDONTWRITEBYTECODE, whatever the shell set)
# each compiles the project once, not at every start, and pytest keeps its rewritten
# test modules (a fifth of the run's CPU on this machine). An idle worker takes tests
# queued for a busy one (`worksteal`): the browser and app tests last seconds each, and
# dealt out ahead of time a few of them end the run on one worker
test: $(STAMP)
	$(VENV)/bin/ruff check cli judge tui tests bench
	$(VENV)/bin/ruff format --check cli judge tui tests bench
	$(VENV)/bin/lint-imports
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(WORKERS) --dist worksteal

# the long property-test profile: 10,000 generated inputs per entry point, with counts
fuzz: $(STAMP)
	LOREMASTER_FUZZ=long $(PY) -m pytest tests/test_properties.py --hypothesis-show-statistics -p no:cacheprovider

bench: $(STAMP)
	$(PY) bench/run.py

# refit the learned ranker on the knowledge base and every labelled question set, and
# ship it (judge/search/model/ranker.bin): run it after changing an entry or a set
# (tests/test_learned.py says when the shipped model is stale). Needs the [train] extra,
# which the [test] extra includes
model: $(STAMP)
	$(PY) tools/train_ranker.py

lint: $(STAMP)
	$(VENV)/bin/ruff check --fix cli judge tui tests bench
	$(VENV)/bin/ruff format cli judge tui tests bench

clean:
	rm -rf $(VENV) build dist *.egg-info
