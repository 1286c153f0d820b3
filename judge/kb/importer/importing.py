"""Import one file: read it, work out which document it is, align it, store the wording."""

from __future__ import annotations

import hashlib
from pathlib import Path

from judge.kb.importer.align import Alignment, align
from judge.kb.importer.text import ImportProblem, read_document

#: the documents a player may import (keys of `judge.kb.entries.SOURCES`)
DOCUMENTS = ("rr", "faq", "qc", "tcg", "summary")
#: a file that places fewer entries than this is not taken for any document
MIN_PLACED = 3


def detect(lines: list[str], entries) -> Alignment:
    """The document whose entries this text places most of: no signature strings, the
    alignment itself decides (a Rules Reference places Rules Reference headings)."""
    best = max(
        (align(lines, entries, document) for document in DOCUMENTS),
        key=lambda a: (len(a.placed), len(a.placed) / a.total if a.total else 0),
    )
    if len(best.placed) < MIN_PLACED:
        raise ImportProblem(
            "this file does not look like one of the rules documents "
            f"({', '.join(DOCUMENTS)}): too few of their headings were found in it"
        )
    return best


def import_file(path: Path, kb, document: str | None = None) -> Alignment:
    """Align the file with the knowledge base and store what it placed."""
    from judge.kb.importer import store

    lines = read_document(path)
    if not any(line.strip() for line in lines):
        raise ImportProblem(f"{path}: the file has no text")
    alignment = align(lines, kb.entries, document) if document else detect(lines, kb.entries)
    if len(alignment.placed) < MIN_PLACED:
        raise ImportProblem(
            f"{path}: only {len(alignment.placed)} of the {alignment.document} headings the "
            "knowledge base knows were found; is it the right document (--as)?"
        )
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    store.save(
        alignment.document,
        str(path),
        digest,
        {i: {"text": w.text, "line": w.line} for i, w in alignment.placed.items()},
    )
    return alignment
