"""Shared fixtures: a private cache directory, the real knowledge base, CLI runners."""

from __future__ import annotations

import gc
import os
import shutil

import pytest
from helpers import CliResult

# The suite holds the knowledge base, the index and app after app in memory: at Python's
# default thresholds the collector walks all of that again every few hundred new objects,
# a quarter of the app tests' time. Rarer collections find the same garbage.
gc.set_threshold(10_000, 20, 50)


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    """Every test run gets its own cache and data directory (imported documents), so tests
    never touch the user's nor see what the user imported."""
    cache = tmp_path_factory.mktemp("cache")
    os.environ["LOREMASTER_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _copy_shared_index(tmp_path_factory.getbasetemp().parent, cache)
    os.environ["LOREMASTER_CACHE_DIR"] = str(cache)
    yield cache


def _copy_shared_index(run_root, cache) -> None:
    """Under `pytest -n`, the first worker builds the index in the run's shared temporary
    directory and each worker starts with a copy in its own cache: one build instead of
    one per worker, which is most of a worker's first search. Each keeps its own copy,
    since a test that imports a document rebuilds that worker's index and removes the
    old one."""
    import fcntl

    from judge.search.index import ensure

    shared = run_root / "shared-cache"
    with open(run_root / "shared-cache.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait for the first worker's build
        os.environ["LOREMASTER_CACHE_DIR"] = str(shared)
        built = ensure().path
    shutil.copytree(built, cache / built.name)


@pytest.fixture(scope="module")
def searcher():
    """A searcher of the lexical stage (no learned model), shared by a module's tests."""
    from judge.search.engine import Searcher

    found = Searcher(learned=False)
    yield found
    found.close()


@pytest.fixture(scope="session")
def kb():
    from judge.kb.knowledge import load

    return load()


@pytest.fixture
def kb_copy(tmp_path):
    """A writable copy of the knowledge base, for tests that break or change it."""
    from judge.base.paths import KB_FOLDERS, kb_root

    for folder in KB_FOLDERS:
        shutil.copytree(kb_root() / folder, tmp_path / folder)
    return tmp_path


@pytest.fixture
def small_kb(tmp_path, monkeypatch):
    """The keyword entries only (a quick index to build), with a cache of their own."""
    from judge.base.paths import KB_FOLDERS, kb_root

    root = tmp_path / "kb"
    for folder in KB_FOLDERS:
        (root / folder).mkdir(parents=True)
    shutil.copytree(kb_root() / "rules" / "keywords", root / "rules" / "keywords")
    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(tmp_path / "cache"))
    return root


@pytest.fixture
def cli(capsys):
    """Run `loremaster ARGS` in this process and capture what it prints."""
    from cli.main import main

    def run(*args: str) -> CliResult:
        code = main(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


def _hypothesis_profiles() -> None:
    """Fast property tests in `make test`; `make fuzz` (LOREMASTER_FUZZ=long) tries 10,000."""
    from hypothesis import settings

    settings.register_profile("fast", max_examples=40, deadline=None, derandomize=True)
    settings.register_profile("long", max_examples=10_000, deadline=None)
    settings.load_profile("long" if os.environ.get("LOREMASTER_FUZZ") == "long" else "fast")


_hypothesis_profiles()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """Collect the run's garbage once, then freeze what is left, so that pytest's five
    closing collections (looking for unraisable exceptions) find nothing to walk.

    A worker holds the knowledge base, indexes and apps: a full collection takes
    seconds, and pytest-xdist's controller interrupts a worker still busy five seconds
    after it asks it to stop (execnet sends SIGINT). The interrupt then landed in the
    garbage-collector callback that hypothesis installs for every process that runs a
    property (`ConjectureData` times collections whatever the settings), and runs ended
    with "Exception ignored in gc_callback ... KeyboardInterrupt". This collection runs
    before the worker says it has finished, so no one interrupts it.
    """
    gc.collect()
    gc.freeze()
