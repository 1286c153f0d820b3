"""Step 6.2, dealing shadow cards."""

from __future__ import annotations

from judge.games.lcg import steps
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event


@implements("rr/step-6.2", "rr/shadow-effects", "rr/in-player-order")
def deal_shadow_cards(board: Board) -> Event:
    """One card to each engaged enemy: players in order from the first player, each player's
    enemies from the highest engagement cost down; dealing stops when the encounter deck is empty."""
    order: list[dict] = []
    undealt: list[dict] = []
    deck = board.encounter_deck
    for player in board.players_below_elimination():
        for enemy in sorted(player.engaged, key=lambda e: -e.engagement_cost):
            if deck > 0:
                order.append({"player": player.name, "enemy": enemy.title})
                deck -= 1
            else:
                undealt.append({"player": player.name, "enemy": enemy.title})
    if not order and not undealt:
        message = "No enemy is engaged: no shadow cards are dealt."
    else:
        message = (
            "Deal shadow cards: " + ", ".join(f"{d['enemy']} ({d['player']})" for d in order) + "."
        )
        if undealt:
            message += (
                " The encounter deck runs out: "
                + ", ".join(f"{d['enemy']} ({d['player']})" for d in undealt)
                + " get no shadow card."
            )
    return Event(
        "shadow-deal",
        steps.DEAL_SHADOWS,
        message,
        {"order": order, "undealt": undealt, "encounter_deck_after": deck},
        tuple(deal_shadow_cards.cites),
    )
