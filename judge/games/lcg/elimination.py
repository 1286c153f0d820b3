"""Who a step puts out of the game: a threat raise reaching 50, or a last hero destroyed.

Every event that raises threat (quest resolution, doomed in staging, the refresh phase)
or destroys a hero names the players it eliminates, so that no later step is worked out
as if they were still playing. One module, so that the four events say it alike.
"""

from __future__ import annotations

from judge.games.lcg.state import ELIMINATION_THREAT, Board, Character
from judge.rules.declarations import implements


@implements("rr/threat-elimination-level", "faq/1.57", "rr/player-elimination")
def eliminated_by_raise(board: Board, threat_after: dict[str, int]) -> list[str]:
    """The players, in the board's order, whose threat was below 50 and reaches 50 with
    this raise: 50 itself eliminates, at once, whatever raised the threat."""
    before = {p.name: p.threat for p in board.players}
    return [
        name for name, threat in threat_after.items() if before[name] < ELIMINATION_THREAT <= threat
    ]


@implements("rr/player-elimination", "rr/hero-cards")
def eliminated_by_lost_hero(board: Board, destroyed: Character) -> list[str]:
    """The hero's controller, when that hero was the last one they had in play."""
    owner = board.controller(destroyed)
    if not destroyed.is_hero or owner.eliminated:
        return []
    others = [h for h in owner.heroes if h is not destroyed and not h.destroyed]
    return [] if others else [owner.name]


def elimination_sentence(board: Board, names: list[str]) -> str:
    """What an elimination does, said once for every event: the players' cards leave play,
    their engaged enemies go back to the staging area, and with no one left the players
    lose (Rules Reference, "Player Elimination")."""
    if not names:
        return ""
    sentence = (
        f"{joined(names)} {'is' if len(names) == 1 else 'are'} eliminated at once: their "
        "cards leave play and the enemies engaged with them return to the staging area."
    )
    left = [p for p in board.players_below_elimination() if p.name not in names]
    if not left:
        sentence += " No player is left in the game: the players lose."
    return sentence


def joined(names: list[str]) -> str:
    """`Ann`, `Ann and Bob`, `Ann, Bob and Cid`."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
