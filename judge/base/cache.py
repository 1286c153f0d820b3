"""Atomic writes into the user cache: readers never see a half-written file or index."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

#: a temporary file or build folder older than this is a crashed write, not one in
#: progress: a whole index builds in seconds and a file is written in less
ABANDONED_SECONDS = 15 * 60
#: of a cache's older versions (older knowledge bases, other checkouts sharing the
#: folder), the most recently used this many are kept...
KEEP_VERSIONS = 4
#: ...and none used within this long is removed (another process may be opening it)
IN_USE_SECONDS = 3600
#: one unused for this long is removed whatever else is kept
UNUSED_SECONDS = 7 * 24 * 3600


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


def kept(name: str, key: list, build):
    """A table (`build`, of marshal-able values) read from the user cache file `name`
    when it was built for this `key` (what it is worked out from: the version of the
    code that builds it and the content of its sources), else built and written
    atomically. One that cannot be read is rebuilt; a read-only cache only costs speed.
    Each caller remembers its table for the process."""
    import marshal

    from judge.base.paths import cache_dir

    cached = cache_dir() / name
    try:
        stored = marshal.loads(cached.read_bytes())
        if isinstance(stored, dict) and stored.get("key") == key:
            return stored["table"]
    except (OSError, ValueError, EOFError, TypeError):
        pass
    table = build()
    with contextlib.suppress(OSError):
        write_atomic(cached, marshal.dumps({"key": key, "table": table}))
    return table


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


def replace_dir_atomic(built: Path, final: Path) -> None:
    """Put a fully built directory at `final`, swapping out what is there.

    With nothing at `final`, this is `install_dir_atomic`. Otherwise the old directory
    is renamed away first (into a private name of its own, then removed), and the new
    one renamed in: `final` is missing only between two renames, and a reader that
    already opened the old one's files keeps them.
    """
    if not final.exists() and not final.is_symlink():
        install_dir_atomic(built, final)
        return
    old = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{final.name}."))
    with contextlib.suppress(FileNotFoundError):  # another process swapped it away first
        os.replace(final, old / "old")
    try:
        os.rename(built, final)
    except OSError:
        shutil.rmtree(built, ignore_errors=True)
        if not final.is_dir():
            raise
    finally:
        shutil.rmtree(old, ignore_errors=True)


def make_build_dir(parent: Path, prefix: str) -> Path:
    """A fresh private directory under `parent`, on the same file system as the target."""
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(dir=parent, prefix=f".{prefix}."))


def sweep_temporaries(folder: Path, names: Iterable[str]) -> None:
    """Remove the temporary files `write_atomic` left beside these files in a crash
    (`.NAME.<random>.tmp`), once they are old enough to be abandoned. Only those
    names are touched: a cache or data folder may hold the user's own files too."""
    prefixes = tuple(f".{name}." for name in names)
    cutoff = time.time() - ABANDONED_SECONDS
    try:
        candidates = list(os.scandir(folder))
    except OSError:
        return
    for entry in candidates:
        if entry.name.startswith(prefixes) and entry.name.endswith(".tmp"):
            try:
                if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < cutoff:
                    os.unlink(entry.path)
            except OSError:
                pass  # best effort: another process may be sweeping too


def stale_versions(last_used: dict[Path, float], now: float | None = None) -> list[Path]:
    """Which of a cache's older versions to remove, given when each was last used: all
    but the KEEP_VERSIONS most recent, unless used within IN_USE_SECONDS, and any
    unused for UNUSED_SECONDS. The caller passes only what it made itself."""
    now = time.time() if now is None else now
    by_use = sorted(last_used, key=last_used.get, reverse=True)
    return [
        path
        for rank, path in enumerate(by_use)
        if now - last_used[path] > UNUSED_SECONDS
        or (rank >= KEEP_VERSIONS and now - last_used[path] > IN_USE_SECONDS)
    ]
