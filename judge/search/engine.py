"""Answering a question: build whoosh query objects, search, re-rank, highlight.

The ranking is BM25F over the schema's weighted fields, plus:
- phrase matches (two adjacent question words in the same order) score extra;
- player vocabulary expands into rules words at a lower weight;
- a recognised card title or step/ruling number pulls in the entries about it;
- the question's intent multiplies the scores of the kinds it asks for.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from judge.search.understand import Understanding, understand

EXPANSION_WEIGHT = 0.6
PHRASE_WEIGHT = 1.5
CARD_WEIGHT = 8.0
NUMBER_WEIGHT = 100.0  # a step or ruling number named outright decides the answer
CANDIDATES = 60
TITLE_PHRASE_BONUS = 1.5  # the question says an entry's whole (multi-word) title
COVERAGE_POWER = 0.5  # how strongly covering more of the question counts (see _coverage)
#: query-time weight per field on top of the index-time boosts: aliases are the names
#: players use, curated per entry, so a match there counts double
FIELD_WEIGHTS = {"title": 1.0, "aliases": 2.0, "questions": 1.0, "summary": 1.0, "body": 1.0}


class Hit(NamedTuple):
    """One answer: an entry with its citation and the snippet that matched (immutable)."""

    id: str
    kind: str
    game: str
    title: str
    number: str | None
    cards: tuple[str, ...]
    source: str
    section: str
    page: int | None
    citation: str
    score: float
    snippet: str
    highlights: tuple[tuple[int, int], ...]

    def to_json(self) -> dict:
        from judge.entries import SOURCES

        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "title": self.title,
            "number": self.number,
            "cards": list(self.cards),
            "source": SOURCES.get(self.source, self.source),
            "section": self.section,
            "page": self.page,
            "citation": self.citation,
            "score": round(self.score, 3),
            "snippet": self.snippet,
            "highlights": [list(span) for span in self.highlights],
        }


class Searcher:
    """An open index; reuse one for many questions (`--batch`, the app)."""

    def __init__(self, info=None):
        from whoosh import index, scoring

        from judge.search.index import ensure

        self.info = info or ensure()
        self._ix = index.open_dir(str(self.info.path))
        self._searcher = self._ix.searcher(weighting=scoring.BM25F(B=0.75, K1=1.2))
        self._kinds = self._searcher.reader().column_reader("kind")
        meta = self.info.meta
        from judge.search.cards import CardRecogniser

        self._cards = CardRecogniser(meta["cards"], meta["card_words"])
        self._title_stems: list[tuple[str, ...]] = [tuple(t) for t in meta["title_stems"]]

    def close(self) -> None:
        self._searcher.close()

    def ask(
        self, question: str, k: int = 5, game: str = "auto"
    ) -> tuple[Understanding, list[Hit], float]:
        """The best `k` entries for a question, and the milliseconds it took."""
        started = time.perf_counter()
        meaning = understand(question, game)
        cards = self._cards.recognise(meaning.words, self._is_common)
        meaning = _with_cards(meaning, cards)
        query = self._query(meaning)
        hits: list[Hit] = []
        if query is not None:
            from whoosh.query import Term

            results = self._searcher.search(
                query, limit=None, optimize=False, filter=Term("game", meaning.game), terms=True
            )
            said = " " + " ".join(meaning.phrasing) + " "
            concepts = self._weighted_concepts(meaning)
            ranked = sorted(
                (
                    (self._rerank(hit, meaning, said, concepts), hit.docnum)
                    for hit in results[:CANDIDATES]
                ),
                key=lambda pair: -pair[0],
            )
            hits = [self._hit(docnum, score, meaning) for score, docnum in ranked[:k]]
        return meaning, hits, (time.perf_counter() - started) * 1000

    def _rerank(self, hit, meaning: Understanding, said: str, concepts) -> float:
        """Weight by the question's intent and by how much of the question the entry
        covers, and favour entries whose whole title the question says."""
        title = self._title_stems[hit.docnum]
        named = len(title) >= 2 and f" {' '.join(title)} " in said
        return (
            hit.score
            * meaning.kind_weights.get(self._kinds[hit.docnum], 1.0)
            * (TITLE_PHRASE_BONUS if named else 1.0)
            * _coverage(hit, concepts) ** COVERAGE_POWER
        )

    def _weighted_concepts(self, meaning: Understanding) -> list[tuple[frozenset[str], float]]:
        """The question's concepts with weights: the idf of a concept's rarest stem.

        Concepts no entry mentions (a typo, an everyday word) weigh nothing, so they
        never count against an entry.
        """
        import math

        documents = self._searcher.doc_count_all()
        weighted = []
        for group in meaning.concepts:
            known = [df for df in map(self._document_frequency, group) if df]
            if known:
                weighted.append((frozenset(group), math.log(1 + documents / min(known))))
        return weighted

    def _document_frequency(self, term: str) -> int:
        return self._searcher.doc_frequency("body", term) + self._searcher.doc_frequency(
            "title", term
        )

    def _is_common(self, word: str) -> bool:
        """An everyday rules word ("during") is never a typo of a card name ("Durin")."""
        from judge.search.text import stem

        return self._searcher.doc_frequency("body", stem(word)) >= 3

    def _query(self, meaning: Understanding):
        from whoosh import query as q

        from judge.search.text import pairs, stem

        clauses = []
        for words, weight in ((meaning.content, 1.0), (meaning.expansions, EXPANSION_WEIGHT)):
            for word in dict.fromkeys(words):
                term = stem(word)
                if term:
                    clauses.extend(
                        q.Term(f, term, boost=weight * w) for f, w in FIELD_WEIGHTS.items()
                    )
        for pair in dict.fromkeys(pairs(list(meaning.phrasing))):
            clauses.append(q.Term("pairs", pair, boost=PHRASE_WEIGHT))
        for number in meaning.numbers:
            clauses.append(q.Term("number", number, boost=NUMBER_WEIGHT))
        from judge.slug import slugify

        for card in meaning.cards:
            clauses.append(q.Term("card_keys", slugify(card), boost=CARD_WEIGHT))
        return q.Or(clauses) if clauses else None

    def _hit(self, docnum: int, score: float, meaning: Understanding) -> Hit:
        from judge.search.snippets import snippet

        hit = self._searcher.stored_fields(docnum)
        data = hit["hit"]
        text, spans = snippet(data["text"], meaning.content + meaning.expansions)
        return Hit(
            id=hit["id"],
            kind=hit["kind"],
            game=hit["game"],
            title=data["title"],
            number=hit.get("number") or None,
            cards=tuple(data["cards"]),
            source=data["source"],
            section=data["section"],
            page=data["page"],
            citation=data["citation"],
            score=score,
            snippet=text,
            highlights=spans,
        )


def _coverage(hit, concepts: list[tuple[frozenset[str], float]]) -> float:
    """The idf-weighted share of the question's concepts that the entry matches.

    BM25 adds up term scores, so one rare word matched many times can beat an entry
    that answers the whole question; this share is the classic coordination factor.
    A step or ruling number named outright counts as covering everything.
    """
    total = sum(weight for _, weight in concepts)
    if not total:
        return 1.0
    matched = set()
    for field, text in hit.matched_terms():
        if field == "number":
            return 1.0
        if field in FIELD_WEIGHTS:
            matched.add(text.decode() if isinstance(text, bytes) else text)
    return sum(weight for group, weight in concepts if group & matched) / total


def _with_cards(meaning: Understanding, cards: list[str]) -> Understanding:
    """Card-specific entries gain weight when a card is named, and lose some when none is."""
    from judge.search.understand import RULES_QUESTION_WEIGHTS

    weights = dict(meaning.kind_weights)
    if not cards:
        for kind, factor in RULES_QUESTION_WEIGHTS.items():
            weights[kind] = weights.get(kind, 1.0) * factor
    return meaning._replace(cards=tuple(cards), kind_weights=weights)
