"""Trigger lists, decks and campaign logs: YAML -> model values (contract: cli.md)."""

from __future__ import annotations

from judge.base.fields import Fields, dotted, require_unique_names
from judge.base.yamlio import Document
from judge.games.lcg.campaign import CampaignCard, CampaignLog, CampaignPlayer
from judge.games.lcg.deck import DeckLine
from judge.games.lcg.timing import CATEGORY, Ability

#: the fields of each input format, in the order the user docs list them
TRIGGERS = ("trigger", "first_player", "abilities")
ABILITY = ("name", "type", "word", "player", "cancels")
DECK = ("heroes", "cards")
DECK_HERO = ("title", "sphere", "pack")
DECK_CARD = ("title", "count", "sphere", "pack")
CAMPAIGN = ("expert", "players", "fallen_heroes", "campaign_pool")
CAMPAIGN_PLAYER = ("name", "heroes", "threat_penalty", "hero_damage", "healed")
CAMPAIGN_CARD = ("title", "kind", "permanent", "attached_to", "player", "deck", "setup")


def read_triggers(doc: Document) -> tuple[str, list[Ability], str | None]:
    """`trigger`, `abilities` and an optional `first_player`."""
    f = Fields(doc, (), TRIGGERS, "the trigger list")
    trigger = f.text("trigger", "")
    first = f.text("first_player")
    abilities = []
    for path in f.items("abilities"):
        a = Fields(doc, path, ABILITY, "an ability")
        cancels = a.raw("cancels")
        target = None
        if isinstance(cancels, str):
            target, cancels = a.text("cancels"), True
        elif cancels is not None:
            cancels = a.flag("cancels")
        abilities.append(
            Ability(
                name=a.text("name", required=True),
                type=a.text("type", required=True, choices=tuple(CATEGORY)),
                word=a.text("word", "after", choices=("when", "after")),
                player=a.text("player"),
                cancels=bool(cancels),
                target=target,
            )
        )
        a.done()
    f.done()
    if not abilities:
        raise doc.error(("abilities",), "list at least one ability under 'abilities'")
    return trigger, abilities, first


def read_deck(doc: Document) -> list[DeckLine]:
    """The deck's heroes (each a title, or a mapping that picks a version) and cards."""
    f = Fields(doc, (), DECK, "the deck")
    lines = []
    for path in f.items("heroes"):
        value = doc.data["heroes"][path[-1]]
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            lines.append(_deck_line(doc, "hero", str(value).strip(), 1, path))
            continue
        h = Fields(doc, path, DECK_HERO, "a hero (a title, or {title: ..., sphere: ...})")
        lines.append(_deck_line(doc, "hero", h.text("title", required=True), 1, path, h))
        h.done()
    for path in f.items("cards"):
        c = Fields(doc, path, DECK_CARD, "a card")
        title, count = c.text("title", required=True), c.integer("count", 1, minimum=1)
        lines.append(_deck_line(doc, "card", title, count, path, c))
        c.done()
    f.done()
    return lines


def _deck_line(
    doc: Document, section: str, title: str, count: int, path: tuple, f: Fields | None = None
) -> DeckLine:
    line, column = doc.where(path)
    if not title:
        raise doc.error(path, "a card needs a title")
    return DeckLine(
        section,
        title,
        count,
        dotted(path),
        line,
        column,
        sphere=f.text("sphere") if f else None,
        pack=f.text("pack") if f else None,
    )


def read_campaign(doc: Document) -> CampaignLog:
    f = Fields(doc, (), CAMPAIGN, "the campaign log")
    players = []
    for path in f.items("players"):
        p = Fields(doc, path, CAMPAIGN_PLAYER, "a player")
        name = p.text("name", required=True)
        damage = p.raw("hero_damage") or {}
        if not isinstance(damage, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in damage.values()
        ):
            raise doc.error(
                (*path, "hero_damage"),
                "'hero_damage' maps hero titles to damage, e.g. {Aragorn: 2}",
            )
        players.append(
            CampaignPlayer(
                name=name,
                path=dotted(path),
                heroes=p.strings("heroes"),
                threat_penalty=p.integer("threat_penalty"),
                hero_damage=tuple((str(k), v) for k, v in damage.items()),
                healed=p.strings("healed"),
            )
        )
        p.done()
    names = [p.name for p in players]
    require_unique_names(doc, names)
    pool = []
    for path in f.items("campaign_pool"):
        c = Fields(doc, path, CAMPAIGN_CARD, "a campaign card")
        pool.append(
            CampaignCard(
                title=c.text("title", required=True),
                kind=c.text("kind", "boon", choices=("boon", "burden")),
                path=dotted(path),
                permanent=c.flag("permanent"),
                attached_to=c.text("attached_to"),
                player=c.text("player"),
                deck=c.text("deck", "player", choices=("player", "encounter")),
                setup=c.flag("setup"),
            )
        )
        c.done()
    log = CampaignLog(tuple(players), f.flag("expert"), f.strings("fallen_heroes"), tuple(pool))
    f.done()
    return log
