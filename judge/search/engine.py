"""Answering a question: build whoosh query objects, search, re-rank, highlight.

The ranking is BM25F over the schema's weighted fields (title, aliases, the players'
questions each entry answers, summary, body), plus:
- phrase matches (two adjacent question words in the same order) score extra;
- player vocabulary expands into rules words at a lower weight;
- a recognised card title or step/ruling number pulls in the entries about it;
then the best candidates are re-ranked:
- the question's intent multiplies the scores of the kinds it asks for;
- an entry is weighted by how much of the question (idf-weighted) it mentions at all;
- a named scenario's own rulings gain (`scenario_mentions`).
That lexical ranking is then fused with the learned model's (`judge.search.learned`),
by weights fitted out of fold (`judge.search.profile`). Re-ranking rules the fusion
made redundant were removed when ablating them out of fold cost nothing
(`bench/ablate.py`). The factors are pure functions (`judge.search.scoring`). Before any of
this, the question is read in the game's terms (`judge.search.reading`: the cards,
scenarios it names, its spelling); what the names it says do to its
reading is `judge.search.naming`.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Iterable
from typing import NamedTuple

from judge.search import learned as learned_stage
from judge.search import naming, profile, scoring
from judge.search.understand import KIND_NAMES, Understanding


def _names_a_kind(concept: Iterable[str]) -> bool:
    """Whether a concept's words name a kind of entry ("errata", "faq":
    `understand.KIND_NAMES`)."""
    return not KIND_NAMES.keys().isdisjoint(concept)


class Clause(NamedTuple):
    """One term of a query, in one field, with its weight."""

    field: str
    term: str
    weight: float


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
    #: the features and weights that made its score (`ask --explain`), else None
    explain: dict | None = None

    @property
    def listed_kind(self) -> str:
        from judge.games import listed_kind

        return listed_kind(self.kind, self.game)

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "kind": self.listed_kind,
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
            **({"explain": self.explain} if self.explain is not None else {}),
        }


#: what reading an index whose files changed or broke underneath raises, besides
#: whoosh's own errors (`_is_storage_error`): what its readers hit on a missing,
#: truncated or rewritten file
STORAGE_ERRORS = (OSError, EOFError, ValueError, KeyError, IndexError, TypeError, struct.error)


def _is_storage_error(exc: Exception) -> bool:
    import whoosh.index  # loaded already: the error came from reading an index

    return isinstance(exc, (*STORAGE_ERRORS, whoosh.index.IndexError))


class Searcher:
    """The open index of every game; reuse one for many questions (`--batch`, the app).

    Each game has an index of its own (`judge.search.index`), so one game's entries
    never change another's word statistics or answers. A question is routed first,
    then answered from its game's index, opened on first use.
    """

    def __init__(self, info=None, learned: bool = False):
        from judge.search.index import ensure

        #: whether `ask` fuses the learned stage in (`judge.search.learned`), as the
        #: CLI's `ask` does; without, it ranks lexically: BM25F and the hand rules,
        #: the stage that the ranking tests describe and that the fusion reads
        self.learned = learned
        self.info = info or ensure()
        meta = self.info.meta
        self._game_stems = {g: frozenset(t) for g, t in meta.get("game_stems", {}).items()}
        self._games: dict[str, GameIndex] = {}

    def close(self) -> None:
        for index in self._games.values():
            index.close()

    def open_all(self) -> None:
        """Open every game's index, read its words' postings (`GameIndex.prepare`) and
        import what a search imports, now: for many questions (`--batch`) the one-off
        cost, about a second, is then no question's time.

        What is loaded lives as long as the process, so it is also frozen out of the
        garbage collector's sight (`gc.freeze`): a full collection, which would walk
        every table and cached posting, then never lands inside a question.
        """
        import gc

        import judge.search.answer
        import judge.search.routing
        import judge.search.snippets  # noqa: F401
        from judge.games import GAMES, ruleset
        from judge.search.understand import prepare

        prepare()
        for game in GAMES:
            ruleset(game)  # imported: its markers and names route questions
        for game in self.info.meta["games"]:
            self.index(game).prepare()
        model = learned_stage.load()
        for game in self.info.meta["games"]:
            if model is not None:
                self.index(game)._model_docnums(model)
        gc.freeze()

    def index(self, game: str) -> GameIndex | None:
        """The game's open index (None when the knowledge base has no entry of it)."""
        if game not in self._games:
            meta = self.info.meta["games"].get(game)
            if meta is None:
                return None
            self._games[game] = GameIndex(self.info, game, meta)
        return self._games[game]

    def ask(
        self,
        question: str,
        k: int = 5,
        game: str = "auto",
        learned: bool | None = None,
        explain: bool = False,
    ) -> tuple[Understanding, list[Hit], float]:
        """The best `k` entries for a question, and the milliseconds it took.
        `learned`: fuse in the learned model's ranking (`GameIndex.search`; by default
        as the searcher was made); `explain`: each hit carries the features and
        weights of its score."""
        started = time.perf_counter()
        fused = self.learned if learned is None else learned
        # the index's files may change under a searcher (another process rebuilt or
        # swept it, or a file was damaged): then open the current index and ask again,
        # and if that index fails too, rebuild it
        for heal in (None, False, True):
            if heal is not None:
                self._reopen(rebuild=heal)
            try:
                meaning, hits = self._search(question, game, k, fused, explain)
                break
            except Exception as exc:
                if heal or not _is_storage_error(exc):
                    raise
        return meaning, hits, (time.perf_counter() - started) * 1000

    def _search(self, question, game, k, fused, explain):
        meaning = self.read(question, game)
        index = self.index(meaning.game)
        if index is None:
            return meaning, []
        return index.search(question, meaning, k, fused, explain)

    def _reopen(self, rebuild: bool) -> None:
        """Drop the open indexes and take the current one (built anew with `rebuild`)."""
        from judge.search.index import ensure

        self.close()
        self._games = {}
        self.info = ensure(rebuild=rebuild)

    def lexical(self, question: str, game: str = "auto") -> tuple[Understanding, list]:
        """The lexical ranking alone, as (score, entry id) best first, and the question
        as read: what the learned stage is fused with (`bench/crossval.py` fits the
        fusion on it)."""
        meaning = self.read(question, game)
        index = self.index(meaning.game)
        if index is None:
            return meaning, []
        ranked = index.ranking(meaning)
        return meaning, [(score, index.entry_id(docnum)) for score, docnum in ranked]

    def read(self, question: str, game: str = "auto") -> Understanding:
        """The question read by every stage (`pipeline.STAGES`), this searcher's indexes
        reading it in its game's terms; `game` "auto" lets the question's words choose."""
        from judge.search import pipeline

        return pipeline.read(question, game, self)

    def reader(self, game: str):
        """The game's reader of questions (`reading.GameReader`), None without its index."""
        index = self.index(game)
        return index.reader if index else None

    def answer(self, meaning: Understanding, hits: list[Hit], confident_only: bool = True):
        """The answer line (`judge.search.answer`) from the best hit, with the ranking's
        confidence that the hit is right; None when no line of it states the rule or,
        with `confident_only`, when that confidence is below the profile's threshold
        (`profile.ANSWER_THRESHOLD`): the candidates (`candidates`) are then what the
        question gets."""
        index = self.index(meaning.game) if hits else None
        found = index.line(meaning, hits[0]) if index else None
        if found is None:
            return None
        confidence = meaning.confidence
        if confident_only and confidence is not None and confidence < profile.ANSWER_THRESHOLD:
            return None
        return found._replace(confidence=confidence)

    def candidates(self, meaning: Understanding, hits: list[Hit], most: int = 3) -> list:
        """For each of the first `most` hits, the one line of it that best answers the
        question (`judge.search.answer.Answer`, without a confidence): the rules that may
        decide it when no answer is confident."""
        index = self.index(meaning.game) if hits else None
        if index is None:
            return []
        return [line for line in (index.line(meaning, hit) for hit in hits[:most]) if line]

    def hit(self, entry_id: str, meaning: Understanding) -> Hit | None:
        """The hit for one entry of the question's game, as a search shows it."""
        index = self.index(meaning.game)
        docnum = index.docnum(entry_id) if index else None
        return None if docnum is None else index._hit(docnum, 0.0, meaning)

    def routed(self, meaning: Understanding) -> Understanding:
        """Stage: a question given no game goes to the game a word of it names ("in the
        TCG"), else to the game whose own words it uses (`judge.search.routing`)."""
        from judge.games import DEFAULT_GAME, game_named_by
        from judge.search.routing import game_by_words
        from judge.search.text import stem

        if meaning.game != "auto":
            return meaning
        game = game_named_by(meaning.words)
        if game == DEFAULT_GAME:  # no marker named the game
            stems = [stem(w) for w in meaning.content]
            game = game_by_words(stems, self._game_stems, DEFAULT_GAME)
        return meaning._replace(game=game)


class GameIndex:
    """One game's whoosh index with what the ranking keeps about its entries."""

    def __init__(self, info, game: str, meta: dict):
        from whoosh import index

        from judge.search.pair_postings import PairPostings
        from judge.search.weighting import TermPostings

        storage = info.storage  # in memory when the cache is not writable
        self._ix = (
            storage.open_index(indexname=game)
            if storage
            else index.open_dir(str(info.path), indexname=game)
        )
        # a reader, not a searcher: the ranking reads postings itself, and a searcher
        # would import whoosh's query and searching modules into every cold `ask`
        self._index_reader = self._ix.reader()
        self._postings = TermPostings(self._index_reader)
        self._pairs = PairPostings.read(self._ix, self._index_reader.doc_count_all())
        self._postings.keep("pairs", self._pairs)
        self._lines = self._index_reader.column_reader("lines")
        self._question_lines = self._index_reader.column_reader("question_lines")
        self._answering_lines = self._index_reader.column_reader("answering_lines")
        #: each shown entry's stored fields, by document number, and its document
        #: number by id (`_stored`)
        self._stored_fields: dict[int, dict] = {}
        self._docnums: dict[str, int] = {}
        self._kinds: list[str] = meta["kinds"]
        #: each entry's id, by document number, and the learned model's entries in this
        #: index (`_model_docnums`)
        self._ids: list[str] = meta.get("ids", [])
        self._model_map = None
        self._positions: dict[str, int] | None = None
        from judge.games import ruleset
        from judge.search.lazy_tables import LazyTables
        from judge.search.reading import GameReader

        self._tables = LazyTables(self._ix)

        # the question as this game reads it (cards, scenarios, spelling)
        self.reader = GameReader(
            meta,
            self._tables,
            None if storage else info.path,
            self._text_documents,
            self._is_common,
            ruleset(game).rules_words,
        )
        #: the entries titled after one card they cover (`profile.ONE_CARDS`)
        self._one_cards = frozenset(meta.get("one_cards", ()))
        self._of_kind = {
            kind: frozenset(d for d, its in enumerate(self._kinds) if its == kind)
            for kind in frozenset().union(*KIND_NAMES.values())
        }
        self._superseded_by = {
            int(docnum): tuple(newer) for docnum, newer in meta.get("superseded_by", {}).items()
        }
        self._term_documents: dict[str, frozenset[int]] = {}
        self._common_limit = profile.COMMON_SHARE * self._index_reader.doc_count_all()
        # the official wording is empty until the player imports their documents
        self._fields = {
            f: w for f, w in profile.FIELD_WEIGHTS.items() if self._index_reader.field_length(f)
        }

    def close(self) -> None:
        self._index_reader.close()

    def prepare(self) -> None:
        """Build the recognisers' lookup tables and read the speller's English words,
        every word's postings and every entry's stored fields now, not in the first
        questions (`Searcher.open_all`), the phrase pairs' too."""
        self.reader.prepare()
        self._postings.load((*self._fields, "anywhere"))
        self._pairs.read_all()
        self._postings.prepare_norms(("pairs",))
        for term in self._postings.terms("anywhere"):
            self._text_documents(term)
        for docnum in range(self._index_reader.doc_count_all()):
            self._stored(docnum)

    def search(
        self,
        question: str,
        meaning: Understanding,
        k: int,
        learned: bool = True,
        explain: bool = False,
    ) -> tuple[Understanding, list[Hit]]:
        """The best `k` entries of this game for a question read (`pipeline.read`), and
        the question with the confidence in its first entry. `learned`: fuse the lexical ranking with the learned model's
        (without, the lexical ranking alone); `explain`: each hit carries the features
        the fusion weighed."""
        ranked = self.ranking(meaning)
        # the player's imported wording (`loremaster import`) is text the model was never
        # fitted on: the lexical ranking, which searches it, then ranks alone
        if not learned or not ranked or "official" in self._fields:
            return meaning, [self._hit(docnum, score, meaning) for score, docnum in ranked[:k]]
        fused = self._fused(
            learned_stage.as_read(question, meaning.corrected), ranked, self.pointed(meaning)
        )
        meaning = meaning._replace(confidence=learned_stage.confidence(fused))
        return meaning, [
            self._hit(docnum, score, meaning, features if explain else None)
            for score, docnum, features in fused[:k]
        ]

    def ranking(self, meaning: Understanding) -> list[tuple[float, int]]:
        """The lexical ranking of a question read (`pipeline.read`): (score, document
        number) of the candidates, best first."""
        clauses = self._clauses(meaning)
        if not clauses:
            return []
        concepts = self._weighted_concepts(meaning)
        numbered = frozenset().union(*(self._documents_with("number", n) for n in meaning.numbers))
        favoured = self.reader.scenarios.favoured(meaning.words, meaning.scenarios, meaning.opening)
        ranked = sorted(
            (
                (
                    self._rerank(score, docnum, meaning, concepts, numbered)
                    * favoured.get(docnum, 1.0),
                    docnum,
                )
                for score, docnum in self._best(clauses, profile.CANDIDATES, favoured)
            ),
            key=lambda pair: -pair[0],
        )
        # a question asking for rulings ("faq", "ruling") wants the FAQ's own, though the
        # Rules Reference now restates it
        asks_for_rulings = meaning.kind_weights.get("faq", 1.0) > 1.0
        rulings = self._of_kind["faq"] if asks_for_rulings else frozenset()
        asked_for = numbered | rulings
        return scoring.newest_first(ranked, self._superseded_by, asked_for)

    def pointed(self, meaning: Understanding) -> frozenset[int]:
        """The entries the facts of the cards the question names point to (a card's
        Response to the rules of responses): a feature of the fusion."""
        if not meaning.card_designs:
            return frozenset()
        fact_entries: dict[str, str] = self._tables.get("fact_entries", {})
        return frozenset(
            int(docnum)
            for design in meaning.card_designs
            for docnum in fact_entries.get(design, "").split()
        )

    def _fused(self, question: str, ranked: list[tuple[float, int]], pointed: frozenset[int]):
        """The lexical ranking fused with the learned model's (`judge.search.learned`):
        (score, docnum, features) best first. Without a model file, the fusion reads
        every entry as one the model does not know."""
        model = learned_stage.load()
        scored: list[tuple[float, int]] = []
        if model is not None:
            docnums = self._model_docnums(model)
            scores = model.scores(question)
            scored = sorted(
                ((scores[n], docnum) for n, docnum in docnums), key=lambda pair: -pair[0]
            )
        return learned_stage.fuse(ranked, scored, pointed=pointed)

    def entry_id(self, docnum: int) -> str:
        """The id of the entry with this document number."""
        return self._ids[docnum] if self._ids else self._stored(docnum)["id"]

    def _model_docnums(self, model) -> list[tuple[int, int]]:
        """(the model's index, document number) of each entry of this index the model
        knows (worked out once per index and model)."""
        if self._model_map is None or self._model_map[0] is not model:
            found = ((n, self.docnum(entry_id)) for n, entry_id in enumerate(model.ids))
            self._model_map = (model, [(n, d) for n, d in found if d is not None])
        return self._model_map[1]

    def _rerank(
        self, score: float, docnum: int, meaning: Understanding, concepts, numbered
    ) -> float:
        """Weight by the question's intent and by how much of the question the entry
        covers."""
        # a step or ruling number named outright counts as covering the whole question
        coverage = 1.0 if docnum in numbered else scoring.coverage(docnum, concepts)
        return (
            score
            * meaning.kind_weights.get(self._kinds[docnum], 1.0)
            * (
                meaning.kind_weights.get(profile.ONE_CARDS, 1.0)
                if docnum in self._one_cards
                else 1.0
            )
            * coverage**profile.COVERAGE_POWER
        )

    def _weighted_concepts(self, meaning: Understanding) -> list[scoring.Concept]:
        """Each concept of the question as the entries that mention it, with its share
        of the question: the idf of its rarest stem, the shares summing to 1.

        A concept is found where any of its stems is. Concepts no entry mentions (a
        typo, an everyday word) are left out, so they never count against an entry.
        A word that names a kind of entry is covered by every entry of that kind
        (`understand.KIND_NAMES`), or by the named cards' entries of that kind when the
        question names cards (`_of_named_kind`): "thalin errata" asks for Thalin's
        erratum, not his ruling, though only the ruling says "errata".
        """
        weighted = []
        # the named cards' entries are looked up only for a question naming a kind
        kinds_named = any(map(_names_a_kind, meaning.concepts))
        of_kind = self._of_named_kind(meaning) if kinds_named else None
        for group in meaning.concepts:
            sets = [self._text_documents(term) for term in group]
            known = [len(found) for found in sets if found]
            if known:
                weight = self._saying(group[0], min(known), meaning)
                of_kinds = (
                    frozenset().union(
                        *(of_kind(kind) for t in group for kind in KIND_NAMES.get(t, ()))
                    )
                    if _names_a_kind(group)
                    else frozenset()
                )
                weighted.append((group, frozenset().union(*sets, of_kinds), weight))
        total = sum(weight for _, _, weight in weighted)
        return [
            scoring.Concept(frozenset(group), found, weight / total)
            for group, found, weight in weighted
        ]

    def _of_named_kind(self, meaning: Understanding):
        """kind -> the entries of that kind a word naming it covers: all of them, or,
        when the question names cards, those about the cards it names ("thalin
        errata": Thalin's erratum, not Caldara's; "eowyn's errata": none, since we
        have nothing on her)."""
        if not (meaning.cards or naming.names_a_card_we_lack(meaning)):
            return lambda kind: self._of_kind[kind]
        named = self._about_named_cards(meaning)
        return lambda kind: self._of_kind[kind] & named

    def _about_named_cards(self, meaning: Understanding) -> frozenset[int]:
        """The entries about the cards the question names."""
        from judge.base.slug import slugify

        return frozenset().union(
            *(self._documents_with("card_keys", slugify(card)) for card in meaning.cards)
        )

    def _saying(self, term: str, found: int, meaning: Understanding) -> float:
        """How much a question's stem says, found in `found` entries: its idf among
        this game's entries, less when only the backstory says it."""
        told = profile.BACKSTORY_WEIGHT if term in meaning.background else 1.0
        return told * self._rarity(found)

    def _rarity(self, found: int) -> float:
        """The idf of a stem found in `found` of this game's entries."""
        import math

        return math.log(1 + self._index_reader.doc_count_all() / found)

    def _text_documents(self, term: str) -> frozenset[int]:
        """The entries whose searchable text contains a stem (cached: the index is fixed)."""
        found = self._term_documents.get(term)
        if found is None:
            found = self._term_documents[term] = self._documents_with("anywhere", term)
        return found

    def _documents_with(self, field: str, term: str) -> frozenset[int]:
        return self._postings.documents(field, term)

    def _is_common(self, word: str) -> bool:
        """An everyday rules word ("during") is never a typo of a card name ("Durin")."""
        from judge.search.text import stem

        return self._postings.frequency("body", stem(word)) >= 3

    def _clauses(self, meaning: Understanding) -> list[Clause]:
        """The terms to score, each in a field with its weight: BM25F's query."""
        from judge.search.text import pairs

        clauses = []
        topical = {"title": scoring.topical(meaning)}
        searched = (
            (self._telling(meaning.content, meaning.background, profile.MAX_QUERY_WORDS), 1.0),
            (
                self._telling(meaning.expansions, frozenset(), profile.MAX_EXPANSIONS),
                profile.EXPANSION_WEIGHT,
            ),
        )
        for terms, weight in searched:
            for term in terms:
                told = profile.BACKSTORY_WEIGHT if term in meaning.background else 1.0
                clauses.extend(
                    Clause(f, term, weight * told * w * topical.get(f, 1.0))
                    for f, w in self._fields.items()
                    if 0 < self._postings.frequency(f, term) <= self._common_limit
                )
        for pair in dict.fromkeys(pairs(list(meaning.phrasing))):
            clauses.append(Clause("pairs", pair, profile.PHRASE_WEIGHT))
        for number in meaning.numbers:
            clauses.append(Clause("number", number, profile.NUMBER_WEIGHT))
        return clauses

    def _best(
        self, clauses: list[Clause], most: int, also: Iterable[int] = ()
    ) -> list[tuple[float, int]]:
        """The `most` best (score, document number) pairs, best first (ties by document
        number), then those of the entries `also` that the clauses match: per entry, the
        sum over the clauses of each clause's weight times its term's BM25F score, which
        is what whoosh scores an `Or` of the clauses.

        `also` are the entries of the scenarios the question names: a long post that
        names its scenario in passing spreads its words over many entries, and the
        page, whose name's words count only as the scene, may fall outside the best."""
        import heapq

        totals: dict[int, float] = {}
        total = totals.get
        for field, term, weight in clauses:
            for docnum, score in self._postings.scores(field, term).items():
                totals[docnum] = total(docnum, 0.0) + weight * score
        best = heapq.nsmallest(most, [(-score, docnum) for docnum, score in totals.items()])
        kept = {docnum for _, docnum in best}
        best += [(-totals[n], n) for n in also if n in totals and n not in kept]
        return [(-negated, docnum) for negated, docnum in best]

    def docnum(self, entry_id: str) -> int | None:
        """The document number of the entry with this id, or None."""
        if self._ids:
            if self._positions is None:
                self._positions = {found: n for n, found in enumerate(self._ids)}
            return self._positions.get(entry_id)
        if entry_id in self._docnums:
            return self._docnums[entry_id]
        from whoosh.reading import TermNotFound

        try:
            return self._index_reader.first_id("id", entry_id)
        except TermNotFound:
            return None

    def answer(self, meaning: Understanding, hits: list[Hit]):
        """The answer line (`judge.search.answer`) from the best hit, or None."""
        return self.line(meaning, hits[0])

    def line(self, meaning: Understanding, best: Hit):
        """The line of one hit's entry that best answers the question, or None."""
        from judge.search.answer import Answer, best_line, names_only_the_entry
        from judge.search.card_mentions import name_keys
        from judge.search.text import stem
        from judge.search.understand import ERRATA_WORDS

        # asked of a card we have nothing on, an erratum of another card is no answer
        # ("does eowyn's errata change her ability?" is not answered by Caldara's), and
        # nor is any line when the question asks nothing else ("any ruling on beregond?")
        if naming.names_a_card_we_lack(meaning) and (
            (best.kind == "errata" and name_keys(best.cards).isdisjoint(name_keys(meaning.cards)))
            or all(map(_names_a_kind, meaning.concepts))
        ):
            return None
        weights: dict[str, float] = {}
        for words, factor in (
            (meaning.content, 1.0),
            (meaning.expansions, profile.EXPANSION_WEIGHT),
        ):
            for word in words:
                term = stem(word)
                found = len(self._text_documents(term)) if term else 0
                if found:
                    weight = factor * self._saying(term, found, meaning)
                    if term in meaning.follow_up:
                        weight *= profile.FOLLOW_UP_WEIGHT
                    weights[term] = max(weights.get(term, 0.0), weight)
        # the cards and scenarios the question names (and a scenario's box and cycle)
        # pulled the entry in, and "errata", or "keyword" or "faq" said of an entry of
        # that kind, asks for a kind of entry: they find the entry, not the line in it
        scenarios = self.reader.scenarios.with_origins(meaning.scenarios)
        kind = [word for word, kinds in KIND_NAMES.items() if best.kind in kinds]
        named = (*best.cards, *meaning.cards, *scenarios, *ERRATA_WORDS, *kind)
        for term in naming.stems_of(named):
            weights.pop(term, None)
        # the entry's own name is in many of its lines: it tells apart only lines that
        # say as much of the rest of the question ("Damage and Multiple Defenders":
        # the line that puts all the damage on one defender, not the one that only
        # says there are several)
        title = naming.stems_of([best.title])
        if names_only_the_entry(weights.keys(), title):
            weights = {}
        for term in title & weights.keys():
            weights[term] *= profile.TITLE_WORD_WEIGHT
        docnum = self._docnums.get(best.id)
        if docnum is None:
            docnum = self._index_reader.first_id("id", best.id)
        body = self._stored(docnum)["hit"]["text"]
        asked = frozenset(stem(word) for word in meaning.words)
        answered = [
            (line, question)
            for line, question in zip(
                self._answering_lines[docnum], self._question_lines[docnum], strict=True
            )
            if line is not None
        ]
        text = best_line(body, weights, self._lines[docnum], asked, answered, meaning.asks_for)
        return Answer(text, best.id, best.citation) if text else None

    def _telling(self, words, background: frozenset[str], most: int) -> list[str]:
        """The stems of the words worth searching for, at most `most`: the
        asking sentences' before the backstory's, rarer before commoner; words no entry
        uses are left out (they would match nothing)."""
        from judge.search.text import stem

        found = []
        for word in dict.fromkeys(words):
            term = stem(word)
            entries = len(self._text_documents(term)) if term else 0
            if entries:
                found.append((term in background, entries, term))
        found.sort()
        return [term for _, _, term in dict.fromkeys(found)][:most]

    def _stored(self, docnum: int) -> dict:
        """An entry's stored fields, with its body as the snippet reads it ("plain")
        (cached: each read decompresses and unpickles them, the same entries are shown
        for many questions, and the answer line reads the best one's again)."""
        found = self._stored_fields.get(docnum)
        if found is None:
            from judge.kb.body_lines import plain

            found = self._stored_fields[docnum] = self._index_reader.stored_fields(docnum)
            found["plain"] = plain(found["hit"]["text"])
            self._docnums[found["id"]] = docnum
        return found

    def _hit(
        self, docnum: int, score: float, meaning: Understanding, explain: dict | None = None
    ) -> Hit:
        from judge.search.snippets import snippet

        hit = self._stored(docnum)
        data = hit["hit"]
        text, spans = snippet(hit["plain"], meaning.content + meaning.expansions, data["stems"])
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
            explain=learned_stage.explained(explain) if explain is not None else None,
        )
