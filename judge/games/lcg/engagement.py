"""Step 5.3, engagement checks."""

from __future__ import annotations

from judge.games.lcg import steps
from judge.games.lcg.state import Board, Enemy
from judge.rules.declarations import implements
from judge.rules.report import Event


@implements("rr/engagement-check")
def highest_engageable(threat: int, enemies: list[Enemy]) -> list[Enemy]:
    """The enemies one check can engage: the highest engagement cost not above the threat (ties: all)."""
    eligible = [e for e in enemies if e.engagement_cost <= threat]
    if not eligible:
        return []
    top = max(e.engagement_cost for e in eligible)
    return [e for e in eligible if e.engagement_cost == top]


@implements("rr/step-5.3", "rr/engagement-check", "rr/in-player-order")
def engagement_checks(board: Board) -> Event:
    """Checks go round in player order from the first player until no enemy can engage anyone.

    When one check finds several enemies tied at the highest eligible cost, the
    player chooses; the rest of the sequence depends on that choice, so it stops there.
    """
    remaining = list(board.staging_enemies)
    players = board.players_below_elimination()
    engagements: list[dict] = []
    engaged_any = True
    while engaged_any and remaining:
        engaged_any = False
        for player in players:
            candidates = highest_engageable(player.threat, remaining)
            if len(candidates) > 1:
                engagements.append({"player": player.name, "choice": [e.title for e in candidates]})
                return _event(engagements, choice=True)
            if candidates:
                engagements.append({"player": player.name, "enemy": candidates[0].title})
                remaining.remove(candidates[0])
                engaged_any = True
    return _event(engagements, choice=False)


def _event(engagements: list[dict], choice: bool) -> Event:
    if not engagements:
        message = (
            "No enemy in the staging area has an engagement cost at or below any player's threat."
        )
    else:
        parts = [
            f"{e['player']} engages {e['enemy']}"
            if "enemy" in e
            else f"{e['player']} chooses one of {', '.join(e['choice'])} (tied engagement cost)"
            for e in engagements
        ]
        message = "; then ".join(parts) + "."
        if choice:
            message += " Later checks depend on that choice."
    return Event(
        "engagement-checks",
        steps.ENGAGEMENT_CHECKS,
        message,
        {"engagements": engagements},
        tuple(engagement_checks.cites),
    )
