"""State invariants: what the rules say must already have happened at any moment.

Each function checks one rule id of the contract and yields findings citing the
entries it implements. A stat left out of the YAML is 0, which means "unknown" for
hit points and quest points: those checks need a positive value to judge.
"""

from __future__ import annotations

from collections.abc import Iterator

from judge.model.registry import implements
from judge.model.report import Finding
from judge.model.state import ELIMINATION_THREAT, Board, Character
from judge.slug import title_key

RESTRICTED_LIMIT = 2


def _finding(rule_fn, rule: str, severity: str, message: str, path: str) -> Finding:
    return Finding(rule, severity, message, path, tuple(rule_fn.cites))


@implements("rr/threat-elimination-level", "faq/1.57", "rr/player-elimination")
def threat_elimination(board: Board) -> Iterator[Finding]:
    """A player whose threat reaches 50 is eliminated at once (50 itself eliminates)."""
    for player in board.players:
        if not player.eliminated and player.threat >= ELIMINATION_THREAT:
            yield _finding(
                threat_elimination,
                "threat-elimination",
                "violation",
                f"{player.name}'s threat is {player.threat}: a player is eliminated on reaching "
                f"{ELIMINATION_THREAT}.",
                f"{player.path}.threat",
            )


@implements("rr/player-elimination", "rr/hero-cards")
def no_heroes(board: Board) -> Iterator[Finding]:
    """After setup, a player left with no heroes is eliminated."""
    if board.phase == "setup":
        return
    for player in board.players:
        if not player.eliminated and not player.heroes:
            yield _finding(
                no_heroes,
                "no-heroes",
                "violation",
                f"{player.name} controls no heroes: a player whose heroes are all gone is eliminated.",
                f"{player.path}.heroes",
            )


@implements("rr/setup", "rr/hero-cards", "rr/deckbuilding")
def hero_count(board: Board) -> Iterator[Finding]:
    """At setup each player has 1 to 3 heroes."""
    if board.phase != "setup":
        return
    for player in board.players:
        if not 1 <= len(player.heroes) <= 3:
            yield _finding(
                hero_count,
                "hero-count",
                "violation",
                f"{player.name} starts with {len(player.heroes)} heroes: each player begins with 1 to 3.",
                f"{player.path}.heroes",
            )


def _destroyed_character(card: Character) -> bool:
    return card.hit_points > 0 and card.damage >= card.hit_points


@implements("rr/damage", "rr/hit-points", "rr/destroy", "kw/indestructible")
def destroyed(board: Board) -> Iterator[Finding]:
    """Damage equal to hit points destroys a character or an enemy (indestructible enemies excepted)."""
    for player in board.players:
        for card in player.characters:
            if _destroyed_character(card):
                yield _finding(
                    destroyed,
                    "destroyed",
                    "violation",
                    f"{card.title} has {card.damage} damage and {card.hit_points} hit points: it is destroyed "
                    "and goes to its owner's discard pile.",
                    f"{card.path}.damage",
                )
    enemies = [e for p in board.players for e in p.engaged] + list(board.staging_enemies)
    for enemy in enemies:
        if (
            enemy.hit_points > 0
            and enemy.damage >= enemy.hit_points
            and "indestructible" not in enemy.keywords
        ):
            yield _finding(
                destroyed,
                "destroyed",
                "violation",
                f"{enemy.title} has {enemy.damage} damage and {enemy.hit_points} hit points: it is destroyed "
                "and goes to the encounter discard pile.",
                f"{enemy.path}.damage",
            )


@implements("rr/explored", "faq/1.18", "rr/location-cards")
def explored(board: Board) -> Iterator[Finding]:
    """A location with progress equal to its quest points is explored and discarded, active or not."""
    for location in (*board.staging_locations, *board.active_locations):
        if location.quest_points > 0 and location.progress >= location.quest_points:
            yield _finding(
                explored,
                "explored",
                "violation",
                f"{location.title} has {location.progress} progress on {location.quest_points} quest points: "
                "it is explored and should be in the discard pile.",
                f"{location.path}.progress",
            )


@implements("rr/quest-advancement", "rr/winning-the-game")
def quest_advance(board: Board) -> Iterator[Finding]:
    """A stage with enough progress advances at once; completing the final stage wins the game."""
    quest = board.quest
    if quest is None or quest.quest_points <= 0 or quest.progress < quest.quest_points:
        return
    if quest.final:
        yield _finding(
            quest_advance,
            "game-won",
            "info",
            f"{quest.title} (stage {quest.stage}) is complete and it is the final stage: the players win.",
            "quest.progress",
        )
    else:
        yield _finding(
            quest_advance,
            "quest-advance",
            "violation",
            f"{quest.title} (stage {quest.stage}) has {quest.progress} of {quest.quest_points} progress: "
            "the players should already have advanced to the next stage.",
            "quest.progress",
        )


@implements("rr/active-location", "faq/1.34")
def active_location_count(board: Board) -> Iterator[Finding]:
    """Only one location is active unless a card says otherwise."""
    if len(board.active_locations) > 1:
        titles = ", ".join(loc.title for loc in board.active_locations)
        yield _finding(
            active_location_count,
            "active-location-count",
            "warning",
            f"{len(board.active_locations)} active locations ({titles}): only a card effect allows more than one.",
            "active_location",
        )


@implements("rr/restricted", "kw/restricted")
def restricted_limit(board: Board) -> Iterator[Finding]:
    """A character holds at most 2 restricted attachments."""
    for player in board.players:
        for card in player.characters:
            count = sum(1 for a in card.attachments if a.restricted)
            if count > RESTRICTED_LIMIT:
                yield _finding(
                    restricted_limit,
                    "restricted-limit",
                    "violation",
                    f"{card.title} has {count} restricted attachments: the limit is {RESTRICTED_LIMIT}, "
                    "extra ones are discarded at once.",
                    f"{card.path}.attachments",
                )


@implements("rr/unique-cards")
def unique_in_play(board: Board) -> Iterator[Finding]:
    """Only one copy of a unique card (by title) may be in play across all players."""
    seen: dict[str, str] = {}
    reported: set[str] = set()
    for player in board.players:
        for card in player.characters:
            for title, unique, path in (
                (card.title, card.unique, card.path),
                *((a.title, a.unique, a.path) for a in card.attachments),
            ):
                if not unique:
                    continue
                key = title_key(title)
                if key in seen and key not in reported:
                    reported.add(key)
                    yield _finding(
                        unique_in_play,
                        "unique-in-play",
                        "violation",
                        f"Two copies of the unique card {title} are in play ({seen[key]} and {path}).",
                        path,
                    )
                seen.setdefault(key, path)


@implements("rr/resources", "rr/step-1.2")
def resources_on_non_hero(board: Board) -> Iterator[Finding]:
    """Resources live only in heroes' resource pools."""
    for player in board.players:
        for ally in player.allies:
            if ally.resources > 0:
                yield _finding(
                    resources_on_non_hero,
                    "resources-on-non-hero",
                    "violation",
                    f"The ally {ally.title} holds {ally.resources} resources: only heroes have resource pools.",
                    f"{ally.path}.resources",
                )


@implements("rr/step-3.2", "rr/step-3.5", "rr/quest-phase")
def committed_outside_quest(board: Board) -> Iterator[Finding]:
    """Characters are committed only during the quest phase."""
    if board.phase in (None, "quest"):
        return
    for player in board.players:
        for card in player.characters:
            if card.committed:
                yield _finding(
                    committed_outside_quest,
                    "committed-outside-quest",
                    "violation",
                    f"{card.title} is committed in the {board.phase} phase: characters stop being committed "
                    "when the quest phase ends.",
                    f"{card.path}.committed",
                )


@implements("rr/step-3.2", "rr/exhausted")
def committed_ready(board: Board) -> Iterator[Finding]:
    """Committing exhausts a character; a ready committed one needs a card effect to explain it."""
    if board.phase not in (None, "quest"):
        return
    for player in board.players:
        for card in player.characters:
            if card.committed and not card.exhausted:
                yield _finding(
                    committed_ready,
                    "committed-ready",
                    "warning",
                    f"{card.title} is committed but ready: committing exhausts a character unless a card "
                    "says otherwise.",
                    f"{card.path}.exhausted",
                )


@implements("rr/shadow-effects", "rr/step-6.11")
def shadow_outside_combat(board: Board) -> Iterator[Finding]:
    """Shadow cards are dealt in 6.2 and all discarded in 6.11."""
    if board.phase in (None, "combat"):
        return
    for enemy in (*(e for p in board.players for e in p.engaged), *board.staging_enemies):
        if enemy.shadow_cards > 0:
            yield _finding(
                shadow_outside_combat,
                "shadow-outside-combat",
                "violation",
                f"{enemy.title} has {enemy.shadow_cards} shadow card(s) in the {board.phase} phase: shadow "
                "cards are discarded at the end of combat.",
                f"{enemy.path}.shadow_cards",
            )


@implements("rr/player-elimination", "faq/1.57")
def eliminated_with_cards(board: Board) -> Iterator[Finding]:
    """An eliminated player's cards leave play and their engaged enemies go back to staging."""
    for player in board.players:
        if player.eliminated and (player.engaged or player.characters):
            yield _finding(
                eliminated_with_cards,
                "eliminated-with-cards",
                "violation",
                f"{player.name} is eliminated but still has cards in play: their cards leave play and "
                "engaged enemies return to the staging area.",
                player.path,
            )


INVARIANTS = (
    threat_elimination,
    no_heroes,
    hero_count,
    destroyed,
    explored,
    quest_advance,
    active_location_count,
    restricted_limit,
    unique_in_play,
    resources_on_non_hero,
    committed_outside_quest,
    committed_ready,
    shadow_outside_combat,
    eliminated_with_cards,
)
