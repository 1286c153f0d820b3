"""BM25F that remembers field lengths: the index never changes under an open searcher.

whoosh looks up a document's field length for every posting it scores, through the
codec. The engine scores each term's postings once per searcher (`engine._term_scores`),
but the same few hundred entries turn up under term after term, so their lengths are
kept per field.
"""

from __future__ import annotations

from whoosh import scoring


class CachedLengthBM25F(scoring.BM25F):
    """`scoring.BM25F` with each document's field length looked up once per searcher."""

    def __init__(self, **params):
        super().__init__(**params)
        self._lengths: dict[str, dict[int, int]] = {}

    def scorer(self, searcher, fieldname, text, qf=1):
        scorer = super().scorer(searcher, fieldname, text, qf=qf)
        if isinstance(scorer, scoring.WeightLengthScorer):
            known = self._lengths.setdefault(fieldname, {})
            look_up = scorer.dfl

            def length(docid: int) -> int:
                found = known.get(docid)
                if found is None:
                    found = known[docid] = look_up(docid)
                return found

            scorer.dfl = length
        return scorer
