"""Import one file: read it, work out which document it is, align it, store the wording."""

from __future__ import annotations

import hashlib
from pathlib import Path

from judge.base.reading import read_user_file
from judge.kb.importer.align import Alignment, align
from judge.kb.importer.store import DOCUMENTS
from judge.kb.importer.text import MAX_BYTES, ImportProblem, read_document

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


class SmallerImport(ImportProblem):
    """The file places fewer entries than the document's stored import: kept unless
    the player says to replace it (a five-heading excerpt must not silently take the
    place of a whole imported rulebook)."""

    def __init__(self, alignment: Alignment, stored: int):
        self.alignment = alignment
        self.stored = stored
        super().__init__(
            f"kept the earlier import of {alignment.document}, which placed {stored} entries: "
            f"this file places only {len(alignment.placed)}; add --replace to use it instead"
        )


def import_file(path: Path, kb, document: str | None = None, replace: bool = False) -> Alignment:
    """Align the file with the knowledge base and store what it placed (not over a
    stored import of the same document that placed more, unless `replace`)."""
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
    stored = store.placed(alignment.document)
    if stored > len(alignment.placed) and not replace:
        raise SmallerImport(alignment, stored)
    # read as the document was (a regular file, within its limit): it may have changed
    digest = hashlib.sha256(read_user_file(path, MAX_BYTES, what="a rules document")).hexdigest()
    store.save(
        alignment.document,
        str(path),
        digest,
        {i: {"text": w.text, "line": w.line} for i, w in alignment.placed.items()},
    )
    return alignment
