"""Step 6.2, dealing shadow cards."""

from __future__ import annotations

from itertools import groupby

from judge.games.lcg import steps
from judge.games.lcg.elimination import joined
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event


@implements(
    "rr/step-6.2",
    "rr/shadow-effects",
    "rr/in-player-order",
    "rr/running-out-of-cards",
    "rr/player-elimination",
)
def deal_shadow_cards(board: Board) -> Event:
    """One card to each engaged enemy: players in order from the first player, each player's
    enemies from the highest engagement cost down; dealing stops when the encounter deck is empty.

    When the last cards run out among enemies tied on engagement cost, their player chooses
    which of them get one, so the order ends with that choice (as engagement checks do).
    An eliminated player's enemies go back to the staging area and get no shadow card. A
    board that does not give the encounter deck's size is dealt as if it had enough cards.
    """
    order: list[dict] = []
    undealt: list[dict] = []
    deck = board.encounter_deck
    last_cards = 0  # how many cards the closing choice shares out
    for player in board.players_below_elimination():
        enemies = sorted(player.engaged, key=lambda e: -e.engagement_cost)
        for _, tied in groupby(enemies, key=lambda e: e.engagement_cost):
            titles = [e.title for e in tied]
            if deck is None or deck >= len(titles):
                order += [{"player": player.name, "enemy": t} for t in titles]
                deck = None if deck is None else deck - len(titles)
            elif deck > 0:
                order.append({"player": player.name, "choice": titles})
                last_cards, deck = deck, 0
            else:
                undealt += [{"player": player.name, "enemy": t} for t in titles]
    return Event(
        "shadow-deal",
        steps.DEAL_SHADOWS,
        _message(board, order, undealt, last_cards),
        {"order": order, "undealt": undealt, "encounter_deck_after": deck},
        tuple(deal_shadow_cards.cites),
    )


def _message(board: Board, order: list[dict], undealt: list[dict], last_cards: int) -> str:
    dealt = [d for d in order if "enemy" in d]
    parts = []
    if dealt:
        parts.append("Deal shadow cards: " + _enemies(dealt) + ".")
    elif not order and not undealt:
        parts.append("No enemy engaged with a player in the game: no shadow cards are dealt.")
    if last_cards:
        tie = order[-1]
        many = last_cards > 1
        parts.append(
            f"The encounter deck runs out among enemies tied on engagement cost: {tie['player']} "
            f"chooses which {last_cards} of {', '.join(tie['choice'])} "
            f"get{'' if many else 's'} the last card{'s' if many else ''}; the others get none."
        )
    if undealt:
        opening = "" if last_cards else "The encounter deck runs out: "
        parts.append(f"{opening}{_enemies(undealt)} get no shadow card.")
    in_game = board.players_below_elimination()
    out = [p.name for p in board.in_player_order() if p.engaged and p not in in_game]
    if out:
        parts.append(
            f"{joined(out)} {'is' if len(out) == 1 else 'are'} out of the game: their "
            "enemies return to the staging area and get no shadow card."
        )
    if board.encounter_deck is None and order:
        parts.append(
            "The board does not give the encounter deck's size (encounter_deck), so this "
            "assumes it holds enough cards for every enemy."
        )
    return " ".join(parts)


def _enemies(deals: list[dict]) -> str:
    return ", ".join(f"{d['enemy']} ({d['player']})" for d in deals)
