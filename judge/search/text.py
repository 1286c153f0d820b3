"""Tokenizing and stemming shared by the index, the query builder and the highlighter.

One analyzer chain decides what counts as "the same word" everywhere, so a highlighted
snippet marks exactly the words that matched.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from judge.base.slug import fold_accents
from judge.games.lexicon import english

#: a word, or a step or ruling number, with the letter of a lettered step ("6.4a")
#: the most of a question that is read, by the stages and the learned model alike (a
#: pasted page)
MAX_CHARACTERS = 4000
#: the most words of a question that are read (its asking sentences first) and looked
#: through for the names of cards: a pasted page still answers in milliseconds, and a
#: long post's backstory names its heroes (with 40, 1.6% fewer of the names players
#: wrote in the question sets were recognised)
MAX_WORDS = 64
WORD = re.compile(r"[0-9]+(?:\.[0-9]+)+(?:[A-Za-z](?![^\W_]))?|[^\W_]+(?:['\u2019][^\W_]+)?")

#: Words that carry no meaning in a question, and the irregular forms the stemmer cannot
#: relate to their base word ("a fallen hero" is about heroes that fall): English, one
#: analyzer for every game's index (`judge.games.lexicon`, whose file says why each is)
STOP_WORDS = english().stop_words
IRREGULAR_FORMS = english().irregular_forms
#: who a post quotes ("my friend says...", "the table thought..."), and what they do
#: when quoted: the people at the table, not the other player a rule speaks of
NARRATORS = english().narrators
SAYING = english().saying


def rules_stem(word: str) -> str:
    """Porter2 (English Snowball) stem of a word, irregular forms first made regular.

    Porter2 rather than the original Porter: it stems "eliminated" and "elimination"
    alike, and "played" as "play". Module-level so that the index's pickled schema
    can name it.
    """
    from whoosh.lang.porter2 import stem as porter2

    return porter2(IRREGULAR_FORMS.get(word, word))


#: texts whose words are remembered for `words`: a question, its sentences and the
#: question as respelt, several times over; few, since a pasted page may be long
RECENT_TEXTS = 64


def words(text: str) -> list[str]:
    """Lower-case, accent-folded words of user text (never interpreted as syntax).

    Players make a past tense of a card or a rules word with "'d" ("Nori was
    errata'd", "I Feint'd the troll", "Sneak Attack'd Gandalf in"): such a word reads as
    the word itself. A contraction ("I'd", "it'd": a stop word before the "'d") stays
    whole.

    Understanding a question reads its words, and its sentences', several times over:
    the latest RECENT_TEXTS texts' words are remembered."""
    return list(_recent_words(text))


@lru_cache(maxsize=RECENT_TEXTS)
def _recent_words(text: str) -> tuple[str, ...]:
    return _words(text)


@lru_cache(maxsize=2048)
def text_words(text: str) -> tuple[str, ...]:
    """`words` of a text, remembered. The index build reads every entry's title and
    body for its vocabulary, for the words that name one card and for the scenarios'
    short names: each reading went through the whole knowledge base again. (The
    cache holds them all: about 700 entries, two texts each.)"""
    return _words(text)


def _words(text: str) -> tuple[str, ...]:
    found = [w.replace("\u2019", "'") for w in WORD.findall(fold_accents(text).lower())]
    return tuple(_without_past_tense(w) if w.endswith("'d") else w for w in found)


def _without_past_tense(word: str) -> str:
    """ "errata'd" -> "errata"; a contraction ("i'd", "who'd") unchanged."""
    before = word[:-2]
    return word if before in STOP_WORDS else before


@cache
def analyzer(stop: bool = True):
    """The whoosh analyzer chain: tokenize, lower, fold accents, drop stop words, stem."""
    from whoosh.analysis import (
        CharsetFilter,
        LowercaseFilter,
        RegexTokenizer,
        StemFilter,
        StopFilter,
    )
    from whoosh.support.charset import accent_map

    chain = RegexTokenizer(WORD.pattern) | LowercaseFilter() | CharsetFilter(accent_map)
    if stop:
        chain = chain | StopFilter(stoplist=STOP_WORDS, minsize=1)
    # an unbounded (dict) cache: the vocabulary is small, and whoosh's bounded one
    # costs more than the stemming it saves
    return chain | StemFilter(stemfn=rules_stem, cachesize=-1)


@cache
def stem(word: str) -> str:
    """The stem of one word, as the index stores it ("" when it holds no word).

    A lower-case ASCII word is already what the analyzer's tokenizer and filters
    would make of it, so it goes straight to the stemmer: twenty times faster than
    running the whole chain, which matters when a cold `ask` stems a hundred words.
    """
    if word.isascii() and word == word.lower() and WORD.fullmatch(word):
        return rules_stem(word)
    tokens = [t.text for t in analyzer(False)(word)]
    return tokens[0] if tokens else ""


#: what `analyzer(stop)` makes of each distinct word, "" for a word it drops
_ANALYSED: dict[bool, dict[str, str]] = {True: {}, False: {}}


def analysed(text: str, stop: bool = True) -> str:
    """The stems `analyzer(stop)` makes of a text, joined by spaces.

    The index build gives its fields these (`index_writing.AnalysedText`), not raw text:
    every filter of the chain works on one token at a time, so each distinct word
    goes through it once here, where whoosh ran the chain on every token of every
    field, a third of the build. An ASCII word needs only lower-casing, the stop list
    and `stem` (whose cache the questions share), not the chain.
    """
    table = _ANALYSED[stop]
    found = []
    for word in WORD.findall(text):
        result = table.get(word)
        if result is None:
            lowered = word.lower()
            if lowered.isascii():
                result = "" if stop and lowered in STOP_WORDS else stem(lowered)
            else:
                tokens = [t.text for t in analyzer(stop)(word)]
                result = tokens[0] if tokens else ""
            table[word] = result
        if result:
            found.append(result)
    return " ".join(found)


def pairs(stems: list[str]) -> list[str]:
    """Adjacent content-word stems joined ("put_play"): phrase matches as cheap term
    lookups, for an entry's text (the index's `pairs` field) and a question's stems."""
    return [f"{a}_{b}" for a, b in zip(stems, stems[1:], strict=False) if a and b]
