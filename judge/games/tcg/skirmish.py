"""Resolving a skirmish (Starter Rulebook, "Resolve that skirmish", pp. 29-30).

The side with more total strength wins, and a tie goes to the Shadow side. A winner
with at least double the loser's strength overwhelms it: every losing character is
killed outright, taking no wounds. Otherwise each losing character takes one wound
plus one per point of the winners' damage bonuses, and dies when its wounds reach its
vitality.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from judge.games.tcg.state import Board, Character, Skirmish
from judge.rules.declarations import implements

FREE_PEOPLES, SHADOW = "free_peoples", "shadow"


@dataclass(frozen=True, slots=True)
class Outcome:
    fp_strength: int
    shadow_strength: int
    winner: str
    overwhelm: bool
    #: wounds each loser takes (empty when overwhelmed: no wounds are placed)
    wounds: dict[str, int]
    killed: tuple[str, ...]

    def to_json(self) -> dict:
        return {**asdict(self), "wounds": dict(self.wounds), "killed": list(self.killed)}


def overwhelms(winner_strength: int, loser_strength: int) -> bool:
    """At least double overwhelms, exactly double included. A tie never does, not even
    0 against 0: the winner of a tie wins by the tie rule, not by strength."""
    return winner_strength > loser_strength and winner_strength >= 2 * loser_strength


@implements("tcg/skirmish-resolution", "tcg/overwhelmed", "tcg/damage-bonus", "tcg/killed")
def resolve(skirmish: Skirmish) -> Outcome:
    fp = skirmish.companion.strength
    shadow = sum(m.strength for m in skirmish.minions)
    if fp > shadow:
        winner, winners, losers = FREE_PEOPLES, (skirmish.companion,), skirmish.minions
    else:
        winner, winners, losers = SHADOW, skirmish.minions, (skirmish.companion,)
    overwhelm = overwhelms(max(fp, shadow), min(fp, shadow))
    if overwhelm:
        return Outcome(fp, shadow, winner, True, {}, tuple(c.title for c in losers))
    each = 1 + sum(c.keywords.damage for c in winners)
    return Outcome(
        fp,
        shadow,
        winner,
        False,
        {c.title: each for c in losers},
        tuple(c.title for c in losers if _dies(c, each)),
    )


def _dies(character: Character, new_wounds: int) -> bool:
    """Killed the moment its wounds reach its vitality (Starter Rulebook, "Killed")."""
    return character.wounds + new_wounds >= character.vitality


@implements("tcg/fierce")
def surviving_fierce(board: Board, outcomes: list[Outcome]) -> list[str]:
    """The fierce minions no skirmish killed: each is defended against again, after an
    assignment phase of its own, in this same skirmish phase's fierce step."""
    killed = {title for o in outcomes for title in o.killed}
    return [m.title for m in board.minions if m.keywords.fierce and m.title not in killed]
