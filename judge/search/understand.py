"""Query understanding: what a player's question is about, before whoosh sees it.

User text is only ever split into words here; it is never handed to a query parser,
so `AND (`, `title:x`, `*` or quotes are just words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from judge.games import game_named_by
from judge.search.card_mentions import MAX_WORDS as NAME_WORDS
from judge.search.focus import (
    ability_words,
    asked_for,
    backstory_words,
    card_text_words,
    example_words,
    follow_up_words,
    question_first,
)
from judge.search.text import STOP_WORDS, stem, words
from judge.search.vocabulary import (
    EXACT_SYNONYMS,
    INTENT_PHRASES,
    INTENTS,
    NARRATORS,
    SAYING,
    SYNONYMS,
)

MAX_WORDS = 64  # a pasted page of text still answers in milliseconds
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


def _contains(seq: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(seq[i : i + n] == phrase for i in range(len(seq) - n + 1))


@cache
def _stemmed_synonyms() -> dict[tuple[str, ...], tuple[str, ...]]:
    """The synonym table keyed by stems, so "doubles" finds the entry for "double"."""
    return {tuple(stem(w) for w in key): value for key, value in SYNONYMS.items()}


@cache
def _openings() -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    """The lengths of the synonym keys each stem opens (`_stemmed_synonyms`), and each
    word (`EXACT_SYNONYMS`): most of a question's words open none, and are looked up
    no further."""
    found: tuple[dict[str, tuple[int, ...]], ...] = ({}, {})
    for keys, lengths in zip((_stemmed_synonyms(), EXACT_SYNONYMS), found, strict=True):
        for key in keys:
            lengths[key[0]] = (*lengths.get(key[0], ()), len(key))
    return found


def prepare() -> None:
    """Stem the synonym table now rather than for the first question."""
    _openings()


def table_talk(word: str) -> tuple[str, ...]:
    """The rules words a word alone stands for in the players' own talk ("ping":
    damage), or none."""
    return _stemmed_synonyms().get((stem(word),)) or EXACT_SYNONYMS.get((word,), ())


def synonyms_by_position(question_words: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    """Rules words for the player words in the question, keyed by the position of each
    word they stand for (longest phrase first: "bad guy" is one enemy, not a character)."""
    table = _stemmed_synonyms()
    by_stem, by_word = _openings()
    stems = tuple(stem(w) for w in question_words)
    found: dict[int, tuple[str, ...]] = {}
    i = 0
    while i < len(stems):
        lengths = by_stem.get(stems[i], ()) + by_word.get(question_words[i], ())
        for n in sorted(lengths, reverse=True):
            meant = table.get(stems[i : i + n]) or EXACT_SYNONYMS.get(question_words[i : i + n])
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


def kind_weights(question_words: tuple[str, ...]) -> dict[str, float]:
    """Multipliers per kind from intent words; several intents multiply together. A
    question with no word of campaign play is about a single game: campaign entries
    (the saga's Aragorn, a boon's card) rank a little lower."""
    weights: dict[str, float] = {}
    present = set(question_words)
    matched = [w for keys, w in INTENTS if keys & present]
    matched += [w for phrase, w in INTENT_PHRASES if _contains(question_words, phrase)]
    for table in matched:
        for kind, factor in table.items():
            weights[kind] = weights.get(kind, 1.0) * factor
    weights.setdefault("campaign", SINGLE_GAME_CAMPAIGN_WEIGHT)
    return weights


#: an entry of another kind titled after a card it covers ("Aragorn", a campaign
#: rule for that hero), weighed like a ruling on one card (RULES_QUESTION_WEIGHTS)
ONE_CARDS = "one card's"
#: Without a card named in the question, it asks about the rules themselves: entries
#: about one card's wording rank a little lower (a named card reverses this).
RULES_QUESTION_WEIGHTS = {"qa": 0.6, "errata": 0.6, "scenario": 0.8, ONE_CARDS: 0.6}
#: a campaign entry's weight for a question that says nothing of campaign play
SINGLE_GAME_CAMPAIGN_WEIGHT = 0.8


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
    question = _REQUESTING.sub("", _CONFIRMING.sub("", question[:4000]))
    all_words = without_narrators(question_first(question, MAX_WORDS))
    numbers = tuple(w for w in all_words if _NUMBER.match(w))
    content = tuple(w for w in all_words if w not in STOP_WORDS and w not in numbers)
    synonyms = synonyms_by_position(all_words)
    return Understanding(
        words=all_words,
        content=content,
        expansions=tuple(expand(all_words, synonyms)),
        numbers=numbers,
        kind_weights=kind_weights(all_words),
        concepts=concepts(all_words, synonyms),
        phrasing=phrasing(content),
        game=game_named_by(all_words) if game == "auto" else game,
        background=_background(question, content, all_words, synonyms),
        follow_up=_follow_up(question, content),
        asks_for=asked_for(question),
        opening=tuple(words(question)[:NAME_WORDS]),
    )


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
