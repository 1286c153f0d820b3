"""Imported wording, kept per user in the platformdirs data directory (never the project).

One JSON file per document (`official/rr.json`), keyed by entry id and recording the
hash of the file it came from, written atomically so a crash never leaves half a file.
`LOREMASTER_DATA_DIR` moves the directory (tests use it).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path


def data_dir() -> Path:
    override = os.environ.get("LOREMASTER_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("loremaster", appauthor=False))


def _folder() -> Path:
    return data_dir() / "official"


def save(document: str, source_file: str, file_hash: str, wording: dict) -> Path:
    """Store one document's wording ({entry id: {"text", "line"}}), replacing any older import."""
    folder = _folder()
    folder.mkdir(parents=True, exist_ok=True)
    record = {"document": document, "file": source_file, "file_hash": file_hash, "wording": wording}
    target = folder / f"{document}.json"
    import tempfile

    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{document}-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(record, out, ensure_ascii=False)
    os.replace(temporary, target)
    return target


def imported() -> list[dict]:
    """Every stored document (without its wording), in document order."""
    found = []
    for path in sorted(_folder().glob("*.json")) if _folder().is_dir() else ():
        record = _read(path)
        if record:
            found.append(
                {
                    "document": record["document"],
                    "file": record.get("file", ""),
                    "file_hash": record.get("file_hash", ""),
                    "placed": len(record.get("wording", {})),
                }
            )
    return found


def remove(document: str) -> bool:
    """Forget one document's wording; False when it was not imported."""
    path = _folder() / f"{document}.json"
    if not path.is_file():
        return False
    path.unlink()
    return True


def official_wording() -> dict[str, list[dict]]:
    """entry id -> [{"document", "text"}] over every imported document."""
    by_entry: dict[str, list[dict]] = {}
    for path in sorted(_folder().glob("*.json")) if _folder().is_dir() else ():
        record = _read(path)
        for entry_id, wording in (record or {}).get("wording", {}).items():
            by_entry.setdefault(entry_id, []).append(
                {"document": record["document"], "text": wording.get("text", "")}
            )
    return by_entry


def store_hash() -> str:
    """A hash of what is imported: part of the search index's key, so importing rebuilds it."""
    digest = hashlib.sha256()
    for path in sorted(_folder().glob("*.json")) if _folder().is_dir() else ():
        digest.update(path.name.encode())
        digest.update(str(path.stat().st_size).encode())
        digest.update(str(path.stat().st_mtime_ns).encode())
    return digest.hexdigest()[:12] if _folder().is_dir() and any(_folder().glob("*.json")) else ""


def _read(path: Path) -> dict | None:
    """A stored record, or None when the file is unreadable (it is then ignored)."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and "document" in record else None
