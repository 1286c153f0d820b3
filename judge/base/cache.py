"""Atomic writes into the user cache: readers never see a half-written file or index."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def install_dir_atomic(built: Path, final: Path) -> bool:
    """Rename a fully built directory into place; False if another process won the race.

    A directory rename is atomic on one file system, so a reader sees either no index
    or a complete one. The loser of a race throws its copy away.
    """
    try:
        os.rename(built, final)
        return True
    except OSError:
        shutil.rmtree(built, ignore_errors=True)
        if final.is_dir():
            return False
        raise


def make_build_dir(parent: Path, prefix: str) -> Path:
    """A fresh private directory under `parent`, on the same file system as the target."""
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(dir=parent, prefix=f".{prefix}."))
