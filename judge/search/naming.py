"""What the names a question says do to its reading: the cards and scenarios it names
pull in their entries, and a name only its backstory says sets the scene instead."""

from __future__ import annotations

from typing import NamedTuple

from judge.games import DEFAULT_GAME
from judge.games.lexicon import vocabulary
from judge.search import profile
from judge.search.understand import Understanding

#: the card types a player says a name with ("Faramir as a hero", "the Faramir ally"),
#: and how many words away: the default game's, whose card database they choose versions
#: in (`reading.GameReader._card_designs`)
CARD_TYPE_WORDS = vocabulary(DEFAULT_GAME).card_type_words


def stems_of(names) -> set[str]:
    """The stems of every word of some names (cards, scenarios, titles)."""
    from judge.search.text import stem, words

    return {stem(w) for name in names for w in words(name)}


def content_words(name: str) -> frozenset[str]:
    """The words of a name, "of" and "the" aside."""
    from judge.search.text import STOP_WORDS, words

    return frozenset(w for w in words(name) if w not in STOP_WORDS)


def part_of_a_name(card: str, names: list[frozenset[str]]) -> bool:
    """Whether a card's title is only part of a name the question says (`names`: the
    question's words that spell each name): "the water" in The Watcher in the Water
    matches The Watcher, and "Gollum" is in The Hunt for Gollum, but the player named
    the scenario. A card the name's words spell whole ("Pelennor Fields") is named."""
    from judge.search.text import STOP_WORDS

    said = content_words(card)
    return any(said < name - STOP_WORDS for name in names)


def share_a_word(card: str, name: str) -> bool:
    """Whether a card title and a name share a word (by stem; "of" and "the" aside)."""
    from judge.search.text import stem

    def stems(text: str) -> set[str]:
        return {stem(w) for w in content_words(text)}

    return bool(stems(card) & stems(name))


def about_a_card(meaning: Understanding) -> bool:
    """Whether the question asks about a card it names (not only in its backstory)."""
    return any(not only_told(card, meaning) for card in meaning.cards)


def only_told(card: str, meaning: Understanding) -> bool:
    """Whether only the backstory or an example names the card ("e.g. Glorfindel")."""
    from judge.search.text import stem, words

    said = [w for w in words(card) if w in meaning.content]
    return bool(said) and all(stem(w) in meaning.background for w in said)


def words_of(names: list[str], question_words: tuple[str, ...]) -> frozenset[str]:
    """The question's words that spell the given names, possessives included
    ("radagasts" for "Radagast's")."""
    from judge.search.text import words

    spelled = {w for name in names for w in words(name)}
    spelled |= {w.replace("'", "") for w in spelled}
    return frozenset(w for w in question_words if w in spelled or w.rstrip("s") in spelled)


def with_cards(meaning: Understanding, cards: list[str]) -> Understanding:
    """Card-specific entries gain weight when a card is named, and lose some when none
    is, or when only the backstory or an example names one: the question then asks
    about the rules the card met, not about the card."""
    weights = dict(meaning.kind_weights)
    meaning = meaning._replace(cards=tuple(cards))
    if not about_a_card(meaning):
        for kind, factor in profile.RULES_QUESTION_WEIGHTS.items():
            weights[kind] = weights.get(kind, 1.0) * factor
    return meaning._replace(kind_weights=weights)


def with_scenario_scene(meaning: Understanding) -> Understanding:
    """The words of a scenario the question only mentions weigh as the backstory does
    (`scenarios.scene_words`)."""
    from judge.search.scenario_mentions import scene_words
    from judge.search.text import stem

    scene = {stem(w) for w in scene_words(meaning.words, meaning.scenarios, meaning.opening)}
    return meaning._replace(background=meaning.background | scene)


def words_beside(said: set[str], words: tuple[str, ...]) -> list[str]:
    """The words within profile.CARD_TYPE_REACH words of any of `said` (those included),
    wherever the question says them: where a player qualifies a name."""
    return [
        near
        for i, word in enumerate(words)
        if word in said
        for near in words[max(0, i - profile.CARD_TYPE_REACH) : i + profile.CARD_TYPE_REACH + 1]
    ]


def card_types_beside(name: str, words: tuple[str, ...]) -> set[str]:
    """The card types said within profile.CARD_TYPE_REACH words of a name, wherever it is said."""
    return {
        CARD_TYPE_WORDS[near] for near in words_beside({name}, words) if near in CARD_TYPE_WORDS
    }


class NamedCard(NamedTuple):
    """A card the question names, as the card database has it: its title, its
    versions (`Understanding.card_designs`) and whether an entry of ours is about it."""

    title: str
    designs: tuple[str, ...]
    ours: bool


def named_cards(meaning: Understanding) -> list[NamedCard]:
    """The cards the question names, the first named first, ours or only the card
    database's ("Longbeard Elder": no entry of ours, but its facts)."""
    if not meaning.card_designs:
        return []
    from judge.base.slug import slugify
    from judge.kb.card_facts import design_titles

    titles, ours = design_titles(), {slugify(card) for card in meaning.cards}
    found: dict[str, list[str]] = {}
    for design in meaning.card_designs:
        found.setdefault(titles.get(design, design), []).append(design)
    return [NamedCard(t, tuple(d), slugify(t) in ours) for t, d in found.items()]


def names_a_card_we_lack(meaning: Understanding) -> bool:
    """Whether the question names a card no entry of ours is about: a name in no
    database (`unknown_cards`) or a card only the card database knows."""
    return bool(meaning.unknown_cards) or any(not card.ours for card in named_cards(meaning))
