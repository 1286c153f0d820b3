"""Which game a question is about, when it does not say: the words one game uses far
more than the other.

The rulesets' markers catch a question that names its game ("tcg") or a term every
player of it knows. A question can also just speak one game's language ("can I exert
an exhausted companion?"): the index keeps, per game, the stems that are that game's
own, and the question goes to the game whose own words it uses most. Words both games
use alike (threat, attack, Frodo) decide nothing.

A stem is a game's own when no other game's entries use it, or when that game uses it
commonly (in at least OWN_SHARE of its entries) and the share of its entries using it
is many times (OWN_RATIO) any other game's share. Requiring no use at all elsewhere
was too strict: three Card Game scenarios that speak of "wounds" made the TCG's word
common ground, and "Quest Companion", the name of a document every Card Game entry may
cite, made "companion" one too. Documents' names are no game's words: they are left
out. A word one game only sometimes uses ("armor", a trait in both) is no sign.
"""

from __future__ import annotations

#: a stem counts as a game's own only when this many of its entries use it
MIN_ENTRIES = 3
#: a stem another game also uses is a game's own only when at least this share of its
#: entries use it, and a share this many times any other game's share: "wound" is in
#: 3 of about 600 Card Game entries and in 1 of 4 TCG ones; "spot" in 1 of 600 and in
#: 5 of about 70
OWN_SHARE = 0.05
OWN_RATIO = 25


def exclusive_stems(kb) -> dict[str, list[str]]:
    """Game -> the stems that are that game's own (see the module's docstring)."""
    from judge.kb.entries import SOURCES
    from judge.search.text import stem, words

    document_names = [name.lower() for name in SOURCES.values()]
    entries_using: dict[str, dict[str, int]] = {}
    entries_of: dict[str, int] = {}
    for entry in kb.entries:
        entries_of[entry.game] = entries_of.get(entry.game, 0) + 1
        # lower case first (`words` would anyway), so that plain replacing finds every
        # way a name is written: a case-blind pattern took a third of this reading
        text = " ".join((entry.title, *entry.aliases, *entry.questions, entry.body)).lower()
        for name in document_names:
            text = text.replace(name, " ")
        for term in {stem(w) for w in words(text)} - {""}:
            counts = entries_using.setdefault(term, {})
            counts[entry.game] = counts.get(entry.game, 0) + 1
    found: dict[str, list[str]] = {}
    for term, counts in entries_using.items():
        shares = {game: n / entries_of[game] for game, n in counts.items()}
        for game, n in counts.items():
            elsewhere = max((s for g, s in shares.items() if g != game), default=0.0)
            common = shares[game] >= OWN_SHARE and shares[game] >= OWN_RATIO * elsewhere
            if n >= MIN_ENTRIES and (not elsewhere or common):
                found.setdefault(game, []).append(term)
    return {game: sorted(terms) for game, terms in found.items()}


def game_by_words(stems, exclusive: dict[str, frozenset[str]], default: str) -> str:
    """The game whose own stems the question uses most; the default on a tie."""
    said = set(stems)
    counts = {game: len(said & own) for game, own in exclusive.items()}
    best = max(counts, key=lambda g: (counts[g], g == default), default=default)
    return best if counts.get(best, 0) > counts.get(default, 0) else default
