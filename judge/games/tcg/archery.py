"""Archery fire (Starter Rulebook, "Archery fire", pp. 25-26).

Each side's archery total is its number of archers (one total for all Shadow players),
or what a card makes it. The Free Peoples player places the Shadow total as wounds on
companions, then a Shadow player places the fellowship total on minions. Wounds go on
one at a time, so a side can take no more than its characters' remaining vitality;
the rest are lost.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from judge.games.tcg.state import Board, Character
from judge.rules.declarations import implements


@dataclass(frozen=True, slots=True)
class Archery:
    fp_total: int
    shadow_total: int
    #: wounds that can actually be placed on each side (the rest are ignored)
    wounds_to_companions: int
    wounds_to_minions: int

    def to_json(self) -> dict:
        return asdict(self)


def archery_total(characters: tuple[Character, ...], override: int | None) -> int:
    if override is not None:
        return override
    return sum(1 for c in characters if c.keywords.archer)


@implements("tcg/archery-fire", "tcg/archer")
def archery_fire(board: Board) -> Archery:
    fp = archery_total(board.companions, board.fp_archery_total)
    shadow = archery_total(board.minions, board.shadow_archery_total)
    return Archery(
        fp,
        shadow,
        min(shadow, sum(c.vitality_left for c in board.companions)),
        min(fp, sum(m.vitality_left for m in board.minions)),
    )
