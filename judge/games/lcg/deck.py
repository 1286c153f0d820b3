"""Deck legality (Rules Reference, "Deckbuilding") and a deck's starting threat.

A deck file (YAML, a RingsDB text export or an OCTGN `.o8d`) is read into `DeckLine`s,
one per listed card; `build_deck` resolves each through the card facts (a
`judge.games.lcg.printed.CardValues` the app passes in) into the `Deck` the rules read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge.base.slug import title_key
from judge.base.yamlio import InputError
from judge.games.lcg.printed import (
    PLAYER_TYPES,
    PRINTED_TYPES,
    CardValues,
    PrintedCard,
    UnknownVersion,
)
from judge.rules.declarations import implements
from judge.rules.report import Event, Finding

MIN_CARDS = 50
MAX_COPIES = 3

#: where a listed card goes: among the heroes, the player cards, or the sideboard (which
#: is not part of the deck)
SECTIONS = ("hero", "card", "sideboard")
#: a player card's types, heroes last: a title listed among the cards is an ally,
#: attachment or event before it is a hero
DECK_TYPES = tuple(t for t in PLAYER_TYPES if "Hero" not in t) + PRINTED_TYPES["hero"]


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One card as a deck file lists it, before the card facts are asked about it."""

    section: str
    title: str
    count: int
    #: where it is, for findings ("heroes[1]", "cards[3]", "line 12")
    path: str
    line: int
    column: int
    sphere: str | None = None
    pack: str | None = None
    #: the database id (an `.o8d` card's OCTGN GUID)
    card_id: str | None = None
    #: the card types its section holds ("Allies": Ally), when the file says
    types: tuple[str, ...] = ()
    #: a sphere or pack the player wrote must exist; an export's pack name is a hint
    strict: bool = True


@dataclass(frozen=True, slots=True)
class DeckCard:
    """A listed card and what the card facts say of it: `printed` is its version, None
    when it was not looked up (`looked_up`) or no player card has its title of the type
    its place holds (then `printed_as` is the type it has, if any, and `close` the
    titles it may mean)."""

    title: str
    count: int
    path: str
    printed: PrintedCard | None = None
    looked_up: bool = False
    printed_as: str = ""
    close: tuple[str, ...] = ()

    @property
    def threat(self) -> int | None:
        """A hero's printed threat cost."""
        return self.printed.number("threat") if self.printed is not None else None


@dataclass(frozen=True, slots=True)
class Deck:
    heroes: tuple[DeckCard, ...]
    cards: tuple[DeckCard, ...]
    sideboard: tuple[DeckCard, ...] = ()
    #: "yaml", "ringsdb" or "o8d"
    format: str = "yaml"

    @property
    def size(self) -> int:
        return sum(card.count for card in self.cards)

    @property
    def hero_titles(self) -> tuple[str, ...]:
        """Each hero's title, once per copy listed."""
        return tuple(h.title for h in self.heroes for _ in range(h.count))

    def listed(self) -> Iterator[tuple[str, DeckCard]]:
        """(section, card) for every card, in the file's sections' order (`SECTIONS`)."""
        parts = (self.heroes, self.cards, self.sideboard)
        for section, cards in zip(SECTIONS, parts, strict=True):
            for card in cards:
                yield section, card

    @property
    def starting_threat(self) -> int | None:
        """The sum of the heroes' threat costs; None while one of them is unknown."""
        threats = [h.threat for h in self.heroes for _ in range(h.count)]
        return sum(threats) if threats and None not in threats else None


def build_deck(lines: list[DeckLine], cards: CardValues | None, file: str, form: str) -> Deck:
    """The deck, each listed card resolved through `cards` (when given): by its
    database id, else by its title among the types its section holds."""
    resolved = {section: [] for section in SECTIONS}
    for line in lines:
        resolved[line.section].append(_resolve(line, cards, file))
    return Deck(
        tuple(resolved["hero"]), tuple(resolved["card"]), tuple(resolved["sideboard"]), form
    )


def _resolve(line: DeckLine, cards: CardValues | None, file: str) -> DeckCard:
    if cards is None:
        return DeckCard(line.title, line.count, line.path)
    printed = cards.by_id(line.card_id) if line.card_id else None
    types = PRINTED_TYPES["hero"] if line.section == "hero" else line.types or DECK_TYPES
    if printed is None:
        try:
            printed = cards.printed(types, line.title, line.sphere, line.pack)
        except UnknownVersion as exc:
            if line.strict:
                raise InputError(file, line.line, line.column, str(exc)) from None
            printed = cards.printed(types, line.title)  # the export names its pack otherwise
    if printed is None and line.section != "hero" and line.types:
        printed = cards.printed(DECK_TYPES, line.title)  # the file's section was not its type
    if printed is not None:
        return DeckCard(printed.title, line.count, line.path, printed, True)
    other = cards.printed((), line.title)  # a title printed only as another type
    if other is not None:
        return DeckCard(other.title, line.count, line.path, None, True, other.type)
    close = cards.close_titles(line.title, PLAYER_TYPES)
    return DeckCard(line.title, line.count, line.path, None, True, "", close)


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _finding(rule, severity: str, message: str, path: str) -> Finding:
    return Finding(rule.__name__.replace("_", "-"), severity, message, path, tuple(rule.cites))


@implements("rr/deckbuilding", "rr/hero-cards")
def hero_count(deck: Deck) -> Iterator[Finding]:
    """A deck has 1 to 3 heroes."""
    heroes = len(deck.hero_titles)
    if not 1 <= heroes <= 3:
        yield _finding(
            hero_count, "violation", f"{heroes} heroes: a deck has 1 to 3 heroes.", "heroes"
        )


@implements("rr/unique-cards", "rr/hero-cards")
def duplicate_hero(deck: Deck) -> Iterator[Finding]:
    """Heroes are unique, so no two of a deck's heroes share a title."""
    seen: set[str] = set()
    for hero in deck.heroes:
        for copy in range(hero.count):
            if copy or title_key(hero.title) in seen:
                yield _finding(
                    duplicate_hero,
                    "violation",
                    f"{hero.title} is listed twice: heroes are unique, so each title once.",
                    hero.path,
                )
            seen.add(title_key(hero.title))


@implements("rr/hero-cards", "rr/deckbuilding")
def not_a_hero(deck: Deck) -> Iterator[Finding]:
    """A deck's heroes are hero cards: a title printed only as another type is none."""
    for hero in deck.heroes:
        if hero.printed_as:
            yield _finding(
                not_a_hero,
                "violation",
                f"{hero.title} is not a hero card (the card facts know it as "
                f"{_a(hero.printed_as.lower())} card): a deck's heroes are hero cards.",
                hero.path,
            )


@implements("rr/player-deck", "rr/deckbuilding")
def not_a_player_card(deck: Deck) -> Iterator[Finding]:
    """A deck holds player cards: a title printed only as an encounter card (an enemy, a
    location, ...) or as a hero is none of them."""
    for card in (*deck.cards, *deck.sideboard):
        if card.printed_as:
            yield _finding(
                not_a_player_card,
                "violation",
                f"{card.title} is not a player card for the deck (the card facts know it as "
                f"{_a(card.printed_as.lower())} card): a deck's cards are allies, "
                "attachments, events and the like.",
                card.path,
            )


@implements("rr/deckbuilding", "rr/player-deck")
def deck_size(deck: Deck) -> Iterator[Finding]:
    """At least 50 player cards; heroes are not player cards and do not count."""
    if deck.size < MIN_CARDS:
        yield _finding(
            deck_size,
            "violation",
            f"{deck.size} player cards: a deck needs at least {MIN_CARDS} (heroes do not count).",
            "cards",
        )


@implements("rr/deckbuilding", "rr/copy-of-a-card")
def copy_limit(deck: Deck) -> Iterator[Finding]:
    """At most 3 copies of a card by title, however the list splits them."""
    copies: dict[str, list] = {}
    for card in deck.cards:
        copies.setdefault(title_key(card.title), [card.title, 0, card.path])[1] += card.count
    for title, count, path in copies.values():
        if count > MAX_COPIES:
            yield _finding(
                copy_limit,
                "violation",
                f"{count} copies of {title}: at most {MAX_COPIES} copies of a title.",
                path,
            )


@implements("rr/deckbuilding", "rr/player-deck")
def unknown_card(deck: Deck) -> Iterator[Finding]:
    """A card the card facts do not know cannot be checked for what it is (its type, a
    hero's threat cost); the title-only rules above still hold for it."""
    for card in (*deck.heroes, *deck.cards, *deck.sideboard):
        if card.looked_up and card.printed is None and not card.printed_as:
            guess = f" (did you mean '{card.close[0]}'?)" if card.close else ""
            yield _finding(
                unknown_card,
                "warning",
                f"No player card is called {card.title} in the card facts{guess}: its type "
                "and threat cost are unknown, so only its title is checked.",
                card.path,
            )


DECK_RULES = (
    hero_count,
    duplicate_hero,
    not_a_hero,
    not_a_player_card,
    deck_size,
    copy_limit,
    unknown_card,
)


def deck_findings(deck: Deck) -> Iterator[Finding]:
    """Every deck rule's findings, in the order the rules are listed."""
    for rule in DECK_RULES:
        yield from rule(deck)


@implements("rr/initial-threat-level", "rr/hero-cards")
def starting_threat(deck: Deck) -> Event | None:
    """The deck's starting threat: the sum of its heroes' printed threat costs, set at
    setup. None when the deck lists no hero or a hero's threat cost is unknown."""
    threat = deck.starting_threat
    if threat is None:
        return None
    parts = ", ".join(f"{h.title} {h.threat}" for h in deck.heroes for _ in range(h.count))
    return Event(
        "starting-threat",
        "setup",
        f"Starting threat {threat}: the heroes' threat costs ({parts}).",
        {"starting_threat": threat, "heroes": {h.title: h.threat for h in deck.heroes}},
        tuple(starting_threat.cites),
    )
