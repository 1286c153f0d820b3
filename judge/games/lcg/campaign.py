"""Campaign log checks and each player's setup checklist (Rules Reference, Appendix III)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge.base.slug import title_key
from judge.rules.declarations import implements
from judge.rules.report import Event, Finding


@dataclass(frozen=True, slots=True)
class CampaignCard:
    title: str
    kind: str  # boon | burden
    path: str
    permanent: bool = False
    attached_to: str | None = None
    player: str | None = None  # whose deck a player-card boon/burden goes into
    deck: str = "player"  # player | encounter
    setup: bool = False


@dataclass(frozen=True, slots=True)
class CampaignPlayer:
    name: str
    path: str
    heroes: tuple[str, ...]
    threat_penalty: int = 0
    hero_damage: tuple[tuple[str, int], ...] = ()  # expert mode: damage carried over
    healed: tuple[str, ...] = ()  # expert mode: heroes healed for +1 threat each


@dataclass(frozen=True, slots=True)
class CampaignLog:
    players: tuple[CampaignPlayer, ...]
    expert: bool = False
    fallen_heroes: tuple[str, ...] = ()
    campaign_pool: tuple[CampaignCard, ...] = ()


def _same(a: str, b: str) -> bool:
    return title_key(a) == title_key(b)


def _fallen(log: CampaignLog, hero: str) -> bool:
    return any(_same(hero, f) for f in log.fallen_heroes)


@implements("rr/campaign/fellowship-of-heroes", "rr/campaign/campaign-setup-checklist")
def fallen_hero_used(log: CampaignLog) -> Iterator[Finding]:
    """A hero on the Fallen Heroes list cannot be used again by any player."""
    for player in log.players:
        for index, hero in enumerate(player.heroes):
            if _fallen(log, hero):
                yield Finding(
                    "fallen-hero-used",
                    "violation",
                    f"{player.name} still lists {hero}, who is on the Fallen Heroes list: "
                    "choose a new hero.",
                    f"{player.path}.heroes[{index}]",
                    tuple(fallen_hero_used.cites),
                )


@implements("rr/campaign/campaign-pool", "rr/campaign/campaign-setup-checklist")
def permanent_on_fallen_hero(log: CampaignLog) -> Iterator[Finding]:
    """Permanent boons and burdens on a fallen hero leave the Campaign Pool."""
    for card in log.campaign_pool:
        if card.permanent and card.attached_to and _fallen(log, card.attached_to):
            yield Finding(
                "permanent-on-fallen-hero",
                "violation",
                f"{card.title} is a permanent {card.kind} on {card.attached_to}, who has fallen: "
                "remove it from the Campaign Pool.",
                card.path,
                tuple(permanent_on_fallen_hero.cites),
            )


@implements(
    "rr/campaign/fellowship-of-heroes",
    "rr/campaign/expert-campaign-mode",
    "rr/campaign/campaign-setup-checklist",
)
def starting_threat_penalty(log: CampaignLog, player: CampaignPlayer) -> int:
    """The log's threat penalty, plus 1 per hero healed of carried damage in Expert mode."""
    return player.threat_penalty + (len(player.healed) if log.expert else 0)


def threat_penalties(log: CampaignLog) -> Iterator[Finding]:
    for player in log.players:
        penalty = starting_threat_penalty(log, player)
        yield Finding(
            "threat-penalty",
            "info",
            f"{player.name} starts each scenario with +{penalty} threat.",
            f"{player.path}.threat_penalty",
            tuple(starting_threat_penalty.cites),
        )


@implements(
    "rr/campaign/campaign-setup-checklist",
    "rr/campaign/campaign-pool",
    "rr/campaign/expert-campaign-mode",
    "rr/campaign/boons",
    "rr/campaign/burdens",
)
def setup_checklist(log: CampaignLog) -> list[Event]:
    """Each player's steps of the Campaign Setup Checklist, filled in from the log."""
    events = []
    for player in log.players:
        mine = [h for h in player.heroes if not _fallen(log, h)]
        replace = [h for h in player.heroes if _fallen(log, h)]
        attach = [
            {"card": c.title, "hero": c.attached_to}
            for c in log.campaign_pool
            if c.permanent
            and c.attached_to
            and not _fallen(log, c.attached_to)
            and any(_same(c.attached_to, h) for h in player.heroes)
        ]
        owned = [c for c in log.campaign_pool if c.player and _same(c.player, player.name)]
        damage = (
            {h: d for h, d in player.hero_damage if not any(_same(h, x) for x in player.healed)}
            if log.expert
            else {}
        )
        data = {
            "player": player.name,
            "heroes": mine,
            "replace_fallen": replace,
            "threat_penalty": starting_threat_penalty(log, player),
            "attach_permanent": attach,
            "setup_cards": [c.title for c in owned if c.setup],
            "shuffle_into_deck": [
                c.title for c in owned if c.deck == "player" and not c.permanent and not c.setup
            ],
            "starting_damage": damage,
        }
        steps = [f"play {', '.join(mine) or 'no heroes'}"]
        if replace:
            steps.append(f"replace fallen {', '.join(replace)}")
        steps.append(f"add {data['threat_penalty']} to starting threat")
        steps += [f"attach {a['card']} to {a['hero']}" for a in attach]
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
    encounter = [c.title for c in log.campaign_pool if c.deck == "encounter" and not c.permanent]
    if encounter:
        events.append(
            Event(
                "setup-checklist",
                "setup",
                f"Shuffle {', '.join(encounter)} into the encounter deck.",
                {"player": None, "shuffle_into_encounter_deck": encounter},
                tuple(setup_checklist.cites),
            )
        )
    return events


CAMPAIGN_CHECKS = (fallen_hero_used, permanent_on_fallen_hero, threat_penalties)

#: Appendix III's sections in printed order (the campaign outline follows it).
APPENDIX_ORDER = tuple(
    f"rr/campaign/{slug}"
    for slug in (
        "campaign-mode",
        "campaign-log",
        "fellowship-of-heroes",
        "additional-card-types",
        "campaign-cards",
        "boons",
        "burdens",
        "campaign-pool",
        "expert-campaign-mode",
        "campaign-setup-checklist",
    )
)
