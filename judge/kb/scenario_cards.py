"""A scenario's cards, as facts: its quest stages, its encounter sets' cards, and the
cards DragnCards' Easy deck leaves out.

Computed when asked from `cards/facts.json` (the card database) and
`cards/scenario_decks.json` (DragnCards' ready-made scenario decks, built by
`tools/build_scenario_decks.py`), so a scenario page never repeats a card list that the
facts already hold. Facts only: titles, types, counts, stage numbers, quest points.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cache

from judge.base.slug import title_key
from judge.kb import card_facts

CARDS_SOURCE = "DragnCards card database (community data from the printed cards)"
DECKS_SOURCE = "DragnCards pre-built scenario decks (Normal and Easy)"
#: Scenario title -> the encounter set its quest cards carry in the card database, where
#: that is not the title (the database spells these two differently).
QUEST_SETS = {
    "The Crossing of Poros": "Crossings of Poros",
    "Celebrimbor's Secret": "Celembrimbor's Secret",
}
NIGHTMARE = "Nightmare"  # a pack whose name has this word reprints sets for Nightmare Mode


def fold(name: str) -> str:
    """A title as the Quest Companion, the card database and DragnCards' decks agree on
    it: no case, accents, punctuation or leading "The" ("Into The Pit", "Amon Dîn")."""
    return re.sub(r"[^a-z0-9]", "", title_key(name).removeprefix("the "))


@dataclass(frozen=True, slots=True)
class QuestSide:
    """One side of a quest card: stage 1 side A is "1A"."""

    stage: int | str
    side: str
    title: str
    quest_points: int | str | None

    def to_json(self) -> dict:
        return {
            "stage": self.stage,
            "side": self.side,
            "title": self.title,
            "quest_points": self.quest_points,
        }


@dataclass(frozen=True, slots=True)
class SetCard:
    """Copies of one card of an encounter set, in the printing counted."""

    title: str
    type: str
    count: int


@dataclass(frozen=True, slots=True)
class SetCards:
    """One encounter set's cards: `pack` is the printing counted (None when the card
    facts have no card of the set); `named_by` says which source names the set for this
    scenario ("quest-companion" for the page's own sets, "dragncards" for the others
    that DragnCards' Normal deck is built from)."""

    encounter_set: str
    pack: str | None
    named_by: str
    cards: tuple[SetCard, ...]

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)

    def to_json(self) -> dict:
        return {
            "encounter_set": self.encounter_set,
            "pack": self.pack,
            "named_by": self.named_by,
            "total": self.total,
            "cards": [{"title": c.title, "type": c.type, "count": c.count} for c in self.cards],
        }


@cache
def _sides_by_set() -> dict[str, tuple[card_facts.CardSide, ...]]:
    """Every printed side by its folded encounter set, read once."""
    found: dict[str, list[card_facts.CardSide]] = {}
    for design in card_facts.designs() if card_facts.available() else ():
        for side in design.sides():
            if side.encounter_set:
                found.setdefault(fold(side.encounter_set), []).append(side)
    return {name: tuple(sides) for name, sides in found.items()}


def _printing(sides, product: str) -> str | None:
    """The pack whose printing of a set is counted: the scenario's own product when it
    prints the set, else the oldest pack that is not a Nightmare reprint, else the oldest.
    A set reprinted in several boxes (Core and revised Core, a saga and its Nightmare
    pack) is so counted once."""
    packs = sorted({s.pack for s in sides}, key=card_facts.pack_place)
    own = [p for p in packs if fold(p) == fold(product)]
    plain = [p for p in packs if NIGHTMARE not in p]
    return (own or plain or packs or [None])[0]


def quest_stages(title: str, product: str) -> tuple[QuestSide, ...]:
    """The scenario's quest cards in stage order, each side with its quest points."""
    wanted = fold(QUEST_SETS.get(title, title))
    sides = [s for s in _sides_by_set().get(wanted, ()) if s.category == "quest"]
    pack = _printing(sides, product)
    printed = sorted((s for s in sides if s.pack == pack), key=_stage_order)
    return tuple(
        QuestSide(
            dict(s.stats).get("stage", "?"),
            s.key.rsplit("/", 1)[1],
            s.title,
            dict(s.stats).get("quest_points"),
        )
        for s in printed
    )


def _stage_order(side: card_facts.CardSide) -> tuple:
    stage = dict(side.stats).get("stage")
    number = side.number if isinstance(side.number, int) else math.inf
    return (stage if isinstance(stage, int) else math.inf, number, side.key)


def set_cards(name: str, product: str, named_by: str) -> SetCards:
    """One encounter set's cards (quest cards aside: they are the quest stages), each
    card counted once (side A) in one printing (`_printing`)."""
    sides = [
        s
        for s in _sides_by_set().get(fold(name), ())
        if s.category != "quest" and s.key.endswith("/A")
    ]
    pack = _printing(sides, product)
    counts: dict[tuple[str, str], int] = {}
    for s in sides:
        if s.pack == pack and isinstance(s.quantity, int):
            counts[(s.title, s.type)] = counts.get((s.title, s.type), 0) + s.quantity
    cards = tuple(SetCard(title, kind, n) for (title, kind), n in counts.items())
    return SetCards(name, pack if sides else None, named_by, cards)


def encounter_cards(scenario) -> tuple[SetCards, ...]:
    """The cards of each encounter set the scenario uses: the sets its page names, then
    those DragnCards' Normal deck adds (a page that lists no Easy Mode removals names no
    sets)."""
    named = {fold(n): (n, "quest-companion") for n in scenario.encounter_sets}
    for name in (deck(scenario.id) or {}).get("encounter_sets", ()):
        named.setdefault(fold(name), (name, "dragncards"))
    return tuple(set_cards(n, scenario.product, by) for n, by in named.values())


@cache
def _decks() -> dict:
    path = card_facts.facts_path().parent / "scenario_decks.json"
    return json.loads(path.read_bytes())["scenarios"] if path.is_file() else {}


def deck(scenario_id: str) -> dict | None:
    """DragnCards' record of a scenario's decks (`tools/build_scenario_decks.py`)."""
    return _decks().get(scenario_id)


def easy_removals(scenario_id: str) -> dict[str, list[dict]] | None:
    """Encounter set -> [{title, count}] that DragnCards' Easy deck leaves out of its
    Normal deck, or None when DragnCards has no Easy deck for the scenario."""
    record = deck(scenario_id) or {}
    return record.get("easy_removes") if "easy_deck" in record else None


def removal_counts(lists) -> dict[tuple[str, str], int]:
    """(folded set, title) -> count of an Easy Mode list of (set, [(title, count)]), so
    that two sources' lists compare whatever their sets' spelling."""
    return {(fold(name), title): count for name, cards in lists for title, count in cards}
