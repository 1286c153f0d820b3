"""`bench/ablate.py` switches off rules that exist: each patch's target resolves, so an
ablation never silently measures a rule renamed or gone (mock.patch would only fail
when that ablation runs, minutes into a run)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _resolves(target: str) -> bool:
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def test_every_ablation_patches_something_that_exists(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    ablate = importlib.import_module("ablate")
    missing = [
        (name, target)
        for name, patches in ablate.ABLATIONS.items()
        for target, _ in patches
        if not _resolves(target)
    ]
    assert not missing
    sys.modules.pop("ablate", None)
