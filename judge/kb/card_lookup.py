"""Fuzzy title lookup over a short list of titles (the scenarios', and the cards the
knowledge base knows when the card facts are not installed), and a card's entries.

`find_card` matches a typed name against a few hundred titles; a card is looked up by
`judge.app.card_report.find_versions` over the card database, as `card` does, and
`card_entries` then gathers what the knowledge base says about the title it found."""

from __future__ import annotations

from dataclasses import dataclass

CLEAR_WIN = 90.0  # a match this good, well ahead of the next, is the card meant
MARGIN = 6.0
CLOSE = 70.0  # matches at least this good are offered as suggestions
#: a fuzzy match answers only when it is the title mistyped (at most one edit, a letter
#: added, dropped, changed or two swapped, per TYPO_LETTERS letters of the title, and
#: always one) or part of it in whole words ("bilbo" for Bilbo Baggins). WRatio alone
#: scores "robert" 90 against Bert (Bert is inside it) and "notanumber" 77.
TYPO_LETTERS = 4


@dataclass(frozen=True, slots=True)
class CardMatch:
    """The card meant (`title`), or the candidates when it is ambiguous or unknown."""

    title: str | None
    candidates: tuple[tuple[str, float], ...]
    #: no answer because two or more titles are each named as well as the other
    #: ("gondor": Horn of Gondor, Steward of Gondor); otherwise the candidates are
    #: only suggestions
    several: bool = False


def names_the_title(key: str, title_key: str) -> bool:
    """Whether a typed name (slug) is the title's slug with a few typos, or the title
    and the name share whole words, one inside the other."""
    from rapidfuzz.distance import OSA

    if f"-{key}-" in f"-{title_key}-" or f"-{title_key}-" in f"-{key}-":
        return True
    allowed = max(1, len(title_key) // TYPO_LETTERS)
    return OSA.distance(key, title_key, score_cutoff=allowed) <= allowed


def find_card(query: str, titles: dict[str, str]) -> CardMatch:
    """Match a typed card name against known titles (slug keys, so accents do not matter)."""
    from rapidfuzz import fuzz, process

    from judge.base.slug import slugify

    key = slugify(query)
    if key in titles:
        return CardMatch(titles[key], ((titles[key], 100.0),))
    scored = process.extract(key, list(titles), scorer=fuzz.WRatio, limit=6)
    ranked = tuple((titles[k], round(score, 1)) for k, score, _ in scored)
    if not ranked:
        return CardMatch(None, ())
    named = [names_the_title(key, k) for k, _, _ in scored]
    best, best_score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    if best_score >= CLEAR_WIN and best_score - runner_up >= MARGIN and named[0]:
        return CardMatch(best, ranked[:1])
    # the close matches; of them, the ones the name says (typos or whole words): one
    # is the card meant, several are listed, none leaves only suggestions
    floor = max(CLOSE, best_score - 15)
    close = tuple(pair for pair in ranked if pair[1] >= floor)
    meant = tuple(pair for pair, says in zip(ranked, named, strict=True) if pair in close and says)
    if len(meant) == 1:
        return CardMatch(meant[0][0], meant)
    if meant:
        return CardMatch(None, meant, several=True)
    return CardMatch(None, close or ranked[:5])


# -- a card database title's entries in the knowledge base ---------------------------------

#: an entry's `cards:` may spell a card otherwise than the card database ("O Elbereth!
#: Gilthoniel!" for the database's "A Elbereth! Gilthonial!"): a spelling that is no
#: database title answers for a title at most one edit per SPELLING_LETTERS letters
#: away (and always one), so "Orc Guard" never answers for Orc Vanguard
SPELLING_LETTERS = 8


@dataclass(frozen=True, slots=True)
class CardEntries:
    """What the knowledge base says about one card title, as `errata` shows it.

    `errata` are its errata (for the versions looked up, when the words beside the title
    picked some); `about` the rulings and Q&A whose `cards:` name it; `named` the
    entries whose text names it by its whole title; `other_errata` errata that correct
    only versions the words beside the title left out ("boromir leadership")."""

    title: str
    designs: tuple  # card_facts.CardDesign, oldest first; empty without the card facts
    errata: tuple = ()
    about: tuple = ()
    named: tuple = ()
    other_errata: tuple = ()

    @property
    def entries(self) -> tuple:
        return (*self.errata, *self.about, *self.named)


def kb_spellings(title: str, kb_titles: dict[str, str]) -> tuple[str, ...]:
    """The names entries' `cards:` give a card database title: the title, and each
    name there that is no database title but is the title misspelt (SPELLING_LETTERS)."""
    from rapidfuzz.distance import OSA

    from judge.base.slug import slugify
    from judge.kb import card_facts

    if not card_facts.available():
        return (title,)
    key = slugify(title)
    allowed = max(1, len(key) // SPELLING_LETTERS)
    found = [title]
    for slug, name in kb_titles.items():
        near = OSA.distance(slug, key, score_cutoff=allowed) <= allowed
        if near and slug != key and not card_facts.by_title(name):
            found.append(name)
    return tuple(found)


def names_card(entry, title: str) -> bool:
    """Whether an entry's text names the card by its whole title."""
    import re

    from judge.base.slug import fold_accents

    pattern = rf"(?<!\w){re.escape(fold_accents(title).casefold())}(?!\w)"
    return bool(re.search(pattern, fold_accents(entry.body).casefold()))


def card_entries(kb, title: str, designs: tuple = (), every_design: tuple = ()) -> CardEntries:
    """The Card Game entries about the card `title` (`designs` its versions looked up,
    `every_design` all its versions), and those whose text names it."""
    from judge.games import DEFAULT_GAME as card_game  # the game of the card database

    names = dict.fromkeys((title, *(t for d in every_design for t in d.titles)))
    kb_titles = kb.card_titles
    spelt = dict.fromkeys(s for name in names for s in kb_spellings(name, kb_titles))
    # each spelling's entries in the knowledge base's order (errata first), the title's first
    about = {e.id: e for s in spelt for e in kb.entries_for_card(s) if e.game == card_game}
    own = list(about.values())
    errata = [e for e in own if e.kind == "errata"]
    # an erratum the card facts give some versions only corrects those
    chosen = {i for d in designs for i in d.card_entries}
    placed = {i for d in every_design for i in d.card_entries}
    narrowed = len(designs) < len(every_design)
    other = [e for e in errata if narrowed and e.id in placed and e.id not in chosen]
    named = [
        e for e in kb.entries if e.game == card_game and e.id not in about and names_card(e, title)
    ]
    return CardEntries(
        title=title,
        designs=tuple(designs),
        errata=tuple(e for e in errata if e not in other),
        about=tuple(e for e in own if e.kind != "errata"),
        named=tuple(named),
        other_errata=tuple(other),
    )
