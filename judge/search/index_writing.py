"""Cheaper ways through whoosh's index writer, for the work the build does not need.

The search reads whoosh's index only as a store of postings and field lengths: it
scores with its own BM25F (`weighting`), never with whoosh's scorers, query parser or
block skipping. Three parts of whoosh's writer serve only those, and between them they
took a quarter of the build:
- `AnalysedText` fields take their text as stems already (`text.analysed`) and count
  them in one pass, where whoosh makes a token object per word and counts those.
- `Codec` keeps a short posting list inside its term's entry in the term table.
  whoosh-reloaded 2.7.5 means to do this but cannot: its writer calls `set_inline`, a
  method its term info does not have, so its default limit is one that never applies.
  The postings file then gets blocks for the long lists only.
- `Codec` also skips looking up, on disk, the length of the entry of every posting.
  whoosh records the shortest and longest entry of each block for its scorers'
  skipping; the lengths themselves are still stored, for BM25F.

An index written this way holds the same terms, postings and lengths as one written
the plain way (tests/test_index_writing.py compares the two), and any whoosh reader
opens it.
"""

from __future__ import annotations

from collections import Counter

from whoosh import fields, formats
from whoosh.analysis import SpaceSeparatedTokenizer
from whoosh.codec import whoosh3
from whoosh.system import emptybytes, pack_uint

#: posting lists shorter than this are kept in the term table: nearly every list
#: (a pair of words is in one or two entries), and reading one needs no second seek
INLINE_LIMIT = 32


class AnalysedText(fields.TEXT):
    """A text field whose value is its stems, joined by spaces (`text.analysed`).

    With `existence`, a posting says only that the entry has the term (weight
    `field_boost`, no frequency stored), as whoosh's `Existence` format does.
    """

    def __init__(self, *, existence=False, **options):
        # `index` never runs it, but whoosh's other uses of a field (its query
        # parser's, say) read the stems as this splits them
        super().__init__(analyzer=SpaceSeparatedTokenizer(), phrase=False, **options)
        if existence:
            self.format = formats.Existence()

    def index(self, value, **kwargs):
        """(term bytes, frequency, weight, encoded value) per distinct term, as
        `FieldType.index` gives them: whoosh's writer stores and scales these."""
        counts = Counter(value.split())
        boost = self.format.field_boost
        if isinstance(self.format, formats.Existence):
            return [(term.encode(), 1, boost, emptybytes) for term in counts]
        return [(term.encode(), n, n * boost, pack_uint(n)) for term, n in counts.items()]


class _InliningPostingsWriter(whoosh3.W3PostingsWriter):
    def finish_postings(self):
        if self.written() or len(self) >= self._inlinelimit:
            return super().finish_postings()
        terminfo, self._terminfo = self._terminfo, None
        terminfo.add_block(self)
        terminfo.set_inlined(self._ids, self._weights, self._values)
        return terminfo


class _FieldWriter(whoosh3.W3FieldWriter):
    def add_postings(self, schema, lengths, items):
        # without a lengths reader whoosh records every document length as 0 in the
        # blocks' statistics, and looks nothing up
        super().add_postings(schema, None, items)


class Codec(whoosh3.W3Codec):
    """whoosh's current codec, with short posting lists inlined and no per-posting
    length look-up (see the module's docstring)."""

    def __init__(self):
        # postings uncompressed: the index is small either way, and zlib was a tenth
        # of the build (the cache keeps one index per knowledge base)
        super().__init__(compression=0, inlinelimit=INLINE_LIMIT)

    def field_writer(self, storage, segment):
        return _FieldWriter(self, storage, segment)

    def postings_writer(self, dbfile, byteids=False):
        return _InliningPostingsWriter(
            dbfile,
            blocklimit=self._blocklimit,
            byteids=byteids,
            compression=self._compression,
            inlinelimit=self._inlinelimit,
        )
