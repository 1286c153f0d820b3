"""The Appendix I step numbers the rules model acts on, each stated once.

The knowledge base's step entries hold every step's title and phase; the model only
needs to name the steps it computes something at.
"""

from __future__ import annotations

GAIN_RESOURCES = "1.2"
DRAW_CARDS = "1.3"
RESOURCE = ("1.1", GAIN_RESOURCES, DRAW_CARDS)
STAGING = "3.3"
QUEST_RESOLUTION = "3.4"
TRAVEL = "4.2"
ENGAGEMENT_CHECKS = "5.3"
COMBAT_BEGINS = "6.1"  # archery damage is dealt here
DEAL_SHADOWS = "6.2"
#: Enemy Attack Resolution, from the attack initiating (6.4b) to its end
DECLARE_DEFENDER = "6.4.1"
ENEMY_DAMAGE = "6.4.3"
ENEMY_ATTACK = ("6.4b", DECLARE_DEFENDER, "6.4.2", ENEMY_DAMAGE, "6.4.4")
#: Player Attack Resolution, from the attack initiating (6.8b) to its end
#: attackers are declared as the attack initiates and may be joined by ranged ones at 6.8.1
DECLARE_ATTACKERS = ("6.8b", "6.8.1")
PLAYER_DAMAGE = "6.8.3"
PLAYER_ATTACK = (*DECLARE_ATTACKERS, "6.8.2", PLAYER_DAMAGE, "6.8.4")
READY_CARDS = "7.2"
RAISE_THREAT = "7.3"
REFRESH = ("7.1", READY_CARDS, RAISE_THREAT, "7.4")


def still_to_come(current: str | None, step: str, sequence: tuple[str, ...]) -> bool:
    """Whether `step` of a phase's `sequence` is still ahead of (or at) the current step;
    a board with no step is at the start of its phase."""
    return current is None or sequence.index(current) <= sequence.index(step)
