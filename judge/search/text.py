"""Tokenizing and stemming shared by the index, the query builder and the highlighter.

One analyzer chain decides what counts as "the same word" everywhere, so a highlighted
snippet marks exactly the words that matched.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from judge.base.slug import fold_accents

#: a word, or a step or ruling number, with the letter of a lettered step ("6.4a")
WORD = re.compile(r"[0-9]+(?:\.[0-9]+)+(?:[A-Za-z](?![^\W_]))?|[^\W_]+(?:['\u2019][^\W_]+)?")

#: Words that carry no meaning in a question. Rules words such as "when", "after",
#: "then", "cannot", "may" or "instead" are NOT here: the rules give them meaning.
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "being",
        "but",
        "by",
        "do",
        "does",
        "did",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "his",
        "how",
        "i",
        "if",
        "im",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "that",
        "the",
        "their",
        "them",
        "there",
        "these",
        "they",
        "this",
        "those",
        "us",
        "was",
        "we",
        "were",
        "what",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "mine",
        "about",
        "any",
        "just",
        "also",
        "there's",
        "it's",
        "what's",
        "who's",
        "i'm",
        "i've",
        "we've",
        "you've",
        "they've",
        "we'd",
        "you'd",
        "they'd",
        "he'd",
        "she'd",
        "you'll",
        "they'll",
        "he'll",
        "she'll",
        "it'll",
        "that'll",
        "let's",
        "here's",
        "where's",
        "how's",
        "when's",
        "why's",
        "ain't",
        "y'all",
        "i'd",
        "don't",
        "doesn't",
        "didn't",
        "isn't",
        "aren't",
        "wasn't",
        "weren't",
        "won't",
        "wouldn't",
        "couldn't",
        "shouldn't",
        "haven't",
        "hasn't",
        "hadn't",
        "get",
        "got",
        "go",
        "goes",
        "going",
        "happen",
        "happens",
        "thing",
        "things",
        "work",
        "works",
        "way",
        "really",
        "actually",
        "still",
        "okay",
        "ok",
        "hey",
        "please",
        "guys",
        "question",
        "rule",
        "rules",
        # how players talk, never what the rules say
        "am",
        "him",
        "himself",
        "herself",
        "itself",
        "myself",
        "themselves",
        "he's",
        "she's",
        "we're",
        "you're",
        "they're",
        "that's",
        "i'll",
        "we'll",
        "too",
        "very",
        "than",
        "something",
        "anything",
        "someone",
        "anyone",
        "somebody",
        "anybody",
        "suppose",
        "supposed",
        "thought",
        "heard",
        "regarding",
        "mean",  # "what does X mean?", "does that mean we...": asks, says no rule
        "means",
        "lotr",  # the name of both games' world
        "told",
        "wondering",
        "wondered",
        "confused",
        "sorry",
        "here",
        "exactly",
        "know",
        "think",
        "believe",
        "wonder",
        "sure",
        "maybe",
        "perhaps",
        "probably",
        "guess",
        "because",
        "though",
        "although",
        "however",
        "even",
        "already",
        "now",
        "example",
        "eg",
        "etc",
        "hi",
        "hello",
        "thanks",
        "thank",
        "yes",
        "yeah",
        "want",
        "wants",
        "wanted",
        "came",
        "basically",
        # adverbs of table talk whose stems are rules words ("totally" is "total")
        "totally",
        "completely",
        "entirely",
        "literally",
        "obviously",
        "definitely",
        "apparently",
        "certainly",
        "clearly",
        "kinda",
        "sorta",
        "anyway",
        "stuff",
        "noob",
        "newbie",
        "lol",
        "haha",
        "btw",
        "imo",
        "imho",
        "tia",
        "folks",
        "ever",
        "clarification",
        "clarify",
        "confusing",
        "having",
        "gets",
        "getting",
        "doing",
        "could",
        "should",
        "might",
    ]
) | frozenset("bcdefghjklmnopqrstuvwyz")  # single letters ("e.g.", "U.C."), but X
#: players often type a contraction without its apostrophe ("whats", "dont"); those
#: forms are stop words too, save the ones that are words of their own
STOP_WORDS |= frozenset(w.replace("'", "") for w in STOP_WORDS if "'" in w) - frozenset(
    {"id", "ill", "well", "wed", "shed", "hell", "shell", "lets"}
)


#: Irregular forms the stemmer cannot relate to their base word, as they occur in
#: questions and rules text ("a fallen hero" is about heroes that fall).
IRREGULAR_FORMS = {
    "can't": "cannot",  # what the rules write
    "cant": "cannot",
    "fallen": "fall",
    "fell": "fall",
    "dealt": "deal",
    "drew": "draw",
    "drawn": "draw",
    "paid": "pay",
    "chose": "choose",
    "chosen": "choose",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "began": "begin",
    "begun": "begin",
    "won": "win",
    "ran": "run",
    "kept": "keep",
    "spent": "spend",
    "held": "hold",
    "fought": "fight",
    "brought": "bring",
    "sent": "send",
    "stood": "stand",
    "led": "lead",
    "dying": "die",
    "died": "die",
    "dies": "die",
    "shuffled": "shuffle",
    "stuck": "stick",
    "snuck": "sneak",
    # comparatives, which Porter2 leaves alone ("an easier game" is about Easy Mode)
    "easier": "easy",
    "easiest": "easy",
    "harder": "hard",
    "hardest": "hard",
}


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
