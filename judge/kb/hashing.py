"""Finding the knowledge-base files and hashing them: the key of every cache.

Kept apart from parsing so that a command that only needs the hash (to find its
cached index) imports nothing else.
"""

from __future__ import annotations

import hashlib
import os
from contextlib import suppress
from pathlib import Path

from judge.base.paths import KB_FOLDERS


def _entry_stats(folder: str) -> list[tuple[str, os.stat_result]]:
    """(path, stat) of every regular `.md` file below a folder. What cannot be read on its
    own (a dangling link, a pipe) is left out, the rest of its folder kept; `validate`
    reports it (`judge.base.reading.files_below`)."""
    from judge.base.reading import files_below

    return files_below(folder, ".md")[0]


def kb_files(root: Path) -> list[Path]:
    """Every entry file, in a stable order."""
    return [
        Path(path)
        for path, _ in sorted(s for folder in KB_FOLDERS for s in _entry_stats(str(root / folder)))
    ]


def content_hash(root: Path) -> str:
    """A hash of every entry file's path and bytes, and of the card facts file: the key
    of every cache.

    Reading every file on each command would cost more than the command, so the hash
    is remembered in the cache against the files' stat signature (paths, sizes and
    modification times); any edit changes the signature and forces a fresh hash.
    """
    import json

    from judge.base.cache import write_atomic
    from judge.base.paths import cache_dir

    stats = sorted(s for folder in KB_FOLDERS for s in _entry_stats(str(root / folder)))
    # the card facts too: the index's card tables are built from them
    facts = root / "cards" / "facts.json"
    with suppress(OSError):
        stats.append((str(facts), facts.stat()))
    signature = hashlib.sha256(
        "\n".join(f"{path}\0{st.st_size}\0{st.st_mtime_ns}" for path, st in stats).encode()
    ).hexdigest()
    memo = cache_dir() / "kb-hash.json"
    with suppress(OSError, ValueError):
        remembered = json.loads(memo.read_bytes())
        if remembered.get("signature") == signature:
            return remembered["hash"]
    digest = hashlib.sha256()
    for path, _ in stats:
        digest.update(Path(path).relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(Path(path).read_bytes())
        digest.update(b"\0")
    content = digest.hexdigest()[:16]
    with suppress(OSError):
        write_atomic(memo, json.dumps({"signature": signature, "hash": content}).encode())
    return content
