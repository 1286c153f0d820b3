"""Deck legality (Rules Reference, "Deckbuilding")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge.base.slug import title_key
from judge.rules.declarations import implements
from judge.rules.report import Finding

MIN_CARDS = 50
MAX_COPIES = 3


@dataclass(frozen=True, slots=True)
class Deck:
    heroes: tuple[str, ...]
    cards: tuple[tuple[str, int, str], ...]  # (title, count, path)

    @property
    def size(self) -> int:
        return sum(count for _, count, _ in self.cards)


@implements("rr/deckbuilding", "rr/hero-cards")
def hero_count(deck: Deck) -> Iterator[Finding]:
    """A deck has 1 to 3 heroes."""
    if not 1 <= len(deck.heroes) <= 3:
        yield Finding(
            "hero-count",
            "violation",
            f"{len(deck.heroes)} heroes: a deck has 1 to 3 heroes.",
            "heroes",
            tuple(hero_count.cites),
        )


@implements("rr/unique-cards", "rr/hero-cards")
def duplicate_hero(deck: Deck) -> Iterator[Finding]:
    """Heroes are unique, so no two of a deck's heroes share a title."""
    seen: set[str] = set()
    for index, hero in enumerate(deck.heroes):
        if title_key(hero) in seen:
            yield Finding(
                "duplicate-hero",
                "violation",
                f"{hero} is listed twice: heroes are unique, so each title once.",
                f"heroes[{index}]",
                tuple(duplicate_hero.cites),
            )
        seen.add(title_key(hero))


@implements("rr/deckbuilding", "rr/player-deck")
def deck_size(deck: Deck) -> Iterator[Finding]:
    """At least 50 player cards; heroes are not player cards and do not count."""
    if deck.size < MIN_CARDS:
        yield Finding(
            "deck-size",
            "violation",
            f"{deck.size} player cards: a deck needs at least {MIN_CARDS} (heroes do not count).",
            "cards",
            tuple(deck_size.cites),
        )


@implements("rr/deckbuilding")
def copy_limit(deck: Deck) -> Iterator[Finding]:
    """At most 3 copies of a card by title, however the list splits them."""
    copies: dict[str, list] = {}
    for title, count, path in deck.cards:
        copies.setdefault(title_key(title), [title, 0, path])[1] += count
    for title, count, path in copies.values():
        if count > MAX_COPIES:
            yield Finding(
                "copy-limit",
                "violation",
                f"{count} copies of {title}: at most {MAX_COPIES} copies of a title.",
                path,
                tuple(copy_limit.cites),
            )


DECK_RULES = (hero_count, duplicate_hero, deck_size, copy_limit)


def deck_findings(deck: Deck) -> Iterator[Finding]:
    """Every deck rule's findings, in the order the rules are listed."""
    for rule in DECK_RULES:
        yield from rule(deck)
