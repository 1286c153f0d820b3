"""Where the knowledge base and the user cache live."""

from __future__ import annotations

import os
from pathlib import Path

KB_FOLDERS = ("rules", "faq", "errata")


def kb_root() -> Path:
    """The folder holding `rules/`, `faq/` and `errata/`.

    An installed wheel carries them inside the package as `judge/data/`; a checkout
    (and an editable install) keeps them at the top of the repository.
    """
    judge = Path(__file__).resolve().parents[1]
    packaged = judge / "data"
    if packaged.is_dir():
        return packaged
    return judge.parent


def examples_root() -> Path:
    """The example input files (`examples/`), shipped beside the knowledge base."""
    return kb_root() / "examples"


def cache_dir() -> Path:
    """The per-user cache directory (`LOREMASTER_CACHE_DIR` overrides it, for tests)."""
    override = os.environ.get("LOREMASTER_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("loremaster", appauthor=False))
