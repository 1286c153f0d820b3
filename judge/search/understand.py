"""Query understanding: what a player's question is about, before whoosh sees it.

User text is only ever split into words here; it is never handed to a query parser,
so `AND (`, `title:x`, `*` or quotes are just words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import NamedTuple

from judge.base.phrases import phrase_at
from judge.games import DEFAULT_GAME, game_named_by
from judge.games.lexicon import english, vocabulary
from judge.search.focus import (
    ability_words,
    asked_for,
    backstory_words,
    card_text_words,
    example_words,
    follow_up_words,
    question_first,
)
from judge.search.text import (
    MAX_CHARACTERS,
    MAX_WORDS,
    NARRATORS,
    SAYING,
    STOP_WORDS,
    stem,
    words,
)

#: the words that ask for a card's errata, and those that name a kind of entry -> the
#: kinds it names (every entry of those kinds covers the word: "thalin errata",
#: "sentinel keyword"): the knowledge base's kinds, named alike in every game
ERRATA_WORDS = english().errata_words
KIND_NAMES = english().kind_names

_NUMBER = re.compile(r"^\d\.\d{1,2}(?:\.\d)?[a-z]?$")
#: a tag that asks the table to confirm ("we deal them before attacks, right?", "is
#: that correct?"): no rules word, though "right" is a rare one ("right after")
#: (read from the start of a run of spaces and commas only: from each of its characters
#: a long run was read again)
_CONFIRMING = re.compile(r"(?<![,\s])[,\s]++(?:right|correct)(?=[\s?!]*\?)", re.IGNORECASE)
#: a request for an explanation opening a sentence ("can you explain combat phase?",
#: "tell me about sentinel"): it asks what the rest names, in no words of the rules
#: ("can" is one: "can I defend?"). The spaces before it are taken whole (`*+`), and
#: not line breaks, each of which starts a sentence of its own: a long run of either
#: would otherwise be read again from each of its characters
_REQUESTING = re.compile(
    r"(?:^|(?<=[.!?;\n]))[ \t]*+(?:(?:can|could|would|will) (?:you|someone|anyone|somebody)"
    r" (?:please )?|please )?(?:explain|describe|tell me about|help me understand)\b",
    re.IGNORECASE,
)


class Understanding(NamedTuple):
    """The parts of a question the ranking uses."""

    words: tuple[str, ...]
    content: tuple[str, ...]
    expansions: tuple[str, ...]
    numbers: tuple[str, ...]
    kind_weights: dict[str, float]  # never mutated: replaced whole via _replace
    concepts: tuple[tuple[str, ...], ...] = ()
    phrasing: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    #: titles of the scenarios the question names
    scenarios: tuple[str, ...] = ()
    game: str = "lcg"
    #: misspelt words read as rules words, (as typed, as read)
    corrected: tuple[tuple[str, str], ...] = ()
    #: card names the question writes that no entry is about
    unknown_cards: tuple[str, ...] = ()
    #: the card-database designs of every card the question names, best first
    #: (`judge.kb.card_facts`): their facts are features of the fusion
    card_designs: tuple[str, ...] = ()
    #: stems only the backstory of a long question says (`judge.search.focus`)
    background: frozenset[str] = frozenset()
    #: stems only the later questions of a post say, not its first (`focus.follow_up_words`)
    follow_up: frozenset[str] = frozenset()
    #: "who", "amount" or "moment": what the first asking sentence asks for
    #: (`focus.asked_for`), or None
    asks_for: str | None = None
    #: the question's first words in the player's order, as many as a name is looked
    #: for in (`words` puts a long post's asking sentences first): a post names its
    #: scenario up front
    opening: tuple[str, ...] = ()
    #: how likely the first entry ranked is a right one, 0-1 (`learned.confidence`),
    #: once the question is ranked with the learned stage; else None
    confidence: float | None = None
    #: the question's text as the stages read it: as typed, then normalised
    #: (`normalised`), then respelt (`reading.GameReader.spelt`)
    text: str = ""
    #: what the names stage found for the stages after it (`reading.Named`), or None
    named: object = None
    #: the rules words table talk stands for, by the position of the words they stand
    #: for (`synonyms_by_position`), read once by the expanding stage for the ones after
    synonyms: dict[int, tuple[str, ...]] = {}  # never mutated: replaced whole via _replace


#: the version of the stemmed synonym tables kept in the user cache (`_stemmed_synonyms`)
_STEMMED_FORMAT = 1


@cache
def _stemmed_synonyms(game: str) -> dict[tuple[str, ...], tuple[str, ...]]:
    """A game's synonym table (`judge.games.lexicon`) keyed by stems, so "doubles" finds
    the entry for "double". Stemming every key costs a cold question milliseconds, so
    the table is kept in the user cache, keyed by what it is worked out from: the table
    itself (a hash of it), the English (its irregular forms) and the stemmer's module."""
    import zlib

    from judge.base.cache import kept
    from judge.games.lexicon import fingerprint
    from judge.search import text

    synonyms = vocabulary(game).synonyms
    stemmer = Path(text.__file__).stat()
    key = [
        _STEMMED_FORMAT,
        zlib.crc32(repr(sorted(synonyms.items())).encode()),
        fingerprint(),
        stemmer.st_size,
        stemmer.st_mtime_ns,
    ]

    def build():
        return {tuple(stem(w) for w in k): v for k, v in synonyms.items()}

    return kept(f"synonym-stems-{game}.marshal", key, build)


@cache
def _openings(game: str) -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    """The lengths of the synonym keys each stem opens (`_stemmed_synonyms`), and each
    word (the exact synonyms): most of a question's words open none, and are looked up
    no further."""
    found: tuple[dict[str, tuple[int, ...]], ...] = ({}, {})
    tables = (_stemmed_synonyms(game), vocabulary(game).exact_synonyms)
    for keys, lengths in zip(tables, found, strict=True):
        for key in keys:
            lengths[key[0]] = (*lengths.get(key[0], ()), len(key))
    return found


def prepare() -> None:
    """Stem every game's synonym table now rather than for the first question."""
    from judge.games import GAMES

    for game in GAMES:
        _openings(game)


def table_talk(word: str, game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The rules words a word alone stands for in the players' own talk ("ping":
    damage), or none."""
    exact = vocabulary(game).exact_synonyms
    return _stemmed_synonyms(game).get((stem(word),)) or exact.get((word,), ())


def synonyms_by_position(
    question_words: tuple[str, ...], game: str = DEFAULT_GAME
) -> dict[int, tuple[str, ...]]:
    """Rules words for the player words in the question, keyed by the position of each
    word they stand for (longest phrase first: "bad guy" is one enemy, not a character)."""
    table, exact = _stemmed_synonyms(game), vocabulary(game).exact_synonyms
    by_stem, by_word = _openings(game)
    stems = tuple(stem(w) for w in question_words)
    found: dict[int, tuple[str, ...]] = {}
    i = 0
    while i < len(stems):
        lengths = by_stem.get(stems[i], ()) + by_word.get(question_words[i], ())
        for n in sorted(lengths, reverse=True):
            meant = table.get(stems[i : i + n]) or exact.get(question_words[i : i + n])
            if meant and i + n <= len(stems):
                for position in range(i, i + n):
                    found[position] = meant
                i += n
                break
        else:
            i += 1
    return found


def expand(question_words: tuple[str, ...], synonyms: dict[int, tuple[str, ...]]) -> list[str]:
    """Rules words for the player words in the question (`synonyms_by_position`), minus
    those the question already says."""
    stems = {stem(w) for w in question_words}
    added = [w for ws in dict.fromkeys(synonyms.values()) for w in ws]
    return [w for w in dict.fromkeys(added) if stem(w) not in stems]


def concepts(
    question_words: tuple[str, ...], synonyms: dict[int, tuple[str, ...]]
) -> tuple[tuple[str, ...], ...]:
    """One group of stems per content word: the word itself and the rules words it means.

    An entry covers a concept when it matches any stem of the group; the ranking rewards
    entries that cover more of what the question is about.
    """
    groups: dict[tuple[str, ...], None] = {}
    for position, word in enumerate(question_words):
        if word in STOP_WORDS or _NUMBER.match(word):
            continue
        group = (stem(word), *(stem(s) for s in synonyms.get(position, ())))
        groups[tuple(dict.fromkeys(t for t in group if t))] = None
    return tuple(g for g in groups if g)


def intents(game: str) -> tuple[tuple, tuple]:
    """A game's intents and intent phrases (`judge.games.lexicon`): the words that
    reveal what kind of answer a question wants, and how much to favour it. Weights
    multiply a hit's score; nothing is ever filtered out."""
    return vocabulary(game).intents, vocabulary(game).intent_phrases


def kind_weights(question_words: tuple[str, ...], game: str = DEFAULT_GAME) -> dict[str, float]:
    """Multipliers per kind from intent words; several intents multiply together."""
    weights: dict[str, float] = {}
    present = set(question_words)
    by_words, by_phrases = intents(game)
    matched = [w for keys, w in by_words if keys & present]
    matched += [w for phrase, w in by_phrases if phrase_at(question_words, phrase)]
    for table in matched:
        for kind, factor in table.items():
            weights[kind] = weights.get(kind, 1.0) * factor
    return weights


def phrasing(content: tuple[str, ...]) -> tuple[str, ...]:
    """Content stems for phrase matching, a value after a word read as the rules' X.

    Players write the value ("archery 2", "doomed 3"); titles and rules text write the
    placeholder ("Archery X"), so "archery 2" phrase-matches "Archery X".
    """
    stems: list[str] = []
    for i, word in enumerate(content):
        value = word.isdigit() and len(word) <= 2 and i > 0 and not content[i - 1].isdigit()
        stems.append("x" if value else stem(word))
    return tuple(stems)


def understand(question: str, game: str = "auto") -> Understanding:
    """The question read by the stages that need nothing of an index (`TEXT_STAGES`), in
    the game it names, else the default game: `pipeline.read` reads it with the game's
    own stages between these."""
    meaning = query(question, game)
    for stage in TEXT_STAGES:
        meaning = stage(meaning)
    return meaning


def query(question: str, game: str = "auto") -> Understanding:
    """The query object before any stage has read it: the text as typed."""
    return Understanding((), (), (), (), {}, game=game, text=question)


def normalised(meaning: Understanding) -> Understanding:
    """Stage: the text without what asks nothing (a tag asking the table to confirm,
    a request for an explanation), cut to the most a question is read of."""
    text = meaning.text[:MAX_CHARACTERS]
    return meaning._replace(text=_REQUESTING.sub("", _CONFIRMING.sub("", text)))


def worded(meaning: Understanding) -> Understanding:
    """Stage: the words, asking sentences first (`focus.question_first`), without who
    said what; the numbers among them and the content words; and the opening words in
    the player's order."""
    all_words = without_narrators(question_first(meaning.text, MAX_WORDS))
    numbers = tuple(w for w in all_words if _NUMBER.match(w))
    return meaning._replace(
        words=all_words,
        numbers=numbers,
        content=tuple(w for w in all_words if w not in STOP_WORDS and w not in numbers),
        opening=tuple(words(meaning.text)[:MAX_WORDS]),
    )


def marked(meaning: Understanding) -> Understanding:
    """Stage: the game a word of the question names ("in the TCG"), when none was
    given, else the default game (the pipeline routes by every word instead,
    `engine.Searcher.routed`)."""
    return (
        meaning if meaning.game != "auto" else meaning._replace(game=game_named_by(meaning.words))
    )


def expanded(meaning: Understanding) -> Understanding:
    """Stage: the rules words the game's table talk reads into the player's words
    (`synonyms_by_position`), the concepts they form and the stems phrases match by."""
    synonyms = synonyms_by_position(meaning.words, meaning.game)
    return meaning._replace(
        synonyms=synonyms,
        expansions=tuple(expand(meaning.words, synonyms)),
        concepts=concepts(meaning.words, synonyms),
        phrasing=phrasing(meaning.content),
    )


def segmented(meaning: Understanding) -> Understanding:
    """Stage: the asking sentences against the rest (`judge.search.focus`): the stems
    only the backstory says, those only the later questions say, and what the first
    question asks for."""
    return meaning._replace(
        background=_background(meaning.text, meaning.content, meaning.words, meaning.synonyms),
        follow_up=_follow_up(meaning.text, meaning.content),
        asks_for=asked_for(meaning.text),
    )


def intended(meaning: Understanding) -> Understanding:
    """Stage: the kinds of entry the question's words ask for (`kind_weights`)."""
    return meaning._replace(kind_weights=kind_weights(meaning.words, meaning.game))


#: the stages that read a question's text alone, in order (`pipeline.STAGES` puts the
#: game's between them)
TEXT_STAGES = (normalised, worded, marked, expanded, segmented, intended)


def without_narrators(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words without who said what ("my friend says exhausted characters can't
    defend"): "friend" there reports an argument at the table, and read as another
    player it would pull in the rules about other players (Sentinel, Ranged)."""
    from itertools import pairwise

    quoting = {
        i
        for i, (word, following) in enumerate(pairwise(words))
        if word in NARRATORS and following in SAYING
    }
    return tuple(w for i, w in enumerate(words) if i not in quoting and i - 1 not in quoting)


def _background(
    question: str,
    content: tuple[str, ...],
    question_words: tuple[str, ...],
    synonyms: dict[int, tuple[str, ...]],
) -> frozenset[str]:
    """Stems of the content words only the backstory says, or that a sentence gives as
    an example ("e.g. Aragorn"), or that only quoted card text says after its
    ability's label (`card_text_words`); an ability type that quoted card text shows
    ("Response:") always counts as asked about. A stem the asking sentences say in
    another form ("engagement" told, "engage" asked), or mean in table talk ("there's a
    Hill Troll (engagement 30) ... can I just pull it to me?": to pull is to engage), is
    asked about."""
    told = backstory_words(question) | example_words(question) | card_text_words(question)
    told -= set(ability_words(question))
    asked = {stem(w) for w in content if w not in told}
    meant = {
        stem(rules_word)
        for position, word in enumerate(question_words)
        if word not in told
        for rules_word in synonyms.get(position, ())
    }
    return frozenset(stem(w) for w in content if w in told) - asked - meant


def _follow_up(question: str, content: tuple[str, ...]) -> frozenset[str]:
    """Stems of the content words only the later questions say; a stem said in another
    form anywhere else ("dealing" told, "dealt" asked later) is not theirs alone."""
    later = follow_up_words(question)
    first = {stem(w) for w in content if w not in later}
    return frozenset(stem(w) for w in content if w in later) - first


def in_own_words(meaning: Understanding, rules_words: Mapping[str, str]) -> Understanding:
    """The question with the rules words its table talk was read into (`expansions`,
    and the concepts' words after the player's own) in a game's own words
    (`Ruleset.rules_words`: the TCG's "killed" for the Card Game's "destroyed"). One
    that the question says itself is no expansion ("turn", read as round, is turn)."""
    if not rules_words:
        return meaning
    stems = {stem(word): stem(own) for word, own in rules_words.items()}
    said = {stem(w) for w in meaning.content}
    expansions = (rules_words.get(w, w) for w in meaning.expansions)
    return meaning._replace(
        expansions=tuple(w for w in dict.fromkeys(expansions) if stem(w) not in said),
        concepts=tuple(
            tuple(dict.fromkeys((group[0], *(stems.get(t, t) for t in group[1:]))))
            for group in meaning.concepts
        ),
    )


def without(meaning: Understanding, dropped: frozenset[str]) -> Understanding:
    """The question minus some words: a card name we have nothing on names nothing we
    could find, so its words must not pull in entries that merely share them."""
    if not dropped:
        return meaning
    stems = {stem(w) for w in dropped}
    content = tuple(w for w in meaning.content if w not in dropped)
    return meaning._replace(
        words=tuple(w for w in meaning.words if w not in dropped),
        content=content,
        concepts=tuple(g for g in meaning.concepts if g[0] not in stems),
        phrasing=phrasing(content),
    )
