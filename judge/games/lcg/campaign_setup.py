"""The Campaign Setup Checklist filled in from a campaign log (Rules Reference, Appendix III).

Every earned card in the Campaign Pool is placed somewhere in the checklist, a player's
or the whole group's, so that a card the log gives no owner is said, not dropped.
"""

from __future__ import annotations

from judge.games.lcg.campaign import (
    CampaignCard,
    CampaignLog,
    fallen,
    same_title,
    starting_threat_penalty,
)
from judge.rules.declarations import implements
from judge.rules.report import Event


def _owner(log: CampaignLog, name: str | None) -> str | None:
    """The log's player a card's `player` names (None when it names no player in the log)."""
    return next((p.name for p in log.players if name and same_title(p.name, name)), None)


def pool_places(log: CampaignLog) -> list[tuple[str | None, str, CampaignCard]]:
    """Where each Campaign Pool card goes at setup, as (player or None for the whole
    group, checklist item, card), so that no earned card is left out of the checklist:
    a permanent card on its hero (step 5), a Setup card into play (6), a player card into
    its owner's deck (7), an encounter card into the encounter deck (8), and a card the
    log gives no owner (or hero) to a list of its own. A permanent card on a fallen hero
    leaves the pool (`permanent-on-fallen-hero` says so)."""
    places = []
    for card in log.campaign_pool:
        owner = _owner(log, card.player)
        if card.permanent:
            if card.attached_to and fallen(log, card.attached_to):
                continue
            hero_of = next(
                (
                    p.name
                    for p in log.players
                    if card.attached_to and any(same_title(card.attached_to, h) for h in p.heroes)
                ),
                None,
            )
            places.append((hero_of, "attach_permanent" if hero_of else "no_owner", card))
        elif card.setup and card.deck == "encounter":
            places.append((None, "setup_cards", card))
        elif card.setup:
            places.append((owner, "setup_cards" if owner else "no_owner", card))
        elif card.deck == "encounter":
            places.append((None, "shuffle_into_encounter_deck", card))
        else:
            places.append((owner, "shuffle_into_deck" if owner else "no_owner", card))
    return places


@implements(
    "rr/campaign/campaign-setup-checklist",
    "rr/campaign/campaign-pool",
    "rr/campaign/expert-campaign-mode",
    "rr/campaign/boons",
    "rr/campaign/burdens",
)
def setup_checklist(log: CampaignLog) -> list[Event]:
    """Each player's steps of the Campaign Setup Checklist, filled in from the log, then
    the whole group's: the encounter deck's cards and any earned card with no owner."""
    places = pool_places(log)
    events = []
    for player in log.players:
        mine = [h for h in player.heroes if not fallen(log, h)]
        replace = [h for h in player.heroes if fallen(log, h)]
        cards = {
            item: [c for who, i, c in places if who == player.name and i == item]
            for item in ("attach_permanent", "setup_cards", "shuffle_into_deck")
        }
        damage = (
            {
                h: d
                for h, d in player.hero_damage
                if not any(same_title(h, x) for x in player.healed)
            }
            if log.expert
            else {}
        )
        data = {
            "player": player.name,
            "heroes": mine,
            "replace_fallen": replace,
            "threat_penalty": starting_threat_penalty(log, player),
            "attach_permanent": [
                {"card": c.title, "hero": c.attached_to} for c in cards["attach_permanent"]
            ],
            "setup_cards": [c.title for c in cards["setup_cards"]],
            "shuffle_into_deck": [c.title for c in cards["shuffle_into_deck"]],
            "starting_damage": damage,
        }
        steps = [f"play {', '.join(mine) or 'no heroes'}"]
        if replace:
            steps.append(f"replace fallen {', '.join(replace)}")
        steps.append(f"add {data['threat_penalty']} to starting threat")
        steps += [f"attach {a['card']} to {a['hero']}" for a in data["attach_permanent"]]
        if data["setup_cards"]:
            steps.append(f"put {', '.join(data['setup_cards'])} into play (Setup)")
        if cards["shuffle_into_deck"]:
            steps.append(
                "shuffle into your deck, not counting toward its 50 cards: "
                + ", ".join(_kind_note(c) for c in cards["shuffle_into_deck"])
            )
        if damage:
            steps.append(
                "place carried damage: " + ", ".join(f"{h} {d}" for h, d in damage.items())
            )
        events.append(
            Event(
                "setup-checklist",
                "setup",
                f"{player.name}: " + "; ".join(steps) + ".",
                data,
                tuple(setup_checklist.cites),
            )
        )
    group = _group_event(places)
    return [*events, group] if group else events


def _kind_note(card: CampaignCard) -> str:
    """A boon with a player card back is optional; a burden is not."""
    return f"{card.title} ({card.kind}{', optional' if card.kind == 'boon' else ''})"


def _group_event(places) -> Event | None:
    """The steps no single player owns: Setup and encounter cards, and cards with no owner."""
    shared = {
        item: [c for who, i, c in places if who is None and i == item]
        for item in ("setup_cards", "shuffle_into_encounter_deck", "no_owner")
    }
    if not any(shared.values()):
        return None
    parts = []
    if shared["setup_cards"]:
        parts.append(f"Put {_titles(shared['setup_cards'])} into play (Setup).")
    if shared["shuffle_into_encounter_deck"]:
        parts.append(
            f"Shuffle {_titles(shared['shuffle_into_encounter_deck'])} into the encounter deck."
        )
    for card in shared["no_owner"]:
        parts.append(_no_owner(card))
    return Event(
        "setup-checklist",
        "setup",
        " ".join(parts),
        {"player": None, **{item: [c.title for c in cards] for item, cards in shared.items()}},
        tuple(setup_checklist.cites),
    )


def _no_owner(card: CampaignCard) -> str:
    if card.permanent:
        return (
            f"{card.title} (permanent {card.kind}) starts the game attached to {card.attached_to}, "
            f"but no player in the log uses {card.attached_to}: check the heroes."
            if card.attached_to
            else f"{card.title} (permanent {card.kind}) is recorded on no hero: a permanent card "
            "starts the game attached to its hero, so record it with 'attached_to'."
        )
    whose = (
        f"names {card.player}, who is not a player in the log" if card.player else "names no player"
    )
    rule = (
        "the player it belongs to puts it into play during setup"
        if card.setup
        else "it is optional, and any player may shuffle it into their deck"
        if card.kind == "boon"
        else "it is mandatory and goes into a player's deck"
    )
    return f"{card.title} ({card.kind}) {whose}: {rule}; record its owner with 'player'."


def _titles(cards: list[CampaignCard]) -> str:
    return ", ".join(c.title for c in cards)
