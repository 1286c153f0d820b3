"""Printed cards named by title: what a board or deck reader asks of the card facts.

The games layer cannot import the knowledge base, where the card facts live, so a reader
is handed a `CardValues` (the app builds one from `judge.kb.card_facts`) and asks it for
the printed values of a title. Without one, every value comes from the file itself.
Tests of the games layer pass a small fake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

#: the printed card types each place on a board or in a deck holds, the usual one first
PRINTED_TYPES = {
    "hero": ("Hero", "Objective Hero"),
    "ally": ("Ally", "Objective Ally"),
    "enemy": ("Enemy", "Ship Enemy"),
    "location": ("Location",),
    "attachment": ("Attachment",),
}
#: every type a player deck holds (a deck line whose section does not say its type)
PLAYER_TYPES = (
    "Hero",
    "Ally",
    "Attachment",
    "Event",
    "Side Quest",
    "Treasure",
    "Contract",
    "Objective Hero",
    "Objective Ally",
)


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One version of a card as printed: its facts and which version it is.

    `stats` use the card facts' names (`threat` is a hero's threat cost); a value printed
    as `X` or `-` is that string. `version` names the version ("Leadership Hero, Core
    Set"); `versions` is how many versions the question left to choose from (1: no
    choice was made), and `varies` names the facts they differ in (`unique`,
    `keywords`, a stat's name)."""

    title: str
    type: str
    sphere: str
    unique: bool
    keywords: tuple[tuple[str, int | str | None], ...]
    stats: tuple[tuple[str, int | str], ...]
    pack: str
    version: str
    versions: int = 1
    varies: frozenset[str] = frozenset()

    def stat(self, name: str) -> int | str | None:
        return dict(self.stats).get(name)

    def number(self, name: str) -> int | None:
        """A printed whole number; None when the card prints none, or `X` or `-`."""
        value = self.stat(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


class UnknownVersion(Exception):
    """A known title that the sphere or pack asked for was never printed in; the message
    lists the versions there are."""


class CardValues(Protocol):
    """The printed values of cards, looked up by title or by database id."""

    def printed(
        self,
        types: tuple[str, ...],
        title: str,
        sphere: str | None = None,
        pack: str | None = None,
    ) -> PrintedCard | None:
        """The oldest printing of `title` among these card types (earlier types first;
        no types: any type), in `sphere` and `pack` when given; None when no card of
        those types has the title. A known title that `sphere` or `pack` rules out
        raises `UnknownVersion`."""

    def by_id(self, card_id: str) -> PrintedCard | None:
        """The card with this database id (the OCTGN GUID), or None."""

    def close_titles(self, title: str, types: tuple[str, ...] = ()) -> tuple[str, ...]:
        """Titles close to a title no card has (of these types, when given), for a "did
        you mean"."""
