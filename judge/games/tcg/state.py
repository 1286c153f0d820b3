"""A TCG board as immutable, typed values; each remembers its `path` in the input."""

from __future__ import annotations

from dataclasses import dataclass

#: the sites of the adventure path are numbered 1 to 9; the game is won at the last
LAST_SITE = 9


@dataclass(frozen=True, slots=True)
class Keywords:
    """A character's keywords, the loaded ones read into numbers."""

    damage: int = 0  # total of its damage +X keywords
    defender: int = 0  # total of its defender +X keywords
    ambush: int = 0  # twilight its ambush adds when the Free Peoples assign to it
    archer: bool = False
    fierce: bool = False
    #: the companion bearing The One Ring: its death loses the game ("Losing the Game")
    ring_bearer: bool = False
    other: tuple[str, ...] = ()  # unloaded keywords (races, Southron, ...): no rules here


@dataclass(frozen=True, slots=True)
class Character:
    """A companion (Free Peoples) or a minion (Shadow); `site` is a minion's site number."""

    title: str
    path: str
    strength: int
    vitality: int
    wounds: int = 0
    keywords: Keywords = Keywords()
    site: int | None = None

    @property
    def vitality_left(self) -> int:
        return max(self.vitality - self.wounds, 0)


@dataclass(frozen=True, slots=True)
class Skirmish:
    """One companion against the minions assigned to it."""

    companion: Character
    minions: tuple[Character, ...]
    path: str


@dataclass(frozen=True, slots=True)
class Move:
    """The fellowship's move to the next site, as far as twilight is concerned."""

    site: int
    shadow_number: int


@dataclass(frozen=True, slots=True)
class Board:
    phase: str | None
    site: int
    twilight_pool: int
    companions: tuple[Character, ...]
    minions: tuple[Character, ...]
    skirmishes: tuple[Skirmish, ...] = ()
    #: the archery totals when a card changes them; None counts the archers
    fp_archery_total: int | None = None
    shadow_archery_total: int | None = None
    players: int = 2
    moves: int = 1
    moving_to: Move | None = None
