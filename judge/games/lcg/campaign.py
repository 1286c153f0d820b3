"""Campaign logs and their checks (Rules Reference, Appendix III); the setup checklist
built from a log is `judge.games.lcg.campaign_setup`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from judge.base.slug import title_key
from judge.rules.declarations import implements
from judge.rules.report import Finding


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


def same_title(a: str, b: str) -> bool:
    """Titles and names match whatever their case and accents (`title_key`)."""
    return title_key(a) == title_key(b)


def fallen(log: CampaignLog, hero: str) -> bool:
    """Whether the hero is on the log's Fallen Heroes list."""
    return any(same_title(hero, f) for f in log.fallen_heroes)


@implements("rr/campaign/fellowship-of-heroes", "rr/campaign/campaign-setup-checklist")
def fallen_hero_used(log: CampaignLog) -> Iterator[Finding]:
    """A hero on the Fallen Heroes list cannot be used again by any player."""
    for player in log.players:
        for index, hero in enumerate(player.heroes):
            if fallen(log, hero):
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
        if card.permanent and card.attached_to and fallen(log, card.attached_to):
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
