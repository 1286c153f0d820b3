"""Imported wording, kept per user in the platformdirs data directory (never the project).

One JSON file per document (`official/rr.json`), keyed by entry id and recording the
hash of the file it came from, written atomically so a crash never leaves half a file.
`LOREMASTER_DATA_DIR` moves the directory (tests use it).

Only a document's own name is ever read, listed or removed (`rr.json` for `rr`): a
name is looked up in DOCUMENTS, never joined to a path as given, so `--remove ../notes`
cannot reach a file of the user's, and a temporary file a crash left behind is neither
listed nor searched (it is swept once it is old enough to be nobody's write in progress).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

#: the documents a player may import (keys of `judge.kb.entries.SOURCES`)
DOCUMENTS = ("rr", "faq", "qc", "tcg", "summary")


class UnknownDocument(ValueError):
    """A document name that is not one of DOCUMENTS."""


def data_dir() -> Path:
    override = os.environ.get("LOREMASTER_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("loremaster", appauthor=False))


def _folder() -> Path:
    return data_dir() / "official"


def _path(document: str) -> Path:
    """Where a document's wording lives; only a name in DOCUMENTS has a place."""
    if document not in DOCUMENTS:
        raise UnknownDocument(
            f"no document {document!r}: a document is one of {', '.join(DOCUMENTS)}"
        )
    return _folder() / f"{document}.json"


def _stored() -> list[Path]:
    """The stored documents' files, in document order."""
    return [path for path in map(_path, DOCUMENTS) if path.is_file()]


def save(document: str, source_file: str, file_hash: str, wording: dict) -> Path:
    """Store one document's wording ({entry id: {"text", "line"}}), replacing any older import."""
    from judge.base.cache import sweep_temporaries, write_atomic

    target = _path(document)
    record = {"document": document, "file": source_file, "file_hash": file_hash, "wording": wording}
    write_atomic(target, json.dumps(record, ensure_ascii=False).encode("utf-8"))
    sweep_temporaries(target.parent, [f"{name}.json" for name in DOCUMENTS])
    return target


def placed(document: str) -> int:
    """How many entries the stored import of a document placed (0: none stored)."""
    record = _read(_path(document))
    return len(record.get("wording", {})) if record else 0


def imported() -> list[dict]:
    """Every stored document (without its wording), in document order."""
    found = []
    for path in _stored():
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
    """Forget one document's wording; False when it was not imported. `UnknownDocument`
    for a name that is not a document: nothing else is ever removed."""
    path = _path(document)
    if not path.is_file():
        return False
    path.unlink()
    return True


def official_wording() -> dict[str, list[dict]]:
    """entry id -> [{"document", "text"}] over every imported document."""
    by_entry: dict[str, list[dict]] = {}
    for path in _stored():
        record = _read(path)
        for entry_id, wording in (record or {}).get("wording", {}).items():
            by_entry.setdefault(entry_id, []).append(
                {"document": record["document"], "text": wording.get("text", "")}
            )
    return by_entry


def store_hash() -> str:
    """A hash of what is imported: part of the search index's key, so importing rebuilds it."""
    stored = _stored()
    digest = hashlib.sha256()
    for path in stored:
        digest.update(path.name.encode())
        digest.update(str(path.stat().st_size).encode())
        digest.update(str(path.stat().st_mtime_ns).encode())
    return digest.hexdigest()[:12] if stored else ""


def _read(path: Path) -> dict | None:
    """A stored record, or None when the file is unreadable (it is then ignored)."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and "document" in record else None
