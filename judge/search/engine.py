"""Answering a question: build whoosh query objects, search, re-rank, highlight.

The ranking is BM25F over the schema's weighted fields (title, aliases, the players'
questions each entry answers, summary, body), plus:
- phrase matches (two adjacent question words in the same order) score extra;
- player vocabulary expands into rules words at a lower weight;
- a recognised card title or step/ruling number pulls in the entries about it;
then the best candidates are re-ranked:
- the question's intent multiplies the scores of the kinds it asks for;
- an entry whose whole title the question says gains, as do the steps of a phase the
  question names ("in the refresh phase, ...");
- an entry is weighted by how much of the question (idf-weighted) it mentions at all.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from judge.search.understand import Understanding, phases_named, understand

EXPANSION_WEIGHT = 0.6
PHRASE_WEIGHT = 1.5
CARD_WEIGHT = 8.0
NUMBER_WEIGHT = 100.0  # a step or ruling number named outright decides the answer
CANDIDATES = 60
TITLE_PHRASE_BONUS = 1.5  # the question says an entry's whole (multi-word) title
#: a word that more than this share of the entries have in a field picks out none of
#: them: it is not searched for in that field (usually the body), which halves the
#: postings to score; it still counts towards coverage
COMMON_SHARE = 0.3
COVERAGE_POWER = 0.5  # how strongly covering more of the question counts (see _coverage)
PHASE_STEP_BONUS = 1.5  # a step of the phase the question names (see _rerank)
#: query-time weight per field on top of the index-time boosts: aliases are the names
#: players use, curated per entry, so a match there counts double
FIELD_WEIGHTS = {
    "title": 1.0,
    "aliases": 2.0,
    "questions": 1.0,
    "summary": 1.0,
    "body": 1.0,
    "official": 1.0,
}


class Hit(NamedTuple):
    """One answer: an entry with its citation and the snippet that matched (immutable)."""

    id: str
    kind: str
    game: str
    title: str
    number: str | None
    cards: tuple[str, ...]
    source: str
    document: str  # the source's full name, "Rules Reference"
    section: str
    page: int | None
    citation: str
    score: float
    snippet: str
    highlights: tuple[tuple[int, int], ...]

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "title": self.title,
            "number": self.number,
            "cards": list(self.cards),
            "source": self.document,
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
        from whoosh import index

        from judge.search.index import ensure
        from judge.search.weighting import CachedLengthBM25F

        self.info = info or ensure()
        storage = self.info.storage  # in memory when the cache is not writable
        self._ix = storage.open_index() if storage else index.open_dir(str(self.info.path))
        self._searcher = self._ix.searcher(weighting=CachedLengthBM25F(B=0.75, K1=1.2))
        self._kinds = self._searcher.reader().column_reader("kind")
        meta = self.info.meta
        from judge.search.cards import CardRecogniser

        self._cards = CardRecogniser(meta["cards"], meta["card_words"])
        from judge.search.scenarios import ScenarioRecogniser

        self._scenarios = ScenarioRecogniser(meta.get("scenarios", {}))
        from judge.search.spelling import Speller

        self._speller = Speller(meta.get("vocabulary", []))
        self._title_stems: list[tuple[str, ...]] = [tuple(t) for t in meta["title_stems"]]
        self._step_phases: list[str | None] = meta["step_phases"]
        self._phases = frozenset(p for p in self._step_phases if p)
        self._term_documents: dict[str, frozenset[int]] = {}
        self._common_limit = COMMON_SHARE * self._searcher.doc_count_all()

    def close(self) -> None:
        self._searcher.close()

    def ask(
        self, question: str, k: int = 5, game: str = "auto"
    ) -> tuple[Understanding, list[Hit], float]:
        """The best `k` entries for a question, and the milliseconds it took."""
        started = time.perf_counter()
        meaning = understand(question, game)
        cards = self._cards.recognise(meaning.words, self._is_common)
        corrected = self._speller.corrections(
            w for w in meaning.content if not any(w in card.lower() for card in cards)
        )
        if corrected:
            meaning = understand(_respelt(question, corrected), game)._replace(
                corrected=tuple(corrected.items())
            )
        meaning = _with_cards(meaning, cards)._replace(
            phases=phases_named(meaning.words, self._phases)
        )
        query = self._query(meaning)
        hits: list[Hit] = []
        if query is not None:
            from whoosh.query import Term

            results = self._searcher.search(
                query, limit=None, optimize=False, filter=Term("game", meaning.game)
            )
            said = " " + " ".join(meaning.phrasing) + " "
            concepts = self._weighted_concepts(meaning)
            numbered = frozenset().union(
                *(self._documents_with("number", n) for n in meaning.numbers)
            )
            favoured = self._scenarios.favoured(meaning.words)
            ranked = sorted(
                (
                    (
                        self._rerank(hit, meaning, said, concepts, numbered)
                        * favoured.get(hit.docnum, 1.0),
                        hit.docnum,
                    )
                    for hit in results[:CANDIDATES]
                ),
                key=lambda pair: -pair[0],
            )
            hits = [self._hit(docnum, score, meaning) for score, docnum in ranked[:k]]
        return meaning, hits, (time.perf_counter() - started) * 1000

    def _rerank(self, hit, meaning: Understanding, said: str, concepts, numbered) -> float:
        """Weight by the question's intent and by how much of the question the entry
        covers, and favour entries whose whole title the question says."""
        docnum = hit.docnum
        title = self._title_stems[docnum]
        named = len(title) >= 2 and f" {' '.join(title)} " in said
        # a step or ruling number named outright counts as covering the whole question
        coverage = 1.0 if docnum in numbered else _coverage(docnum, concepts)
        # naming a phase sets the scene: the answer is usually one of its steps
        in_phase = self._step_phases[docnum] in meaning.phases
        return (
            hit.score
            * meaning.kind_weights.get(self._kinds[docnum], 1.0)
            * (PHASE_STEP_BONUS if in_phase else 1.0)
            * (TITLE_PHRASE_BONUS if named else 1.0)
            * coverage**COVERAGE_POWER
        )

    def _weighted_concepts(self, meaning: Understanding) -> list[tuple[frozenset[int], float]]:
        """Each concept of the question as the entries that mention it, with its share
        of the question: the idf of its rarest stem, the shares summing to 1.

        A concept is found where any of its stems is. Concepts no entry mentions (a
        typo, an everyday word) are left out, so they never count against an entry.
        """
        import math

        entries = self._searcher.doc_count_all()
        weighted = []
        for group in meaning.concepts:
            sets = [self._text_documents(term) for term in group]
            known = [len(found) for found in sets if found]
            if known:
                weighted.append((frozenset().union(*sets), math.log(1 + entries / min(known))))
        total = sum(weight for _, weight in weighted)
        return [(found, weight / total) for found, weight in weighted]

    def _text_documents(self, term: str) -> frozenset[int]:
        """The entries whose searchable text contains a stem (cached: the index is fixed)."""
        found = self._term_documents.get(term)
        if found is None:
            found = frozenset().union(*(self._documents_with(f, term) for f in FIELD_WEIGHTS))
            self._term_documents[term] = found
        return found

    def _documents_with(self, field: str, term: str) -> frozenset[int]:
        reader = self._searcher.reader()
        if (field, term) not in reader:
            return frozenset()
        return frozenset(reader.postings(field, term).all_ids())

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
                        q.Term(f, term, boost=weight * w)
                        for f, w in FIELD_WEIGHTS.items()
                        if self._searcher.doc_frequency(f, term) <= self._common_limit
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
        text, spans = snippet(data["text"], meaning.content + meaning.expansions, data["stems"])
        return Hit(
            id=hit["id"],
            kind=hit["kind"],
            game=hit["game"],
            title=data["title"],
            number=hit.get("number") or None,
            cards=tuple(data["cards"]),
            source=data["source"],
            document=data["document"],
            section=data["section"],
            page=data["page"],
            citation=data["citation"],
            score=score,
            snippet=text,
            highlights=spans,
        )


def _coverage(docnum: int, concepts: list[tuple[frozenset[int], float]]) -> float:
    """The share of the question's concepts (see `_weighted_concepts`) an entry mentions.

    BM25 adds up term scores, so one rare word matched many times can beat an entry
    that answers the whole question; this share is the classic coordination factor.
    """
    if not concepts:
        return 1.0
    return sum(share for found, share in concepts if docnum in found)


def _respelt(question: str, corrected: dict[str, str]) -> str:
    """The question with each misspelt word replaced by the rules word it was read as."""
    from judge.search.text import words

    return " ".join(corrected.get(w, w) for w in words(question))


def _with_cards(meaning: Understanding, cards: list[str]) -> Understanding:
    """Card-specific entries gain weight when a card is named, and lose some when none is."""
    from judge.search.understand import RULES_QUESTION_WEIGHTS

    weights = dict(meaning.kind_weights)
    if not cards:
        for kind, factor in RULES_QUESTION_WEIGHTS.items():
            weights[kind] = weights.get(kind, 1.0) * factor
    return meaning._replace(cards=tuple(cards), kind_weights=weights)
