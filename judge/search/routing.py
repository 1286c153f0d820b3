"""Which game a question is about, when it does not say: the words only one game uses.

The rulesets' markers catch a question that names its game ("tcg") or a term every
player of it knows. A question can also just speak one game's language ("can I exert
an exhausted companion?"): the index keeps, per game, the stems that game's entries
use and no other game's entries do, and the question goes to the game whose own words
it uses most. Words both games use (threat, attack, Frodo) decide nothing.
"""

from __future__ import annotations

#: a stem counts as a game's own only when this many of its entries use it
MIN_ENTRIES = 3


def exclusive_stems(kb) -> dict[str, list[str]]:
    """Game -> the stems only that game's entries use (in at least MIN_ENTRIES)."""
    from judge.search.text import stem, words

    entries_using: dict[str, dict[str, int]] = {}
    for entry in kb.entries:
        text = " ".join((entry.title, *entry.aliases, *entry.questions, entry.body))
        for term in {stem(w) for w in words(text)} - {""}:
            counts = entries_using.setdefault(term, {})
            counts[entry.game] = counts.get(entry.game, 0) + 1
    found: dict[str, list[str]] = {}
    for term, counts in entries_using.items():
        if len(counts) == 1:
            ((game, n),) = counts.items()
            if n >= MIN_ENTRIES:
                found.setdefault(game, []).append(term)
    return {game: sorted(terms) for game, terms in found.items()}


def game_by_words(stems, exclusive: dict[str, frozenset[str]], default: str) -> str:
    """The game whose own stems the question uses most; the default on a tie."""
    said = set(stems)
    counts = {game: len(said & own) for game, own in exclusive.items()}
    best = max(counts, key=lambda g: (counts[g], g == default), default=default)
    return best if counts.get(best, 0) > counts.get(default, 0) else default
