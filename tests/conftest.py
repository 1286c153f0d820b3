"""Shared fixtures: a private cache directory, the real knowledge base, CLI runners."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory):
    """Every test run gets its own cache, so tests never touch the user's."""
    cache = tmp_path_factory.mktemp("cache")
    os.environ["LOREMASTER_CACHE_DIR"] = str(cache)
    yield cache


@pytest.fixture(scope="session")
def kb():
    from judge.knowledge import load

    return load()


@pytest.fixture
def kb_copy(tmp_path):
    """A writable copy of the knowledge base, for tests that break or change it."""
    from judge.paths import KB_FOLDERS, kb_root

    for folder in KB_FOLDERS:
        shutil.copytree(kb_root() / folder, tmp_path / folder)
    return tmp_path


class CliResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err

    def json(self):
        return json.loads(self.out)


@pytest.fixture
def cli(capsys):
    """Run `loremaster ARGS` in this process and capture what it prints."""
    from judge.cli.main import main

    def run(*args: str) -> CliResult:
        code = main(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


def run_loremaster(*args: str, cwd: Path | None = None, env: dict | None = None) -> CliResult:
    """Run the installed console script in a subprocess (exit codes, stderr, no tracebacks)."""
    command = [sys.executable, "-m", "judge", *args]
    proc = subprocess.run(
        command, capture_output=True, text=True, cwd=cwd or REPO, env={**os.environ, **(env or {})}, timeout=120
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)
