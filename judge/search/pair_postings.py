"""Each game's phrase pairs: their postings and every entry's count of them, in one
file beside the game's whoosh index.

A pair is two adjacent content-word stems joined ("put_play", `text.pairs`): a phrase
match as a term look-up. Pairs are three in four of an index's terms, and the search
only ever looks them up one at a time, so whoosh's writer, which spends most of its
commit on each term's entry in its terms table, is not used for them: as a whoosh
field they took over a second of the build. Here they are JSON, hashed into buckets,
so that a cold question reads only the few buckets its own pairs fall in, and
`Searcher.open_all` reads them all once.

The file is one header line, JSON {"lengths": [pairs in each entry], "ends": [where
each bucket ends]}, then the buckets: each a JSON object {pair: [docnum, weight,
docnum, weight, ...]}. The weights are whoosh's (each occurrence weighs `profile.PAIR_WEIGHT`), and
`weighting.TermPostings` scores them with whoosh's BM25F, as it did the field.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter
from itertools import accumulate

#: how many buckets the pairs are hashed into: a few dozen pairs each, so a bucket a
#: question needs parses in microseconds
BUCKETS = 512

_COMPACT = (",", ":")


def bucket_of(pair: str) -> int:
    """The bucket a pair is kept in: a hash that is the same in every process."""
    return zlib.crc32(pair.encode()) % BUCKETS


def file_name(game: str) -> str:
    return f"{game}-pairs.json"


def write(ix, entries_stems: list[list[str]]) -> None:
    """Keep the pairs of every entry (their stems, by document number) in the pairs
    file beside the whoosh index `ix` (in its storage, named after it)."""
    from judge.search.profile import PAIR_WEIGHT
    from judge.search.text import pairs

    buckets: list[dict[str, list[float]]] = [{} for _ in range(BUCKETS)]
    lengths = []
    for docnum, stems in enumerate(entries_stems):
        counts = Counter(pairs(stems))
        lengths.append(sum(counts.values()))
        for pair, n in counts.items():
            buckets[bucket_of(pair)].setdefault(pair, []).extend((docnum, n * PAIR_WEIGHT))
    blobs = [json.dumps(bucket, separators=_COMPACT).encode() for bucket in buckets]
    header = {"lengths": lengths, "ends": list(accumulate(map(len, blobs)))}
    with ix.storage.create_file(file_name(ix.indexname)) as out:
        out.write(json.dumps(header, separators=_COMPACT).encode() + b"\n" + b"".join(blobs))


class PairPostings:
    """One game's pairs file, each bucket parsed the first time one of its pairs is
    looked up. A missing or unreadable file reads as one with no pairs (`read`)."""

    def __init__(self, lengths: list[int], ends: list[int], body: bytes):
        #: how many pairs (repeats counted) each entry has, by document number:
        #: BM25F's field lengths
        self.lengths = lengths
        self._starts = [0, *ends[:-1]]
        self._ends = ends
        self._body = body
        self._buckets: dict[int, dict[str, list[float]]] = {}

    @classmethod
    def read(cls, ix, documents: int) -> PairPostings:
        """The pairs file beside the whoosh index `ix`, or no pairs at all when it is
        missing or its header is not one for `documents` entries (a corrupted cache:
        the index still answers, without phrase matches, and `index.ensure` rebuilds
        it next run)."""
        try:
            with ix.storage.open_file(file_name(ix.indexname)) as found:
                raw = bytes(found.read())
        except (OSError, NameError):  # whoosh's in-memory storage: NameError
            return cls.empty(documents)
        head, _, body = raw.partition(b"\n")
        try:
            header = json.loads(head)
            lengths, ends = header["lengths"], header["ends"]
        except (ValueError, KeyError, TypeError):
            return cls.empty(documents)
        whole = (
            isinstance(lengths, list)
            and len(lengths) == documents
            and all(isinstance(n, int) for n in lengths)
            and isinstance(ends, list)
            and len(ends) == BUCKETS
            and ends == sorted(ends)
            and ends[-1] == len(body)
        )
        return cls(lengths, ends, body) if whole else cls.empty(documents)

    @classmethod
    def empty(cls, documents: int) -> PairPostings:
        return cls([0] * documents, [0] * BUCKETS, b"")

    def postings(self, pair: str) -> list[float]:
        """[docnum, weight, docnum, weight, ...] of the entries that have the pair."""
        return self._bucket(bucket_of(pair)).get(pair, [])

    def read_all(self) -> None:
        """Parse every bucket now, not in the first questions that need them."""
        for number in range(BUCKETS):
            self._bucket(number)

    def _bucket(self, number: int) -> dict[str, list[float]]:
        found = self._buckets.get(number)
        if found is None:
            found = self._buckets[number] = self._parse(number)
        return found

    def _parse(self, number: int) -> dict[str, list[float]]:
        """A bucket's pairs; none when its bytes are not a bucket (a corrupted file)."""
        try:
            found = json.loads(self._body[self._starts[number] : self._ends[number]] or b"{}")
        except ValueError:
            return {}
        whole = isinstance(found, dict) and all(
            isinstance(flat, list) and len(flat) % 2 == 0 for flat in found.values()
        )
        return found if whole else {}
