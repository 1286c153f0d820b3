"""The tables of a game's index that a question reads only when it needs them, in one
file beside the game's whoosh index, each parsed on first use.

`meta.json` is parsed by every cold `ask`; the card database's titles, every title's
versions and every design's fact entries are four fifths of its bytes and most
questions need one of them at most. So they live here: one header line, JSON {table's
name: where its bytes end}, then each table as JSON.
"""

from __future__ import annotations

import json
from itertools import accumulate

_COMPACT = (",", ":")


def file_name(game: str) -> str:
    return f"{game}-tables.json"


def write(ix, tables: dict[str, object]) -> None:
    """Keep `tables` in the file beside the whoosh index `ix` (in its storage)."""
    blobs = [
        json.dumps(t, ensure_ascii=False, separators=_COMPACT).encode() for t in tables.values()
    ]
    header = dict(zip(tables, accumulate(map(len, blobs)), strict=True))
    with ix.storage.create_file(file_name(ix.indexname)) as out:
        out.write(json.dumps(header, separators=_COMPACT).encode() + b"\n" + b"".join(blobs))


class LazyTables:
    """One game's tables file. A missing or unreadable file, or table, reads as the
    default asked for: the index still answers, and `index.ensure` rebuilds a
    corrupted one on the next run (its files are fingerprinted in `meta.json`)."""

    def __init__(self, ix):
        self._ix = ix
        self._raw: tuple[dict, bytes] | None = None
        self._parsed: dict[str, object] = {}

    def get(self, name: str, default):
        if name not in self._parsed:
            self._parsed[name] = self._parse(name)
        found = self._parsed[name]
        return found if isinstance(found, type(default)) else default

    def _parse(self, name: str):
        ends, body = self._read()
        names = list(ends)
        if name not in ends:
            return None
        at = names.index(name)
        start = ends[names[at - 1]] if at else 0
        try:
            return json.loads(body[start : ends[name]])
        except (ValueError, TypeError):
            return None

    def _read(self) -> tuple[dict, bytes]:
        if self._raw is None:
            self._raw = {}, b""
            try:
                with self._ix.storage.open_file(file_name(self._ix.indexname)) as found:
                    head, _, body = bytes(found.read()).partition(b"\n")
                ends = json.loads(head)
                if isinstance(ends, dict) and all(isinstance(e, int) for e in ends.values()):
                    self._raw = ends, body
            except (OSError, NameError, ValueError):  # in-memory storage: NameError
                pass
        return self._raw
