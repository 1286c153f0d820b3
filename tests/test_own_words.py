"""The knowledge base is in our own words: no file repeats a run of the source
documents' words (`copycheck.py`). The stricter check, a run with one word changed
(`--near`), takes ten times as long and runs in `make bench`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
COPYCHECK = REPO.parent / "shared" / "tools" / "copycheck.py"


@pytest.mark.skipif(not COPYCHECK.is_file(), reason="../shared/tools/copycheck.py is not here")
def test_no_file_repeats_a_run_of_the_sources_words():
    done = subprocess.run(
        [sys.executable, str(COPYCHECK), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.strip().endswith("0 files share 12-word runs with the source documents"), (
        done.stdout[-3000:] + done.stderr[-2000:]
    )
