"""Deck legality (Rules Reference, "Deckbuilding")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge.model.registry import implements
from judge.model.report import Finding
from judge.slug import title_key

MIN_CARDS = 50
MAX_COPIES = 3


@dataclass(frozen=True, slots=True)
class Deck:
    heroes: tuple[str, ...]
    cards: tuple[tuple[str, int, str], ...]  # (title, count, path)

    @property
    def size(self) -> int:
        return sum(count for _, count, _ in self.cards)


@implements("rr/deckbuilding", "rr/player-deck", "rr/hero-cards", "rr/unique-cards")
def deck_findings(deck: Deck) -> Iterator[Finding]:
    """1-3 heroes with different titles, at least 50 player cards (heroes not counted), at most 3 copies of a title."""
    cites = tuple(deck_findings.cites)
    if not 1 <= len(deck.heroes) <= 3:
        yield Finding(
            "hero-count",
            "violation",
            f"{len(deck.heroes)} heroes: a deck has 1 to 3 heroes.",
            "heroes",
            cites,
        )
    seen: dict[str, int] = {}
    for index, hero in enumerate(deck.heroes):
        if title_key(hero) in seen:
            yield Finding(
                "duplicate-hero",
                "violation",
                f"{hero} is listed twice: heroes are unique, so each title once.",
                f"heroes[{index}]",
                cites,
            )
        seen.setdefault(title_key(hero), index)
    if deck.size < MIN_CARDS:
        yield Finding(
            "deck-size",
            "violation",
            f"{deck.size} player cards: a deck needs at least {MIN_CARDS} (heroes do not count).",
            "cards",
            cites,
        )
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
                cites,
            )
