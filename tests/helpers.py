"""Helpers shared by tests (importable, unlike conftest)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


class CliResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err

    def json(self):
        import json

        return json.loads(self.out)


def run_loremaster(*args: str, cwd: Path | None = None, env: dict | None = None) -> CliResult:
    """Run the installed console script in a subprocess (exit codes, stderr, no tracebacks)."""
    command = [sys.executable, "-m", "cli", *args]
    proc = subprocess.run(
        command,
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        env={**os.environ, **(env or {})},
        timeout=120,
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)
