"""Each term's BM25F scores and entries, read from one game's index once per searcher.

The engine sums per-term scores itself (`engine.GameIndex._best`). Through whoosh's
scorer a term costs five look-ups in the terms table (whether it exists, its frequency,
its idf, the scorer's set-up, its postings) and a method call or two per posting; here
its info is looked up once and its postings once, and each entry's length
normalisation is worked out once per field. The index never changes under an open
searcher, so everything is kept.

The scores are whoosh's own BM25F (`scoring.bm25`, with its idf and its byte-rounded
field lengths); a test compares the ranking with whoosh's search.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from judge.search import profile

if TYPE_CHECKING:
    from judge.search.pair_postings import PairPostings


class TermPostings:
    """Per (field, term): the entries that have it and their BM25F scores, cached."""

    def __init__(self, reader):
        self._reader = reader
        self._documents = self._reader.doc_count_all()
        self._infos: dict[tuple[str, str], object] = {}
        self._scores: dict[tuple[str, str], dict[int, float]] = {}
        self._norms: dict[str, dict[int, float]] = {}
        #: the fields kept outside whoosh's index (`keep`): the phrase pairs
        self._kept: dict[str, PairPostings] = {}
        #: the fields whose every term's scores are read (`load`): a term missing from
        #: them is in no entry, known without asking whoosh's terms table, whose
        #: look-up of a missing term (a question's typo, a word the field never uses)
        #: costs as much as reading a present one
        self._loaded: set[str] = set()
        self._terms: dict[str, tuple[str, ...]] = {}

    def keep(self, field: str, kept: PairPostings) -> None:
        """Read a field's postings and its entries' lengths from `kept`, the file the
        build keeps beside the index, not from whoosh's."""
        self._kept[field] = kept

    def prepare_norms(self, fields) -> None:
        """Work out every entry's length normalisation in `fields` now, rather than a
        few at a time in the first questions that meet them."""
        for field in fields:
            norm = self._field_norms(field)
            for docnum in range(self._documents):
                norm(docnum)

    def load(self, fields) -> None:
        """Read every term's scores in `fields` now (a few thousand terms: well under a
        second), so that no question waits on the index files for them."""
        for field in fields:
            for term in self.terms(field):
                self.scores(field, term)
            self._loaded.add(field)

    def terms(self, field: str) -> tuple[str, ...]:
        """Every term the index holds in `field`, read once: preparing a searcher walks
        the `anywhere` field's terms twice (`load`, then `GameIndex.prepare`)."""
        found = self._terms.get(field)
        if found is None:
            lexicon = self._reader.lexicon(field)
            found = self._terms[field] = tuple(
                t.decode() if isinstance(t, bytes) else t for t in lexicon
            )
        return found

    def frequency(self, field: str, term: str) -> int:
        """How many entries have `term` in `field` (0 when none does)."""
        kept = self._kept.get(field)
        if kept is not None:
            return len(kept.postings(term)) // 2
        if field in self._loaded:
            return len(self._scores.get((field, term), ()))
        info = self._info(field, term)
        return info.doc_frequency() if info else 0

    def documents(self, field: str, term: str) -> frozenset[int]:
        """The entries that have `term` in `field` (not cached: callers keep them)."""
        if not self.frequency(field, term):
            return frozenset()
        if field in self._loaded:
            return frozenset(self._scores[field, term])
        return frozenset(d for d, _ in self._postings(field, term))

    def scores(self, field: str, term: str) -> dict[int, float]:
        """Each entry's BM25F score for `term` in `field` (the posting's weight in a
        field that is not scored, as whoosh does); empty when no entry has it."""
        key = (field, term)
        found = self._scores.get(key)
        if found is None:
            found = self._scores[key] = self._read_scores(field, term)
        return found

    def _read_scores(self, field: str, term: str) -> dict[int, float]:
        found = self.frequency(field, term)
        if not found:
            return {}
        postings = self._postings(field, term)
        if field not in self._kept and not self._reader.schema[field].scorable:
            return dict(postings)
        idf = math.log(self._documents / (found + 1)) + 1
        norms = self._field_norms(field)
        return {
            docnum: idf * (weight * (profile.BM25_K1 + 1)) / (weight + norms(docnum))
            for docnum, weight in postings
        }

    def _postings(self, field: str, term: str) -> list[tuple[int, float]]:
        """(document number, weight) of every posting of a term."""
        kept = self._kept.get(field)
        if kept is not None:
            flat = kept.postings(term)
            return list(zip(flat[0::2], flat[1::2], strict=True))
        matcher = self._reader.postings(field, term)
        found = []
        while matcher.is_active():
            found.append((matcher.id(), matcher.weight()))
            matcher.next()
        return found

    def _field_norms(self, field: str):
        """BM25's length normalisation of a field per entry, each computed once."""
        known = self._norms.setdefault(field, {})
        kept = self._kept.get(field)
        if kept is None:
            total, length = self._reader.field_length(field), self._reader.doc_field_length
        else:
            total, length = sum(kept.lengths), _rounded_lengths(kept.lengths)
        average = total / (self._documents or 1) or 1

        def norm(docnum: int) -> float:
            found = known.get(docnum)
            if found is None:
                b, k1 = profile.BM25_B, profile.BM25_K1
                found = known[docnum] = k1 * ((1 - b) + b * length(docnum, field, 1) / average)
            return found

        return norm

    def _info(self, field: str, term: str):
        """whoosh's term info (its frequency), or None when no entry has
        the term: one look-up per term and field for the searcher's life."""
        key = (field, term)
        if key not in self._infos:
            from whoosh.reading import TermNotFound

            try:
                self._infos[key] = self._reader.term_info(field, term)
            except TermNotFound:
                self._infos[key] = None
        return self._infos[key]


def _rounded_lengths(lengths: list[int]):
    """`doc_field_length` for lengths kept outside whoosh: each rounded to the one
    byte whoosh stores a length in, so that BM25F scores them as it scores its own."""
    from whoosh.util.numeric import byte_to_length, length_to_byte

    def length(docnum: int, field: str, default: int) -> int:
        return byte_to_length(length_to_byte(lengths[docnum])) if lengths[docnum] else default

    return length
